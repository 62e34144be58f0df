"""Reading a fine-tuning job out of free text, as Brazilian clients (and English ones) write it.

Rules, not a model: every slot found here is checked by the quoting engine, and the tests pin how
each way of writing is read. A configured language model may add slots the rules missed
(bot.assistant.llm), never override them.
"""

import re
from decimal import Decimal
from typing import Any

from knowledge.lexical import fold
from quoting.registry import load_registry, normalize_name

_NUMBER = r"(10\s?(?:\^|\*\*)\s?\d+|\d+(?:[.,]\d+)*(?:e\d+)?)"
_SCALE = {
    "k": 1e3,
    "mil": 1e3,
    "thousand": 1e3,
    "m": 1e6,
    "mi": 1e6,
    "milhao": 1e6,
    "milhoes": 1e6,
    "million": 1e6,
    "millions": 1e6,
    "b": 1e9,
    "bi": 1e9,
    "bilhao": 1e9,
    "bilhoes": 1e9,
    "billion": 1e9,
    "billions": 1e9,
    "t": 1e12,
    "tri": 1e12,
    "trilhao": 1e12,
    "trilhoes": 1e12,
    "trillion": 1e12,
}
_SCALE_WORDS = "|".join(sorted(_SCALE, key=len, reverse=True))
_QUANTITY = rf"{_NUMBER}\s*({_SCALE_WORDS})?"
_PARAMS = re.compile(rf"(-?){_QUANTITY}\s*(?:de\s+)?(?:parametros|params|parameters)\b")
_PARAMS_SHORT = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)\s?(b|m)\b(?!\s*(?:de\s+)?tokens)")
_TOKENS = re.compile(rf"(-?){_QUANTITY}\s*(?:de\s+)?tokens\b(?!\s*(?:por|cada|per)\b)")
_PER_EXAMPLE = re.compile(
    rf"{_QUANTITY}\s*tokens\s*(?:por|cada|per|each)\s*(?:exemplo|amostra|example|sample)"
)
_EXAMPLES = re.compile(
    rf"(-?){_QUANTITY}\s*(?:de\s+)?(?:exemplos|exemplo|amostras|examples|samples|registros|"
    r"conversas|dialogos|documentos|pares|linhas|rows|instrucoes)\b"
)
_EPOCHS = re.compile(r"(-?\d+(?:[.,]\d+)?)\s*(?:epocas|epoca|epochs|epoch)\b")
_SEQ = re.compile(
    rf"(?:contexto|sequencias?|seq(?:uence)?[ _-]?len(?:gth)?|context)\s*(?:de|of|=)?\s*{_QUANTITY}"
)
_BATCH = re.compile(r"batch(?:[ _-]?size)?\s*(?:de|of|=)?\s*(\d+)")
_RANK = re.compile(r"(?:rank|posto|r)\s*(?:de|=)?\s*(\d+)\b")
_DEADLINE = re.compile(
    r"(?:em|ate|prazo(?: de| for| e| é)?|dentro de|within|in|deadline(?: of)?)\s*"
    r"(?:uns |umas |no maximo )?"
    r"(\d+(?:[.,]\d+)?|um|uma|dois|duas|tres)\s*(horas?|h|hours?|dias?|days?|semanas?|weeks?)\b"
)
_BUDGET = re.compile(rf"(?:r\$\s*{_QUANTITY})|(?:{_QUANTITY}\s*(?:reais|brl)\b)")
_WORD_NUMBERS = {"um": 1, "uma": 1, "dois": 2, "duas": 2, "tres": 3}

_METHODS = [
    (re.compile(r"\bqlora\b|4[ -]?bits?"), "qlora"),
    (re.compile(r"\blora\b|adaptador"), "lora"),
    (
        re.compile(
            r"ajuste completo|fine[- ]?tuning completo|full fine[- ]?tun|treino completo|"
            r"todos os pesos|\bfull\b|completo"
        ),
        "full",
    ),
]
_FRAMEWORKS = [
    (re.compile(r"\bjax\b|\bflax\b"), "jax"),
    (re.compile(r"tensorflow|\bkeras\b|\btf\b"), "tensorflow"),
    (re.compile(r"pytorch|\btorch\b|hugging ?face|transformers"), "pytorch"),
]
_RESIDENCY = re.compile(
    r"lgpd|dados sensiveis|dado sensivel|sensitive data|nao (?:podem|pode) sair do (?:brasil|pais)|"
    r"ficar no brasil|ficar no pais|dados de saude|dados medicos|prontuario|dados bancarios|"
    r"must stay in brazil|data residency|residencia de dados|em territorio nacional|"
    r"(?:dados|data|servidor|servidores|treino|processamento) (?:no|in|fica no|ficam no) "
    r"(?:brasil|brazil)"
)
_CLOUDS = [
    (re.compile(r"google cloud|\bgcp\b|\bgoogle\b"), "gcp"),
    (re.compile(r"\baws\b|amazon"), "aws"),
    (re.compile(r"\bazure\b|microsoft"), "azure"),
]
_SPOT = re.compile(r"\bspot\b|preemptiv|interrompiv")
_ON_DEMAND = re.compile(r"sob demanda|on[- ]demand|sem spot")
_KIND = re.compile(
    r"\b(?:em|na|numa|com|on|in|de)\s+(?:uma\s+)?(tpus?|gpus?)\b|^\s*(tpu|gpu)\s*\??$"
)
_PRECISION = re.compile(r"\b(bf16|fp16|fp32)\b")


