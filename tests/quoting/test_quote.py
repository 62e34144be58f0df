import json
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from quoting.catalog import load_catalog
from quoting.jobspec import JobSpec, normalize
from quoting.pool import candidates
from quoting.quote import build_quote, quote
from quoting.recommend import NoViableOffer

KNOWN = [
    "llama-3-8b",
    "mistral-7b",
    "bert-base",
    "qwen2.5-14b",
    "gemma-2-9b",
    "phi-3-mini",
    "mixtral-8x7b",
    "t5-base",
    "llama-3.2-1b",
    "falcon-7b",
]

jobs = st.builds(
    JobSpec,
    model=st.sampled_from(KNOWN),
    method=st.sampled_from(["full", "lora", "qlora"]),
    examples=st.floats(min_value=100, max_value=5e6),
    tokens_per_example=st.floats(min_value=32, max_value=512),
    epochs=st.floats(min_value=0.5, max_value=5),
    framework=st.sampled_from(["pytorch", "tensorflow", "jax"]),
    data_residency=st.sampled_from(["br", "any"]),
    spot=st.booleans(),
    tax_profile=st.sampled_from(["br_cloud", "cartao", "remessa", None]),
)


def test_json_follows_the_public_contract() -> None:
    data = json.loads(json.dumps(quote(JobSpec(model="llama-3-8b", method="qlora")).to_json_dict()))
    assert {
        "id",
        "created_at",
        "valid_until",
        "job",
        "estimate",
        "recommendation",
        "alternatives",
        "line_items",
        "fx",
        "taxes",
        "total_brl",
    } <= set(data)
    assert set(data["estimate"]["memory_gb"]) >= {
        "total",
        "weights",
        "gradients",
        "optimizer",
        "activations",
        "overhead",
    }
    rec = data["recommendation"]
    assert {
        "kind",
        "accelerator",
        "count",
        "provider",
        "region",
        "hours",
        "total_brl",
        "reasons",
    } <= set(rec)
    assert all("label" in alternative for alternative in data["alternatives"])
    assert {"usd_brl", "as_of", "source", "stale"} <= set(data["fx"])
    assert isinstance(data["fx"]["stale"], bool) and data["fx"]["source"]
    assert data["taxes"] and all(
        {"name", "rate", "basis", "total_brl"} <= set(tax)
        and isinstance(tax["rate"], float)
        and isinstance(tax["total_brl"], float)
        for tax in data["taxes"]
    )
    assert isinstance(data["notices"], list)
    lines = round(sum(item["total_brl"] for item in data["line_items"]), 2)
    assert lines == data["total_brl"]
    assert isinstance(data["total_brl"], float)
    assert round(data["total_brl"], 2) == data["total_brl"]
    assert data["job"]["assumed"] and data["job"]["method"] == "qlora"


@settings(max_examples=60, deadline=None)
@given(spec=jobs)
def test_line_items_add_up_to_the_total_and_nothing_is_negative(spec: JobSpec) -> None:
    try:
        result = quote(spec)
    except NoViableOffer:
        return
    assert sum(item.total_brl for item in result.line_items) == result.total_brl
    # every tax is one of the money lines, to the centavo
    amounts = [item.total_brl for item in result.line_items]
    assert all(tax.total_brl in amounts for tax in result.taxes)
    assert all(item.total_brl >= 0 and item.unit_price_brl >= 0 for item in result.line_items)
    assert all(
        item.total_brl == item.total_brl.quantize(Decimal("0.01")) for item in result.line_items
    )
    assert result.recommendation.total_brl == result.total_brl > 0
    if spec.framework == "pytorch":
        assert result.recommendation.kind == "gpu"


@settings(max_examples=40, deadline=None)
@given(
    model=st.sampled_from(KNOWN),
    method=st.sampled_from(["full", "lora", "qlora"]),
    tokens=st.floats(min_value=1e5, max_value=1e10),
    factor=st.floats(min_value=1.0, max_value=20),
)
def test_more_tokens_never_cost_fewer_reais(
    model: str, method: str, tokens: float, factor: float
) -> None:
    """Per offer, price grows with tokens; so does the cheapest option. The recommendation may
    prefer a Brazilian or the client's own cloud within a stated tolerance, so its total is
    compared with the cheapest, never below it."""
    catalog = load_catalog()
    fewer = normalize(JobSpec(model=model, method=method, dataset_tokens=tokens))
    more = fewer.model_copy(update={"dataset_tokens": tokens * factor})
    prices_fewer = {(c.offer.key, c.instances): c.total_brl for c in candidates(fewer, catalog)}
    prices_more = {(c.offer.key, c.instances): c.total_brl for c in candidates(more, catalog)}
    for key in prices_fewer.keys() & prices_more.keys():
        assert prices_more[key] >= prices_fewer[key]
    if prices_fewer and prices_more:
        assert min(prices_more.values()) >= min(prices_fewer.values())
        assert build_quote(more).total_brl >= min(prices_more.values())


def test_the_quote_explains_its_hours_with_a_visible_time_margin() -> None:
    data = quote(JobSpec(model="llama-3-8b", method="lora")).to_json_dict()
    reasons = data["recommendation"]["reasons"]
    assert any("margem de tempo de +15%" in reason for reason in reasons)
