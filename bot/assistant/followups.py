"""Follow-ups made of a bare number ("e com 1.500?") or a bare size ("e se for o 8B?"): the job
field it changes, and how it reads."""

import math
import re
from typing import Any

from bot.assistant.fixed_replies import storable
from bot.assistant.reader import JobReading, read_job
from bot.assistant.reader.attach import TAKEN_BACK
from bot.assistant.reader.cues import family_named
from bot.assistant.reader.quantity_arithmetic import tokens_per_word
from bot.assistant.reader.restated import MEASURED_MEAN
from bot.assistant.reader.spans import RECORD_PATTERN, SCALE, number, words
from bot.assistant.reply import ACTION_HUMAN, Reply
from bot.assistant.search_query import previous_message
from bot.assistant.state import ConversationState
from knowledge.lexical import fold
from locales import _
from quoting.registry import load_registry, shared_prefix
from quoting.units import format_number

# The fields that name the model: one said replaces both.
SIZE_SLOTS = {"model", "params"}
# Fields a bare number can change, and how the number reads for each.
_NUMERIC_FIELDS = (
    "params", "examples", "dataset_tokens", "tokens_per_example", "epochs", "seq_len",
    "batch_size", "lora_rank", "deadline_hours", "budget_brl", "max_device_memory_gb",
)  # fmt: skip
# Words around a bare number in a follow-up: "e se eu aumentar pra 2 mil?", "e com 1.500?".
_FILLER = frozenset(
    words(
        "e se eu a gente o a os as com pra para por de uns umas tipo so apenas fosse for forem "
        "fossem sao seria mudar muda aumentar aumenta aumentando diminuir diminui subir sobe "
        "baixar baixa colocar coloca botar bota trocar troca reduzir reduz cortar corta passar "
        "passa que tal and what about with if it was consigo conseguimos consegue da dar fazer "
        "faz fica sai rola juntar juntamos mais dados temos tenho total ficou ficaram "
        # "depois da deduplicação sobraram 28 mil. Recalcula pfv"
        "depois da do deduplicacao dedup limpeza filtro filtragem sobraram sobrou restaram "
        "restou recalcula recalcular refaz refazer calcula pfv pf pls please favor after left"
    )
)
_SCALES = frozenset(words("mil k milhao milhoes mi bi bilhao bilhoes"))
# Words that correct a number already given: "pera, na verdade são uns 100 mil".
_CORRECTING = frozenset(
    words(
        "pera perai ops opa na verdade quer dizer corrigindo desculpa entao ah acho actually "
        "errei erro me enganei digitei errado foi mal correcao oops sorry typo meant i "
        # "o cliente mudou o escopo, agora são 100k": the count changed since the quote.
        "agora cliente mudou escopo mudaram virou viraram aumentou aumentaram now changed "
        "atualizando atualizacao atualizado update updated correcting"
    )
)
# Fields of the data: a count that cannot be one of them is the number of examples.
_DATA_FIELDS = frozenset({"examples", "tokens_per_example", "dataset_tokens", "epochs", "seq_len"})
MIN_EXAMPLES = 100  # a bare number below this is not a count of examples
# The largest value a bare number can have in a field: longer examples than the longest
# contexts, more epochs than any fine-tuning runs, more memory than any card.
_CEILINGS = {
    "tokens_per_example": 32_768, "seq_len": 32_768, "epochs": 100,
    "max_device_memory_gb": 288,
}  # fmt: skip
# "metade dos tickets", "dobrar o número de épocas", "um terço das mensagens": the field named.
_FIELD_NOUN = (
    rf"(?:{RECORD_PATTERN}|epocas?|epochs?|orcamento|budget|prazo|deadline|dataset|dados|data)"
)
# ... or named before it: "cortar os exemplos pela metade", "o orçamento em dobro".
_SCALED_NOUN = re.compile(
    r"\b(?:metade|dobro|triplo|quarto|terco|half|double|dobr\w*|tripl\w*)\s+"
    r"(?:(?:d[oa]s?|de|of(?: the)?|[oa]s?|the)\s+)?(?:(?:numero|quantidade) de\s+)?"
    rf"(?P<noun>{_FIELD_NOUN})\b|"
    rf"\b(?P<before>{_FIELD_NOUN})\s+(?:pela metade|ao meio|em dobro|in half|by half)\b"
)
_NOUN_FIELDS = [
    ("epoc", "epochs"), ("orcamento", "budget_brl"), ("budget", "budget_brl"),
    ("prazo", "deadline_hours"), ("deadline", "deadline_hours"),
]  # fmt: skip
_FACTORS = [
    (re.compile(r"\bum quarto\b|\b1/4\b|\ba quarter\b"), 0.25),
    (re.compile(r"\bum terco\b|\b1/3\b|\ba third\b"), 1 / 3),
    (re.compile(r"\bmetade\b|\bhalf\b"), 0.5),
    (re.compile(r"\bdobr\w*|\bdouble\b|\bduas vezes\b|\btwice\b"), 2.0),
    (re.compile(r"\btripl\w*|\btres vezes\b"), 3.0),
]


