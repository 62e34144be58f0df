"""Plans are checked by SkyPilot itself when installed, else by its schemas shipped with us."""

import importlib.util
from decimal import Decimal
from pathlib import Path

import pytest
import yaml

from bot.assistant.state import ConversationStore
from bot.sales.book import QuoteBook, Staff
from bot.sales.launch import check_plan, plan_document
from quoting.jobspec import JobSpec, normalize
from quoting.launch_plan import LaunchPlan, PlanError, build_plan
from quoting.quote import build_quote

HAS_SKYPILOT = importlib.util.find_spec("sky") is not None
SPECS = [
    JobSpec(model="llama-3.2-1b", method="lora", spot=True, data_residency="br"),
    JobSpec(params=70e9, method="full", framework="jax", kind="tpu", dataset_tokens=2e9),
    JobSpec(model="mistral-7b", method="qlora", data_residency="br"),
]


def plan_for(spec: JobSpec) -> LaunchPlan:
    job = normalize(spec)
    return build_plan(build_quote(job), job, "COT-2026-000007")


@pytest.mark.parametrize("spec", SPECS)
def test_the_generated_plans_pass_the_check(spec: JobSpec) -> None:
    line = check_plan(plan_for(spec))
    if HAS_SKYPILOT:
        sky = pytest.importorskip("sky")
        assert line.startswith(f"Validado com o SkyPilot {sky.__version__}")
    else:
        assert "Validação pelo SkyPilot pulada" in line and "esquema do SkyPilot" in line


def test_a_broken_plan_is_refused_with_the_field_named() -> None:
    plan = plan_for(SPECS[0])
    plan.task["file_mounts"]["/dados"]["mode"] = "TELEPORT"
    with pytest.raises(PlanError, match="TELEPORT"):
        check_plan(plan)


def test_plan_document_for_a_quote_record(tmp_path: Path) -> None:
    book = QuoteBook(
        ConversationStore(f"sqlite:///{tmp_path / 'cotacoes.db'}").engine,
        Staff(roles={"local": "vendas"}, discount_limit_pct=Decimal(10)),
    )
    record = book.create(
        JobSpec(model="mistral-7b", method="qlora", data_residency="br"), "X", "local"
    )
    document = plan_document(record)
    assert document.file_name == f"plano-{record.number}.yaml"
    task = yaml.safe_load(document.content)
    assert task["resources"]["region"] == record.quote.recommendation.region
    assert len(document.caption) <= 1024  # Telegram's limit for a document caption
    assert document.caption.startswith(f"Plano de execução {record.number}")
    assert "sky jobs launch" in document.caption
