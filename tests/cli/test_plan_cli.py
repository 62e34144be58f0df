"""`infrabot plan COT-...` and `infrabot quote ... --plan FILE` as a user runs them."""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

INFRABOT = Path(sys.executable).with_name("infrabot")
HAS_SKYPILOT = importlib.util.find_spec("sky") is not None
CHECK_LINE = "Validado com o SkyPilot" if HAS_SKYPILOT else "Validação pelo SkyPilot pulada"


def test_plan_for_a_sales_quote_writes_the_task_and_says_how_it_was_checked(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "INFRABOT_HOME": str(tmp_path), "INFRABOT_STAFF": "local=vendas"}
    env.pop("INFRABOT_DATABASE_URL", None)

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(INFRABOT), *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            cwd=tmp_path,
        )

    created = cli(
        "quotes",
        "create",
        "--model",
        "mistral-7b",
        "--method",
        "qlora",
        "--data-residency",
        "br",
        "--client",
        "Clínica X",
        "--json",
    )
    number = json.loads(created.stdout)["number"]
    result = cli("plan", number)
    assert result.returncode == 0, result.stderr
    path = tmp_path / f"plano-{number}.yaml"
    task = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert task["resources"]["region"] == "sa-east-1"
    assert f"Plano de execução salvo em plano-{number}.yaml" in result.stdout
    assert CHECK_LINE in result.stdout
    assert "sky jobs launch" in result.stdout and "Desliga sozinho" in result.stdout

    other = cli("plan", number, "--alternativa", "1", "--saida", str(tmp_path / "alt.yaml"))
    assert other.returncode == 0, other.stderr
    assert (tmp_path / "alt.yaml").read_text(encoding="utf-8") != path.read_text(encoding="utf-8")

    refused = cli("plan", number, "--alternativa", "9")
    assert refused.returncode == 2 and "alternativa" in refused.stderr
    assert "Traceback" not in refused.stderr
    missing = cli("plan", "COT-1999-000001")
    assert missing.returncode == 2 and "Não encontrei" in missing.stderr


def test_quote_with_plan_keeps_stdout_one_json_object(tmp_path: Path) -> None:
    target = tmp_path / "plano.yaml"
    result = subprocess.run(
        [str(INFRABOT), "quote", "--model", "llama-3-8b", "--plan", str(target), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    quote = json.loads(result.stdout)
    task = yaml.safe_load(target.read_text(encoding="utf-8"))
    rec = quote["recommendation"]
    assert task["resources"]["cloud"] == rec["provider"]
    # the region is pinned where the catalog's names are SkyPilot's (not on the GPU clouds)
    if rec["provider"] in ("aws", "gcp", "azure"):
        assert task["resources"]["region"] == rec["region"]
    else:
        assert "region" not in task["resources"]
    assert CHECK_LINE in result.stderr
