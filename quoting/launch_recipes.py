"""The training recipes a launch plan runs, with the quote's settings: TRL's `trl sft` on GPUs,
MaxText on TPUs, each resuming from its newest checkpoint and cleaning up at the end."""

import re
from typing import Any

from pydantic import BaseModel

from quoting.jobspec import Job
from quoting.quote import Option
from quoting.registry import load_registry
from quoting.topology import Parallelism

# SkyPilot's accelerator names for the catalog's GPUs, and whether each computes in bf16
# (Turing and Volta do not: the job runs in fp16 there, with the same memory).
GPUS: dict[str, tuple[str, bool]] = {
    "t4": ("T4", False),
    "v100": ("V100", False),
    "a10g": ("A10G", True),
    "a10": ("A10", True),
    "l4": ("L4", True),
    "l4-half": ("L4", True),  # g6f: half an L4 through vGPU, pinned by instance type
    "l40s": ("L40S", True),
    "a100-40gb": ("A100", True),
    "a100-80gb": ("A100-80GB", True),
    "h100": ("H100", True),
    # PCIe and NVL cards share SkyPilot's H100 name: the plan pins them by instance type.
    "h100-pcie": ("H100", True),
    "h100-nvl": ("H100", True),
    "h200": ("H200", True),
}
# Common starting points: TRL's SFT examples use 2e-5 for full fine-tuning and 2e-4 for LoRA.
LEARNING_RATE = {"full": "2.0e-5", "lora": "2.0e-4", "qlora": "2.0e-4"}
OPTIMIZERS = {"adamw": "adamw_torch", "adamw-8bit": "adamw_bnb_8bit", "sgd": "sgd"}
LORA_MODULES = {
    "all-linear": "all-linear",
    "attention": "q_proj k_proj v_proj o_proj",
    "qv": "q_proj v_proj",
}
DATA_DIR = "/dados"
CHECKPOINT_DIR = "/checkpoints"
SCRATCH_DIR = "/tmp/infrabot-scratch"


class PlanSettings(BaseModel):
    """The training settings the plan runs with: exactly those the quote's estimate assumed."""

    method: str
    precision: str
    optimizer: str
    lora_rank: int | None
    lora_targets: str | None
    seq_len: int
    micro_batch: int
    gradient_checkpointing: bool
    attention: str
    epochs: float
    devices: int
    nodes: int
    parallelism: Parallelism
    steps: int
    save_steps: int
    memory_per_device_gb: float


def hugging_face_repo(job: Job) -> str:
    """The model's Hugging Face repository, from the registry entry's config.json source."""
    if job.model is None:
        return ""
    entry = load_registry().find(job.model)
    match = re.search(r"huggingface\.co/([^/]+/[^/]+)/", entry.source if entry else "")
    return match.group(1) if match else ""


def _common_envs(job: Job, settings: PlanSettings) -> dict[str, str]:
    # SkyPilot reads every env value as a string; writing them so keeps the YAML unambiguous.
    values: dict[str, object] = {
        "MODEL": hugging_face_repo(job),
        "METHOD": settings.method,
        "SEQ_LEN": settings.seq_len,
        "MICRO_BATCH": settings.micro_batch,
        "GRADIENT_CHECKPOINTING": str(settings.gradient_checkpointing).lower(),
        "EPOCHS": settings.epochs,
        "STEPS": settings.steps,
        "SAVE_STEPS": settings.save_steps,
        "LEARNING_RATE": LEARNING_RATE[settings.method],
        "NUM_DEVICES": settings.devices,
        "SHARDED": str(settings.parallelism != "data").lower(),
        "PARALLELISM": settings.parallelism,
    }
    return {key: str(value) for key, value in values.items()}


# HSDP as quoted: FSDP sharded inside each machine and replicated across machines, so the weight
# gathers of every layer stay on NVLink and only gradients cross the network.
HSDP_CONFIG_PATH = f"{SCRATCH_DIR}/hsdp.yaml"
_HSDP_CONFIG = (
    f"mkdir -p {SCRATCH_DIR}\n"
    f"cat > {HSDP_CONFIG_PATH} <<'YAML'\n"
    "compute_environment: LOCAL_MACHINE\n"
    "distributed_type: FSDP\n"
    "mixed_precision: bf16\n"
    "fsdp_config:\n"
    "  fsdp_sharding_strategy: HYBRID_SHARD\n"
    "  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP\n"
    "  fsdp_state_dict_type: SHARDED_STATE_DICT\n"
    "  fsdp_use_orig_params: true\n"
    "  fsdp_sync_module_states: true\n"
    "YAML\n"
)

_CLEANUP = (
    "# Last step, only after a finished run: keep the final model, delete the rest.\n"
    f"rm -rf {CHECKPOINT_DIR}/checkpoint-* {SCRATCH_DIR}\n"
)


