from decimal import Decimal

from knowledge.catalog_docs import catalog_documents
from quoting.catalog import load_catalog
from quoting.pricing import load_pricing
from quoting.units import format_brl


def test_one_document_per_accelerator_with_specs_offers_and_prices() -> None:
    catalog = load_catalog()
    documents = {doc.source: doc for doc in catalog_documents()}
    assert len(documents) == len(catalog.accelerator)
    l4 = documents["catalogo/l4.md"]
    assert "24 GB" in l4.text and "sa-east-1" in l4.text
    rate = load_pricing().fx.quoted_rate
    # the cheapest card-hour of an L4 in force, at the quote's rate
    cheapest = min(
        o.on_demand_per_hour / o.device_count
        for o in catalog.offers_in_force()
        if o.accelerator == "l4"
    )
    assert format_brl((cheapest * rate).quantize(Decimal("0.01"))) in l4.text
    assert "QLoRA de um Llama 3 8B" in l4.text.split("Não cabem")[0]


def test_tpu_documents_say_where_they_are_offered() -> None:
    v5e = next(doc for doc in catalog_documents() if doc.source == "catalogo/tpu-v5e.md")
    assert "us-central1" in v5e.text and "v5e" in v5e.keywords
