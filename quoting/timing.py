"""Training FLOPs and wall-clock hours of a job on a given set of accelerators.

A micro-step takes the longest of: its FLOPs / (peak x achieved utilisation of the accelerator
family and method), the ZeRO-3/FSDP weight gathers (overlapped with compute) and the host's
kernel launches (a fixed cost per layer that bounds short steps); QLoRA adds the dequantisation
of every weight on each pass. Each optimizer step adds the AdamW update (memory-bound) and, for
plain data parallelism, the gradient all-reduce. The figures are fitted on
bench/data/measured_throughput.toml (bench/fit_time_model.py); safety is a separate, visible
contingency, not a low utilisation.
"""

import math
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field

from quoting.catalog import Accelerator
from quoting.datafiles import DATA_DIR, Sourced, load
from quoting.jobspec import Job
from quoting.memory import trainable_params
from quoting.topology import Interconnect, Placement
from quoting.units import tenths_up


class Family(Sourced):
    """Accelerators that share an achieved utilisation, by method (MFU on well-fed steps)."""

    id: str
    accelerators: list[str]
    full: float = Field(gt=0, le=1)
    lora: float = Field(gt=0, le=1)
    qlora: float = Field(gt=0, le=1)
    layer_overhead_ms: float = Field(ge=0)


class StepCosts(Sourced):
    optimizer_bytes_per_param: float = Field(gt=0)
    full_layer_factor: float = Field(gt=0)
    sharded_layer_factor: float = Field(gt=0)
    dequant_bytes_per_param: float = Field(ge=0)
    causal_attention_share: float = Field(gt=0, le=1)
    fp32_rate_modern: float = Field(gt=0, le=1)
    fp32_rate_older: float = Field(gt=0, le=1)
    tf32_since: int


class Overheads(Sourced):
    setup_hours: float = Field(ge=0)
    checkpoint_fraction: float = Field(ge=0)
    spot_interruption_fraction: float = Field(ge=0)
    checkpoint_minutes: int = Field(gt=0)
    contingency_fraction: float = Field(ge=0)


class Performance(BaseModel):
    family: list[Family]
    step: StepCosts
    interconnect: Interconnect
    overheads: Overheads

    def family_of(self, accelerator: Accelerator) -> Family:
        for family in self.family:
            if accelerator.id in family.accelerators:
                return family
        fallback = "tpu" if accelerator.kind == "tpu" else "gpu-other"
        return next(f for f in self.family if f.id == fallback)


@cache
def load_performance(path: Path = DATA_DIR / "performance.toml") -> Performance:
    return load(path, Performance)


class TimeEstimate(BaseModel):
    hours: float
    training_hours: float
    contingency_hours: float
    contingency_fraction: float
    setup_hours: float
    mfu: float
    communication_fraction: float


def _weight_passes(job: Job) -> int:
    """Passes over the weights per token: the forward and the backward's input gradients, plus
    weight gradients in full fine-tuning, plus one more forward under gradient checkpointing."""
    return (3 if job.method == "full" else 2) + (1 if job.gradient_checkpointing else 0)


def _attention_flops(job: Job) -> float:
    arch = job.architecture
    passes = 3 + (1 if job.gradient_checkpointing else 0)
    return 4 * arch.layers * arch.attention_dim * job.seq_len * passes


def flops_per_token(job: Job) -> float:
    """Training FLOPs per token as MFU is reported: 2N per pass over the weights (6N in full
    fine-tuning, Kaplan et al. 2020; 4N with frozen weights; one pass more under gradient
    checkpointing) and the attention scores, 12*layers*d_attn*seq per token (PaLM,
    arXiv:2204.02311, app. B)."""
    return 2 * job.active_params * _weight_passes(job) + _attention_flops(job)


def executed_flops_per_token(job: Job) -> float:
    """What the kernels actually run: causal attention kernels (FlashAttention, SDPA) skip the
    masked half of the scores that the reporting convention counts."""
    share = load_performance().step.causal_attention_share
    return 2 * job.active_params * _weight_passes(job) + _attention_flops(job) * share


def train_flops(job: Job) -> float:
    return flops_per_token(job) * job.total_tokens


def peak_flops(accelerator: Accelerator, job: Job) -> float:
    """Dense peak in FLOP/s at the job's precision. fp32 runs as TF32 (half the 16-bit rate) on
    Ampere and later; older cards have no TF32 and run fp32 at about 1/8 of their fp16 rate."""
    peak = accelerator.tflops * 1e12
    if job.precision == "fp32":
        step = load_performance().step
        modern = accelerator.generation >= step.tf32_since
        return peak * (step.fp32_rate_modern if modern else step.fp32_rate_older)
    return peak


def utilisation(accelerator: Accelerator, job: Job) -> float:
    """Achieved fraction of peak in the matrix work of a well-fed step (fitted per family)."""
    family = load_performance().family_of(accelerator)
    return float(getattr(family, job.method))


def _stored_weight_bytes(job: Job) -> float:
    if job.method == "qlora":
        return job.params * 0.5  # 4-bit base weights are what ZeRO-3/FSDP gathers
    return job.params * (4 if job.precision == "fp32" else 2)


