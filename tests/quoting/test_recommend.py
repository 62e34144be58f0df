from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quoting.catalog import load_catalog
from quoting.jobspec import JobSpec, normalize
from quoting.pool import candidates
from quoting.quote import build_quote
from quoting.recommend import NoViableOffer, recommend


def test_qlora_of_an_8b_model_goes_to_a_single_gpu_of_at_most_24_gb() -> None:
    chosen = recommend(normalize(JobSpec(model="llama-3-8b", method="qlora", examples=5000))).chosen
    assert chosen.accelerator.kind == "gpu"
    assert chosen.devices == 1
    assert chosen.accelerator.memory_gb <= 24


@pytest.mark.parametrize("model", ["llama-3-70b", "llama-3.1-70b", "qwen2.5-72b"])
def test_full_fine_tuning_of_70b_never_lands_on_one_80_gb_device(model: str) -> None:
    job = normalize(JobSpec(model=model, method="full"))
    for candidate in candidates(job, load_catalog()):
        assert candidate.devices > 1
    assert recommend(job).chosen.devices > 1


def test_large_jax_job_on_google_cloud_goes_to_tpu() -> None:
    job = normalize(
        JobSpec(params=70e9, method="full", framework="jax", dataset_tokens=2e9, cloud="gcp")
    )
    result = recommend(job)
    assert result.chosen.accelerator.kind == "tpu"
    assert any("TPU" in reason for reason in result.reasons)


def test_the_same_job_with_data_in_brazil_goes_to_a_brazilian_gpu() -> None:
    job = normalize(
        JobSpec(
            params=70e9,
            method="full",
            framework="jax",
            dataset_tokens=2e9,
            cloud="gcp",
            data_residency="br",
        )
    )
    result = recommend(job)
    assert result.chosen.accelerator.kind == "gpu"
    assert result.chosen.region.country == "BR"
    assert all(c.region.country == "BR" for _, c in result.alternatives)
    assert any("LGPD" in reason for reason in result.reasons)


@settings(max_examples=40, deadline=None)
@given(
    params=st.floats(min_value=1e8, max_value=4e11),
    tokens=st.floats(min_value=1e5, max_value=5e10),
    cloud=st.sampled_from(["aws", "gcp", "azure", "lambda", "runpod", "none"]),
)
def test_a_pytorch_lora_job_never_gets_a_tpu(params: float, tokens: float, cloud: str) -> None:
    job = normalize(JobSpec(params=params, method="lora", dataset_tokens=tokens, cloud=cloud))
    assert all(c.accelerator.kind == "gpu" for c in candidates(job, load_catalog()))


def test_pytorch_reason_quotes_the_guidance_on_xla() -> None:
    reasons = recommend(normalize(JobSpec(model="mistral-7b"))).reasons
    assert any("PyTorch/XLA" in reason for reason in reasons)


def test_a_small_tensorflow_job_stays_on_gpu() -> None:
    job = normalize(JobSpec(model="bert-base", method="full", framework="tensorflow", cloud="gcp"))
    assert recommend(job).chosen.accelerator.kind == "gpu"


def test_alternatives_are_labelled_and_distinct() -> None:
    result = recommend(normalize(JobSpec(model="llama-3-8b", method="qlora", examples=5000)))
    labels = [label for label, _ in result.alternatives]
    assert 2 <= len(labels) <= 3 and len(set(labels)) == len(labels)
    keys = {(c.offer.key, c.instances) for _, c in result.alternatives}
    assert (result.chosen.offer.key, result.chosen.instances) not in keys


def test_nothing_fits_in_brazil_explains_and_suggests_what_would() -> None:
    job = normalize(JobSpec(model="llama-3.1-405b", method="full", data_residency="br"))
    with pytest.raises(NoViableOffer) as raised:
        recommend(job)
    assert "memória" in str(raised.value)
    assert any("QLoRA" in suggestion for suggestion in raised.value.suggestions)


def test_an_impossible_deadline_quotes_the_fastest_and_says_it_is_missed() -> None:
    job = normalize(
        JobSpec(model="llama-3-8b", method="full", dataset_tokens=1e9, deadline_hours=0.5)
    )
    result = recommend(job)
    relaxed = recommend(job.model_copy(update={"deadline_hours": None}))
    fastest = min(
        [relaxed.chosen, *(c for _, c in relaxed.alternatives)], key=lambda c: c.time.hours
    )
    assert result.chosen.time.hours <= fastest.time.hours
    assert result.constraints[0].startswith("Prazo de 0,5 h: não atendido")


