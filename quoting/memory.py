"""Peak GPU/TPU memory of one training step, per device, broken down by what holds it.

The byte counts follow what PyTorch + Hugging Face Transformers/PEFT keep alive in a step:

* Mixed precision (bf16/fp16) full fine-tuning keeps fp32 master weights plus the 16-bit working
  copy (6 bytes/param), 16-bit gradients and their fp32 copy for the update (6) and AdamW's two
  fp32 moments (8): 20 bytes per parameter, the layout of DeepSpeed's bf16/fp16 optimizer that
  the Hugging Face Trainer uses for full fine-tuning. Plain PyTorch AMP needs 18 (Hugging Face,
  "Model training anatomy", https://huggingface.co/docs/transformers/model_memory_anatomy), but
  the Qwen README measures 43.5 G for a 1.8B full fine-tune on one A100, which 18 bytes would
  under-estimate by 13-19% (bench/estimator_accuracy.py). DeepSpeed also keeps gradient
  buckets: two reduce buckets (overlap_comm) and one all-gather bucket of 2e8 16-bit elements
  each in the Qwen and Hugging Face example configs (finetune/ds_config_zero2.json).
* LoRA freezes the base in the compute precision and trains fp32 adapters of rank r on every
  linear layer of each block (q, k, v, o, gate, up, down; the QLoRA paper's recipe,
  arXiv:2305.14314 sec. 3). QLoRA stores those linear layers in 4-bit NF4 with double
  quantisation: 4 + 8/64 + 32/(64*256) = 4.127 bits per weight (same paper, sec. 3);
  embeddings and the output head stay in 16 bits, as bitsandbytes leaves them.
* Activations per token and layer follow Korthikanti et al. 2022 (arXiv:2205.05198, sec. 4.1),
  recounted for gated MLPs, grouped-query attention, rotary embeddings and the fp32 upcast in
  RMSNorm; eager attention adds the softmax scores (bf16 and the fp32 upcast), memory-efficient
  attention (SDPA/FlashAttention) does not store them. With gradient checkpointing only each
  block's input is kept, plus one block recomputed at a time.
* The logits of a causal LM are materialised as bf16, upcast to fp32 for the loss, and the loss
  keeps its fp32 log-softmax and gradient: 12 bytes per token per vocabulary entry.
* Runtime overhead: CUDA context and cuBLAS workspaces (1 GB) plus allocator fragmentation.
* Sharding (ZeRO-3/FSDP) divides weights, gradients and optimizer states by the device count
  and adds the two blocks gathered at a time (the one running and the one prefetched). ZeRO-3
  replaces ZeRO-2's fixed buckets by one reduce bucket of hidden_size^2 16-bit elements, the
  Hugging Face "auto" value (https://huggingface.co/docs/transformers/deepspeed, ZeRO-3 config);
  FSDP keeps none beyond the gathered blocks.
"""

from pydantic import BaseModel

from quoting.jobspec import Job

GB = 1e9
NF4_BITS = 4 + 8 / 64 + 32 / (64 * 256)
ADAPTER_BYTES = 4  # PEFT keeps LoRA weights in fp32
LORA_DROPOUT_BYTES = 3  # dropout mask (1) + dropped input (2) per adapted input element
LOGIT_BYTES = 12
CONTEXT_GB = 1.0
FRAGMENTATION = 0.10
MIXED_GRADIENT_BYTES = 6  # 16-bit gradients and their fp32 copy
ZERO_BUCKET_BYTES = 3 * 2e8 * 2  # DeepSpeed reduce (x2) and all-gather buckets
OPTIMIZER_BYTES = {"adamw": 8.0, "adamw-8bit": 2.0, "sgd": 4.0}
# Calibration factor on activations, from bench/estimator_accuracy.py against published
# measured peaks (see tests/test_memory.py for the cases and their sources).
ACTIVATION_CALIBRATION = 1.0


class MemoryParts(BaseModel):
    """GB per device (1 GB = 10^9 bytes), by what holds them."""

    total: float
    weights: float
    gradients: float
    optimizer: float
    activations: float
    logits: float
    overhead: float

    def rounded(self) -> "MemoryParts":
        return MemoryParts(**{k: round(getattr(self, k), 2) for k in MemoryParts.model_fields})


class MemoryEstimate(MemoryParts):
    trainable_params: float
    devices: int
    sharded: bool


