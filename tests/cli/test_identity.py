"""The terminal acts as `local:<conta do sistema>` and nobody else: `--como` cannot claim the
bot's identity, a Slack or Telegram one, or another terminal account (their roles, above the
vendas discount cap, and the audit trail would believe it)."""

import json
import os
import pwd
import subprocess
import sys
from pathlib import Path

import pytest

INFRABOT = Path(sys.executable).with_name("infrabot")
ME = f"local:{pwd.getpwuid(os.getuid()).pw_name}"
JOB = ("--model", "llama-3-8b", "--method", "qlora", "--client", "ACME Ltda")


def _quotes(tmp_path: Path, staff: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "INFRABOT_HOME": str(tmp_path), "INFRABOT_STAFF": staff, **env}
    environment.pop("INFRABOT_DATABASE_URL", None)
    return subprocess.run(
        [str(INFRABOT), "quotes", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
    )


def _refused(result: subprocess.CompletedProcess[str], words: str) -> None:
    assert result.returncode == 2
    assert words in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") == 0


@pytest.mark.parametrize("actor", ["infrabot", "slack:UBOSS", "telegram:7", "Slack:UBOSS"])
def test_channel_identities_are_refused(actor: str, tmp_path: Path) -> None:
    result = _quotes(tmp_path, f"{actor}=gerente", "send", "COT-2026-000001", "--como", actor)
    _refused(result, "não vale no terminal")


def test_another_terminal_account_cannot_lend_its_role(tmp_path: Path) -> None:
    """`local:chefe` is gerente; whoever runs the terminal as another account stays vendas."""
    staff = "local=vendas,local:chefe=gerente"
    claimed = _quotes(tmp_path, staff, "create", *JOB, "--discount", "30", "--como", "local:chefe")
    _refused(claimed, "não é você")
    # USER and LOGNAME are the caller's to set: they name nobody.
    spoofed = _quotes(tmp_path, staff, "create", *JOB, "--discount", "30", USER="chefe")
    _refused(spoofed, "limite")


def test_the_audit_trail_names_the_account_that_acted(tmp_path: Path) -> None:
    staff = f"local=vendas,{ME}=gerente"
    created = _quotes(tmp_path, staff, "create", *JOB, "--discount", "30", "--json")
    assert created.returncode == 0, created.stderr
    number = json.loads(created.stdout)["number"]
    sent = _quotes(tmp_path, staff, "send", number, "--como", "local", "--json")
    assert sent.returncode == 0, sent.stderr
    history = json.loads(sent.stdout)["history"]
    assert [event["por"] for event in history] == [ME, ME]


def test_with_a_staff_list_an_account_it_does_not_name_reads_no_quotes(tmp_path: Path) -> None:
    """On a shared server, any OS account could list every client's name and contact."""
    for command in (("list",), ("show", "COT-2026-000001"), ("create", *JOB)):
        _refused(_quotes(tmp_path, "telegram:7=vendas", *command), "não está em INFRABOT_STAFF")
    listed = _quotes(tmp_path, f"telegram:7=vendas,{ME}=vendas", "list", "--json")
    assert listed.returncode == 0, listed.stderr
