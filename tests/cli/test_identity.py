"""`--como` cannot claim an identity the terminal does not own: the bot's, or a Slack or
Telegram one (their roles and the audit trail would believe it)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

INFRABOT = Path(sys.executable).with_name("infrabot")


@pytest.mark.parametrize("actor", ["infrabot", "slack:UBOSS", "telegram:7", "Slack:UBOSS"])
def test_channel_identities_are_refused(actor: str, tmp_path: Path) -> None:
    env = {**os.environ, "INFRABOT_HOME": str(tmp_path), "INFRABOT_STAFF": f"{actor}=gerente"}
    env.pop("INFRABOT_DATABASE_URL", None)
    result = subprocess.run(
        [str(INFRABOT), "quotes", "send", "COT-2026-000001", "--como", actor],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 2
    assert "não vale no terminal" in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") == 0
