"""How fast a card trains, asked as a figure ("quantos tokens por segundo uma H100 faz num LoRA de
8B?", "quantos exemplos por hora a A100 vai processar?"): tokens a second, per card, and examples
an hour, from the same time model the quotes use (quoting/timing.py, fitted on measured steps)."""

import re
from typing import Any

from bot.assistant.turn import Turn
from locales import _
from quoting.catalog import load_catalog
from quoting.fit import fit_on, placed_on
from quoting.jobspec import JobSpec, method_name, normalize
from quoting.timing import step_seconds
from quoting.units import format_number

# Asked, not told: "quantos tokens por segundo uma H100 faz?", not "ficou 6 horas rodando a uns
# 2.500 tokens/s" (a past generation run: data, not a question).
ASKS_THROUGHPUT = re.compile(
    r"\b(?:quantos?|quantas|qual|quais|how many|what(?:'s| is| are)?|how fast)\b[^.?!]{0,50}?"
    r"(?:\btokens? ?(?:por|/|per|a|p/) ?(?:segundo|seg|s|second|sec)\b|\btok/s\b|\bthroughput\b|"
    r"\bvazao\b|\b(?:exemplos|amostras|examples|samples|steps|passos) (?:por|/|per|an?) ?"
    r"(?:hora|hour|segundo|second|minuto|minute)\b)|\bquao rapid\w*|\bhow fast (?:does|can|will)\b"
)
# The card a throughput is given on where the message and the quote name none.
REFERENCE_CARD = "h100"
REFERENCE_MODEL = "llama 3.1 8b"
_MAX_DEVICES = 64


def throughput_text(slots: dict[str, Any], card_id: str) -> str:
    """pt-BR: tokens a second on the fewest cards of `card_id` that hold the job of `slots`, per
    card, and examples an hour at the job's length."""
    catalog = load_catalog()
    card = catalog.accelerator_by_id(card_id)
    job = normalize(JobSpec(**{k: v for k, v in slots.items() if k in JobSpec.model_fields}))
    fitted = fit_on(job, card, max_devices=_MAX_DEVICES, catalog=catalog)
    devices = fitted.devices if fitted else _MAX_DEVICES
    placed = placed_on(job, card, devices, catalog)
    each_card = _("por chip") if card.kind == "tpu" else _("por placa")
    name = job.model_name
    if "model" not in slots:  # "um modelo de 8B": the size is all the client said
        name = _("um modelo de {size}B").format(size=format_number(job.params / 1e9, 0))
    if not placed.fits:
        return _(
            "{model} com {method} não cabe em {card}: pela nossa estimativa precisa de ~{need} GB "
            "{each_card}, contra {memory} GB."
        ).format(
            model=name, method=method_name(job.method), card=card.name, each_card=each_card,
            need=format_number(placed.memory.total, 0), memory=format_number(card.memory_gb, 0),
        )  # fmt: skip
    step, _waiting = step_seconds(job, card, placed.placement)
    per_second = job.seq_len * job.batch_size * devices / step
    lines = [
        _(
            "Pela nossa estimativa, {model} com {method} em {devices}x {card} treina ~{tokens} "
            "tokens por segundo ({per_card} {each_card}), em sequências de {length} tokens."
        ).format(
            model=name,
            method=method_name(job.method),
            devices=devices,
            card=card.name,
            tokens=format_number(per_second, 0),
            per_card=format_number(per_second / devices, 0),
            each_card=each_card,
            length=format_number(job.seq_len, 0),
        )
    ]
    if each := float(slots.get("tokens_per_example") or 0):  # the client's, never an assumed one
        lines.append(
            _("Com exemplos de ~{each} tokens, são ~{count} exemplos por hora.").format(
                each=format_number(each, 0), count=format_number(per_second * 3600 / each, 0)
            )
        )
    lines.append(
        _(
            "É o mesmo modelo de tempo das cotações, calibrado em passos de treino medidos; o "
            "tempo de uma cotação soma preparação, checkpoints e uma margem."
        )
    )
    return " ".join(lines)


def asks_throughput(turn: Turn) -> bool:
    """ "quantos tokens por segundo uma H100 faz treinando um LoRA num modelo de 8B?" """
    return bool(ASKS_THROUGHPUT.search(turn.folded))


def throughput_for(turn: Turn) -> str:
    """The throughput of the job on the table (or this message's, or an 8B LoRA's) on the card
    named, else the one quoted, else the reference card."""
    slots = {**turn.state.slots, **turn.slots}
    if not {"model", "params"} & slots.keys():
        slots["model"] = REFERENCE_MODEL
    quoted = turn.state.last_quote["recommendation"]["accelerator"] if turn.state.last_quote else ""
    cards = turn.reading.accelerators or [quoted or REFERENCE_CARD]
    return throughput_text(slots, cards[0])
