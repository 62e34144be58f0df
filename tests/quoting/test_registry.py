import pytest

from quoting.registry import derive_architecture, load_registry


def test_registry_holds_the_popular_families() -> None:
    registry = load_registry()
    families = {entry.family for entry in registry.entries}
    assert len(registry.entries) >= 25
    for family in (
        "bert",
        "roberta",
        "t5",
        "llama",
        "mistral",
        "mixtral",
        "qwen",
        "gemma",
        "phi",
        "falcon",
    ):
        assert family in families


@pytest.mark.parametrize(
    ("typed", "expected_id"),
    [
        ("llama 3 8b", "llama-3-8b"),
        ("Llama-3.1-8B", "llama-3-1-8b"),
        ("mistral 7b", "mistral-7b-v0-3"),
        ("bert base", "bert-base-uncased"),
        ("qwen2.5 14b", "qwen2-5-14b"),
        ("Mixtral 8x7B", "mixtral-8x7b"),
    ],
)
def test_aliases_resolve_as_people_type_them(typed: str, expected_id: str) -> None:
    entry = load_registry().find(typed)
    assert entry is not None and entry.id == expected_id


def test_moe_models_distinguish_total_and_active_parameters() -> None:
    mixtral = load_registry().find("mixtral 8x7b")
    assert mixtral is not None
    assert mixtral.experts == 8 and mixtral.experts_per_token == 2
    assert mixtral.active_params < mixtral.params / 2


def test_every_entry_has_a_source_and_a_date() -> None:
    for entry in load_registry().entries:
        assert entry.source.startswith("http")
        assert entry.as_of.year >= 2024


def test_unknown_name_gets_close_suggestions() -> None:
    assert "llama-3-8b" in load_registry().suggestions("lama 3 8b")


@pytest.mark.parametrize("params", [110e6, 1e9, 7e9, 70e9, 405e9])
def test_derived_architecture_matches_the_requested_size(params: float) -> None:
    arch = derive_architecture(params)
    blocks = 12 * arch.layers * arch.hidden_size**2
    embeddings = 2 * arch.vocab_size * arch.hidden_size
    assert (blocks + embeddings) == pytest.approx(params, rel=0.15)
