"""The `infrabot` command as a user runs it: a real process, real flags, real output."""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.assistant.card_choice import WEIGHTS_FILE as CARD_WEIGHTS_FILE
from bot.assistant.intent import WEIGHTS_FILE
from tests.helpers.regions import BRAZILIAN_REGIONS

INFRABOT = Path(sys.executable).with_name("infrabot")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(INFRABOT), *args], capture_output=True, text=True, timeout=60)


def run_json(*args: str) -> dict[str, Any]:
    result = run(*args, "--json")
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_quote_json_for_qlora_8b_recommends_a_small_single_gpu() -> None:
    data = run_json("quote", "--model", "llama-3-8b", "--method", "qlora", "--examples", "5000")
    rec = data["recommendation"]
    assert rec["kind"] == "gpu" and rec["count"] == 1
    assert rec["device_memory_gb"] <= 24
    assert data["job"]["examples"] == 5000
    assert round(sum(item["total_brl"] for item in data["line_items"]), 2) == data["total_brl"]


def test_quote_accepts_sizes_as_people_write_them() -> None:
    data = run_json(
        "quote",
        "--params",
        "7B",
        "--examples",
        "20 mil",
        "--tokens-per-example",
        "300",
        "--budget-brl",
        "5.000,00",
        "--data-residency",
        "br",
    )
    assert data["job"]["params"] == 7e9
    assert data["job"]["dataset_tokens"] == 20_000 * 300
    assert data["job"]["budget_brl"] == "5000.00"
    assert data["recommendation"]["region"] in BRAZILIAN_REGIONS


def test_tpu_for_large_jax_on_gcp_and_gpu_in_brazil() -> None:
    flags = [
        "--params",
        "70B",
        "--method",
        "full",
        "--framework",
        "jax",
        "--dataset-tokens",
        "2e9",
        "--cloud",
        "gcp",
    ]
    assert run_json("quote", *flags)["recommendation"]["kind"] == "tpu"
    brazil = run_json("quote", *flags, "--data-residency", "br")["recommendation"]
    assert brazil["kind"] == "gpu" and brazil["country"] == "BR"


def test_readable_quote_is_in_portuguese_with_reais() -> None:
    result = run("quote", "--model", "mistral-7b", "--method", "lora")
    assert result.returncode == 0
    for text in ("Recomendação", "Por quê", "R$", "Premissas assumidas", "Alternativas"):
        assert text in result.stdout


def test_usd_brl_flag_changes_the_price() -> None:
    base = run_json("quote", "--model", "llama-3-8b", "--method", "qlora")
    dearer = run_json("quote", "--model", "llama-3-8b", "--method", "qlora", "--usd-brl", "7,00")
    assert dearer["fx"]["usd_brl"] == 7.0

    # A dearer dollar may change which machine wins; the same dollar-priced offer costs more.
    def totals(data: dict[str, Any]) -> dict[tuple[str, str], float]:
        options = [data["recommendation"], *data["alternatives"]]
        return {(o["instance_type"], o["region"]): o["total_brl"] for o in options}

    same = totals(base).keys() & totals(dearer).keys()
    assert same
    assert all(totals(dearer)[key] > totals(base)[key] for key in same)


def test_estimate_reports_memory_and_fit_without_prices() -> None:
    data = run_json(
        "estimate", "--model", "llama-3-8b", "--method", "full", "--accelerator", "h100"
    )
    assert data["estimate"]["memory_gb"]["total"] > 80
    [fit] = data["fit"]
    assert fit["accelerator"] == "h100" and fit["fits"] and fit["devices"] > 1
    assert "total_brl" not in json.dumps(data)


