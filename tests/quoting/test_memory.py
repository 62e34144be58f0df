"""Memory estimate tests, calibrated against published measured peaks.

The measured cases live in bench/data/measured_memory.toml, each with its configuration and its
source; the sources are:
- torchtune README, "Memory and training speed": https://github.com/pytorch/torchtune/blob/main/README.md
- Hugging Face PEFT README, performance table: https://github.com/huggingface/peft/blob/main/README.md
- PEFT MetaMathQA benchmark results:
  https://github.com/huggingface/peft/blob/main/method_comparison/MetaMathQA/results/full-finetuning--llama-3.2-3B-lr_0.00001.json
  https://github.com/huggingface/peft/blob/main/method_comparison/MetaMathQA/results/lora--llama-3.2-3B-rank32.json
- PEFT docs, DeepSpeed and FSDP guides: https://huggingface.co/docs/peft/accelerate/deepspeed,
  https://huggingface.co/docs/peft/accelerate/fsdp
- LitGPT resource tables: https://github.com/Lightning-AI/litgpt/blob/main/tutorials/resource-tables.md
- Answer.AI fsdp_qlora benchmarks: https://github.com/AnswerDotAI/fsdp_qlora/blob/main/benchmarks_03_2024.md
- Qwen README, "Profiling of Memory and Speed": https://github.com/QwenLM/Qwen/blob/main/README.md
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.measured_cases import MeasuredCase, load_cases
from quoting.candidate import HEADROOM
from quoting.jobspec import JobSpec, normalize
from quoting.memory import GB, ZERO_BUCKET_BYTES, estimate_memory, trainable_params

COMPARABLE = [case for case in load_cases() if case.comparable]


def test_enough_measured_cases_back_the_calibration() -> None:
    assert len(COMPARABLE) >= 20
    assert {case.method for case in COMPARABLE} == {"full", "lora", "qlora"}


@pytest.mark.parametrize("case", COMPARABLE, ids=[case.id for case in COMPARABLE])
def test_no_measured_peak_exceeds_what_the_recommendation_leaves_free(case: MeasuredCase) -> None:
    # A machine is chosen only when the estimate fills at most HEADROOM of its memory, so an
    # estimate at most 10% under the real peak still fits; beyond that the client hits an OOM.
    estimate = estimate_memory(case.job(), devices=case.devices, sharded=case.sharded)
    measured = case.measured_bytes / GB
    assert estimate.total >= measured * HEADROOM, (
        f"{case.id}: {estimate.total:.1f} GB estimated, {measured:.1f} GB measured ({case.source})"
    )


def test_full_mixed_precision_costs_twenty_bytes_per_parameter_plus_zero_buckets() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="full"))
    memory = estimate_memory(job)
    states = memory.weights + memory.gradients + memory.optimizer
    assert states == pytest.approx((20 * job.params + ZERO_BUCKET_BYTES) / GB, rel=1e-6)


def test_qlora_weights_take_about_half_a_byte_per_parameter() -> None:
    memory = estimate_memory(normalize(JobSpec(model="llama-3-70b", method="qlora")))
    assert 35 < memory.weights < 42


def test_lora_trains_rank_times_layer_widths() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="lora", lora_rank=8, lora_targets="qv"))
    # q: 4096 -> 4096, v: 4096 -> 1024, 32 layers
    assert trainable_params(job) == 8 * 32 * ((4096 + 4096) + (4096 + 1024))


def test_method_ordering_full_over_lora_over_qlora() -> None:
    totals = [
        estimate_memory(normalize(JobSpec(model="mistral-7b", method=method))).total
        for method in ("full", "lora", "qlora")
    ]
    assert totals[0] > totals[1] > totals[2]


def test_checkpointing_and_memory_efficient_attention_save_activation_memory() -> None:
    base = dict(model="llama-3-8b", method="lora", seq_len=4096, batch_size=4)
    plain = estimate_memory(normalize(JobSpec(**base, gradient_checkpointing=False)))
    checkpointed = estimate_memory(normalize(JobSpec(**base, gradient_checkpointing=True)))
    eager = estimate_memory(
        normalize(JobSpec(**base, gradient_checkpointing=False, attention="eager"))
    )
    assert checkpointed.activations < plain.activations / 5
    assert eager.activations > plain.activations


def test_sharding_divides_model_states_across_devices() -> None:
    job = normalize(JobSpec(model="llama-3.1-70b", method="full"))
    alone = estimate_memory(job)
    sharded = estimate_memory(job, devices=16, sharded=True)
    assert sharded.optimizer == pytest.approx(alone.optimizer / 16)
    assert sharded.total < alone.total / 8


@settings(max_examples=100, deadline=None)
@given(
    small=st.floats(min_value=1e7, max_value=5e11),
    factor=st.floats(min_value=1.01, max_value=4),
    method=st.sampled_from(["full", "lora", "qlora"]),
    checkpointing=st.booleans(),
)
def test_more_parameters_never_cost_less_memory(
    small: float, factor: float, method: str, checkpointing: bool
) -> None:
    common = dict(method=method, gradient_checkpointing=checkpointing, seq_len=1024, batch_size=2)
    smaller = estimate_memory(normalize(JobSpec(params=small, **common)))
    larger = estimate_memory(normalize(JobSpec(params=min(small * factor, 2e12), **common)))
    assert larger.total >= smaller.total
