"""`infrabot comprar-ou-alugar`: renting the job as quoted against buying hardware that fits it."""

from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from bot.cli.engine import emit_json
from bot.cli.job_flags import with_job_flags
from bot.cli.views import bullets
from quoting.jobspec import JobSpec, normalize
from quoting.quote import build_quote
from quoting.rent_or_buy import RentOrBuy, RentOrBuyError, compare
from quoting.units import format_brl, format_date, format_number, plural

JobsPerMonth = Annotated[
    str, typer.Option("--jobs-por-mes", help="Quantas vezes por mês o job roda (ex.: 4 ou 0,5).")
]


def _jobs(text: str) -> Decimal:
    try:
        value = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite():
        raise RentOrBuyError(f"--jobs-por-mes: '{text}' não é um número (ex.: 4 ou 0,5)")
    return value


@with_job_flags
def rent_or_buy(
    spec: JobSpec,
    jobs_per_month: JobsPerMonth,
    as_json: Annotated[bool, typer.Option("--json", help="Imprime um objeto JSON.")] = False,
) -> None:
    """Compara alugar (a cotação) com comprar hardware: custo mensal e ponto de equilíbrio."""
    jobs = _jobs(jobs_per_month)
    job = normalize(spec)
    result = compare(job, build_quote(job), jobs)
    if as_json:
        emit_json(result.model_dump(mode="json"))
    else:
        show(Console(), result)


def show(console: Console, result: RentOrBuy) -> None:
    jobs = plural(result.jobs_per_month, "job", "jobs")
    console.print(
        f"[bold]Alugar:[/bold] {result.rent_machine}, {format_brl(result.rent_per_job_brl)} por "
        f"job x {jobs}/mês = [bold]{format_brl(result.rent_monthly_brl)}[/bold] por mês."
    )
    # 80 columns: prices never wrap; names and "nunca compensa" wrap instead.
    table = Table(title="Comprar", title_justify="left", pad_edge=False)
    table.add_column("Opção", ratio=1, overflow="fold")
    for column in ("h/job", "Preço no Brasil", "Custo/mês"):
        table.add_column(column, justify="right", no_wrap=True)
    table.add_column("Equilíbrio (jobs/mês)", justify="right", max_width=10)
    cheaper = False
    for option in result.options:
        price = ("≈ " if option.price_estimate else "") + format_brl(option.landed_brl)
        if option.monthly is None or option.hours_per_job is None:
            memory = format_number(option.memory_per_device_gb)
            table.add_row(f"{option.name}\nnão cabe ({memory} GB)", "-", price, "-", "-")
            continue
        if option.break_even_jobs_per_month is None:
            balance = "nunca compensa"
        else:
            balance = format_number(option.break_even_jobs_per_month, 2)
        cheaper = cheaper or option.cheaper_than_renting
        marker = " *" if option.cheaper_than_renting else ""
        table.add_row(
            option.name,
            format_number(option.hours_per_job),
            price,
            format_brl(option.monthly.total) + marker,
            balance,
        )
    console.print(table)
    if cheaper:
        console.print("* Mais barato que alugar.")
    console.print(
        "Custo mensal de comprar = depreciação + energia (com refrigeração) + colocation + "
        f"parte de um engenheiro. Câmbio {format_number(result.usd_brl, 2)} "
        f"({format_date(date.fromisoformat(result.usd_brl_as_of))}); importação com II, IPI, "
        "PIS/COFINS-Importação e ICMS. "
        "Fontes e datas: quoting/data/hardware.toml (ou --json). ≈: preço estimado."
    )
    for note in result.notes:
        console.print(note)
    console.print("[bold]Antes de comprar:[/bold]")
    console.print(bullets(result.caveats))