def test_catalog_lists_offers_in_force_with_sources() -> None:
    data = run_json("catalog")
    assert all(offer["source"] and offer["as_of"] for offer in data["offer"])
    assert not any(offer["example"] for offer in data["offer"])
    assert any(offer["example"] for offer in run_json("catalog", "--all")["offer"])
    assert "Ofertas em vigor" in run("catalog").stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["quote", "--params", "1e15"], "--params: deve estar entre"),
        (
            ["quote", "--model", "llama-3-8b", "--method", "qlora", "--precision", "fp32"],
            "--precision",
        ),
        (["quote", "--model", "xpto-9000"], "não conheço o modelo"),
        (["quote", "--model", "llama-3-8b", "--seq-len", "muito"], "não é um número válido"),
        (["quote", "--model", "llama-3-8b", "--examples", "-5"], "--examples"),
        (["quote", "--model", "llama-3-8b", "--batch-size", "2.5"], "número inteiro"),
        (["quote", "--model", "llama-3-8b", "--usd-brl", "zero"], "câmbio válido"),
        (["quote", "--model", "llama-3-8b", "--nao-existe"], "Opção desconhecida"),
        (["quote", "--model"], "Faltou o valor de --model"),
        (["orcamento"], "Comando desconhecido"),
        (["quote", "--model", "llama-3-8b", "--catalog", "/nao/existe.toml"], "não encontrado"),
        (
            ["quote", "--model", "llama-3.1-405b", "--method", "full", "--data-residency", "br"],
            "Nenhuma máquina",
        ),
    ],
)
def test_bad_input_gets_a_short_portuguese_error_and_no_traceback(
    args: list[str], message: str
) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_errors_in_json_mode_are_json() -> None:
    result = run("quote", "--params", "-1", "--json")
    assert result.returncode == 2
    error = json.loads(result.stdout)
    assert error["field"] == "--params" and "entre" in error["error"]


def test_quoting_path_imports_no_heavy_library() -> None:
    code = (
        "import sys, bot.cli.main, quoting.quote;"
        "heavy = [m for m in ('torch', 'chromadb', 'telegram', 'slack_bolt', "
        "'sentence_transformers', 'langchain_core', 'sqlalchemy', 'alembic') if m in sys.modules];"
        "print(','.join(heavy))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == ""


def test_index_and_search_commands(tmp_path: Path) -> None:
    env = {**os.environ, "INFRABOT_HOME": str(tmp_path / "home")}
    env.pop("INFRABOT_CHROMA_URL", None)
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "ruim.pdf").write_bytes(b"isto nao e pdf")

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(INFRABOT), *args], capture_output=True, text=True, env=env, timeout=300
        )

    missing = cli("search", "o que é OOM?")
    assert missing.returncode == 0 and "infrabot index" in missing.stdout
    first = cli("index", str(extra))
    assert first.returncode == 0, first.stderr
    assert "Ignorado:" in first.stdout and "ruim.pdf" in first.stdout
    assert "adicionados" in first.stdout
    assert (tmp_path / "home" / WEIGHTS_FILE).exists()  # no bot start fits the classifier
    assert (tmp_path / "home" / CARD_WEIGHTS_FILE).exists()
    again = cli("index", str(extra))
    assert "0 embutidos" in again.stdout and "0 adicionados" in again.stdout
    found = cli("search", "o que é OOM?", "--json")
    data = json.loads(found.stdout)
    assert data["fallback"] is False
    assert data["passages"][0]["source"] == "corpus/oom-falta-de-memoria.md"
    empty = cli("search", "   ")
    assert empty.returncode == 2 and "vazia" in empty.stderr


