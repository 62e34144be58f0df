"""A launch plan: the SkyPilot task that runs a quoted job on the quoted machine, as it was priced.

Pure: Quote + Job in, a task dict (and its YAML) out; SkyPilot itself is never imported here. The
task follows SkyPilot's task YAML (sky/utils/schemas.py: get_task_schema, get_resources_schema,
get_storage_schema) and is meant for `sky jobs launch`, whose managed jobs relaunch a preempted
spot cluster and let the recipe resume from its last checkpoint.

What the guidance asks of a run, and where the plan does it:
* the machine as quoted: `resources` pins cloud, region, accelerators and spot; the training
  settings are the job's own, re-estimated here, so the plan cannot ask for more memory than the
  quote checked (a plan that would OOM raises instead of being written);
* data residency: no `store` is named for the buckets, so SkyPilot creates them with the task's
  cloud in the task's pinned region (Task._get_preferred_store), never in a default region abroad;
* turn idle machines off: `autostop` tears the cluster down after a few idle minutes;
* spot with checkpoints: a checkpoint every N minutes of training, and `job_recovery`;
* clean storage up: the dataset bucket is not persistent (deleted with the job) and the last step
  deletes intermediate checkpoints and the local scratch, keeping only the final model.
"""

import math
import re
from typing import Any

import yaml
from pydantic import BaseModel

from quoting.candidate import HEADROOM
from quoting.errors import QuotingError
from quoting.jobspec import METHOD_NAMES, Job
from quoting.launch_recipes import (
    CHECKPOINT_DIR,
    DATA_DIR,
    GPUS,
    PlanSettings,
    maxtext_recipe,
    trl_recipe,
)
from quoting.memory import MemoryEstimate, estimate_memory, trainable_params
from quoting.pricing import storage_gb
from quoting.quote import Option, Quote, priced_job
from quoting.timing import load_performance
from quoting.topology import Parallelism
from quoting.units import format_number, plural

# SkyPilot cloud names of the catalog's providers; the company's own offers are not SkyPilot clouds.
CLOUDS = {"aws": "aws", "gcp": "gcp", "azure": "azure", "lambda": "lambda", "runpod": "runpod"}
# Clouds whose catalog regions and instance types are SkyPilot's own names; on the GPU clouds the
# catalog prices a machine by its cards alone, so the plan asks SkyPilot for the cards.
NAMED_LIKE_SKYPILOT = {"aws", "gcp", "azure"}
IDLE_MINUTES = 10
MAX_RESTARTS_ON_ERRORS = 3
# The OS image, CUDA/JAX wheels and the Hugging Face cache, on top of model, data and checkpoints.
SYSTEM_DISK_GB = 50


class PlanError(QuotingError):
    """The plan cannot be written for this quote or option; the message is pt-BR."""


class LaunchPlan(BaseModel):
    name: str
    option: Option
    cloud: str
    accelerators: str
    settings: PlanSettings
    dataset_bucket: str
    checkpoint_bucket: str
    disk_gb: int
    checkpoint_minutes: int
    idle_minutes: int
    task: dict[str, Any]

    def summary(self) -> list[str]:
        """The plan in a few pt-BR lines: machine, region, auto-stop, checkpoints, clean-up."""
        option, settings = self.option, self.settings
        spot = "spot (retoma sozinho se interrompido)" if option.spot else "sob demanda"
        sharding = SHARDING_NAMES.get(settings.parallelism, "")
        return [
            # Not "(Trillium) (tpu-v6e-8, …)": some accelerator names carry brackets.
            f"Máquina: {option.count}x {option.accelerator_name}, {self.accelerators} no "
            f"SkyPilot, {spot}; disco de {self.disk_gb} GB.",
            f"Região: {option.provider} {option.region} ({option.country}); os buckets "
            f"{self.dataset_bucket} e {self.checkpoint_bucket} ficam na mesma região.",
            f"Treino: {METHOD_NAMES[settings.method]}, sequência {settings.seq_len}, micro-batch "
            f"{settings.micro_batch}{sharding}: {format_number(settings.memory_per_device_gb)} GB "
            "por dispositivo, como na cotação.",
            f"Checkpoints a cada {plural(settings.save_steps, 'passo', 'passos')} (cerca de "
            f"{self.checkpoint_minutes} min de treino) no bucket de checkpoints.",
            f"Desliga sozinho: a máquina é apagada ao fim do job ou após {self.idle_minutes} "
            "min ociosa.",
            "Limpeza: ao terminar, apaga checkpoints intermediários, o cache local e o bucket "
            "do dataset; fica só o modelo final.",
        ]

    def to_yaml(self) -> str:
        header = (
            f"# Plano de execução infrabot {self.name}: {self.option.count}x "
            f"{self.option.accelerator_name} em {self.option.provider} {self.option.region}.\n"
            "# Rode com: sky jobs launch este-arquivo.yaml (a pasta ./dados com o dataset)\n"
        )
        return header + yaml.safe_dump(self.task, sort_keys=False, allow_unicode=True, width=100)


