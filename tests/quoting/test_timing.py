import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.throughput_accuracy import Result, results
from quoting.catalog import Accelerator, load_catalog
from quoting.fit import placed_on
from quoting.jobspec import Job, JobSpec, normalize
from quoting.timing import (
    TimeEstimate,
    estimate_time,
    flops_per_token,
    load_performance,
    train_flops,
)
from quoting.topology import Links

MEASURED = results()


def _time(job: Job, accelerator: Accelerator, devices: int) -> TimeEstimate:
    """Hours on `devices` of the accelerator, on the machine shape `estimate` and quotes use."""
    return placed_on(job, accelerator, devices, load_catalog()).time


def tokens_per_second(spec: JobSpec, accelerator: str) -> float:
    job = normalize(spec)
    time = _time(job, load_catalog().accelerator_by_id(accelerator), 1)
    return job.total_tokens / (time.training_hours * 3600)


def test_the_measurements_cover_thirty_runs_on_five_kinds_of_accelerator() -> None:
    assert len(MEASURED) >= 30
    assert len({r.accelerator.removesuffix("-40gb").removesuffix("-80gb") for r in MEASURED}) >= 5
    assert {r.split for r in MEASURED} == {"fit", "held_out"}


@pytest.mark.parametrize("row", MEASURED, ids=[r.id for r in MEASURED])
def test_predicted_throughput_is_within_the_band_of_each_published_run(row: Result) -> None:
    # Above 1.5 the quote would promise a job far faster than it runs; below 0.7 it overcharges.
    # Held-out rows may run a faster stack than the trl + PEFT one the plan launches (NeMo
    # AutoModel's fused LoRA kernels): for them only the optimistic edge is a hard limit.
    low = 0.7 if row.split == "fit" else 0.6
    assert low <= row.ratio <= 1.5, f"{row.id}: {row.predicted:.3g} vs {row.measured:.3g}"


def test_short_steps_are_bound_by_kernel_launches_long_ones_by_compute() -> None:
    def speed(seq_len: int) -> float:
        spec = JobSpec(params=7e9, method="lora", seq_len=seq_len, batch_size=1)
        return tokens_per_second(spec, "a100-80gb")

    assert speed(256) < speed(2048) / 2  # tokens/s grows with the step while launch-bound
    assert speed(8192) < speed(4096)  # then attention makes long tokens dearer


def test_qlora_pays_dequantisation_on_top_of_lora() -> None:
    lora = tokens_per_second(JobSpec(model="llama-3-8b", method="lora"), "a100-80gb")
    qlora = tokens_per_second(JobSpec(model="llama-3-8b", method="qlora"), "a100-80gb")
    assert qlora < lora * 0.95


def test_the_contingency_is_a_visible_share_of_the_training_time() -> None:
    a100 = load_catalog().accelerator_by_id("a100-80gb")
    time = _time(normalize(JobSpec(model="mistral-7b", method="lora")), a100, 1)
    fraction = load_performance().overheads.contingency_fraction
    assert fraction > 0
    # Tenths of an hour, rounded up, so that the parts shown add up to the hours billed.
    assert time.training_hours * fraction <= time.contingency_hours
    assert time.contingency_hours < time.training_hours * fraction + 0.1
    assert time.hours == pytest.approx(
        time.training_hours + time.contingency_hours + time.setup_hours
    )
    assert round(time.hours * 10) == pytest.approx(time.hours * 10)


def test_sharding_across_instances_waits_on_the_network() -> None:
    h100 = load_catalog().accelerator_by_id("h100")
    job = normalize(JobSpec(model="llama-3-70b", method="full", batch_size=1, seq_len=1024))
    links = Links(intra_gbps=230, inter_gbps=12.5)
    one_node = estimate_time(job, h100, links.placement(8, 1, "fsdp"))
    two_nodes = estimate_time(job, h100, links.placement(8, 2, "fsdp"))
    assert two_nodes.communication_fraction > one_node.communication_fraction


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
    assert _time(tiny, h100, 1).mfu < _time(big, h100, 1).mfu / 3
    assert _time(tiny, h100, 1).hours >= 0.5


def test_spot_adds_time_for_interruptions() -> None:
    l4 = load_catalog().accelerator_by_id("l4")
    job = normalize(JobSpec(model="mistral-7b", method="qlora"))
    spot = job.model_copy(update={"spot": True})
    assert _time(spot, l4, 1).training_hours > _time(job, l4, 1).training_hours


def test_more_devices_finish_sooner_but_not_linearly() -> None:
    a100 = load_catalog().accelerator_by_id("a100-80gb")
    job = normalize(JobSpec(model="llama-3-8b", method="lora", dataset_tokens=1e9))
    one = _time(job, a100, 1).training_hours
    eight = _time(job, a100, 8).training_hours
    assert one / 8 - 0.1 <= eight < one / 4  # tenths of an hour, rounded up


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
    assert _time(more, device, 1).hours >= _time(fewer, device, 1).hours
