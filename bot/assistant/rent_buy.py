"""The assistant's answer to "vale a pena comprar uma GPU?": rent versus buy for the job in the
conversation, every number from quoting.rent_or_buy."""

import re
import unicodedata
from decimal import Decimal
from typing import Any

from bot.sales.ptax import day_rate
from locales import _
from quoting.jobspec import Job, JobSpec, normalize
from quoting.quote import Quote, build_quote
from quoting.rent_or_buy import compare
from quoting.units import format_brl, format_number, plural

DEFAULT_JOBS_PER_MONTH = Decimal(1)
_HARDWARE = (
    r"(gpu|gpus|placa|placas|servidor|servidores|maquina|maquinas|hardware|workstation|h100|l40s|"
    r"rtx|a100|server|servers|cards?|[2345]0[6-9]0)"
)
_ASKS = re.compile(
    # not "vou ter acesso root e ssh na máquina?": access to the rented machine
    r"\b(comprar|compra|compro|compramos|adquirir|ter|montar|monto|montamos|investir em|pegar)\b"
    r"(?! acesso)(?! access).{0,30}"
    rf"\b{_HARDWARE}\b|\bcapex\b|\b(buy|buying|purchase|owning)\b.{{0,30}}\b{_HARDWARE}s?\b|"
    # "compensa alugar?", "compro ou alugo?", "rent or buy"
    r"\b(compensa|vale a pena|melhor)\b.{0,15}\balug\w*|\bcompr\w*\b.{0,40}\bou\b.{0,25}\balug\w*|"
    r"\balug\w*\b.{0,40}\bou\b.{0,10}\bcompr\w*|\brent or buy\b|\bbuy or rent\b|"
    # "on-prem ou nuvem?", not "dá pra rodar on-prem depois" (where the model runs once trained)
    r"\b(?:compensa|vale a pena|melhor|ou|or|vs|versus)\b.{0,30}\bon[- ]prem|"
    r"\bon[- ]prem\w*\b.{0,25}\b(?:ou|or|vs|versus|compensa)\b|"
    # "em quantos treinos eu já pagava uma placa dessas?": when buying pays for itself
    r"\bem quantos (?:treinos|jobs|meses|runs)\b.{0,40}\bpag\w*|\bse paga\b|\bpayback\b|"
    r"\bbreak[- ]even\b|\bpays? for itself\b|"
    # "renting vs buying", "aluguel x compra", "imobilizar em hardware ou opex?"
    r"\b(?:rent\w*|alug\w*) (?:vs\.?|versus|x|or) (?:buy\w*|compr\w*|own\w*)|"
    r"\b(?:buy\w*|compr\w*|own\w*) (?:vs\.?|versus|x|or) (?:rent\w*|alug\w*)|"
    r"\bimobiliz\w*|\bopex\b|"
    # "buy a DGX instead of renting", "comprar um servidor em vez de alugar"
    r"\b(?:buy\w*|compr\w*)\b.{0,30}\b(?:instead of|rather than|em vez de|ao inves de) "
    r"(?:rent\w*|alug\w*)|\bdgx\b|"
    # "leasing de um servidor", "colocar um servidor nosso em colocation": owning by other means
    r"\bleasing\b|\bcolocation\b|\bcomprar usad\w*|\bused (?:gpus?|cards?|servers?)\b"
)
# "toda semana", "semanalmente", "every week": a month has about four.
_FORTNIGHTLY = re.compile(
    r"\b(?:a cada (?:duas|2) semanas|a cada 15 dias|quinzenal\w*|every (?:two|2) weeks|"
    r"biweekly|fortnightly)\b"
)
_WEEKLY = re.compile(
    r"\b(?:toda semana|todas as semanas|semanalmente|uma vez por semana|1x? por semana|"
    r"every week|weekly|once a week)\b"
)
_WEEKS_PER_MONTH = Decimal(4)
_JOBS = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*(?:jobs?|treinos?|treinamentos?|vezes|execucoes|rodadas|modelos?|"
    r"runs?|trainings?|times|fine-?tunes?)"
    r"(?:\s+\S+){0,2}?\s*"
    r"(?:por|ao|/|a|per|each)\s*(?:mes|month)"
)


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()


def asks_rent_or_buy(text: str) -> bool:
    """Whether the message asks about buying hardware instead of renting."""
    return _ASKS.search(_fold(text)) is not None


def jobs_per_month(text: str) -> Decimal | None:
    """'4 jobs por mês', '2 vezes ao mês' -> 4, 2; 'toda semana', 'every week' -> 4; 'a cada
    duas semanas', 'every two weeks' -> 2; None when the message does not say."""
    folded = _fold(text)
    match = _JOBS.search(folded)
    if match:
        return Decimal(match.group(1).replace(",", "."))
    if _FORTNIGHTLY.search(folded):
        return _WEEKS_PER_MONTH / 2
    return _WEEKS_PER_MONTH if _WEEKLY.search(folded) else None


def rent_or_buy_reply(job: Job, quote: Quote, jobs: Decimal | None) -> str:
    """The reply, in the client's language: renting per month, each machine that fits with its
    monthly cost and break-even, and the guidance's caveats."""
    assumed = jobs is None
    jobs = jobs or DEFAULT_JOBS_PER_MONTH
    result = compare(job, quote, jobs)  # its notes and caveats come in the current language
    lines = [
        _("Alugando, {jobs} por mês custa {monthly} ({per_job} por job em {machine}).").format(
            jobs=plural(jobs, _("job"), _("jobs")),
            monthly=format_brl(result.rent_monthly_brl),
            per_job=format_brl(result.rent_per_job_brl),
            machine=result.rent_machine,
        )
    ]
    if assumed:
        lines[0] += " " + _(
            "Considerei 1 job por mês; diga quantos vocês rodam para eu refazer a conta."
        )
    for option in result.options:
        name = _(option.name)  # hardware.toml's name, translated where the catalog has it
        if option.monthly is None:
            lines.append("• " + _("{name}: não comporta este job na memória.").format(name=name))
            continue
        if option.break_even_jobs_per_month is None:
            balance = _("não compensa em nenhum volume que ela dê conta")
        else:
            balance = _("compensa a partir de {jobs} jobs por mês").format(
                jobs=format_number(option.break_even_jobs_per_month, 2)
            )
        if option.price_estimate:
            line = _("{name} (estimativa de {price} no Brasil): {monthly} por mês; {balance}.")
        else:
            line = _("{name} ({price} no Brasil): {monthly} por mês; {balance}.")
        said = line.format(
            name=name,
            price=format_brl(option.landed_brl),
            monthly=format_brl(option.monthly.total),
            balance=balance,
        )
        lines.append(f"• {said}")
    lines.append(" ".join(result.notes))
    lines.append(_("Antes de comprar: {caveats}").format(caveats=" ".join(result.caveats)))
    return "\n".join(lines)


def rent_or_buy_answer(slots: dict[str, Any], text: str) -> str:
    """pt-BR: renting against buying for the job `slots` holds; the cards named are the ones the
    client owns or would buy, no limit on renting."""
    owned = ("max_device_memory_gb", "accelerator", "devices")
    rented = {k: v for k, v in slots.items() if k in JobSpec.model_fields and k not in owned}
    job = normalize(JobSpec(**rented))
    return rent_or_buy_reply(job, build_quote(job, fx=day_rate()), jobs_per_month(text))
