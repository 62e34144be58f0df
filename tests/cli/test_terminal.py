"""What a salesperson meets in the terminal: tables that fit 80 columns, help in Portuguese, real
words, a flag never silently ignored, short errors instead of tracebacks."""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

INFRABOT = Path(sys.executable).with_name("infrabot")


def run(
    *args: str, env: dict[str, str] | None = None, columns: int = 80
) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, **(env or {}), "COLUMNS": str(columns)}
    return subprocess.run(
        [str(INFRABOT), *args], capture_output=True, text=True, timeout=120, env=environment
    )


def quote_json(*args: str) -> dict[str, Any]:
    result = run("quote", *args, "--json")
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def assert_fits(text: str, columns: int = 80) -> None:
    assert text.strip()
    assert "…" not in text  # nothing truncated
    assert max(len(line) for line in text.splitlines()) <= columns


def test_the_quote_fits_80_columns_and_keeps_every_word() -> None:
    result = run("quote", "--model", "llama-3-8b", "--method", "qlora", "--examples", "5000")
    assert result.returncode == 0, result.stderr
    assert_fits(result.stdout)
    flat = " ".join(result.stdout.split())
    for word in ("sa-east-1", "Taxa de configuração do ambiente", "Alternativas", "Total"):
        assert word in flat
    assert "http" not in result.stdout  # sources only on request
    with_sources = run(
        "quote", "--model", "llama-3-8b", "--method", "qlora", "--examples", "5000", "--fontes"
    )
    assert_fits(with_sources.stdout)
    assert "Fontes" in with_sources.stdout and "http" in with_sources.stdout


def test_the_catalog_fits_80_columns_with_sources_behind_a_flag() -> None:
    plain = run("catalog")
    assert_fits(plain.stdout)
    assert "Provedor" not in plain.stdout or "Proved…" not in plain.stdout
    assert "sa-east-1" in plain.stdout and "--fontes" in plain.stdout
    sources = run("catalog", "--fontes")
    assert_fits(sources.stdout)
    assert sources.stdout.count("http") >= 10


@pytest.mark.parametrize(
    "command", [[], ["quote"], ["quotes"], ["quotes", "export"], ["db"], ["index"], ["search"]]
)
def test_help_is_in_portuguese(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.returncode == 0
    assert "Uso: infrabot" in result.stdout and "Mostra esta ajuda e sai." in result.stdout
    for english in ("Usage", "Show this message", "<bool>", "<str>", "[OPTIONS]", "COMMAND"):
        assert english not in result.stdout


def test_a_group_without_subcommand_shows_its_help() -> None:
    for group, subcommand in (("db", "upgrade"), ("quotes", "export")):
        result = run(group)
        assert result.returncode == 0 and subcommand in result.stdout
        assert "inválido" not in result.stdout + result.stderr


def test_an_unknown_flag_points_to_the_help_of_the_command_typed() -> None:
    result = run("quote", "--model", "llama-3-8b", "--nao-existe")
    assert result.returncode == 2
    assert "Veja 'infrabot quote --help'" in result.stderr


def test_words_are_real_plurals_and_numbers_are_words() -> None:
    quote = run("quote", "--model", "llama-3-8b", "--method", "qlora", "--cloud", "aws")
    flat = " ".join(quote.stdout.split())
    assert "tributação: cartao" not in flat and "tributação: nuvem com empresa no Brasil" in flat
    too_many = run("quote", "--model", "llama-3-8b", "--examples", "1e11")
    assert "entre 1 e 10 bilhões de exemplos" in too_many.stderr
    too_big = run("quote", "--params", "1e15")
    assert "entre 1 milhão e 2 trilhões de parâmetros" in too_big.stderr


def test_a_tax_profile_that_cannot_be_honoured_is_explained() -> None:
    job = ["--model", "llama-3-8b", "--method", "qlora", "--data-residency", "br"]
    local = quote_json(*job, "--tax-profile", "local")
    assert local["recommendation"]["country"] == "BR" and local["tax_profile"] != "local"
    shown = run("quote", *job, "--tax-profile", "local")
    flat = " ".join(shown.stdout.split())
    assert "Tributação pedida: provedor brasileiro" in flat
    assert "Não se aplica a esta oferta (aws sa-east-1), que é faturada como" in flat
    # AWS bills a Brazilian company through its Brazilian entity: no card, no import
    by_card = " ".join(run("quote", *job, "--tax-profile", "cartao").stdout.split())
    assert "Tributação pedida: provedor estrangeiro pago com cartão" in by_card
    # a foreign GPU cloud may be paid by card or by wire: the client's choice stands
    abroad = ["--model", "llama-3-8b", "--method", "qlora", "--data-residency", "any"]
    wired = quote_json(*abroad, "--tax-profile", "remessa")
    assert wired["recommendation"]["country"] != "BR" and wired["tax_profile"] == "remessa"
    assert "Tributação pedida" not in run("quote", *abroad, "--tax-profile", "remessa").stdout


def test_an_accelerator_without_bf16_is_offered_with_an_fp16_note() -> None:
    data = quote_json("--model", "bert-base", "--method", "full")
    options = [data["recommendation"], *data["alternatives"]]
    t4 = [option for option in options if option["accelerator"] == "t4"]
    assert t4 and all(option["fp16_fallback"] for option in t4)
    assert not any(o["fp16_fallback"] for o in options if o["accelerator"] in ("h100", "l4"))
    shown = run("quote", "--model", "bert-base", "--method", "full")
    assert "FP16" in shown.stdout


@pytest.fixture
def sales_env(tmp_path: Path) -> dict[str, str]:
    return {"INFRABOT_HOME": str(tmp_path / "home"), "INFRABOT_STAFF": "local=vendas"}


def _created(env: dict[str, str]) -> str:
    created = run(
        "quotes", "create", "--model", "llama-3-8b", "--client", "ACME", "--json", env=env
    )
    assert created.returncode == 0, created.stderr
    number: str = json.loads(created.stdout)["number"]
    return number


def test_export_to_a_bad_place_is_a_short_message(
    sales_env: dict[str, str], tmp_path: Path
) -> None:
    number = _created(sales_env)
    for target, message in (
        (tmp_path / "nao" / "existe" / "p.pdf", "não existe"),
        (tmp_path, "é uma pasta"),
    ):
        result = run("quotes", "export", number, "--pdf", str(target), env=sales_env)
        assert result.returncode == 2 and message in result.stderr
        assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("postgresql://ninguem@127.0.0.1:9/banco", "confira o endereço"),
        ("mysql://ninguem@127.0.0.1/banco", "'mysql', que o infrabot não usa"),
    ],
)
def test_a_database_that_cannot_be_used_is_a_short_message(url: str, message: str) -> None:
    for command in (["db", "current"], ["db", "upgrade"], ["quotes", "list"]):
        result = run(*command, env={"INFRABOT_DATABASE_URL": url})
        assert result.returncode == 2, result.stderr
        assert message in result.stderr and "Traceback" not in result.stderr
        assert "ninguem" not in result.stderr  # the URL may carry a password: never shown