def test_a_deadline_a_change_would_meet_says_which() -> None:
    # On cards of 24 GB at most, even 8 of them take days; bigger cards would make it.
    spec = JobSpec(
        model="llama-3-8b", method="lora", dataset_tokens=5e8, epochs=1, deadline_hours=3
    )
    job = normalize(spec.model_copy(update={"max_device_memory_gb": 24}))
    result = recommend(job)
    fixes = [line for line in result.constraints if line.startswith("Para cumprir o prazo")]
    assert "não atendido" in result.constraints[0] and fixes, result.constraints


def test_a_tight_deadline_buys_more_devices() -> None:
    relaxed = recommend(normalize(JobSpec(model="llama-3-8b", method="lora", dataset_tokens=2e8)))
    rushed = recommend(
        normalize(
            JobSpec(
                model="llama-3-8b",
                method="lora",
                dataset_tokens=2e8,
                deadline_hours=relaxed.chosen.time.hours / 4,
            )
        )
    )
    assert rushed.chosen.time.hours <= relaxed.chosen.time.hours / 4
    assert rushed.chosen.devices > relaxed.chosen.devices


def test_budget_is_checked_in_the_reasons() -> None:
    result = recommend(normalize(JobSpec(model="llama-3-8b", method="qlora", budget_brl=10)))
    assert any("passa do orçamento" in reason for reason in result.reasons)


def test_the_reasons_show_the_time_margin_and_the_hours_add_up() -> None:
    result = recommend(normalize(JobSpec(model="mistral-7b", method="lora", examples=20000)))
    time = result.chosen.time
    line = next(reason for reason in result.reasons if "margem de tempo" in reason)
    assert f"+{time.contingency_fraction * 100:.0f}%" in line
    assert time.contingency_hours > 0
    assert time.hours == pytest.approx(
        time.training_hours + time.contingency_hours + time.setup_hours
    )


def test_calibrated_speeds_favour_the_big_cards_for_a_long_7b_lora() -> None:
    # At the old 45% ceiling an A100 looked 2x slower than measured and quotes drifted to L4/L40S.
    job = normalize(JobSpec(model="mistral-7b", method="lora", dataset_tokens=5e8))
    device_hours: dict[str, float] = {}
    for c in candidates(job, load_catalog()):
        spent = c.time.training_hours * c.devices
        device_hours[c.accelerator.id] = min(spent, device_hours.get(c.accelerator.id, spent))
    assert (
        device_hours["h100"] < device_hours["a100-80gb"] < device_hours["l40s"] < device_hours["l4"]
    )


def test_fixed_fees_above_the_budget_are_said_first_and_plainly() -> None:
    job = normalize(JobSpec(model="llama-3.2-1b", method="lora", examples=1000, budget_brl=120))
    result = recommend(job)
    first = result.reasons[0]
    assert first.startswith("Orçamento de R$ 120,00: esta cotação passa do orçamento")
    assert "Só a menor taxa de configuração do ambiente (R$ 150,00" in first
    assert "nenhum job cabe" in first
    roomy = recommend(job.model_copy(update={"budget_brl": Decimal(5000)}))
    assert not any("taxa de configuração" in reason for reason in roomy.reasons)


def test_a_small_job_on_one_card_pays_the_small_set_up_fee() -> None:
    # A 1B LoRA on 1,000 examples: R$ 350 of fee was most of the price; one card pays R$ 150
    # and the job fits a R$ 200 budget.
    job = normalize(JobSpec(model="llama-3.2-1b", method="lora", examples=1000, budget_brl=200))
    quoted = build_quote(job)
    [fee] = [i for i in quoted.line_items if i.description.startswith("Taxa de configuração")]
    assert fee.total_brl == Decimal("150.00") and quoted.total_brl <= 200


def test_spot_without_a_spot_price_is_quoted_on_demand_and_says_so() -> None:
    on_demand = normalize(JobSpec(model="llama-3-8b", method="qlora", data_residency="br"))
    spot = on_demand.model_copy(update={"spot": True})
    quoted = build_quote(spot)
    assert not quoted.recommendation.spot  # no offer in Brazil has a spot price
    [notice] = [n for n in quoted.notices if n.startswith("Spot não está disponível")]
    assert quoted.recommendation.instance_type in notice
    # no interruption time is added where the machine cannot run on spot
    assert quoted.recommendation.hours == build_quote(on_demand).recommendation.hours
    assert quoted.total_brl == build_quote(on_demand).total_brl


def test_spot_where_a_spot_price_exists_is_cheaper_and_counts_interruptions() -> None:
    job = normalize(
        JobSpec(params=70e9, method="full", framework="jax", dataset_tokens=2e9, cloud="gcp")
    )
    spot = build_quote(job.model_copy(update={"spot": True}))
    on_demand = build_quote(job)
    assert spot.recommendation.spot and spot.total_brl < on_demand.total_brl
    assert not any(n.startswith("Spot não está disponível") for n in spot.notices)
