import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quoting.catalog import load_catalog
from quoting.jobspec import JobSpec, normalize
from quoting.timing import estimate_time, flops_per_token, train_flops


def test_full_fine_tuning_costs_six_n_and_lora_four_n_per_token() -> None:
    common = dict(model="llama-3-8b", gradient_checkpointing=False, seq_len=16)
    full = normalize(JobSpec(method="full", **common))
    lora = normalize(JobSpec(method="lora", **common))
    assert flops_per_token(full) == pytest.approx(6 * full.params, rel=0.01)
    assert flops_per_token(lora) == pytest.approx(4 * lora.params, rel=0.01)


def test_checkpointing_adds_a_forward_pass_and_long_sequences_add_attention() -> None:
    plain = normalize(JobSpec(model="llama-3-8b", method="full", gradient_checkpointing=False))
    checkpointed = plain.model_copy(update={"gradient_checkpointing": True})
    longer = plain.model_copy(update={"seq_len": 8192})
    assert flops_per_token(checkpointed) > flops_per_token(plain) * 1.3
    assert flops_per_token(longer) > flops_per_token(plain) * 1.1


def test_tokens_are_dataset_times_epochs() -> None:
    job = normalize(JobSpec(model="bert-base", dataset_tokens=1e6, epochs=2))
    assert train_flops(job) == pytest.approx(flops_per_token(job) * 2e6)


def test_small_steps_run_below_peak_and_setup_is_charged() -> None:
    h100 = load_catalog().accelerator_by_id("h100")
    tiny = normalize(JobSpec(model="bert-base", batch_size=1, seq_len=128, dataset_tokens=1e6))
    big = normalize(JobSpec(model="llama-3-8b", method="full", batch_size=8, dataset_tokens=1e6))
    assert estimate_time(tiny, h100, 1).mfu < estimate_time(big, h100, 1).mfu / 3
    assert estimate_time(tiny, h100, 1).hours >= 0.5


def test_spot_adds_time_for_interruptions() -> None:
    l4 = load_catalog().accelerator_by_id("l4")
    job = normalize(JobSpec(model="mistral-7b", method="qlora"))
    spot = job.model_copy(update={"spot": True})
    assert estimate_time(spot, l4, 1).training_hours > estimate_time(job, l4, 1).training_hours


def test_more_devices_finish_sooner_but_not_linearly() -> None:
    a100 = load_catalog().accelerator_by_id("a100-80gb")
    job = normalize(JobSpec(model="llama-3-8b", method="lora", dataset_tokens=1e9))
    one = estimate_time(job, a100, 1).training_hours
    eight = estimate_time(job, a100, 8).training_hours
    assert one / 8 < eight < one / 4


@settings(max_examples=100, deadline=None)
@given(
    tokens=st.floats(min_value=1e4, max_value=1e11),
    factor=st.floats(min_value=1.0, max_value=10),
    accelerator=st.sampled_from(["t4", "l4", "a100-80gb", "h100", "tpu-v5e"]),
    method=st.sampled_from(["full", "lora", "qlora"]),
)
def test_more_tokens_never_take_fewer_hours(
    tokens: float, factor: float, accelerator: str, method: str
) -> None:
    device = load_catalog().accelerator_by_id(accelerator)
    fewer = normalize(JobSpec(model="llama-3-8b", method=method, dataset_tokens=tokens))
    more = fewer.model_copy(update={"dataset_tokens": min(tokens * factor, 1e13)})
    assert estimate_time(more, device, 1).hours >= estimate_time(fewer, device, 1).hours