def test_ask_json_follows_the_contract_and_batch_keeps_context(tmp_path: Path) -> None:
    env = {**os.environ, "INFRABOT_HOME": str(tmp_path)}
    env.pop("INFRABOT_CHROMA_URL", None)
    single = subprocess.run(
        [str(INFRABOT), "ask", "Posso migrar de GPU para TPU depois?", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    data = json.loads(single.stdout)
    assert {"answer", "intent", "sources", "quote"} <= set(data)
    assert data["intent"] == "question" and data["sources"]
    batch = subprocess.run(
        [str(INFRABOT), "ask", "--json", "-"],
        input="LoRA de um Llama 3 8B com 20 mil exemplos\n\ne com QLoRA?\n\x00\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    replies = [json.loads(line) for line in batch.stdout.splitlines()]
    assert [r["intent"] for r in replies] == ["quote", "quote", "error"]
    assert replies[1]["quote"]["job"]["method"] == "qlora"
    assert replies[1]["quote"]["job"]["examples"] == 20_000
    assert "Traceback" not in batch.stderr


def test_chat_runs_a_conversation_until_sair(indexed_home: Path) -> None:
    env = {**os.environ, "INFRABOT_HOME": str(indexed_home)}
    env.pop("INFRABOT_CHROMA_URL", None)
    env.pop("TELEGRAM_BOT_TOKEN", None)
    result = subprocess.run(
        [str(INFRABOT), "start"],
        input="QLoRA do llama 3 8b com 5 mil exemplos\n/sair\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0
    assert "Olá" in result.stdout and "Recomendo GPU" in result.stdout
    assert "Até logo" in result.stdout


def test_quotes_commands_create_revise_and_export(tmp_path: Path) -> None:
    env = {**os.environ, "INFRABOT_HOME": str(tmp_path), "INFRABOT_STAFF": "local=vendas"}
    env.pop("INFRABOT_DATABASE_URL", None)

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(INFRABOT), "quotes", *args], capture_output=True, text=True, env=env, timeout=120
        )

    created = json.loads(
        cli(
            "create",
            "--model",
            "llama-3-8b",
            "--method",
            "qlora",
            "--client",
            "ACME Ltda",
            "--json",
        ).stdout
    )
    number = created["number"]
    assert created["status"] == "rascunho" and created["total_brl"] > 0
    refused = cli("revise", number, "--discount", "30")
    assert refused.returncode == 2 and "limite" in refused.stderr
    revised = json.loads(cli("revise", number, "--examples", "50 mil", "--json").stdout)
    assert revised["revision"] == 2 and revised["spec"]["examples"] == 50_000
    listing = cli("list", "--status", "rascunho")
    assert number in listing.stdout and "ACME" in listing.stdout
    pdf = tmp_path / "proposta.pdf"
    assert cli("export", number, "--pdf", str(pdf)).returncode == 0
    assert pdf.read_bytes().startswith(b"%PDF")
    missing = cli("show", "COT-1999-000001")
    assert missing.returncode == 2 and "Não encontrei" in missing.stderr


def _boolean_job_flags() -> list[tuple[str, str, str]]:
    """(field, on, off) for every --x/--no-x job flag, read from the flags the CLI declares."""
    from bot.cli.job_flags import JOB_OPTIONS

    found = []
    for parameter in JOB_OPTIONS:
        info = parameter.annotation.__metadata__[0]
        # In Annotated, typer takes a leading string for the first declaration.
        for declaration in (info.default, *info.param_decls):
            if isinstance(declaration, str) and "/" in declaration:
                on, off = declaration.split("/")
                found.append((parameter.name, on, off))
    return found


def test_every_boolean_job_flag_is_found() -> None:
    fields = {field for field, _, _ in _boolean_job_flags()}
    assert fields == {"gradient_checkpointing", "spot", "cheapest", "urgent"}


@pytest.mark.parametrize(("field", "on", "off"), _boolean_job_flags())
def test_boolean_job_flags_mean_true_and_false(field: str, on: str, off: str) -> None:
    base = ("estimate", "--model", "mistral-7b", "--method", "lora", "--accelerator", "l4")
    assert run_json(*base, on)["job"][field] is True
    assert run_json(*base, off)["job"][field] is False


def test_no_gradient_checkpointing_keeps_every_activation_in_memory() -> None:
    base = ("estimate", "--model", "mistral-7b", "--method", "lora", "--accelerator", "l40s")
    kept = run_json(*base, "--no-gradient-checkpointing")
    recomputed = run_json(*base, "--gradient-checkpointing")
    assert kept["estimate"]["memory_gb"]["total"] > 2 * recomputed["estimate"]["memory_gb"]["total"]
    assert recomputed["fit"][0]["fits"] and recomputed["fit"][0]["devices"] == 1
    assert not kept["fit"][0]["fits"] or kept["fit"][0]["devices"] > 1


def test_no_spot_quotes_on_demand() -> None:
    flags = ("quote", "--params", "70B", "--method", "full", "--framework", "jax")
    flags += ("--dataset-tokens", "2e9", "--cloud", "gcp")
    assert run_json(*flags, "--spot")["recommendation"]["spot"] is True
    assert run_json(*flags, "--no-spot")["recommendation"]["spot"] is False