# How the plan's summary names a sharded layout.
SHARDING_NAMES = {
    "fsdp": ", modelo fatiado entre todas as placas (ZeRO-3)",
    "hsdp": ", modelo fatiado dentro de cada máquina e replicado entre elas (FSDP híbrido)",
}


def choose_option(quote: Quote, choice: int = 0) -> Option:
    """0 is the recommendation; 1, 2, ... the quote's alternatives in their order."""
    if choice == 0:
        return quote.recommendation
    if not 1 <= choice <= len(quote.alternatives):
        raise PlanError(
            f"A cotação tem {plural(len(quote.alternatives), 'alternativa', 'alternativas')}; "
            "escolha de 0 "
            f"(recomendada) a {len(quote.alternatives)}."
        )
    return quote.alternatives[choice - 1]


def plan_memory(job: Job, option: Option) -> tuple[Parallelism, MemoryEstimate]:
    """The layout and per-device memory of the job on the option, as the quote decided them
    (quotes saved before the layout was recorded: a replica per device when it fits with
    headroom, else ZeRO-3/FSDP, as the engine chose then)."""
    limit = option.device_memory_gb * HEADROOM
    parallelism = option.parallelism
    if parallelism is None:
        fits = estimate_memory(job, devices=option.count, sharded=False).total <= limit
        parallelism = "data" if option.count == 1 or fits else "fsdp"
    group = option.count // option.instances if parallelism == "hsdp" else option.count
    memory = estimate_memory(job, devices=group, sharded=parallelism != "data")
    if memory.total > limit:
        raise PlanError(
            f"O job não cabe em {option.accelerator_name}: {format_number(memory.total, 1)} GB "
            f"por dispositivo para {format_number(option.device_memory_gb, 0)} GB. Refaça a "
            "cotação."
        )
    if round(memory.total, 2) != option.memory_per_device_gb:
        raise PlanError(
            "O job mudou desde a cotação (a memória estimada não confere): refaça a cotação."
        )
    return parallelism, memory


