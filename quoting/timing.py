"""Training FLOPs and wall-clock hours of a job on a given set of accelerators."""

from functools import cache
from pathlib import Path

from pydantic import BaseModel

from quoting.catalog import Accelerator
from quoting.datafiles import DATA_DIR, Sourced, load
from quoting.jobspec import Job
from quoting.memory import trainable_params


class Utilisation(Sourced):
    gpu_max_mfu: float
    tpu_max_mfu: float
    older_gpu_mfu_factor: float
    older_gpu_before: int
    half_tokens: float
    half_hidden: float


class Scaling(Sourced):
    nvlink: float
    pcie: float
    ici: float
    multi_instance: float


class Overheads(Sourced):
    setup_hours: float
    checkpoint_fraction: float
    spot_interruption_fraction: float
    sharding_fraction: float


class MethodFactor(Sourced):
    full: float
    lora: float
    qlora: float


class Performance(BaseModel):
    utilisation: Utilisation
    method_factor: MethodFactor
    scaling: Scaling
    overheads: Overheads


@cache
def load_performance(path: Path = DATA_DIR / "performance.toml") -> Performance:
    return load(path, Performance)


class TimeEstimate(BaseModel):
    hours: float
    training_hours: float
    setup_hours: float
    mfu: float
    scaling_efficiency: float


def flops_per_token(job: Job) -> float:
    """Training FLOPs per token: 2N per pass over the weights, with the passes being the forward
    and the backward's input gradients (plus weight gradients in full fine-tuning: 6N in all,
    Kaplan et al. 2020; 4N with frozen weights), one more forward under gradient checkpointing,
    and the attention scores, 12*layers*d_attn*seq per token (PaLM, arXiv:2204.02311, app. B)."""
    arch = job.architecture
    recompute = 1 if job.gradient_checkpointing else 0
    weight_passes = (3 if job.method == "full" else 2) + recompute
    attention = 4 * arch.layers * arch.attention_dim * job.seq_len * (3 + recompute)
    return 2 * job.active_params * weight_passes + attention


def train_flops(job: Job) -> float:
    return flops_per_token(job) * job.total_tokens


def peak_flops(accelerator: Accelerator, job: Job) -> float:
    """Dense peak in FLOP/s at the job's precision. fp32 runs as TF32 (half the 16-bit rate) on
    Ampere and later; older cards have no TF32 and run fp32 at about 1/8 of their fp16 rate."""
    peak = accelerator.tflops * 1e12
    if job.precision == "fp32":
        return peak * (0.5 if accelerator.generation >= 2020 else 0.125)
    return peak


def utilisation(accelerator: Accelerator, job: Job) -> float:
    perf = load_performance()
    u = perf.utilisation
    if accelerator.kind == "tpu":
        ceiling = u.tpu_max_mfu
    else:
        ceiling = u.gpu_max_mfu
        if accelerator.generation < u.older_gpu_before:
            ceiling *= u.older_gpu_mfu_factor
    tokens = job.seq_len * job.batch_size
    hidden = job.architecture.hidden_size
    return (
        ceiling
        * tokens
        / (tokens + u.half_tokens)
        * hidden
        / (hidden + u.half_hidden)
        * float(getattr(perf.method_factor, job.method))
    )


def scaling_efficiency(accelerator: Accelerator, devices: int, instances: int) -> float:
    if devices * instances == 1:
        return 1.0
    scaling = load_performance().scaling
    efficiency = float(getattr(scaling, accelerator.interconnect))
    if instances > 1:
        efficiency *= scaling.multi_instance
    return efficiency


# An AdamW step reads fp32 weights, gradients and both moments (16 bytes) and writes weights and
# moments (12 bytes) plus the 16-bit copy (2): memory-bound, so it costs bytes / bandwidth.
OPTIMIZER_STEP_BYTES = 30


def optimizer_seconds(job: Job, accelerator: Accelerator, devices: int, sharded: bool) -> float:
    """Time spent in optimizer steps: negligible for LoRA, large for full fine-tuning of big
    models with few tokens per step."""
    steps = job.total_tokens / (job.seq_len * job.batch_size * devices)
    params_per_device = trainable_params(job) / (devices if sharded else 1)
    return steps * params_per_device * OPTIMIZER_STEP_BYTES / (accelerator.bandwidth_gbps * 1e9)


def estimate_time(
    job: Job, accelerator: Accelerator, devices: int, instances: int = 1, sharded: bool = False
) -> TimeEstimate:
    """Hours on `instances` instances of `devices` accelerators each, set-up included."""
    overheads = load_performance().overheads
    mfu = utilisation(accelerator, job)
    efficiency = scaling_efficiency(accelerator, devices, instances)
    if sharded:
        efficiency *= 1 - overheads.sharding_fraction
    total_devices = devices * instances
    rate = peak_flops(accelerator, job) * mfu * efficiency * total_devices
    seconds = train_flops(job) / rate + optimizer_seconds(job, accelerator, total_devices, sharded)
    training = seconds / 3600 * (1 + overheads.checkpoint_fraction)
    if job.spot:
        training *= 1 + overheads.spot_interruption_fraction
    return TimeEstimate(
        hours=training + overheads.setup_hours,
        training_hours=training,
        setup_hours=overheads.setup_hours,
        mfu=mfu,
        scaling_efficiency=efficiency,
    )
