"""`infrabot empresa` tells the operator what of the company's identity is still unset (and so
left out of replies and proposals), and an invalid deploy file is one pt-BR line."""

import os
import subprocess
import sys
from pathlib import Path

INFRABOT = Path(sys.executable).with_name("infrabot")


def _company(**env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "INFRABOT_COMPANY"}
    return subprocess.run(
        [str(INFRABOT), "empresa"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**environment, **env},
    )


def test_the_packaged_identity_lists_what_the_deploy_must_set() -> None:
    result = _company()
    assert result.returncode == 1
    assert "CNPJ: (não configurado)" in result.stdout
    assert "Faltam: CNPJ, endereço, telefone, chave PIX, conta para TED" in result.stdout


def test_a_complete_deploy_file_is_shown_and_passes(company_file: Path) -> None:
    result = _company(INFRABOT_COMPANY=str(company_file))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "CNPJ: 11.222.333/0001-81" in result.stdout and "Tudo configurado." in result.stdout


def test_a_placeholder_cnpj_in_the_deploy_file_is_one_line_in_portuguese(tmp_path: Path) -> None:
    bad = tmp_path / "empresa.toml"
    bad.write_text('[identity]\ncnpj = "00.000.000/0000-00"\n', encoding="utf-8")
    result = _company(INFRABOT_COMPANY=str(bad))
    assert result.returncode != 0
    assert "empresa.toml é inválido em 'identity.cnpj'" in result.stderr
    assert "Traceback" not in result.stderr
