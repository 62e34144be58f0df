"""Launch plans for quote records: build the SkyPilot task, check it with SkyPilot when installed,
and the short pt-BR how-to that goes with the file."""

import copy
from typing import TYPE_CHECKING, Any

import yaml

from quoting.jobspec import JobSpec, normalize
from quoting.launch_plan import LaunchPlan, PlanError, build_plan

if TYPE_CHECKING:
    from bot.sales.book import QuoteRecord

HOW_TO = (
    "Como rodar o plano:\n"
    "1. Instale o SkyPilot e configure a nuvem: pip install 'skypilot[aws]' (ou [gcp]) "
    "e sky check.\n"
    "2. Coloque o dataset na pasta ./dados, ao lado do arquivo.\n"
    "3. Rode: sky jobs launch {file} (com --env MODEL=organizacao/modelo se o modelo não "
    "estiver no plano).\n"
    "A máquina desliga sozinha ao terminar; o modelo final fica no bucket de checkpoints."
)


def plan_for_record(record: "QuoteRecord", choice: int = 0) -> LaunchPlan:
    """The plan for a quote record's recommendation (0) or its alternative number `choice`."""
    job = normalize(JobSpec.model_validate(record.spec))
    return build_plan(record.quote, job, record.number, choice)


def plan_file_name(plan: LaunchPlan) -> str:
    return f"plano-{plan.name}.yaml"


def skypilot_check(plan: LaunchPlan) -> str | None:
    """Check the task with SkyPilot's own validators: the task, resources and storage schemas
    that `sky.Task.from_yaml` applies, and its storage parser. No cloud call and no catalog
    download (which `Task.from_yaml` would attempt for the region and instance). Returns the
    SkyPilot version, None when SkyPilot is not installed; raises PlanError when rejected."""
    try:
        import sky
        from sky.data.storage import Storage
        from sky.utils import common_utils, schemas
    except ImportError:
        return None
    config: dict[str, Any] = yaml.safe_load(plan.to_yaml())
    try:
        common_utils.validate_schema(copy.deepcopy(config), schemas.get_task_schema())
        common_utils.validate_schema(config["resources"], schemas.get_resources_schema())
        for mount in config["file_mounts"].values():
            Storage.from_yaml_config(copy.deepcopy(mount))
    except (ValueError, sky.exceptions.StorageError) as error:
        raise PlanError(f"O SkyPilot recusou o plano: {error}") from error
    return str(sky.__version__)
