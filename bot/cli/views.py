"""Rich renderings, in pt-BR, of what the quoting engine computes: quotes, estimates, catalog."""

from datetime import date

from rich.console import Console
from rich.table import Table

from quoting.catalog import Catalog, load_catalog
from quoting.fit import AcceleratorFit
from quoting.jobspec import METHOD_NAMES, Job
from quoting.memory import MemoryEstimate, MemoryParts
from quoting.quote import Option, Quote
from quoting.tax_choice import tax_profile_name, tax_profile_note
from quoting.units import aside, format_brl, format_date, format_number, plural

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
        f"{aside(job.model_name, f'{format_number(job.params / 1e9, 2)} bi de parâmetros')}, "
        f"{METHOD_NAMES[job.method]}, {job.precision}, "
        f"{format_number(job.total_tokens / 1e6, 2)} mi de tokens de treino "
        f"({plural(job.epochs, 'época', 'épocas')})"
    )


def memory_table(memory: MemoryParts) -> Table:
    table = Table(title="Memória por dispositivo", title_justify="left")
    table.add_column("Parte")
    table.add_column("GB", justify="right")
    for key, label in _MEMORY_PARTS:
        table.add_row(label, format_number(getattr(memory, key), 2))
    table.add_row("[b]Total[/b]", f"[b]{format_number(memory.total, 2)}[/b]")
    return table


def bullets(lines: list[str]) -> Table:
    """A bulleted list whose wrapped lines stay indented under their text."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1, overflow="fold")
    for line in lines:
        grid.add_row(" •", line)
    return grid


def _machine(option: Option) -> str:
    """The machine in two short lines: what it is, then where (wraps, never truncates)."""
    fp16 = " · FP16 (sem BF16)" if option.fp16_fallback else ""
    return (
        f"{aside(f'{option.count}x {option.accelerator_name}', option.kind.upper())}{fp16}\n"
        f"{option.instance_type} · {option.provider} {option.region}"
    )


def _table(title: str) -> Table:
    # Columns share the terminal's width; long words fold instead of ending in "…".
    return Table(title=title, title_justify="left", expand=False, pad_edge=False)


def show_quote(console: Console, quote: Quote, job: Job, sources: bool = False) -> None:
    rec = quote.recommendation
    console.print(f"[b]Cotação {quote.id}[/b] · válida até {format_date(quote.valid_until)}")
    # As priced: the engine may have lowered the micro-batch or run FP16 on a card without BF16.
    priced = job.model_copy(
        update={"precision": quote.job["precision"], "assumptions": quote.job["assumptions"]}
    )
    console.print(f"Job: {_job_line(priced)}")
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
    console.print(bullets(rec.reasons))
    items = _table("Itens")
    items.add_column("Descrição", ratio=1, overflow="fold")
    items.add_column("Qtd.", justify="right", no_wrap=True)
    items.add_column("Preço unit.", justify="right", no_wrap=True)
    items.add_column("Total", justify="right", no_wrap=True)
    for item in quote.line_items:
        items.add_row(
            item.description,
            f"{format_number(item.quantity, 0 if item.quantity % 1 == 0 else 1)} {item.unit}",
            format_brl(item.unit_price_brl),
            format_brl(item.total_brl),
        )
    items.add_row("[b]Total[/b]", "", "", f"[b]{format_brl(quote.total_brl)}[/b]")
    console.print()
    console.print(items)
    fx = quote.fx
    console.print(
        f"Câmbio: US$ 1 = R$ {format_number(fx.usd_brl, 4)} em "
        f"{format_date(date.fromisoformat(fx.as_of))} ({fx.source}); "
        f"+{format_number(fx.buffer * 100, 0)}% de proteção cambial na validade; "
        f"tributação: {tax_profile_name(quote.tax_profile)}."
    )
    where = f"{rec.provider} {rec.region}"
    tax_note = tax_profile_note(job.tax_profile, quote.tax_profile, where)
    if tax_note:
        console.print(tax_note)
    for notice in quote.notices + quote.staff_notices:
        console.print(f"[b yellow]Atenção:[/b yellow] {notice}")
    if quote.alternatives:
        alternatives = _table("Alternativas")
        alternatives.add_column("Opção", overflow="fold")
        alternatives.add_column("Máquina", ratio=1, overflow="fold")
        alternatives.add_column("Horas", justify="right", no_wrap=True)
        alternatives.add_column("Total", justify="right", no_wrap=True)
        for alternative in quote.alternatives:
            alternatives.add_row(
                alternative.label,
                _machine(alternative),
                format_number(alternative.hours, 1),
                format_brl(alternative.total_brl),
            )
        console.print()
        console.print(alternatives)
    console.print()
    console.print(memory_table(quote.estimate.memory_gb))
    if priced.assumptions:
        console.print("\n[b]Premissas assumidas[/b] (informe para ajustar)")
        console.print(bullets(priced.assumptions))
    if sources:
        show_quote_sources(console, quote)


def show_quote_sources(console: Console, quote: Quote) -> None:
    """Where each price of the quote comes from: the offers' sources, the exchange rate."""
    catalog = load_catalog()
    console.print("\n[b]Fontes[/b]")
    for option in [quote.recommendation, *quote.alternatives]:
        for offer in catalog.offer:
            if (offer.provider, offer.region, offer.instance_type) == (
                option.provider,
                option.region,
                option.instance_type,
            ):
                console.print(
                    f" • {offer.instance_type} ({offer.provider} {offer.region}), preço de "
                    f"{format_date(offer.as_of)}: {offer.source}",
                    overflow="fold",
                )
    fx = quote.fx
    console.print(f" • Câmbio de {format_date(date.fromisoformat(fx.as_of))}: {fx.source}")


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
        console.print(bullets(job.assumptions))