def _spread_seconds(data: float, placement: Placement, span: int) -> float:
    """One all-gather or reduce-scatter of a `data`-byte tensor over `span` devices. Inside an
    instance, or over a TPU slice's single torus, a ring on the fast link moves (n-1)/n of it;
    across GPU instances NCCL goes hierarchically: a ring inside each instance, and each
    instance's share crosses the network once, split over its devices' cards."""
    if span <= 1:
        return 0.0
    per = placement.devices_per_instance
    if span <= per or placement.inter_gbps >= placement.intra_gbps:
        return data * (span - 1) / span / (placement.intra_gbps * 1e9)
    nodes = span // per
    inside = data * (per - 1) / per / (placement.intra_gbps * 1e9)
    across = data / per * (nodes - 1) / nodes / (placement.inter_gbps * 1e9)
    return inside + across


def _gather_seconds(job: Job, placement: Placement) -> float:
    """ZeRO-3/FSDP per micro-step: all-gather of the weights for the forward and again for the
    backward, and reduce-scatter of the trainable gradients, over the shard group."""
    moved = 2 * _stored_weight_bytes(job) + trainable_params(job) * 2
    return _spread_seconds(moved, placement, placement.shard_group)


def _reduce_seconds(job: Job, placement: Placement) -> float:
    """Gradients crossing replicas once per optimizer step as an all-reduce (a reduce-scatter
    and an all-gather) of 16-bit gradients: over every device under plain data parallelism, and
    of each device's shard among the instances under HSDP (over the network)."""
    trainable_bytes = trainable_params(job) * 2
    if placement.parallelism == "data":
        return 2 * _spread_seconds(trainable_bytes, placement, placement.devices)
    if placement.parallelism == "hsdp":
        n = placement.instances
        shard = trainable_bytes / placement.devices_per_instance
        return 2 * (n - 1) / n * shard / (placement.inter_gbps * 1e9)
    return 0.0


def step_seconds(
    job: Job, accelerator: Accelerator, placement: Placement, accumulation: int = 1
) -> tuple[float, float]:
    """Seconds of one optimizer step (`accumulation` micro-steps on every device) and the part
    of it spent waiting on communication."""
    perf = load_performance()
    family = perf.family_of(accelerator)
    tokens = job.seq_len * job.batch_size
    rate = peak_flops(accelerator, job) * utilisation(accelerator, job)
    compute = executed_flops_per_token(job) * tokens / rate
    # The host launches kernels ahead of the device: small steps are bound by the launches.
    launches = family.layer_overhead_ms / 1000 * job.architecture.layers
    if job.method == "full":
        launches *= perf.step.full_layer_factor
    if placement.sharded:  # ZeRO-3/FSDP hooks gather, free and reduce around every layer
        launches *= perf.step.sharded_layer_factor
    group = placement.shard_group
    gather = _gather_seconds(job, placement)
    busy = max(compute, gather, launches)
    dequant = 0.0
    if job.method == "qlora":
        # Every 4-bit weight is dequantised on each pass, whatever the number of tokens.
        moved = job.params / group * perf.step.dequant_bytes_per_param
        dequant = _weight_passes(job) * moved / (accelerator.bandwidth_gbps * 1e9)
    micro = busy + dequant
    optimizer = (
        trainable_params(job)
        / group
        * perf.step.optimizer_bytes_per_param
        / (accelerator.bandwidth_gbps * 1e9)
    )
    step = accumulation * micro + optimizer + _reduce_seconds(job, placement)
    waiting = accumulation * (busy - max(compute, launches)) + _reduce_seconds(job, placement)
    return step, waiting


def estimate_time(
    job: Job, accelerator: Accelerator, placement: Placement, accumulation: int = 1
) -> TimeEstimate:
    """Hours on the placement's devices: calibrated training time (checkpoints and spot
    restarts included), the contingency on top of it, and set-up. Quotes assume an optimizer
    step per micro-batch (`accumulation` = 1), the slower case."""
    overheads = load_performance().overheads
    total = placement.devices
    step, waiting = step_seconds(job, accelerator, placement, accumulation)
    tokens_per_step = job.seq_len * job.batch_size * total * accumulation
    steps = math.ceil(job.total_tokens / tokens_per_step)
    training = steps * step / 3600 * (1 + overheads.checkpoint_fraction)
    if job.spot:
        training *= 1 + overheads.spot_interruption_fraction
    # Tenths of an hour, rounded up, part by part: the parts a quote shows add up to the hours
    # it bills, in the chat, the PDF, the JSON and the plan alike.
    training = tenths_up(training)
    contingency = tenths_up(training * overheads.contingency_fraction)
    achieved = flops_per_token(job) * tokens_per_step / step
    return TimeEstimate(
        hours=round(training + contingency + overheads.setup_hours, 1),
        training_hours=training,
        contingency_hours=contingency,
        contingency_fraction=overheads.contingency_fraction,
        setup_hours=overheads.setup_hours,
        mfu=achieved / (peak_flops(accelerator, job) * total),
        communication_fraction=waiting / step,
    )
