"""`infrabot comprar-ou-alugar` as a user runs it: pt-BR table, JSON for integrations, errors."""

import json
import os
import re
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

INFRABOT = Path(sys.executable).with_name("infrabot")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(INFRABOT), "comprar-ou-alugar", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "80"},
    )


def test_table_in_portuguese_with_reais_and_caveats() -> None:
    result = run("--model", "llama-3-8b", "--examples", "20 mil", "--jobs-por-mes", "4")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Alugar:" in out and "R$" in out and "jobs/mês" in out
    assert "não cabe (29,2 GB)" in out  # the 24 GB RTX 4090 cannot hold it
    assert "Obsolescência" in out and "elasticidade" in out
    # Estimated prices are marked as such, and the import tax rates used are spelled out.
    folded = " ".join(out.split())
    assert "≈ R$" in folded and "≈: preço estimado" in folded
    assert "II 16%" in folded and "confirme com um despachante" in folded


def test_the_table_fits_80_columns_and_every_price_is_whole() -> None:
    result = run("--model", "llama-3-8b", "--examples", "20 mil", "--jobs-por-mes", "60")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 80
    # The HGX server's price in full, on one line, and the buy options cheaper than renting.
    assert re.search(r"≈ R\$ \d\.\d{3}\.\d{3},\d{2}", out)
    assert "* Mais barato que alugar." in out


def test_json_for_integrations() -> None:
    result = run("--model", "llama-3-8b", "--jobs-por-mes", "2,5", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["jobs_per_month"] == 2.5
    # Money rounds half up, to the cent (R$ 503,57 x 2,5 = R$ 1.258,93).
    monthly = (Decimal(str(data["rent_per_job_brl"])) * Decimal("2.5")).quantize(
        Decimal("0.01"), ROUND_HALF_UP
    )
    assert Decimal(str(data["rent_monthly_brl"])) == monthly
    ids = [option["id"] for option in data["options"]]
    assert ids == ["workstation-rtx4090", "workstation-rtx6000ada", "server-4xl40s", "hgx-8xh100"]
    imported = data["options"][1]
    assert [tax["name"] for tax in imported["import_taxes"]][-1] == "ICMS"
    assert imported["sources"] and isinstance(imported["monthly"]["total"], float)
    assert imported["price_estimate"] is True and len(data["notes"]) == 2


def test_bad_jobs_per_month_gets_a_short_message() -> None:
    result = run("--model", "llama-3-8b", "--jobs-por-mes", "muitos")
    assert result.returncode == 2
    assert "--jobs-por-mes" in result.stderr and "Traceback" not in result.stderr
