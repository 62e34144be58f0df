"""The terminal chat's options: numbered, and picked by their number or their words."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from bot.cli.channels import chosen_action

INFRABOT = Path(sys.executable).with_name("infrabot")
ACTIONS = ["Ver alternativas", "Refazer com QLoRA", "Falar com um especialista"]


def test_a_number_picks_the_option_and_anything_else_is_kept() -> None:
    assert chosen_action("1", ACTIONS) == "Ver alternativas"
    assert chosen_action(" 3. ", ACTIONS) == "Falar com um especialista"
    assert chosen_action("4", ACTIONS) == "4"
    assert chosen_action("0", ACTIONS) == "0"
    assert chosen_action("ver alternativas", ACTIONS) == "ver alternativas"
    assert chosen_action("2", []) == "2"


def _chat_env(indexed_home: Path, tmp_path: Path) -> dict[str, str]:
    """A home with the index already built: building it is not what these tests are about."""
    home = tmp_path / "home"
    shutil.copytree(indexed_home, home)
    env = {**os.environ, "INFRABOT_HOME": str(home)}
    env.pop("INFRABOT_CHROMA_URL", None)
    return env


def test_chat_numbers_the_options_and_answers_the_number(
    indexed_home: Path, tmp_path: Path
) -> None:
    env = _chat_env(indexed_home, tmp_path)
    result = subprocess.run(
        [str(INFRABOT), "chat"],
        input="QLoRA do llama 3 8b com 5 mil exemplos\n1\nVer alternativas\n/sair\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "1. Ver alternativas" in result.stdout
    # The number and the words both list the alternatives, never a guidance answer.
    assert result.stdout.count("além das que a cotação mostrou") == 2
    assert "Fonte" not in result.stdout


def test_asking_for_a_person_in_the_terminal_says_when_the_team_answers(
    indexed_home: Path, tmp_path: Path
) -> None:
    env = _chat_env(indexed_home, tmp_path)
    result = subprocess.run(
        [str(INFRABOT), "chat"],
        input="quero falar com um especialista\n/sair\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    # No one is coming to the terminal: not the promise, but the team's hours and contact.
    assert "Vou chamar um especialista" not in result.stdout
    assert "Nossa equipe atende" in result.stdout
    assert "escreva para" in result.stdout and "@" in result.stdout
    asked = subprocess.run(
        [str(INFRABOT), "ask", "quero falar com um especialista"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert "Nossa equipe atende" in asked.stdout and "Vou chamar" not in asked.stdout
