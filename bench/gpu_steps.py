"""Measure peak GPU memory and throughput of real fine-tuning steps on one CUDA GPU.

Each case builds a Hugging Face model from an inline config with RANDOM weights (nothing is
downloaded: ``AutoModelForCausalLM.from_config`` / ``AutoModelForSequenceClassification
.from_config``), directly on the GPU, and runs a few optimizer steps on synthetic random token
ids: ``WARMUP_STEPS`` untimed steps, then ``TIMED_STEPS`` steps timed with
``torch.cuda.synchronize`` and the wall clock. It records

* peak memory: ``torch.cuda.max_memory_allocated`` / ``max_memory_reserved`` after
  ``reset_peak_memory_stats`` (taken once the model and optimizer exist, so the peak holds the
  weights, gradients, AdamW states, activations and logits of a step);
* throughput: mean seconds per optimizer step, tokens per second and the model-FLOPs
  utilisation (MFU) against the accelerator's dense bf16 peak (989 TFLOP/s for an H200).

Training setup (the one the Hugging Face Trainer uses with ``bf16=True``): bf16 autocast compute,
SDPA attention, ``use_cache=False`` and ``torch.optim.AdamW(fused=True)`` over the trainable
parameters, whose states are fp32:

* full fine-tuning keeps fp32 master weights (``--full-dtype fp32``, the default; plain PyTorch
  AMP) or, with ``--full-dtype bf16``, pure bf16 weights, gradients and AdamW states;
* LoRA (rank 16, alpha 32, dropout 0, ``target_modules="all-linear"``) freezes a bf16 base and
  trains fp32 adapters (PEFT's default ``autocast_adapter_dtype``).

MFU counts 2N FLOPs per token per matmul pass, N = all parameters, attention scores excluded:
full = 6N (forward, input gradients, weight gradients), LoRA = 4N (no weight gradients for the
frozen base), each +2N with gradient checkpointing (the forward pass runs twice).

Every case runs in its own try/except (an OOM is recorded as an ``error`` row and the script goes
on); one line is printed per case and the row is appended to the TOML output at once, so a
timeout keeps what was measured. Cases that would start after ``--time-budget`` seconds are
written as skipped. The largest case (Qwen2.5-14B LoRA) runs last.

Run on a CUDA machine (about 2-3 minutes on one H200; stdlib + torch + transformers + peft)::

    python bench/gpu_steps.py --out bench/data/gpu_steps_h200.toml

Smoke test anywhere (tiny 2-layer configs, CPU when there is no GPU)::

    python bench/gpu_steps.py --tiny --out /tmp/gpu_tiny.toml
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import sys
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import torch

DATE = "2026-12-04"
SOURCE = "bench/gpu_steps.py on one NVIDIA H200 (infrabot device run)"
PEAK_BF16_FLOPS = 989e12  # H200 SXM dense bf16 (no sparsity)
GIB = 2**30
WARMUP_STEPS = 3
TIMED_STEPS = 5
TINY_WARMUP_STEPS = 1
TINY_TIMED_STEPS = 1
DEFAULT_TIME_BUDGET_S = 300.0
LORA_RANK = 16
LORA_ALPHA = 32
ERROR_CHARS = 400

Method = Literal["full", "lora"]
Task = Literal["causal-lm", "classification"]


@dataclass(frozen=True)
class Shape:
    """A model architecture: the registry id (quoting/data/models.toml) and its config."""

    model: str
    task: Task
    config_class: str  # name in `transformers`
    config: dict[str, Any]


SHAPES: dict[str, Shape] = {
    "bert-base": Shape(
        model="bert-base-uncased",
        task="classification",
        config_class="BertConfig",
        config={
            "vocab_size": 30522,
            "hidden_size": 768,
            "num_hidden_layers": 12,
            "num_attention_heads": 12,
            "intermediate_size": 3072,
            "max_position_embeddings": 512,
            "type_vocab_size": 2,
            "num_labels": 2,
        },
    ),
    "qwen2.5-0.5b": Shape(
        model="qwen2-5-0-5b",
        task="causal-lm",
        config_class="Qwen2Config",
        config={
            "vocab_size": 151936,
            "hidden_size": 896,
            "intermediate_size": 4864,
            "num_hidden_layers": 24,
            "num_attention_heads": 14,
            "num_key_value_heads": 2,
            "max_position_embeddings": 32768,
            "rms_norm_eps": 1e-6,
            "tie_word_embeddings": True,
        },
    ),
    "llama-3.2-1b": Shape(
        model="llama-3-2-1b",
        task="causal-lm",
        config_class="LlamaConfig",
        config={
            "vocab_size": 128256,
            "hidden_size": 2048,
            "intermediate_size": 8192,
            "num_hidden_layers": 16,
            "num_attention_heads": 32,
            "num_key_value_heads": 8,
            "max_position_embeddings": 8192,
            "rms_norm_eps": 1e-5,
            "tie_word_embeddings": True,  # as the released Llama-3.2-1B
        },
    ),
    "llama-3-8b": Shape(
        model="llama-3-8b",
        task="causal-lm",
        config_class="LlamaConfig",
        config={
            "vocab_size": 128256,
            "hidden_size": 4096,
            "intermediate_size": 14336,
            "num_hidden_layers": 32,
            "num_attention_heads": 32,
            "num_key_value_heads": 8,
            "max_position_embeddings": 8192,
            "rms_norm_eps": 1e-5,
            "tie_word_embeddings": False,
        },
    ),
    "qwen2.5-14b": Shape(
        model="qwen2-5-14b",
        task="causal-lm",
        config_class="Qwen2Config",
        config={
            "vocab_size": 152064,
            "hidden_size": 5120,
            "intermediate_size": 13824,
            "num_hidden_layers": 48,
            "num_attention_heads": 40,
            "num_key_value_heads": 8,
            "max_position_embeddings": 32768,
            "rms_norm_eps": 1e-5,
            "tie_word_embeddings": False,
        },
    ),
}

# Keys a --tiny run overrides (only those present in a shape's config are applied).
TINY_OVERRIDES: dict[str, int] = {
    "vocab_size": 1000,
    "hidden_size": 64,
    "intermediate_size": 128,
    "num_hidden_layers": 2,
    "num_attention_heads": 4,
    "num_key_value_heads": 2,
    "max_position_embeddings": 512,
}
TINY_SEQ_LEN = 32
TINY_BATCH_SIZE = 2


@dataclass(frozen=True)
class Case:
    shape: str  # key of SHAPES
    method: Method
    seq_len: int
    batch_size: int
    gradient_checkpointing: bool = False

    def case_id(self, accelerator: str) -> str:
        gc_tag = "-gc" if self.gradient_checkpointing else ""
        return (
            f"{accelerator}-{self.shape}-{self.method}-s{self.seq_len}-b{self.batch_size}{gc_tag}"
        )


CASES: list[Case] = [
    Case("bert-base", "full", 128, 32),
    Case("bert-base", "full", 512, 32),
    Case("qwen2.5-0.5b", "full", 1024, 8),
    Case("qwen2.5-0.5b", "lora", 1024, 8),
    Case("llama-3.2-1b", "full", 2048, 4),
    Case("llama-3.2-1b", "lora", 2048, 4),
    Case("llama-3-8b", "lora", 2048, 1),
    Case("llama-3-8b", "lora", 2048, 1, True),
    Case("llama-3-8b", "lora", 2048, 4),
    Case("llama-3-8b", "lora", 2048, 4, True),
    # Short steps, where the host's kernel launches bound the step (quoting.timing's floor).
    Case("bert-base", "full", 128, 1),
    Case("qwen2.5-0.5b", "lora", 256, 1),
    Case("llama-3.2-1b", "lora", 512, 1),
    Case("llama-3-8b", "lora", 256, 1),
    Case("qwen2.5-0.5b", "full", 256, 1),
    Case("llama-3.2-1b", "full", 512, 1),
    Case("llama-3.2-1b", "full", 2048, 1),
    Case("qwen2.5-14b", "lora", 2048, 2, True),  # largest: last, so a timeout loses only it
]


@dataclass
class Settings:
    device: str
    accelerator: str
    gpu_name: str
    gpu_memory_gib: float
    library_versions: str
    torch_version: str
    full_dtype: Literal["fp32", "bf16"]
    warmup_steps: int
    timed_steps: int
    peak_flops: float
    tiny: bool


@dataclass
class Row:
    """One [[case]] table of the output; `fields` keeps insertion order."""

    fields: dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------------------------------------
# TOML output (hand-written: the stdlib only reads TOML)
# ---------------------------------------------------------------------------------------------


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)  # 'nan' / 'inf' / '-inf' are valid TOML floats too
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a valid TOML basic string
    raise TypeError(f"no TOML form for {type(value).__name__}: {value!r}")


def _toml_table(header: str, fields: dict[str, Any]) -> str:
    lines = [header]
    lines += [f"{key} = {_toml_value(value)}" for key, value in fields.items()]
    return "\n".join(lines) + "\n\n"


def _append(path: str, text: str) -> None:
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())


def write_header(path: str, settings: Settings) -> None:
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    header = (
        "# Measured peak memory and throughput of fine-tuning steps on ONE GPU, written by\n"
        "# bench/gpu_steps.py (random-weight models built from inline configs; synthetic tokens).\n"
        "#\n"
        "# Conventions\n"
        "# - peak_allocated_gib / peak_reserved_gib: torch.cuda.max_memory_allocated / reserved\n"
        "#   (GiB = 2**30 bytes) over the warm-up and timed steps, model and optimizer included.\n"
        f"# - step_seconds: mean wall-clock seconds of {settings.timed_steps} timed optimizer\n"
        f"#   steps after {settings.warmup_steps} warm-up steps (synchronized around each).\n"
        "# - tokens_per_second = batch_size * seq_len / step_seconds (one device).\n"
        "# - mfu = flops_per_token * tokens_per_second / peak_flops; flops_per_token in notes.\n"
        "# - full fine-tuning: weights_dtype says fp32 master weights (AMP) or pure bf16; LoRA:\n"
        "#   bf16 frozen base, fp32 adapters. AdamW(fused=True); its states take the\n"
        "#   trainable parameters' dtype. bf16 autocast, SDPA attention, use_cache=False.\n"
        '# - status = "ok" | "error" | "skipped"; error holds the exception (e.g. OOM).\n'
        "\n"
    )
    meta = {
        "as_of": DATE,
        "source": SOURCE,
        "torch_version": settings.torch_version,
        "gpu_name": settings.gpu_name,
        "gpu_memory_gib": settings.gpu_memory_gib,
        "library_versions": settings.library_versions,
        "tiny": settings.tiny,
    }
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(header + _toml_table("[meta]", meta))


def append_row(path: str, row: Row) -> None:
    _append(path, _toml_table("[[case]]", row.fields))


# ---------------------------------------------------------------------------------------------
# Model construction and one training step
# ---------------------------------------------------------------------------------------------


def _dtype_kwarg() -> str:
    """`dtype=` from transformers 4.56 on (the only one in 5.x), `torch_dtype=` before."""
    import transformers

    parts = []
    for piece in transformers.__version__.split(".")[:2]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits or 0))
    major, minor = [*parts, 0, 0][:2]
    return "dtype" if (major, minor) >= (4, 56) else "torch_dtype"


def build_config(shape: Shape, tiny: bool) -> Any:
    import transformers

    values = dict(shape.config)
    if tiny:
        values.update({key: val for key, val in TINY_OVERRIDES.items() if key in values})
    values["use_cache"] = False
    config_class = getattr(transformers, shape.config_class)
    return config_class(**values)


def build_model(shape: Shape, config: Any, dtype: torch.dtype, device: torch.device) -> Any:
    """Random-weight model built directly on `device` (GPU init is fast even for 14B)."""
    import torch
    from transformers import AutoModelForCausalLM, AutoModelForSequenceClassification

    auto = AutoModelForCausalLM if shape.task == "causal-lm" else AutoModelForSequenceClassification
    kwargs: dict[str, Any] = {_dtype_kwarg(): dtype, "attn_implementation": "sdpa"}
    with torch.device(device):
        model = auto.from_config(config, **kwargs)
    # Some versions create buffers outside the device context; make sure all is on `device`.
    model.to(device)
    model.config.use_cache = False
    return model


def enable_checkpointing(model: Any) -> None:
    """Non-reentrant activation checkpointing of every block (the API was renamed in 5.x)."""
    kwargs = {"use_reentrant": False}
    if hasattr(model, "activation_checkpointing_enable"):
        model.activation_checkpointing_enable(activation_checkpointing_kwargs=kwargs)
    else:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs=kwargs)


def count_params(model: Any) -> tuple[int, int]:
    """(all, trainable) parameters, tied weights counted once."""
    seen: set[int] = set()
    total = trainable = 0
    for param in model.parameters():
        if id(param) in seen:
            continue
        seen.add(id(param))
        total += param.numel()
        if param.requires_grad:
            trainable += param.numel()
    return total, trainable


def make_batch(shape: Shape, config: Any, case: Case, device: torch.device) -> dict[str, Any]:
    import torch

    generator = torch.Generator(device=device).manual_seed(0)
    size = (case.batch_size, case.seq_len)
    input_ids = torch.randint(0, config.vocab_size, size, device=device, generator=generator)
    if shape.task == "causal-lm":
        return {"input_ids": input_ids, "labels": input_ids}
    labels = torch.randint(
        0, config.num_labels, (case.batch_size,), device=device, generator=generator
    )
    return {"input_ids": input_ids, "labels": labels}


def flops_per_token(params: int, method: Method, gradient_checkpointing: bool) -> tuple[float, str]:
    passes = 3 if method == "full" else 2  # fwd + input grads (+ weight grads for full)
    if gradient_checkpointing:
        passes += 1  # the forward pass is recomputed during backward
    formula = f"{2 * passes}N"
    return float(2 * passes * params), formula


def _sync(device: torch.device) -> None:
    import torch

    if device.type == "cuda":
        torch.cuda.synchronize(device)


@contextmanager
def _autocast(device: torch.device) -> Iterator[None]:
    import torch

    with torch.autocast(device_type=device.type, dtype=torch.bfloat16):
        yield


def run_case(case: Case, settings: Settings) -> dict[str, Any]:
    """Build, train a few steps and measure one case. Raises on failure (OOM included)."""
    import torch

    device = torch.device(settings.device)
    shape = SHAPES[case.shape]
    config = build_config(shape, settings.tiny)

    if case.method == "full":
        weights_dtype = torch.float32 if settings.full_dtype == "fp32" else torch.bfloat16
        weights_label = "fp32 master + bf16 autocast" if settings.full_dtype == "fp32" else "bf16"
    else:
        weights_dtype = torch.bfloat16
        weights_label = "bf16 frozen base + fp32 LoRA adapters"

    start_build = time.perf_counter()
    model = build_model(shape, config, weights_dtype, device)
    params, _ = count_params(model)
    if case.gradient_checkpointing:
        enable_checkpointing(model)
    if case.method == "lora":
        from peft import LoraConfig, get_peft_model

        if case.gradient_checkpointing:
            model.enable_input_require_grads()
        lora = LoraConfig(
            r=LORA_RANK,
            lora_alpha=LORA_ALPHA,
            lora_dropout=0.0,
            target_modules="all-linear",
            task_type="CAUSAL_LM" if shape.task == "causal-lm" else "SEQ_CLS",
        )
        model = get_peft_model(model, lora)
    model.train()
    _, trainable = count_params(model)
    trainable_params = [param for param in model.parameters() if param.requires_grad]
    optimizer = torch.optim.AdamW(trainable_params, lr=1e-5, fused=device.type == "cuda")
    batch = make_batch(shape, config, case, device)
    _sync(device)
    build_seconds = time.perf_counter() - start_build

    if device.type == "cuda":
        model_allocated = torch.cuda.memory_allocated(device) / GIB
        torch.cuda.reset_peak_memory_stats(device)
    else:
        model_allocated = 0.0

    def step() -> torch.Tensor:
        with _autocast(device):
            loss: torch.Tensor = model(**batch).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        return loss.detach()

    loss = torch.zeros(())
    for _ in range(settings.warmup_steps):
        loss = step()
    _sync(device)
    durations: list[float] = []
    for _ in range(settings.timed_steps):
        _sync(device)
        start = time.perf_counter()
        loss = step()
        _sync(device)
        durations.append(time.perf_counter() - start)
    final_loss = float(loss.float().item())

    if device.type == "cuda":
        peak_allocated = torch.cuda.max_memory_allocated(device) / GIB
        peak_reserved = torch.cuda.max_memory_reserved(device) / GIB
    else:
        peak_allocated = peak_reserved = 0.0

    step_seconds = sum(durations) / len(durations)
    tokens = case.seq_len * case.batch_size
    tokens_per_second = tokens / step_seconds
    per_token, formula = flops_per_token(params, case.method, case.gradient_checkpointing)
    mfu = per_token * tokens_per_second / settings.peak_flops
    if case.method == "full":
        passes = "full: fwd + input grads + weight grads"
    else:
        passes = "LoRA: fwd + input grads, the frozen base has no weight grads"
    if case.gradient_checkpointing:
        passes += " + recomputed fwd (gradient checkpointing)"
    notes = (
        f"mfu = {formula} * tokens_per_second / {settings.peak_flops:.4g} "
        f"(2N FLOPs per token per pass; {passes}; "
        "N = all parameters incl. embeddings; attention-score FLOPs not counted). "
        f"Random weights, synthetic uniform token ids; weights {weights_label}; "
        "AdamW fused, states in the trainable parameters' dtype; SDPA; bf16 autocast."
    )

    result: dict[str, Any] = {
        "params": params,
        "trainable_params": trainable,
        "seq_len": case.seq_len,
        "batch_size": case.batch_size,
        "weights_dtype": weights_label,
        "model_allocated_gib": model_allocated,
        "peak_allocated_gib": peak_allocated,
        "peak_reserved_gib": peak_reserved,
        "step_seconds": step_seconds,
        "step_seconds_min": min(durations),
        "tokens_per_second": tokens_per_second,
        "flops_per_token": per_token,
        "mfu": mfu,
        "loss": final_loss,
        "loss_finite": math.isfinite(final_loss),
        "build_seconds": build_seconds,
        "notes": notes,
    }
    return result  # the model, optimizer and batch die with this frame


def base_row(case: Case, case_id: str, settings: Settings) -> Row:
    shape = SHAPES[case.shape]
    fields: dict[str, Any] = {
        "id": case_id,
        "kind": "measured",
        "model": shape.model,
        "shape": case.shape + (" (tiny)" if settings.tiny else ""),
        "task": shape.task,
        "method": case.method,
        "lora_rank": LORA_RANK if case.method == "lora" else 0,
        "lora_targets": "all-linear" if case.method == "lora" else "",
        "optimizer": "adamw",
        "attention": "sdpa",
        "precision": "bf16",
        "seq_len": case.seq_len,
        "batch_size": case.batch_size,
        "gradient_checkpointing": case.gradient_checkpointing,
        "devices": 1,
        "accelerator": settings.accelerator,
        "warmup_steps": settings.warmup_steps,
        "timed_steps": settings.timed_steps,
    }
    return Row(fields)


def finish_row(row: Row, settings: Settings, status: str, error: str = "") -> Row:
    row.fields.update(
        {
            "status": status,
            "error": error,
            "torch_version": settings.torch_version,
            "gpu_name": settings.gpu_name,
            "date": DATE,
            "source": SOURCE,
        }
    )
    return row


def _free_memory(device: str) -> None:
    import torch

    gc.collect()
    if device.startswith("cuda"):
        torch.cuda.synchronize()
        torch.cuda.empty_cache()


def _library_versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    found = []
    for name in ("torch", "transformers", "peft"):
        try:
            found.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            found.append(f"{name} missing")
    return ", ".join(found)


def _accelerator(gpu_name: str) -> str:
    lowered = gpu_name.lower()
    for token in ("h200", "h100", "a100", "l40s", "a10g", "l4", "a10", "v100", "t4", "b200"):
        if token in lowered:
            return token
    return "cpu" if lowered == "cpu" else "other"


def _format_line(row: Row) -> str:
    f = row.fields
    head = f"{f['id']:<40} {f['status']:<7}"
    if f["status"] != "ok":
        return f"{head} {f['error']}"
    return (
        f"{head} params={f['params'] / 1e9:.3f}B trainable={f['trainable_params'] / 1e6:.1f}M "
        f"peak={f['peak_allocated_gib']:.2f}GiB (reserved {f['peak_reserved_gib']:.2f}) "
        f"step={f['step_seconds']:.3f}s tok/s={f['tokens_per_second']:.0f} mfu={f['mfu']:.3f} "
        f"loss={f['loss']:.3f} build={f['build_seconds']:.1f}s"
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    out_dir = os.environ.get("OUT")
    default_out = os.path.join(out_dir, "gpu_steps.toml") if out_dir else "gpu_steps.toml"
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=default_out, help=f"output TOML (default {default_out})")
    parser.add_argument(
        "--tiny", action="store_true", help="tiny configs, CPU if no CUDA (smoke test)"
    )
    parser.add_argument(
        "--cases",
        default="",
        help="comma-separated substrings; run only cases whose id contains one",
    )
    parser.add_argument(
        "--full-dtype",
        choices=("fp32", "bf16"),
        default="fp32",
        help="full fine-tuning weights: fp32 master + bf16 autocast (default) or pure bf16",
    )
    parser.add_argument(
        "--time-budget",
        type=float,
        default=DEFAULT_TIME_BUDGET_S,
        help="seconds after which no new case starts (the rest are written as skipped)",
    )
    parser.add_argument("--peak-tflops", type=float, default=PEAK_BF16_FLOPS / 1e12)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.perf_counter()

    import torch
    import transformers

    transformers.logging.set_verbosity_error()
    # transformers 5.x deprecation notes (gradient -> activation checkpointing renames)
    warnings.filterwarnings("ignore", category=FutureWarning)
    if torch.cuda.is_available():
        device = "cuda:0"
        gpu_name = torch.cuda.get_device_name(0)
        gpu_memory = torch.cuda.get_device_properties(0).total_memory / GIB
        torch.backends.cuda.matmul.allow_tf32 = True
    elif args.tiny:
        device, gpu_name, gpu_memory = "cpu", "cpu", 0.0
    else:
        print("no CUDA device; run with --tiny for a CPU smoke test", file=sys.stderr)
        return 2
    settings = Settings(
        device=device,
        accelerator=_accelerator(gpu_name),
        gpu_name=gpu_name,
        gpu_memory_gib=gpu_memory,
        library_versions=_library_versions(),
        torch_version=torch.__version__,
        full_dtype=args.full_dtype,
        warmup_steps=TINY_WARMUP_STEPS if args.tiny else WARMUP_STEPS,
        timed_steps=TINY_TIMED_STEPS if args.tiny else TIMED_STEPS,
        peak_flops=args.peak_tflops * 1e12,
        tiny=args.tiny,
    )
    wanted = [piece for piece in args.cases.split(",") if piece]
    cases: list[tuple[str, Case]] = []
    for case in CASES:
        case_id = case.case_id(settings.accelerator)
        if wanted and not any(piece in case_id for piece in wanted):
            continue
        if args.tiny:  # keep the full-size id (unique), prefixed
            case_id = f"tiny-{case_id}"
            case = replace(case, seq_len=TINY_SEQ_LEN, batch_size=TINY_BATCH_SIZE)
        cases.append((case_id, case))

    write_header(args.out, settings)
    print(
        f"gpu_steps: {len(cases)} cases on {gpu_name} ({settings.library_versions}) -> {args.out}",
        flush=True,
    )
    failures = 0
    for case_id, case in cases:
        row = base_row(case, case_id, settings)
        elapsed = time.perf_counter() - started
        if elapsed > args.time_budget:
            reason = f"time budget {args.time_budget:.0f}s spent ({elapsed:.0f}s)"
            finish_row(row, settings, "skipped", reason)
        else:
            error = ""
            result: dict[str, Any] = {}
            try:
                result = run_case(case, settings)
            except Exception as exc:  # OOM or any failure: record it and go on
                error = f"{type(exc).__name__}: {' '.join(str(exc).split())}"[:ERROR_CHARS]
            # Cleanup outside the except block, once the traceback (and its frames) is gone.
            _free_memory(device)
            if error:
                failures += 1
                finish_row(row, settings, "error", error)
            else:
                row.fields.update(result)
                finish_row(row, settings, "ok")
        append_row(args.out, row)
        print(_format_line(row), flush=True)
    total = time.perf_counter() - started
    print(f"gpu_steps: done in {total:.0f}s, {failures} failed -> {args.out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