def show_catalog(
    console: Console, catalog: Catalog, include_inactive: bool, sources: bool = False
) -> None:
    accelerators = _table("Aceleradores")
    for column in ("ID", "Nome", "Tipo", "Memória", "TFLOPS", "BF16", "Data"):
        accelerators.add_column(column, overflow="fold")
    for a in catalog.accelerator:
        accelerators.add_row(
            a.id,
            a.name,
            a.kind.upper(),
            f"{format_number(a.memory_gb, 0)} GB",
            format_number(a.tflops, 0),
            "sim" if a.bf16 else "não",
            format_date(a.as_of),
        )
    console.print(accelerators)
    offers = _table("Ofertas em vigor")
    offers.add_column("Oferta", ratio=1, overflow="fold")
    offers.add_column("Aceleradores", overflow="fold")
    offers.add_column("Sob demanda/h", justify="right", no_wrap=True)
    offers.add_column("Spot/h", justify="right", no_wrap=True)
    offers.add_column("Data", no_wrap=True)
    shown = [o for o in catalog.offer if o.active or include_inactive]
    for o in shown:
        region = catalog.region_of(o)
        symbol = "US$" if o.currency == "USD" else "R$"
        spot = f"{symbol} {format_number(o.spot_per_hour, 3)}" if o.spot_per_hour else "—"
        label = f"{o.instance_type}{' (EXEMPLO)' if o.example else ''}"
        offers.add_row(
            f"{label}\n{o.provider} {o.region} ({region.country})",
            f"{o.device_count}x {o.accelerator}",
            f"{symbol} {format_number(o.on_demand_per_hour, 3)}",
            spot,
            format_date(o.as_of),
        )
    console.print()
    console.print(offers)
    if not sources:
        console.print("Fontes de cada número: infrabot catalog --fontes")
        return
    console.print("\n[b]Fontes[/b]")
    for a in catalog.accelerator:
        console.print(f" • {a.name} ({format_date(a.as_of)}): {a.source}", overflow="fold")
    for o in shown:
        console.print(
            f" • {o.instance_type} ({o.provider} {o.region}, {format_date(o.as_of)}): {o.source}",
            overflow="fold",
        )