_RECORDS = re.compile(rf"\b(?:{RECORD_PATTERN})\b")
_MORE_DATA = re.compile(r"\b(?:dados|dataset|exemplos|amostras|registros|data|examples|samples)\b")
# "ops, são 80 mil, não 8 mil": the number taken back.
_TAKEN_BACK = re.compile(rf"{TAKEN_BACK}\s+(?P<number>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k)\b)?")


def only_a_number(folded: str) -> bool:
    tokens = re.findall(r"[-\d][\d.,]*|[a-z]+", _TAKEN_BACK.sub(" ", folded))
    rest = [t for t in tokens if t not in _FILLER | _SCALES | _CORRECTING]
    return len(rest) == 1 and bool(re.fullmatch(r"-?\d[\d.,]*", rest[0]))


def bare_field(state: ConversationState, folded: str, value: float) -> tuple[str, Any] | None:
    """The field a message made of a number only ("e com 1.500?") changes, and its new value: the
    field last stated or asked about, or, when the number cannot be that one ("50 mil" tokens per
    example, 800 epochs), the examples."""
    # "rodei o script e a média real deu 420, não 300": a measured length over the guess
    measured = MEASURED_MEAN.search(folded)
    # "vão ser só os de 2024 pra cá, dá uns 11 mil e não 18 mil. refaz?": the figure on the table
    # taken back says which field, whatever else the message says
    taken = _taken_back_field(state, folded)
    if not (only_a_number(folded) or measured or taken):
        return None
    if taken:  # "sobraram 28 mil, não 40 mil"
        field, per_word = taken
        read = as_field(field, value * per_word)
        return (field, read) if read is not None else None
    last = "params" if state.last_field == "model" else state.last_field
    if _MORE_DATA.search(folded) and value >= MIN_EXAMPLES:  # "juntamos mais dados: são 30 mil"
        last = "examples"
    on_table = state.slots.keys()
    # The client spoke of their examples ("600 tokens cada", "exemplos de atendimento") and
    # never counted them.
    spoke = "tokens_per_example" in on_table or _RECORDS.search(fold(previous_message(state) or ""))
    uncounted = bool(spoke) and not {"examples", "dataset_tokens"} & on_table
    count = value >= MIN_EXAMPLES and float(value).is_integer()
    # "30000" after "exemplos de 600 tokens": the length was given, the count is what is missing.
    if uncounted and count and last in ("tokens_per_example", "seq_len") and last in on_table:
        return "examples", value
    if last in _NUMERIC_FIELDS and (read := as_field(last, value)) is not None:
        return last, read
    # "9000" after a job with no count, or a number too large for the field last stated.
    if (last in _DATA_FIELDS or uncounted) and count:
        return "examples", value
    # "3" after "25 mil exemplos": too few to count examples, the epochs.
    if last in _DATA_FIELDS and float(value).is_integer() and 0 < value <= _CEILINGS["epochs"]:
        return "epochs", value
    return None