def _adapted_shapes(job: Job) -> list[tuple[int, int]]:
    """(d_in, d_out) of each linear layer LoRA adapts in one block, MoE experts included."""
    arch = job.architecture
    h, a, kv, f = arch.hidden_size, arch.attention_dim, arch.kv_dim, arch.intermediate_size
    q, k, v, o = (h, a), (h, kv), (h, kv), (a, h)
    if job.lora_targets == "qv":
        return [q, v]
    attention = [q, k, v, o]
    if job.lora_targets == "attention":
        return attention
    mlp = [(h, f), (h, f), (f, h)] if arch.mlp == "gated" else [(h, f), (f, h)]
    return attention + mlp * arch.experts


def trainable_params(job: Job) -> float:
    if job.method == "full":
        return job.params
    assert job.lora_rank is not None
    per_block = sum(d_in + d_out for d_in, d_out in _adapted_shapes(job))
    return float(job.lora_rank * job.architecture.layers * per_block)


def _weight_bytes(job: Job) -> float:
    arch = job.architecture
    if job.method == "qlora":
        linear = job.params - arch.embedding_params
        return linear * NF4_BITS / 8 + arch.embedding_params * 2
    if job.precision == "fp32":
        return job.params * 4
    if job.method == "full":
        return job.params * 6  # fp32 master + autocast's bf16 copy
    return job.params * 2


def _block_activation_bytes(job: Job) -> float:
    """Bytes one block keeps per token for its backward pass (16-bit activations)."""
    arch = job.architecture
    h, a, kv, f = arch.hidden_size, arch.attention_dim, arch.kv_dim, arch.intermediate_size
    gated = arch.mlp == "gated"
    norms = 2 * (10 * h if gated else 2 * h)  # RMSNorm upcasts to fp32; LayerNorm does not
    attention = 2 * h + 2 * (a + 2 * kv) + 2 * a
    if arch.architecture != "encoder":
        attention += 4 * (a + kv)  # rotary embeddings keep rotated copies of q and k
    if job.attention == "eager":
        attention += 6 * arch.heads * job.seq_len
    mlp = 2 * h + (8 * f if gated else 5 * f)
    mlp *= arch.experts_per_token
    lora = 0.0
    if job.trains_adapters:
        routed = _adapted_shapes(job)[: 4 + (3 if gated else 2)]  # dropout runs per routed token
        lora = LORA_DROPOUT_BYTES * sum(d_in for d_in, _ in routed)
    per_token = norms + attention + mlp + lora
    return per_token * (2 if job.precision == "fp32" else 1)


def _activation_bytes(job: Job) -> float:
    arch = job.architecture
    tokens = job.seq_len * job.batch_size
    block = _block_activation_bytes(job) * tokens * ACTIVATION_CALIBRATION
    if job.gradient_checkpointing:
        boundary = arch.hidden_size * 2 * (2 if job.precision == "fp32" else 1) * tokens
        return arch.layers * boundary + block
    return arch.layers * block


def _logit_bytes(job: Job) -> float:
    if job.architecture.architecture == "encoder":
        return 0.0  # classification heads: a handful of labels, not a vocabulary
    return float(job.seq_len * job.batch_size * job.architecture.vocab_size * LOGIT_BYTES)


def estimate_memory(job: Job, devices: int = 1, sharded: bool = False) -> MemoryEstimate:
    """Peak memory per device when the job runs data-parallel on `devices` devices."""
    trainable = trainable_params(job)
    weights = _weight_bytes(job)
    trainable_weights = trainable * ADAPTER_BYTES if job.trains_adapters else 0.0
    mixed_full = job.method == "full" and job.precision != "fp32"
    gradients = trainable * (MIXED_GRADIENT_BYTES if mixed_full else 4)
    buckets = 0.0
    if mixed_full:
        hidden = job.architecture.hidden_size
        buckets = hidden * hidden * 2 if sharded and devices > 1 else ZERO_BUCKET_BYTES
    optimizer = trainable * OPTIMIZER_BYTES[job.optimizer]
    states_divisor = devices if sharded else 1
    gathered = 0.0
    if sharded and devices > 1:
        arch = job.architecture
        block_params = (job.params - arch.embedding_params) / arch.layers
        gathered = 2 * block_params * (4 if job.precision == "fp32" else 2)
    weights = (weights + trainable_weights) / states_divisor + gathered
    gradients = gradients / states_divisor + buckets
    optimizer /= states_divisor
    activations = _activation_bytes(job)
    logits = _logit_bytes(job)
    subtotal = weights + gradients + optimizer + activations + logits
    overhead = CONTEXT_GB * GB + FRAGMENTATION * subtotal
    return MemoryEstimate(
        total=(subtotal + overhead) / GB,
        weights=weights / GB,
        gradients=gradients / GB,
        optimizer=optimizer / GB,
        activations=activations / GB,
        logits=logits / GB,
        overhead=overhead / GB,
        trainable_params=trainable,
        devices=devices,
        sharded=sharded,
    )
