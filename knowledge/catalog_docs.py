"""One pt-BR document per accelerator, written from the quoting catalog at index time, so each
spec and price is stated in one place (the catalog) and the assistant can still explain it."""

from decimal import Decimal

from knowledge.cards import Card
from knowledge.sources import SourceDocument
from quoting.catalog import Accelerator, Catalog, load_catalog
from quoting.jobspec import JobSpec, normalize
from quoting.pricing import load_pricing
from quoting.recommend import fit_on
from quoting.units import format_brl, format_number

# Reference jobs that tell a client what a single device holds.
REFERENCE_JOBS = [
    ("QLoRA de um Llama 3 8B", JobSpec(model="llama-3-8b", method="qlora")),
    ("LoRA de um Llama 3 8B", JobSpec(model="llama-3-8b", method="lora")),
    ("ajuste completo de um Llama 3 8B", JobSpec(model="llama-3-8b", method="full")),
    ("QLoRA de um Llama 3 70B", JobSpec(model="llama-3-70b", method="qlora")),
    ("ajuste completo de um BERT-base", JobSpec(model="bert-base", method="full")),
]


def _hourly_brl(catalog: Catalog, accelerator: Accelerator) -> list[Decimal]:
    rate = load_pricing().fx.quoted_rate
    return [
        offer.on_demand_per_hour / offer.device_count * (rate if offer.currency == "USD" else 1)
        for offer in catalog.offers_in_force()
        if offer.accelerator == accelerator.id
    ]


def accelerator_document(catalog: Catalog, accelerator: Accelerator) -> SourceDocument:
    kind = "GPU" if accelerator.kind == "gpu" else "TPU"
    spec = (
        f"{kind} com {format_number(accelerator.memory_gb, 0)} GB de memória, "
        f"{format_number(accelerator.tflops, 0)} TFLOPS densos em 16 bits, banda de memória de "
        f"{format_number(accelerator.bandwidth_gbps, 0)} GB/s"
        + ("" if accelerator.bf16 else "; não suporta BF16 (treina em FP16)")
        + "."
    )
    fits: list[str] = []
    misses: list[str] = []
    for label, job in REFERENCE_JOBS:
        target = fits if fit_on(normalize(job), accelerator, max_devices=1) else misses
        target.append(label)
    use = []
    if fits:
        use.append(f"Em um único dispositivo cabem, com folga: {'; '.join(fits)}.")
    if misses:
        use.append(f"Não cabem em um só dispositivo: {'; '.join(misses)}.")
    offers = [o for o in catalog.offers_in_force() if o.accelerator == accelerator.id]
    where = [
        f"{offer.provider.upper()} {offer.region} ({region.city}, {region.country}): "
        f"{offer.instance_type}, {offer.device_count} por máquina"
        for offer in offers
        for region in [catalog.region_of(offer)]
    ]
    lines = [f"# {accelerator.name}", "", "## Ficha técnica", spec, "", "## Para que serve", *use]
    lines += ["", "## Onde oferecemos", *(f"- {line}" for line in where)]
    if not offers:
        lines.append("No momento não há oferta em vigor com este acelerador.")
    prices = _hourly_brl(catalog, accelerator)
    price = ""
    if prices:
        low, high = format_brl(min(prices)), format_brl(max(prices))
        span = low if low == high else f"de {low} a {high}"
        price = (
            f"Por {kind} e por hora, sob demanda: {span}, antes de tributos, margem e taxa de "
            "configuração."
        )
        lines += ["", "## Preço", f"{price} O valor final sai na cotação."]
    name = accelerator.name
    title = f"{name}: memória, usos e preço"
    source = f"catalogo/{accelerator.id}.md"
    questions = [
        f"Quanto custa a hora de uma {name}?",
        f"Quanta memória tem a {accelerator.id.upper()}?",
        f"O que cabe numa {accelerator.id.upper()}?",
    ]
    card = Card(
        id=f"catalogo-{accelerator.id}",
        answer=" ".join([f"A {name} é uma {spec}", *use[:1], price]).strip(),
        detail="Onde oferecemos: " + "; ".join(where) + "." if where else "",
        questions=questions,
        source="Catálogo de preços em vigor (quoting/data/catalog.toml)",
        document=source,
        title=title,
    )
    return SourceDocument(
        source=source,
        root="catalogo",
        title=title,
        topics=["catalogo", accelerator.kind, accelerator.id],
        questions=questions,
        text="\n".join(lines),
        markdown=True,
        keywords=sorted(
            {accelerator.id, accelerator.id.split("-")[-1 if accelerator.kind == "tpu" else 0]}
        ),
        cards=[card],
    )


def catalog_documents(catalog: Catalog | None = None) -> list[SourceDocument]:
    catalog = catalog or load_catalog()
    return [accelerator_document(catalog, accelerator) for accelerator in catalog.accelerator]