def _number(text: str) -> float:
    """'1.500' and '1,5' as people mean them: a dot before exactly three digits groups thousands;
    '10^15' and '1e15' as powers of ten."""
    if power := re.fullmatch(r"10\s?(?:\^|\*\*)\s?(\d+)", text):
        return 10.0 ** int(power[1])
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+", text):
        return float(text.replace(".", ""))
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+", text) and "," in text and len(text.split(",")[-1]) == 3:
        return float(text.replace(",", ""))
    return float(text.replace(".", "").replace(",", ".") if "," in text else text)


def _quantity(number: str, scale: str | None) -> float:
    return _number(number) * _SCALE.get(scale or "", 1.0)


def _model(folded: str) -> tuple[str | None, tuple[int, int] | None]:
    """The longest run of words that names a registry model, and where it is."""
    registry = load_registry()
    words = [(m.group(), m.start(), m.end()) for m in re.finditer(r"[a-z0-9][a-z0-9.\-]*", folded)]
    best: tuple[int, str, tuple[int, int]] | None = None
    for i in range(len(words)):
        for j in range(i + 1, min(i + 6, len(words) + 1)):
            key = normalize_name("".join(w for w, _, _ in words[i:j]))
            entry = registry.find(key) if any(c.isdigit() for c in key) or j - i > 1 else None
            if entry and (best is None or j - i > best[0]):
                best = (j - i, entry.id, (words[i][1], words[j - 1][2]))
    return (best[1], best[2]) if best else (None, None)


def extract(text: str) -> dict[str, Any]:
    """Slots of a JobSpec found in `text` (only what the text says; no defaults)."""
    folded = fold(text)
    slots: dict[str, Any] = {}
    model, span = _model(folded)
    if model:
        slots["model"] = model
    rest = folded if span is None else folded[: span[0]] + " " + folded[span[1] :]

    if match := _PARAMS.search(rest):
        slots["params"] = (
            -_quantity(match[2], match[3]) if match[1] else _quantity(match[2], match[3])
        )
    elif "model" not in slots and (match := _PARAMS_SHORT.search(rest)):
        slots["params"] = _quantity(match[1], match[2])
    if match := _PER_EXAMPLE.search(rest):
        slots["tokens_per_example"] = _quantity(match[1], match[2])
        rest = rest.replace(match[0], " ")
    if match := _TOKENS.search(rest):
        value = _quantity(match[2], match[3])
        slots["dataset_tokens"] = -value if match[1] else value
    if match := _EXAMPLES.search(rest):
        value = _quantity(match[2], match[3])
        slots["examples"] = -value if match[1] else value
    if match := _EPOCHS.search(rest):
        slots["epochs"] = _number(match[1])
    if match := _SEQ.search(rest):
        slots["seq_len"] = int(_quantity(match[1], match[2]))
    if match := _BATCH.search(rest):
        slots["batch_size"] = int(match[1])
    if ("lora" in rest) and (match := _RANK.search(rest)):
        slots["lora_rank"] = int(match[1])
    for pattern, method in _METHODS:
        if pattern.search(rest):
            slots["method"] = method
            break
    for pattern, framework in _FRAMEWORKS:
        if pattern.search(rest):
            slots["framework"] = framework
            break
    if _RESIDENCY.search(rest):
        slots["data_residency"] = "br"
    for pattern, cloud in _CLOUDS:
        if pattern.search(rest):
            slots["cloud"] = cloud
            break
    if _SPOT.search(rest):
        slots["spot"] = True
    elif _ON_DEMAND.search(rest):
        slots["spot"] = False
    if match := _PRECISION.search(rest):
        slots["precision"] = match[1]
    if match := _DEADLINE.search(rest):
        amount = float(_WORD_NUMBERS.get(match[1], 0)) or _number(match[1])
        unit = match[2]
        hours = amount * (
            24
            if unit.startswith(("dia", "day"))
            else 168
            if unit.startswith(("sem", "week"))
            else 1
        )
        slots["deadline_hours"] = hours
    if match := _BUDGET.search(rest):
        number, scale = (match[1], match[2]) if match[1] else (match[3], match[4])
        slots["budget_brl"] = Decimal(str(_quantity(number, scale)))
    if match := _KIND.search(rest):
        slots["kind"] = (match[1] or match[2]).rstrip("s")
    return slots