def _taken_back_field(state: ConversationState, folded: str) -> tuple[str, float] | None:
    """The field whose value on the table is the number taken back ("28 mil, não 40 mil"), and
    what one unit of the number is in it: tokens per example said in words ("420, não 300" where
    300 words made the 450 tokens) count each word's tokens."""
    if not (said := _TAKEN_BACK.search(folded)) or (old := number(said["number"])) is None:
        return None
    old *= SCALE[said["scale"]] if said["scale"] else 1
    on_table = [f for f in _NUMERIC_FIELDS if isinstance(state.slots.get(f), int | float)]
    if field := next((f for f in on_table if math.isclose(float(state.slots[f]), old)), None):
        return field, 1.0
    length = state.slots.get("tokens_per_example")
    if isinstance(length, int | float) and math.isclose(float(length), old * tokens_per_word()):
        return "tokens_per_example", tokens_per_word()
    return None


def scaled_field(
    state: ConversationState, folded: str, named_only: bool = False
) -> tuple[str, Any] | None:
    """ "e se for metade disso?", "e o dobro?": the field last stated or asked about, scaled.
    With `named_only` (the message changes other fields too), only a field it names."""
    factor = next((factor for said, factor in _FACTORS if said.search(folded)), None)
    named = _SCALED_NOUN.search(folded)
    if named_only and not named:
        return None
    field = state.last_field
    if named:  # a record noun ("tickets", "laudos") names the examples
        noun = named["noun"] or named["before"]
        field = next((f for stem, f in _NOUN_FIELDS if noun.startswith(stem)), "examples")
    elif _about_the_data(state):
        field = "examples"
    if field == "examples" and "examples" not in state.slots:  # "dobrar o dataset" in tokens
        field = "dataset_tokens"
    current = state.slots.get(field) if field in _NUMERIC_FIELDS and field != "params" else None
    if factor is None or field is None or current is None:
        return None
    value = as_field(field, float(current) * factor)
    return (field, value) if value is not None else None


def _about_the_data(state: ConversationState) -> bool:
    """ "e o dobro?" after a whole job, or after "to pensando em cortar o dataset": the scale is of
    the data, not of the last figure the job happened to list; after "orçamento de R$ 800" alone,
    it is of that figure."""
    said = previous_message(state) or ""
    figures = [name for name in read_job(said).slots if name in _NUMERIC_FIELDS]
    return len(figures) > 1 or bool(_MORE_DATA.search(fold(said)))


def which_field(value: float) -> "Reply":
    """A bare number with no field to change: ask what it counts, never guess."""
    number = format_number(value, 0 if float(value).is_integer() else 2)
    return Reply(
        answer=_(
            '{number} o quê? Diga, por exemplo, "{number} exemplos", "{number} tokens por '
            'exemplo", "orçamento de R$ {number}" ou "prazo de {number} horas".'
        ).format(number=number),
        intent="clarify",
        actions=[ACTION_HUMAN],
    )


def unclear_number(raw: str) -> Reply:
    """A number as typed that is not one ("1.500.00") or too large to be real: ask, never guess."""
    shown = raw if len(raw) <= 20 else raw[:20] + "…"
    return Reply(
        answer=_(
            'Não entendi o número "{shown}". Pode escrevê-lo de novo? Por exemplo: 1.500 '
            "(mil e quinhentos), 1,5 (um e meio), 20 mil ou 7 bilhões."
        ).format(shown=shown),
        intent="clarify",
        actions=[ACTION_HUMAN],
    )


def as_field(field: str, value: float) -> Any:
    """A bare number as the value of `field`; None when it cannot be one (a size of 1,500, 50
    thousand tokens in one example, 500 epochs)."""
    if value > _CEILINGS.get(field, float("inf")):
        return None
    if field == "examples" and value < MIN_EXAMPLES:  # "3" is no count of examples
        return None
    if field == "budget_brl":
        return str(round(value, 2))
    if field == "params":  # "13" after asking for the size means 13B; a count is not a size
        return value * 1e9 if 0 < value < 1000 else None
    if field in ("seq_len", "batch_size", "lora_rank"):
        return int(value)
    return value


