"""`infrabot quote`, `infrabot estimate` and `infrabot catalog`: the engine from the terminal."""

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from bot.cli.job_flags import with_job_flags
from bot.cli.views import show_catalog, show_estimate, show_quote
from bot.sales.ptax import day_rate
from quoting.catalog import Catalog, load_catalog
from quoting.errors import InvalidJob
from quoting.fit import fit_on
from quoting.jobspec import JobSpec, normalize
from quoting.memory import estimate_memory
from quoting.price_list import is_stale
from quoting.quote import build_quote, estimate_of, job_summary
from quoting.timing import train_flops
from quoting.units import format_date, format_number, today_in_brazil

JsonFlag = Annotated[bool, typer.Option("--json", help="Imprime um objeto JSON.")]
CatalogFlag = Annotated[
    Path | None, typer.Option("--catalog", help="Arquivo de catálogo próprio (TOML).")
]
SourcesFlag = Annotated[
    bool, typer.Option("--fontes", help="Mostra a fonte e a data de cada preço e do câmbio.")
]
UsdBrlFlag = Annotated[
    str | None, typer.Option("--usd-brl", help="Câmbio do dia (ex.: 5,43) em vez do padrão.")
]


# Reais per US dollar a typed rate may have: the real has traded between about 0,8 and 6,3 since
# 1994; outside this band the value is a typo (1e30, 1e-30), and it would quote R$ 0,00 or overflow.
PLAUSIBLE_USD_BRL = (0.5, 50.0)


def emit_json(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False))


def _catalog(path: Path | None) -> Catalog:
    return load_catalog(path.resolve()) if path else load_catalog()


def _use_rate(text: str | None) -> None:
    if text is None:
        return
    try:
        rate = float(text.replace(",", "."))
    except ValueError:
        rate = 0.0
    low, high = PLAUSIBLE_USD_BRL
    if not low <= rate <= high:  # also refuses nan and inf
        raise InvalidJob(
            "--usd-brl",
            f"'{text}' não é um câmbio válido: use reais por dólar entre "
            f"{format_number(low, 1)} e {format_number(high, 0)} (ex.: 5,43)",
        )
    os.environ["INFRABOT_USD_BRL"] = text
    os.environ["INFRABOT_USD_BRL_DATE"] = today_in_brazil().isoformat()


@with_job_flags
def quote(
    spec: JobSpec,
    as_json: JsonFlag = False,
    catalog: CatalogFlag = None,
    usd_brl: UsdBrlFlag = None,
    sources: SourcesFlag = False,
    plan: Annotated[
        Path | None,
        typer.Option("--plan", help="Também grava o plano de execução (tarefa SkyPilot) aqui."),
    ] = None,
) -> None:
    """Cota um job de fine-tuning: GPU ou TPU, máquina, horas e preço em reais."""
    _use_rate(usd_brl)
    job = normalize(spec)
    result = build_quote(job, _catalog(catalog), fx=day_rate())
    if as_json:
        emit_json(result.to_json_dict())
    else:
        show_quote(Console(), result, job, sources)
    if plan is not None:
        from bot.cli.plan import write_plan
        from quoting.launch_plan import build_plan

        # With --json, stdout stays one JSON object: the plan's report goes to stderr.
        for line in write_plan(build_plan(result, job, result.id), plan):
            typer.echo(line, err=as_json)


@with_job_flags
def estimate(
    spec: JobSpec,
    as_json: JsonFlag = False,
    catalog: CatalogFlag = None,
) -> None:
    """Estima memória e tempo de um job, sem preços, e onde ele cabe."""
    job = normalize(spec)
    chosen = _catalog(catalog)
    accelerators = chosen.accelerator
    if job.accelerator is not None:
        accelerators = [a for a in accelerators if a.id == job.accelerator.lower()]
        if not accelerators:
            known = ", ".join(a.id for a in chosen.accelerator)
            raise InvalidJob("--accelerator", f"'{job.accelerator}' não existe; use um de: {known}")
    memory = estimate_memory(job)
    fits = [(a.name, fit_on(job, a, catalog=chosen)) for a in accelerators]
    if as_json:
        emit_json(
            {
                "job": job_summary(job),
                "estimate": estimate_of(job, memory).model_dump(mode="json"),
                "fit": [
                    {
                        "accelerator": a.id,
                        "fits": fit is not None,
                        **(fit.model_dump() if fit else {}),
                    }
                    for a, (_, fit) in zip(accelerators, fits, strict=True)
                ],
            }
        )
    else:
        show_estimate(Console(), job, memory, train_flops(job), fits)


def catalog(
    ctx: typer.Context,
    as_json: JsonFlag = False,
    catalog: CatalogFlag = None,
    include_examples: Annotated[
        bool, typer.Option("--all", help="Inclui ofertas inativas e de exemplo.")
    ] = False,
    sources: SourcesFlag = False,
) -> None:
    """Lista aceleradores e ofertas, com fonte e data; preço de mais de 90 dias: ANTIGO."""
    if ctx.invoked_subcommand is not None:
        return
    chosen = _catalog(catalog)
    today = today_in_brazil()
    if as_json:
        data = chosen.model_dump(mode="json")
        for row, offer in zip(data["offer"], chosen.offer, strict=True):
            row["stale"] = is_stale(offer.as_of, today)
        data["offer"] = [o for o in data["offer"] if o["active"] or include_examples]
        emit_json(data)
        return
    console = Console()
    show_catalog(console, chosen, include_examples, sources)
    shown = [o for o in chosen.offer if o.active or include_examples]
    old = [o for o in shown if is_stale(o.as_of, today)]
    if old:  # through rich, so that long lines wrap at the terminal's width
        console.print(
            "\nPreços com mais de 90 dias, que nenhuma fonte renovou (infrabot catalog refresh):",
            highlight=False,
        )
    for offer in old:
        console.print(
            f" • ANTIGO {offer.instance_type} ({offer.provider} {offer.region}): "
            f"{format_date(offer.as_of)}",
            highlight=False,
        )
