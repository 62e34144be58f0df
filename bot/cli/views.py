"""Rich renderings, in pt-BR, of what the quoting engine computes: quotes, estimates, catalog."""

from datetime import date

from rich.console import Console
from rich.table import Table

from quoting.catalog import Catalog
from quoting.jobspec import METHOD_NAMES, Job
from quoting.memory import MemoryEstimate, MemoryParts
from quoting.quote import Option, Quote
from quoting.recommend import AcceleratorFit
from quoting.units import format_brl, format_date, format_number

_MEMORY_PARTS = (
    ("weights", "Pesos"),
    ("gradients", "Gradientes"),
    ("optimizer", "Estados do otimizador"),
    ("activations", "Ativações"),
    ("logits", "Logits"),
    ("overhead", "Overhead de runtime"),
)


def _job_line(job: Job) -> str:
    return (
        f"{job.model_name} ({format_number(job.params / 1e9, 2)} bi de parâmetros), "
        f"{METHOD_NAMES[job.method]}, {job.precision}, "
        f"{format_number(job.total_tokens / 1e6, 2)} mi de tokens de treino "
        f"({format_number(job.epochs, 1)} épocas)"
    )


def memory_table(memory: MemoryParts) -> Table:
    table = Table(title="Memória por dispositivo", title_justify="left")
    table.add_column("Parte")
    table.add_column("GB", justify="right")
    for key, label in _MEMORY_PARTS:
        table.add_row(label, format_number(getattr(memory, key), 2))
    table.add_row("[b]Total[/b]", f"[b]{format_number(memory.total, 2)}[/b]")
    return table


def _option_row(option: Option) -> list[str]:
    kind = option.kind.upper()
    return [
        f"{option.count}x {option.accelerator_name} ({kind})",
        f"{option.instance_type} · {option.provider} {option.region}",
        format_number(option.hours, 1),
        format_brl(option.total_brl),
    ]


def show_quote(console: Console, quote: Quote, job: Job) -> None:
    rec = quote.recommendation
    console.print(f"[b]Cotação {quote.id}[/b] · válida até {format_date(quote.valid_until)}")
    console.print(f"Job: {_job_line(job)}")
    console.print()
    console.print(
        f"[b green]Recomendação: {rec.kind.upper()} · {rec.count}x {rec.accelerator_name}[/b green]"
        f" ({rec.instance_type}, {rec.provider} {rec.region})"
    )
    console.print(
        f"Tempo estimado: [b]{format_number(rec.hours, 1)} h[/b] · "
        f"Total: [b]{format_brl(rec.total_brl)}[/b]"
    )
    console.print("\n[b]Por quê[/b]")
    for reason in rec.reasons:
        console.print(f" • {reason}")
    items = Table(title="Itens", title_justify="left")
    for column, justify in (
        ("Descrição", "left"),
        ("Qtd.", "right"),
        ("Unid.", "left"),
        ("Preço unit.", "right"),
        ("Total", "right"),
    ):
        items.add_column(column, justify=justify)  # type: ignore[arg-type]
    for item in quote.line_items:
        items.add_row(
            item.description,
            format_number(item.quantity, 1),
            item.unit,
            format_brl(item.unit_price_brl),
            format_brl(item.total_brl),
        )
    items.add_row("[b]Total[/b]", "", "", "", f"[b]{format_brl(quote.total_brl)}[/b]")
    console.print()
    console.print(items)
    fx = quote.fx
    console.print(
        f"Câmbio: US$ 1 = R$ {format_number(fx.usd_brl, 4)} em "
        f"{format_date(date.fromisoformat(fx.as_of))} ({fx.source}); "
        f"+{format_number(fx.buffer * 100, 0)}% de proteção cambial na validade; "
        f"tributação: {quote.tax_profile}."
    )
    for notice in quote.notices:
        console.print(f"[b yellow]Atenção:[/b yellow] {notice}")
    if quote.alternatives:
        alternatives = Table(title="Alternativas", title_justify="left")
        for column in ("", "Máquina", "Oferta", "Horas", "Total"):
            alternatives.add_column(column)
        for alternative in quote.alternatives:
            alternatives.add_row(alternative.label, *_option_row(alternative))
        console.print()
        console.print(alternatives)
    console.print()
    console.print(memory_table(quote.estimate.memory_gb))
    if job.assumptions:
        console.print("\n[b]Premissas assumidas[/b] (informe para ajustar)")
        for assumption in job.assumptions:
            console.print(f" • {assumption}")


def show_estimate(
    console: Console,
    job: Job,
    memory: MemoryEstimate,
    train_flops: float,
    fits: list[tuple[str, AcceleratorFit | None]],
) -> None:
    console.print(f"Job: {_job_line(job)}")
    console.print(
        f"FLOPs de treino: {train_flops:.2e} · parâmetros treináveis: "
        f"{format_number(memory.trainable_params / 1e6, 1)} mi"
    )
    console.print()
    console.print(memory_table(memory))
    table = Table(title="Onde cabe", title_justify="left")
    for column in ("Acelerador", "Memória", "Dispositivos", "GB/dispositivo", "Horas"):
        table.add_column(column)
    for name, fit in fits:
        if fit is None:
            table.add_row(name, "", "não cabe", "", "")
            continue
        sharding = " (fatiado)" if fit.sharded else ""
        table.add_row(
            fit.name,
            f"{format_number(fit.device_memory_gb, 0)} GB",
            f"{fit.devices}{sharding}",
            format_number(fit.memory_per_device_gb, 1),
            format_number(fit.hours, 1),
        )
    console.print()
    console.print(table)
    if job.assumptions:
        console.print("\n[b]Premissas assumidas[/b]")
        for assumption in job.assumptions:
            console.print(f" • {assumption}")


def show_catalog(console: Console, catalog: Catalog, include_inactive: bool) -> None:
    accelerators = Table(title="Aceleradores", title_justify="left")
    for column in ("ID", "Nome", "Tipo", "Memória", "TFLOPS", "BF16", "Fonte"):
        accelerators.add_column(column)
    for a in catalog.accelerator:
        accelerators.add_row(
            a.id,
            a.name,
            a.kind.upper(),
            f"{format_number(a.memory_gb, 0)} GB",
            format_number(a.tflops, 0),
            "sim" if a.bf16 else "não",
            f"{format_date(a.as_of)}",
        )
    console.print(accelerators)
    offers = Table(title="Ofertas em vigor", title_justify="left")
    for column in (
        "Provedor",
        "Região",
        "Instância",
        "Aceleradores",
        "Sob demanda/h",
        "Spot/h",
        "Data",
        "Fonte",
    ):
        offers.add_column(column)
    for o in catalog.offer:
        if not (o.active or include_inactive):
            continue
        region = catalog.region_of(o)
        symbol = "US$" if o.currency == "USD" else "R$"
        spot = f"{symbol} {format_number(o.spot_per_hour, 3)}" if o.spot_per_hour else "—"
        label = f"{o.instance_type}{' (EXEMPLO)' if o.example else ''}"
        offers.add_row(
            o.provider,
            f"{o.region} ({region.country})",
            label,
            f"{o.device_count}x {o.accelerator}",
            f"{symbol} {format_number(o.on_demand_per_hour, 3)}",
            spot,
            format_date(o.as_of),
            o.source.split(" ")[0],
        )
    console.print()
    console.print(offers)