def _example_length(slots: dict[str, Any], on_table: dict[str, Any]) -> dict[str, Any]:
    """ "e se cortar pra 1024 tokens?" with examples on the table: a token count too small to be a
    dataset is the length of each example."""
    tokens = slots.get("dataset_tokens")
    if tokens is None or tokens > _CEILINGS["tokens_per_example"]:
        return slots
    if not {"examples", "tokens_per_example"} & on_table.keys():
        return slots
    kept = {key: value for key, value in slots.items() if key != "dataset_tokens"}
    return {**kept, "tokens_per_example": tokens}


def last_field(reading: JobReading) -> str | None:
    numeric = [name for name in reading.order if name in _NUMERIC_FIELDS or name == "model"]
    return numeric[-1] if numeric else None


def same_family(previous: str | None, params: float, state: ConversationState) -> str | None:
    """The model a bare size means after another model of its family: "e se for o 8B?" after a
    Llama 3.1 70B is the Llama 3.1 8B, not an anonymous 8B; "70" after "lora num llama 3.1"
    (the client's message before) is the Llama 3.1 70B."""
    registry, said = load_registry(), fold(previous_message(state) or "")
    entry = registry.find(previous) if previous else None
    if entry is not None:
        sibling = registry.sized(entry.family, params, like=entry.id)
    elif family := family_named(said):
        version = re.search(rf"\b{family}[\s-]*(\d+(?:\.\d+)?)\b", said)
        like = f"{family}-{version[1].replace('.', '-')}" if version else family
        sibling = registry.sized(family, params, like=like)
    else:
        sibling = None
    return sibling.id if sibling else None


def merged_slots(
    state: ConversationState, text: str, slots: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """This message's fields, read against the job on the table, and that job with them over it:
    a new model replaces the old one's size, a token total the examples, and back."""
    merged = dict(state.slots)
    slots = _example_length(slots, merged)
    bare_size = slots.keys() & SIZE_SLOTS == {"params"} and not re.search(r"\bmodel", fold(text))
    if bare_size and (sibling := same_family(merged.get("model"), slots["params"], state)):
        slots = {**{k: v for k, v in slots.items() if k != "params"}, "model": sibling}
    if SIZE_SLOTS & slots.keys():
        merged.pop("model", None)
        merged.pop("params", None)
    if {"examples", "tokens_per_example"} & slots.keys():
        merged.pop("dataset_tokens", None)
    if "dataset_tokens" in slots:
        merged.pop("examples", None)
        merged.pop("tokens_per_example", None)
    merged.update(storable(slots))
    return slots, merged


def other_family(slots_on_table: dict[str, Any], folded: str) -> str | None:
    """The model "e com o mistral?" means with a job on the table: the family named, at the size
    nearest to the one being quoted."""
    family = family_named(folded)
    if family is None:
        return None
    registry = load_registry()
    current = registry.find(str(slots_on_table.get("model", "")))
    params = current.params if current else float(slots_on_table.get("params") or 0)
    candidates = [entry for entry in registry.entries if entry.family == family]
    if not candidates or params <= 0:
        return None
    return min(candidates, key=lambda entry: abs(math.log(entry.params / params))).id


def swapped_model(slots_on_table: dict[str, Any], folded: str) -> str | None:
    """The model a short follow-up puts in place of the one on the table: another family ("e
    com o mistral?") or another variant of the same one ("e o large?")."""
    return other_family(slots_on_table, folded) or named_variant(slots_on_table, folded)


_VARIANT = re.compile(
    r"\b(?:o|a|the|versao|version)\s+(tiny|small|base|medium|large|xl|xxl|mini)\b"
)


def named_variant(slots_on_table: dict[str, Any], folded: str) -> str | None:
    """The model "e se for o medium?" means after a Whisper small: the variant of the same
    family with that word in its name, the nearest in id to the one being quoted."""
    said = _VARIANT.search(folded)
    registry = load_registry()
    current = registry.find(str(slots_on_table.get("model", "")))
    if said is None or current is None:
        return None
    variants = [
        entry
        for entry in registry.entries
        if entry.family == current.family
        and entry.id != current.id
        and said[1] in fold(entry.name).replace("-", " ").split()
    ]
    if not variants:
        return None
    return max(variants, key=lambda entry: shared_prefix(entry.id, current.id)).id
