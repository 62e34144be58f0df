"""SkyPilot's own validators accept the plans and refuse a broken one (needs the [launch] extra)."""

import pytest

from bot.sales.launch import skypilot_check
from quoting.jobspec import JobSpec, normalize
from quoting.launch_plan import PlanError, build_plan
from quoting.quote import build_quote

sky = pytest.importorskip("sky")


@pytest.mark.parametrize(
    "spec",
    [
        JobSpec(model="llama-3.2-1b", method="lora", spot=True, data_residency="br"),
        JobSpec(params=70e9, method="full", framework="jax", kind="tpu", dataset_tokens=2e9),
        JobSpec(model="mistral-7b", method="qlora", data_residency="br"),
    ],
)
def test_skypilot_accepts_the_generated_plans(spec: JobSpec) -> None:
    job = normalize(spec)
    plan = build_plan(build_quote(job), job, "COT-2026-000007")
    assert skypilot_check(plan) == sky.__version__


def test_skypilot_refuses_a_broken_plan() -> None:
    job = normalize(JobSpec(model="llama-3.2-1b"))
    plan = build_plan(build_quote(job), job, "x")
    plan.task["file_mounts"]["/dados"]["mode"] = "TELEPORT"
    with pytest.raises(PlanError, match="SkyPilot recusou"):
        skypilot_check(plan)
