"""Launch plans for quote records: build the SkyPilot task, check it against SkyPilot's own
validators, and the short pt-BR how-to that goes with the file."""

import copy
import importlib.util
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema
import yaml
from pydantic import BaseModel

from quoting.jobspec import JobSpec, normalize
from quoting.launch_plan import LaunchPlan, PlanError, build_plan

if TYPE_CHECKING:
    from bot.sales.book import QuoteRecord

# SkyPilot's task, resources and storage schemas (sky/utils/schemas.py, Apache-2.0), refreshed
# by scripts/skypilot_schemas.py: checks without SkyPilot installed, or offline.
SCHEMAS_FILE = Path(__file__).parent / "data" / "skypilot_schemas.json"

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


class PlanDocument(BaseModel):
    """A plan ready to send in a chat: the YAML file and a caption within Telegram's 1024."""

    file_name: str
    content: bytes
    caption: str


def plan_document(record: "QuoteRecord", choice: int = 0) -> PlanDocument:
    return document_of(plan_for_record(record, choice), f"Plano de execução {record.number}")


def document_of(plan: LaunchPlan, heading: str) -> PlanDocument:
    """The plan's YAML with a caption: the heading, machine and auto-stop lines, the how-to."""
    name = plan_file_name(plan)
    summary = plan.summary()
    caption = "\n".join([heading, summary[0], summary[4], "", HOW_TO.format(file=name)])
    return PlanDocument(file_name=name, content=plan.to_yaml().encode(), caption=caption)


@cache
def skypilot_schemas() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SCHEMAS_FILE.read_text(encoding="utf-8"))
    return data


def _case_insensitive_enum(
    validator: Any, enums: list[str], instance: Any, schema: Any
) -> Iterator[jsonschema.ValidationError]:
    # SkyPilot's own keyword (sky/utils/validator.py), so store and mode names are checked.
    if isinstance(instance, str) and instance.lower() not in [e.lower() for e in enums]:
        yield jsonschema.ValidationError(f"{instance!r} is not one of {enums!r}")


_Validator = jsonschema.validators.extend(
    jsonschema.Draft7Validator, {"case_insensitive_enum": _case_insensitive_enum}
)


def schema_errors(config: dict[str, Any]) -> list[str]:
    """What `sky.Task.from_yaml` checks before it reads cloud catalogs: the task, its resources
    and each storage mount against SkyPilot's schemas. Empty when the task is valid."""
    schemas = skypilot_schemas()
    parts = [(config, schemas["task"]), (config.get("resources") or {}, schemas["resources"])]
    parts += [(mount, schemas["storage"]) for mount in (config.get("file_mounts") or {}).values()]
    return [
        f"{'.'.join(str(p) for p in error.absolute_path) or 'tarefa'}: {error.message}"
        for instance, schema in parts
        for error in _Validator(schema).iter_errors(instance)
    ]


def check_plan(plan: LaunchPlan) -> str:
    """Check the task with SkyPilot itself when installed (its schema validators and storage
    parser, no cloud call and no catalog download), else with its schemas shipped here.
    Returns a pt-BR line saying how it was checked; raises PlanError when it is rejected."""
    config: dict[str, Any] = yaml.safe_load(plan.to_yaml())
    if importlib.util.find_spec("sky") is None:
        errors = schema_errors(config)
        if errors:
            raise PlanError("O plano não segue o esquema do SkyPilot: " + "; ".join(errors))
        return (
            "Validação pelo SkyPilot pulada (ele não está neste ambiente); conferido com o "
            f"esquema do SkyPilot {skypilot_schemas()['skypilot_version']} que acompanha o "
            "infrabot."
        )
    import sky
    from sky.data.storage import Storage
    from sky.utils import common_utils, schemas

    try:
        common_utils.validate_schema(copy.deepcopy(config), schemas.get_task_schema())
        common_utils.validate_schema(config["resources"], schemas.get_resources_schema())
        for mount in config["file_mounts"].values():
            Storage.from_yaml_config(copy.deepcopy(mount))
    except (ValueError, sky.exceptions.StorageError) as error:
        raise PlanError(f"O SkyPilot {sky.__version__} recusou o plano: {error}") from error
    return f"Validado com o SkyPilot {sky.__version__} (tarefa, recursos e buckets)."
