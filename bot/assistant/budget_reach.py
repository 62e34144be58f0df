"""How much data a budget pays for ("até quantos exemplos dá pra treinar com R$ 3 mil num LoRA do
Llama 3 8B?"): the examples, at the length said or assumed, whose whole quote stays within the
budget, found by pricing the job itself at a few sizes, never by inventing a dataset."""

import re
from decimal import Decimal
from typing import Any

from bot.assistant.reply import ACTION_QUOTE, Reply
from bot.sales.ptax import day_rate
from locales import _
from quoting.errors import QuotingError
from quoting.fx import FxRate
from quoting.jobspec import DEFAULT_TOKENS_PER_EXAMPLE, JobSpec, method_name, normalize
from quoting.quote import Quote, build_quote
from quoting.units import format_brl, format_number

# "até quantos exemplos", "quantas conversas dá pra treinar", "how many examples can I train"
ASKS_REACH = re.compile(
    r"\b(?:ate )?quant[oa]s (?:exemplos|registros|conversas|documentos|amostras|tokens|linhas|"
    r"pares|tickets)\b|\bquanto de (?:dados?|dataset|texto)\b|"
    r"\bhow (?:many (?:examples|records|samples|tokens|conversations)|much data)\b"
)
# The sizes a quote is priced at to find the budget's reach: a fixed part and a part per example.
_SMALL, _LARGE = 1_000, 100_000


def _priced(slots: dict[str, Any], examples: float, fx: FxRate) -> Quote | None:
    spec = {k: v for k, v in slots.items() if k in JobSpec.model_fields}
    spec |= {"examples": examples, "dataset_tokens": None, "budget_brl": None}
    try:
        return build_quote(normalize(JobSpec(**spec)), fx=fx)
    except QuotingError:
        return None


def reach_text(slots: dict[str, Any], budget: Decimal, fx: FxRate) -> str:
    """pt-BR: how many examples of the job `slots` describes `budget` pays for, and that quote."""
    length = slots.get("tokens_per_example")
    slots = {**slots, "tokens_per_example": length or DEFAULT_TOKENS_PER_EXAMPLE}
    small, large = _priced(slots, _SMALL, fx), _priced(slots, _LARGE, fx)
    if small is None or large is None:
        return _(
            "Não consegui cotar esse job em nenhuma máquina para medir o alcance do orçamento."
        )
    per = (large.total_brl - small.total_brl) / (_LARGE - _SMALL)
    fixed = small.total_brl - per * _SMALL
    reach = float((budget - fixed) / per) if per > 0 else 0.0
    quote = _priced(slots, reach, fx) if reach >= 1 else None
    for _step in range(8):  # the machine may change with the size: back off until it fits
        if quote is None or quote.total_brl <= budget:
            break
        reach *= 0.9
        quote = _priced(slots, reach, fx)
    if quote is None and reach > _LARGE:  # more than any one job the engine will quote
        return _(
            "{budget} passa do maior job que cotamos de uma vez (o tempo ou o total sairiam "
            "do plausível). Me diga quantos exemplos você tem e o tamanho de cada um, e eu faço "
            "a cotação."
        ).format(budget=format_brl(budget))
    if quote is None or quote.total_brl > budget:
        return _(
            "Com {budget} não cabe esse job: só o preparo e a menor cotação dele saem {least}."
        ).format(budget=format_brl(budget), least=format_brl(small.total_brl))
    rounded = float(f"{reach:.2g}") if reach >= 100 else reach
    rec = quote.recommendation
    said = _("{tokens} tokens") if length else _("{tokens} tokens (suposto)")
    return _(
        "Com {budget}, cabem cerca de {count} exemplos de {length} no {model} com {method}, em "
        "{epochs} épocas: nesse tamanho a cotação sai {total} em {hours} h, em {machine}. O "
        "preparo do ambiente é fixo; o resto cresce com os dados. Para a cotação exata, me diga "
        "quantos exemplos você tem e o tamanho de cada um."
    ).format(
        budget=format_brl(budget),
        count=format_number(rounded, 0),
        length=said.format(tokens=format_number(slots["tokens_per_example"], 0)),
        model=quote.job["model_name"],
        method=method_name(quote.job["method"]),
        epochs=format_number(quote.job["epochs"], 0),
        total=format_brl(quote.total_brl),
        hours=format_number(rec.hours, 1),
        machine=f"{rec.count}x {rec.accelerator_name}",
    )


def reach_reply(slots: dict[str, Any]) -> Reply:
    """The reply to "até quantos exemplos com R$ 3 mil?" for the job `slots` holds."""
    budget = Decimal(str(slots["budget_brl"]))
    return Reply(
        answer=reach_text(slots, budget, day_rate()), intent="question", actions=[ACTION_QUOTE]
    )