def test_show_prints_the_history_and_sending_twice_records_it_once(
    sales_env: dict[str, str],
) -> None:
    number = _created(sales_env)
    assert run("quotes", "send", number, env=sales_env).returncode == 0
    again = run("quotes", "send", number, env=sales_env)
    assert again.returncode == 0 and "já estava enviada" in again.stderr
    shown = run("quotes", "show", number, env=sales_env)
    history = shown.stdout.split("Histórico", 1)[1]
    assert "criada por local" in history
    assert history.count("enviada por local") == 1


def test_the_first_run_builds_the_index_and_answers_without_operator_messages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "INFRABOT_HOME": str(home)}
    for name in ("INFRABOT_CHROMA_URL", "TELEGRAM_BOT_TOKEN", "TELEGRAM_BOT_TOKEN_FILE"):
        env.pop(name, None)
    first = subprocess.run(
        [str(INFRABOT), "start"],
        input="Posso migrar de GPU para TPU depois?\n/sair\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert first.returncode == 0, first.stderr
    assert "Primeira execução" in first.stderr and "no índice" in first.stderr
    assert "TPU" in first.stdout and "Até logo" in first.stdout
    for operator_words in ("infrabot index", "índice", "busca por palavras"):
        assert operator_words not in first.stdout
    from knowledge.store import KnowledgeStore

    monkeypatch.setenv("INFRABOT_HOME", str(home))
    assert KnowledgeStore.open().count() > 100


def test_the_quote_list_fits_80_columns_with_whole_numbers(sales_env: dict[str, str]) -> None:
    created = run(
        "quotes",
        "create",
        "--model",
        "mistral-7b",
        "--client",
        "Clínica Odontológica São José dos Campos Ltda",
        "--json",
        env=sales_env,
    )
    number = json.loads(created.stdout)["number"]
    listing = run("quotes", "list", env=sales_env)
    assert_fits(listing.stdout)
    assert number in listing.stdout and "Campos" in listing.stdout


def test_a_database_newer_than_the_code_is_a_short_message(tmp_path: Path) -> None:
    import sqlite3

    database = tmp_path / "novo.db"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        connection.execute("INSERT INTO alembic_version VALUES ('9999')")
    result = run("quotes", "list", env={"INFRABOT_DATABASE_URL": f"sqlite:///{database}"})
    assert result.returncode == 2
    assert "mais novo que o deste infrabot" in result.stderr and "Traceback" not in result.stderr


def test_one_epoch_is_singular_in_the_quote_and_the_estimate() -> None:
    job = ("--model", "llama-3-8b", "--method", "qlora", "--examples", "5000", "--epochs", "1")
    for command in ("quote", "estimate"):
        result = run(command, *job)
        assert result.returncode == 0, result.stderr
        flat = " ".join(result.stdout.split())
        assert "(1 época)" in flat and "1 épocas" not in flat


def test_names_with_brackets_never_get_a_second_pair_right_after() -> None:
    """'GPT-2 (124M), 0,12 bi de parâmetros' and 'Google TPU v6e (Trillium), TPU', not ') ('."""
    for job in (
        ("--model", "gpt2", "--examples", "5000"),
        ("--model", "llama-3-8b", "--examples", "20000", "--kind", "tpu", "--framework", "jax"),
    ):
        result = run("quote", *job)
        assert result.returncode == 0, result.stderr
        flat = " ".join(result.stdout.split())
        assert ") (" not in flat
    assert "Trillium), TPU" in flat
