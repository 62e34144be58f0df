"""A price per million training tokens, asked as a yardstick ("quanto sai, em média, cada milhão
de tokens treinados num 8B com LoRA?", "vocês cobram por milhão de tokens?"): we bill machine
hours, so the figure is read off two quotes of the same job at two data sizes (the slope is what
each million adds, with taxes and margins; what is left is the fixed part of a job, the set-up of
the machine). No dataset is invented for it."""

import re
from decimal import Decimal
from typing import Any

from bot.assistant.fixed_replies import invalid_field
from bot.assistant.turn import DATA_SLOTS, Turn
from bot.sales.ptax import day_rate
from locales import _
from quoting.errors import InvalidJob, QuotingError
from quoting.jobspec import JobSpec, method_name, normalize
from quoting.quote import build_quote
from quoting.units import format_brl, format_number

ASKS_TOKEN_PRICE = re.compile(
    r"\b(?:cada|por|per|o|each|a) (?:1 )?(?:milhao|million|mi) de tokens\b|"
    r"\b(?:por|per) (?:1 )?(?:milhao|million)(?: de)? tokens?\b|\bsai o milhao\b"
)
REFERENCE_MODEL = "llama 3.1 8b"
# Two sizes of the same job, one epoch each: far enough apart that the fixed part cancels out.
_SMALL, _LARGE = 10e6, 100e6


def asks_token_price(turn: Turn) -> bool:
    """ "quanto sai cada milhão de tokens treinados num modelo de 8B com LoRA?", with no data of
    the client's own to quote."""
    return bool(ASKS_TOKEN_PRICE.search(turn.folded)) and not DATA_SLOTS & turn.slots.keys()


def token_price_for(turn: Turn) -> str:
    """pt-BR: what each million training tokens adds to a quote of the job on the table (or of
    this message's model and method, or of an 8B LoRA), and the fixed part of a job."""
    slots: dict[str, Any] = {
        k: v for k, v in {**turn.state.slots, **turn.slots}.items() if k in JobSpec.model_fields
    }
    for field in ("examples", "tokens_per_example", "dataset_tokens", "epochs"):
        slots.pop(field, None)
    if not {"model", "params"} & slots.keys():
        slots["model"] = REFERENCE_MODEL
    try:
        small, large = (
            build_quote(normalize(JobSpec(**slots, dataset_tokens=size, epochs=1)), fx=day_rate())
            for size in (_SMALL, _LARGE)
        )
    except InvalidJob as error:  # "um modelo de 0B": the field named as the client reads it
        return invalid_field(error).answer
    except QuotingError as problem:
        return str(problem)
    per_million = (large.total_brl - small.total_brl) / Decimal((_LARGE - _SMALL) / 1e6)
    fixed = max(Decimal(0), small.total_brl - per_million * Decimal(_SMALL / 1e6))
    job = normalize(JobSpec(**slots, dataset_tokens=_SMALL, epochs=1))
    name = job.model_name
    if "model" not in slots:  # "um modelo de 8B": the size is all the client said
        name = _("um modelo de {size}B").format(size=format_number(job.params / 1e9, 0))
    card = large.recommendation
    return _(
        "Não cobramos por token: cobramos as horas de máquina da cotação. Como régua ({model}, "
        "{method}), cada milhão de tokens de treino (exemplos x tokens x épocas) soma cerca de "
        "{per_million} ao total, com tributos e margens, em {count}x {card}; cada job tem ainda "
        "uma parte fixa de ~{fixed} (a configuração do ambiente e o mínimo de horas). Com o "
        "tamanho dos seus dados eu faço a cotação exata."
    ).format(
        model=name,
        method=method_name(job.method),
        per_million=format_brl(per_million),
        count=card.count,
        card=card.accelerator_name,
        fixed=format_brl(fixed),
    )