def bucket_name(name: str, purpose: str) -> str:
    """A name valid for S3 and GCS: lowercase letters, digits and hyphens, 3 to 63 characters."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return f"infrabot-{slug}"[: 63 - len(purpose) - 1].rstrip("-") + f"-{purpose}"


def build_plan(
    quote: Quote,
    job: Job,
    name: str,
    choice: int = 0,
    checkpoint_minutes: int | None = None,
    idle_minutes: int = IDLE_MINUTES,
) -> LaunchPlan:
    """The SkyPilot task for the quote's recommendation (choice 0) or one of its alternatives."""
    option = choose_option(quote, choice)
    job = priced_job(job, quote)
    cloud = CLOUDS.get(option.provider)
    if cloud is None:
        raise PlanError(
            f"Ofertas de {option.provider} não rodam pelo SkyPilot; escolha uma opção de "
            "AWS, Google Cloud, Azure, Lambda ou RunPod."
        )
    if option.kind == "tpu" and job.method != "full":
        raise PlanError(
            "O plano para TPU usa o MaxText, que treina o modelo completo; para LoRA/QLoRA "
            "escolha uma alternativa em GPU."
        )
    parallelism, memory = plan_memory(job, option)
    tokens_per_step = job.seq_len * job.batch_size * option.count
    steps = max(1, math.ceil(job.total_tokens / tokens_per_step))
    seconds_per_step = option.hours * 3600 / steps
    # As quoted: spot restarts redo at most this much training (performance.toml).
    minutes = checkpoint_minutes or load_performance().overheads.checkpoint_minutes
    save_steps = max(1, min(steps, int(minutes * 60 // seconds_per_step)))
    settings = PlanSettings(
        method=job.method,
        precision=job.precision,
        optimizer=job.optimizer,
        lora_rank=job.lora_rank,
        lora_targets=job.lora_targets,
        seq_len=job.seq_len,
        micro_batch=job.batch_size,
        gradient_checkpointing=job.gradient_checkpointing,
        attention=job.attention,
        epochs=job.epochs,
        devices=option.count,
        nodes=option.instances,
        parallelism=parallelism,
        steps=steps,
        save_steps=save_steps,
        memory_per_device_gb=round(memory.total, 2),
    )
    disk = storage_gb(job, trainable_params(job)) + SYSTEM_DISK_GB
    data_bucket = bucket_name(name, "dados")
    checkpoint_bucket = bucket_name(name, "checkpoints")
    accelerators = _accelerators(option)
    resources: dict[str, Any] = {
        "cloud": cloud,
        "accelerators": accelerators,
        "use_spot": option.spot,
        "disk_size": disk,
        "autostop": {"idle_minutes": idle_minutes, "down": True},
        # Where the region is pinned, a recovery relaunches in it, never abroad.
        "job_recovery": {
            "strategy": "FAILOVER",
            "max_restarts_on_errors": MAX_RESTARTS_ON_ERRORS,
        },
    }
    if option.provider in NAMED_LIKE_SKYPILOT:
        resources["region"] = option.region
    if option.kind == "gpu" and option.provider in NAMED_LIKE_SKYPILOT:
        resources["instance_type"] = option.instance_type.split(" + ")[0]
    else:
        resources["accelerator_args"] = {"tpu_vm": True, "runtime_version": "tpu-ubuntu2204-base"}
    recipe = (
        trl_recipe(job, option, settings) if option.kind == "gpu" else maxtext_recipe(job, settings)
    )
    task: dict[str, Any] = {
        "name": bucket_name(name, "treino")[len("infrabot-") :],
        "resources": resources,
        "num_nodes": option.instances if option.kind == "gpu" else 1,
        "envs": recipe["envs"],
        "file_mounts": {
            DATA_DIR: {
                "name": data_bucket,
                "source": "./dados",
                "mode": "COPY",
                "persistent": False,
            },
            CHECKPOINT_DIR: {"name": checkpoint_bucket, "mode": "MOUNT_CACHED", "persistent": True},
        },
        "setup": recipe["setup"],
        "run": recipe["run"],
    }
    return LaunchPlan(
        name=name,
        option=option,
        cloud=cloud,
        accelerators=accelerators,
        settings=settings,
        dataset_bucket=data_bucket,
        checkpoint_bucket=checkpoint_bucket,
        disk_gb=disk,
        checkpoint_minutes=minutes,
        idle_minutes=idle_minutes,
        task=task,
    )


def _accelerators(option: Option) -> str:
    if option.kind == "gpu":
        return f"{GPUS[option.accelerator][0]}:{option.count // option.instances}"
    # TPU slices are named by TensorCores (v5p-8 is 4 chips): one host of the catalog's type,
    # or a slice of `instances` hosts.
    family, _, size = option.instance_type.rpartition("-")
    return f"tpu-{family}-{int(size) * option.instances}"
