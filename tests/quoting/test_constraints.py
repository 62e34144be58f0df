"""The client's constraints in the engine: the cheapest on request, a device-memory limit (met by
sharding over several cards or a smaller assumed micro-batch when needed), no QLoRA on TPU,
residency never offered as a fix, and each constraint said first."""

from datetime import UTC, datetime

import pytest

from quoting.catalog import load_catalog
from quoting.jobspec import JobSpec, normalize
from quoting.pool import candidates
from quoting.recommend import NoViableOffer, recommend
from quoting.units import format_date


def test_the_cheapest_on_request_beats_the_brazil_preference() -> None:
    spec = {"model": "llama-3-8b", "method": "qlora", "examples": 5000}
    preferred = recommend(normalize(JobSpec(**spec)))
    cheapest = recommend(normalize(JobSpec(**spec, cheapest=True)))
    assert preferred.chosen.region.country == "BR"
    assert cheapest.chosen.total_brl < preferred.chosen.total_brl
    assert all(cheapest.chosen.total_brl <= c.total_brl for _, c in cheapest.alternatives)
    assert any("o mais barato possível" in line for line in preferred.constraints)


def test_constraints_open_the_reasons() -> None:
    result = recommend(
        normalize(
            JobSpec(model="llama-3-8b", budget_brl=100, deadline_hours=48, data_residency="br")
        )
    )
    assert len(result.constraints) == 3
    assert result.reasons[: len(result.constraints)] == result.constraints


def test_a_device_limit_excludes_bigger_cards() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="qlora", max_device_memory_gb=24))
    pool = list(candidates(job, load_catalog()))
    assert pool and all(c.accelerator.memory_gb <= 24 for c in pool)


def test_a_device_limit_nothing_fits_says_the_limit_and_the_fix() -> None:
    # No offer has a card of 8 GB or less, sharded or not.
    job = normalize(JobSpec(model="llama-3-8b", method="lora", max_device_memory_gb=8))
    with pytest.raises(NoViableOffer) as raised:
        recommend(job)
    assert "até 8 GB" in str(raised.value)
    assert any("mais memória" in tip for tip in raised.value.suggestions)


def test_a_full_fine_tune_over_the_card_limit_is_sharded_across_several_cards() -> None:
    job = normalize(
        JobSpec(
            model="phi-3-mini",
            method="full",
            examples=10_000,
            tokens_per_example=1024,
            max_device_memory_gb=16,
        )
    )
    result = recommend(job)
    chosen = result.chosen
    assert chosen.accelerator.memory_gb <= 16 and chosen.devices >= 4
    assert chosen.memory.sharded and chosen.fits
    assert any(f"divididos entre as {chosen.devices} placas" in r for r in result.reasons)


def test_an_assumed_micro_batch_is_lowered_when_only_that_fits_the_limit() -> None:
    job = normalize(
        JobSpec(model="mistral-7b", method="qlora", examples=40_000, max_device_memory_gb=12)
    )
    result = recommend(job)
    assert result.chosen.accelerator.memory_gb <= 12 and result.chosen.fits
    assert result.job.batch_size < job.batch_size
    assert any("Micro-batch de 1" in reason for reason in result.reasons)
    assert "Batch de 1 por dispositivo." in result.job.assumptions
    # A micro-batch and a sequence length the client chose are never changed.
    kept = {"batch_size", "seq_len"}
    stated = job.model_copy(update={"assumed": [f for f in job.assumed if f not in kept]})
    with pytest.raises(NoViableOffer):
        recommend(stated)


def test_an_assumed_sequence_is_cut_to_the_examples_when_only_that_fits_the_limit() -> None:
    job = normalize(
        JobSpec(model="mistral-7b", method="qlora", examples=40_000, max_device_memory_gb=12)
    )
    stated_batch = job.model_copy(update={"assumed": [f for f in job.assumed if f != "batch_size"]})
    result = recommend(stated_batch)
    assert result.chosen.accelerator.memory_gb <= 12 and result.chosen.fits
    assert result.job.batch_size == job.batch_size and result.job.seq_len == 512
    assert any("Sequências de 512 tokens (em vez de 2.048)" in r for r in result.reasons)
    assert "Sequências de 512 tokens." in result.job.assumptions


def test_qlora_never_gets_a_tpu() -> None:
    job = normalize(
        JobSpec(params=70e9, method="qlora", framework="jax", dataset_tokens=2e9, kind="tpu")
    )
    assert not list(candidates(job, load_catalog()))
    with pytest.raises(NoViableOffer) as raised:
        recommend(job)
    assert "bitsandbytes" in str(raised.value)
    assert not any("QLoRA" in tip and "TPU" in tip for tip in raised.value.suggestions)


def test_data_that_must_stay_in_brazil_is_never_offered_abroad() -> None:
    job = normalize(JobSpec(model="llama-3.1-405b", method="full", data_residency="br"))
    with pytest.raises(NoViableOffer) as raised:
        recommend(job)
    assert not any("fora do Brasil" in tip for tip in raised.value.suggestions)


@pytest.mark.parametrize(
    ("moment", "shown"),
    [
        (datetime(2026, 12, 3, 1, 0, tzinfo=UTC), "02/12/2026"),  # 22h the day before there
        (datetime(2026, 12, 3, 1, 0), "02/12/2026"),  # naive datetimes are stored UTC
        (datetime(2026, 12, 3, 15, 0, tzinfo=UTC), "03/12/2026"),
    ],
)
def test_dates_are_shown_in_brasilia_time(moment: datetime, shown: str) -> None:
    assert format_date(moment) == shown


def test_a_limit_below_our_smallest_card_says_so_and_whether_their_card_holds_the_job() -> None:
    small = normalize(
        JobSpec(
            model="llama-3-2-1b", method="qlora", examples=2000, tokens_per_example=512,
            max_device_memory_gb=8,
        )
    )  # fmt: skip
    with pytest.raises(NoViableOffer) as raised:
        recommend(small)
    assert "Não temos placa de até 8 GB" in str(raised.value)
    assert "então caberia numa de 8 GB" in str(raised.value)
    large = normalize(JobSpec(model="llama-3-70b", method="lora", max_device_memory_gb=8))
    with pytest.raises(NoViableOffer) as raised:
        recommend(large)
    assert "então não caberia numa de 8 GB" in str(raised.value)


def test_a_card_count_asked_is_the_count_quoted_and_said() -> None:
    spec = JobSpec(model="llama-3-8b", examples=20000, accelerator="h100", devices=4)
    result = recommend(normalize(spec))
    assert (result.chosen.accelerator.id, result.chosen.devices) == ("h100", 4)
    assert any(
        "4x NVIDIA H100" in line and "como você pediu" in line for line in result.constraints
    )
    assert all(c.devices == 4 for c in candidates(normalize(spec), load_catalog()))


def test_a_card_count_no_machine_has_says_the_counts_sold_and_prices_another() -> None:
    spec = JobSpec(model="llama-3-8b", examples=20000, accelerator="h100", devices=3)
    with pytest.raises(NoViableOffer) as refusal:
        recommend(normalize(spec))
    assert "3x NVIDIA H100" in str(refusal.value) and "8 placas" in str(refusal.value)
    assert refusal.value.suggestions[0].startswith("Outro número de placas: caberia em")
