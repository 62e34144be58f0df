"""`infrabot ask --json -`: a line that cannot be read well still gets a reply, and so does every
line after it."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

INFRABOT = Path(sys.executable).with_name("infrabot")


def test_every_line_is_answered_and_no_traceback(tmp_path: Path) -> None:
    lines = ["1.500.00 exemplos", "R$ 1e400", "10^400 exemplos", "o que é LoRA?"]
    env = {**os.environ, "INFRABOT_HOME": str(tmp_path)}
    env.pop("INFRABOT_CHROMA_URL", None)
    env.pop("INFRABOT_DATABASE_URL", None)
    result = subprocess.run(
        [str(INFRABOT), "ask", "--json", "-"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(replies) == len(lines)
    assert all(reply["intent"] == "clarify" for reply in replies[:3]), replies
    assert "Não entendi o número" in replies[0]["answer"]


@pytest.mark.parametrize("conversation", ["x" * 200, ""])
def test_a_conversation_id_the_database_cannot_hold_is_one_line(
    conversation: str, tmp_path: Path
) -> None:
    result = subprocess.run(
        [str(INFRABOT), "ask", "--conversa", conversation, "oi"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "INFRABOT_HOME": str(tmp_path)},
    )
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0 and "--conversa" in result.stderr
    assert "Traceback" not in result.stderr