def trl_recipe(job: Job, option: Option, settings: PlanSettings) -> dict[str, Any]:
    envs = _common_envs(job, settings)
    bf16 = GPUS[option.accelerator][1]
    precision = {"fp32": "", "fp16": "--fp16"}.get(job.precision, "--bf16" if bf16 else "--fp16")
    envs.update(
        PRECISION=precision,
        OPTIMIZER=OPTIMIZERS[job.optimizer],
        ATTENTION=job.attention,
        LORA_RANK=str(settings.lora_rank or 0),
        LORA_TARGETS=LORA_MODULES[settings.lora_targets or "all-linear"],
    )
    flags = [
        '--model_name_or_path "$MODEL"',
        f"--dataset_name {DATA_DIR}",
        f"--output_dir {CHECKPOINT_DIR}",
        "--max_length $SEQ_LEN",
        "--per_device_train_batch_size $MICRO_BATCH",
        "--gradient_accumulation_steps 1",
        "--num_train_epochs $EPOCHS",
        "--learning_rate $LEARNING_RATE",
        "$PRECISION",
        "--optim $OPTIMIZER",
        "--attn_implementation $ATTENTION",
        "--save_strategy steps",
        "--save_steps $SAVE_STEPS",
        "--save_total_limit 2",
        "--num_processes $NUM_DEVICES",
    ]
    if settings.gradient_checkpointing:
        flags.append("--gradient_checkpointing")
    if settings.method != "full":
        flags += [
            "--use_peft",
            "--lora_r $LORA_RANK",
            "--lora_alpha $((2 * LORA_RANK))",
            "--lora_target_modules $LORA_TARGETS",
        ]
    if settings.method == "qlora":
        flags += ["--load_in_4bit", "--bnb_4bit_quant_type nf4", "--use_bnb_nested_quant"]
    if settings.parallelism == "fsdp":
        flags.append("--accelerate_config zero3")
    elif settings.parallelism == "hsdp":
        flags.append(f"--accelerate_config {HSDP_CONFIG_PATH}")
    if settings.nodes > 1:
        flags += [
            f"--num_machines {settings.nodes}",
            "--machine_rank $SKYPILOT_NODE_RANK",
            '--main_process_ip "$(echo "$SKYPILOT_NODE_IPS" | head -n1)"',
            "--main_process_port 29500",
        ]
    flags.append('${LAST:+--resume_from_checkpoint "$LAST"}')
    setup = "pip install 'trl[peft]' accelerate deepspeed bitsandbytes\n"
    run = (
        "set -euo pipefail\n"
        f"export HF_HOME={SCRATCH_DIR}/hf\n"
        ': "${MODEL:?defina o modelo: sky jobs launch --env MODEL=organizacao/modelo}"\n'
        "# After a spot interruption, resume from the newest checkpoint in the bucket.\n"
        f"LAST=$(ls -d {CHECKPOINT_DIR}/checkpoint-* 2>/dev/null | sort -t- -k2 -n | tail -n1 "
        "|| true)\n"
        + (_HSDP_CONFIG if settings.parallelism == "hsdp" else "")
        + "trl sft \\\n  "
        + " \\\n  ".join(flags)
        + "\n"
        + _CLEANUP
    )
    return {"envs": envs, "setup": setup, "run": run}


def maxtext_recipe(job: Job, settings: PlanSettings) -> dict[str, Any]:
    envs = _common_envs(job, settings)
    envs["REMAT_POLICY"] = "full" if settings.gradient_checkpointing else "minimal"
    envs["WEIGHT_DTYPE"] = "float32" if job.precision == "fp32" else "bfloat16"
    # MaxText fine-tunes from its own checkpoint format: the base model converted once with
    # MaxText's checkpoint conversion script, and its MaxText model name (e.g. llama3-8b).
    envs["MAXTEXT_MODEL"] = ""
    envs["BASE_CHECKPOINT"] = ""
    setup = (
        "git clone --depth 1 https://github.com/AI-Hypercomputer/maxtext.git\n"
        "cd maxtext && bash setup.sh\n"
    )
    run = (
        "set -euo pipefail\n"
        ': "${MAXTEXT_MODEL:?defina --env MAXTEXT_MODEL=nome-no-maxtext (ex.: llama3-8b)}"\n'
        ': "${BASE_CHECKPOINT:?defina --env BASE_CHECKPOINT=gs://... (modelo base convertido)}"\n'
        "cd maxtext\n"
        "python3 -m MaxText.train MaxText/configs/base.yml \\\n"
        "  run_name=run \\\n"
        "  model_name=$MAXTEXT_MODEL \\\n"
        "  load_parameters_path=$BASE_CHECKPOINT \\\n"
        f"  base_output_directory={CHECKPOINT_DIR} \\\n"
        "  dataset_type=hf \\\n"
        f"  hf_train_files={DATA_DIR}/* \\\n"
        "  tokenizer_path=$MODEL \\\n"
        "  max_target_length=$SEQ_LEN \\\n"
        "  per_device_batch_size=$MICRO_BATCH \\\n"
        "  steps=$STEPS \\\n"
        "  learning_rate=$LEARNING_RATE \\\n"
        "  remat_policy=$REMAT_POLICY \\\n"
        "  weight_dtype=$WEIGHT_DTYPE \\\n"
        "  enable_checkpointing=true \\\n"
        "  async_checkpointing=true \\\n"
        "  checkpoint_period=$SAVE_STEPS\n"
        f"# MaxText resumes by itself from the newest step under {CHECKPOINT_DIR}/run; the last\n"
        "# step keeps only the final checkpoint.\n"
        f"(cd {CHECKPOINT_DIR}/run/checkpoints && ls | sort -n | head -n -1 | xargs -r rm -rf)\n"
        f"rm -rf {SCRATCH_DIR}\n"
    )
    return {"envs": envs, "setup": setup, "run": run}
