"""The job flags of DESIGN.md, shared by `infrabot quote`, `estimate` and later `quotes create`.

`with_job_flags` adds the flags to a typer command and hands it a ready JobSpec, so each command
declares only its own options. Numbers are read as text and parsed here, so "7B", "20 mil" or
"1,5M" work and a bad value gets a pt-BR message naming the flag.
"""

import functools
import inspect
import math
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Annotated, Any

import typer

from quoting.errors import InvalidJob
from quoting.jobspec import JobSpec
from quoting.units import parse_count

PANEL = "Descrição do job"


def _option(flag: str, help_text: str, annotation: Any = str | None) -> inspect.Parameter:
    name = flag.lstrip("-").split("/")[0].replace("-", "_")
    # "--spot/--no-spot" goes to click as ONE declaration: that is how it makes the second
    # spelling mean False. Split in two, both would be aliases of True.
    return inspect.Parameter(
        name,
        inspect.Parameter.KEYWORD_ONLY,
        default=None,
        annotation=Annotated[annotation, typer.Option(flag, help=help_text, rich_help_panel=PANEL)],
    )


JOB_OPTIONS = [
    _option("--model", "Modelo do catálogo (ex.: llama-3-8b, mistral-7b, bert-base)."),
    _option("--params", "Tamanho do modelo quando não está no catálogo (7B, 110M, 7e9)."),
    _option("--method", "full, lora ou qlora (padrão: lora)."),
    _option("--precision", "bf16, fp16 ou fp32 (padrão: bf16)."),
    _option("--optimizer", "adamw, adamw-8bit ou sgd (padrão: adamw)."),
    _option("--lora-rank", "Rank do LoRA (padrão: 16)."),
    _option("--lora-targets", "Camadas com LoRA: all-linear, attention ou qv."),
    _option("--seq-len", "Tokens por sequência."),
    _option("--batch-size", "Micro-batch por dispositivo."),
    _option(
        "--gradient-checkpointing/--no-gradient-checkpointing",
        "Recalcular ativações no backward para economizar memória.",
        bool | None,
    ),
    _option("--attention", "sdpa (eficiente em memória, padrão) ou eager."),
    _option("--dataset-tokens", "Total de tokens do dataset (ex.: 1,5M, 2e9)."),
    _option("--examples", "Número de exemplos (ex.: 20 mil, 50k)."),
    _option("--tokens-per-example", "Tokens por exemplo (padrão: 512)."),
    _option("--epochs", "Épocas (padrão: 3)."),
    _option("--framework", "pytorch, tensorflow ou jax (padrão: pytorch)."),
    _option("--data-residency", "br (dados não saem do Brasil) ou any (padrão)."),
    _option("--deadline-hours", "Prazo máximo em horas."),
    _option("--budget-brl", "Orçamento em reais."),
    _option(
        "--spot/--no-spot", "Aceitar instâncias spot (mais baratas, interrompíveis).", bool | None
    ),
    _option("--cloud", "Nuvem que você já usa: aws, gcp, azure ou none."),
    _option(
        "--tax-profile",
        "Quem fatura: br_cloud (nota em reais de AWS/GCP/Azure Brasil), remessa, cartao ou local "
        "(padrão: pelo provedor da oferta).",
    ),
    _option("--kind", "Forçar o tipo de acelerador: gpu ou tpu (padrão: o mais adequado)."),
    _option("--accelerator", "Cotar só nesta placa ou chip do catálogo (ex.: h200, l4, tpu-v5e)."),
    _option(
        "--devices", "Cotar só com este número de placas ou chips, no total (ex.: 4).", int | None
    ),
    _option(
        "--cheapest/--no-cheapest",
        "O mais barato possível, mesmo que demore (ignora as preferências de Brasil e nuvem).",
        bool | None,
    ),
    _option(
        "--urgent/--no-urgent",
        "Urgente: recomenda a opção mais rápida que ainda faz sentido no custo.",
        bool | None,
    ),
]
JOB_FIELDS = [parameter.name for parameter in JOB_OPTIONS]
_COUNTS = {"params", "dataset_tokens", "examples", "tokens_per_example"}
_INTEGERS = {"lora_rank", "seq_len", "batch_size"}
_DECIMALS = {"epochs", "deadline_hours"}


def _number(field: str, text: str) -> float | int | Decimal:
    flag = "--" + field.replace("_", "-")
    cleaned = text.strip().replace(",", ".") if field not in _COUNTS else text
    try:
        if field in _COUNTS:
            return parse_count(text)
        if field == "budget_brl":
            digits = text.lower().replace("r$", "").strip()
            digits = digits.replace(".", "").replace(",", ".") if "," in digits else digits
            amount = Decimal(digits)
            if not amount.is_finite():
                raise ValueError(text)
            return amount
        value = float(cleaned)
        if not math.isfinite(value):
            raise ValueError(text)
    except (ValueError, InvalidOperation) as error:
        raise InvalidJob(flag, f"'{text}' não é um número válido") from error
    if field in _INTEGERS:
        if not value.is_integer():
            raise InvalidJob(flag, f"'{text}' deve ser um número inteiro")
        return int(value)
    return value


def spec_from_flags(values: dict[str, Any]) -> JobSpec:
    """Turn the raw flag values into a JobSpec; numbers parsed with pt-BR errors."""
    parsed = {
        field: _number(field, value)
        if isinstance(value, str)
        and (field in _COUNTS | _INTEGERS | _DECIMALS or field == "budget_brl")
        else value
        for field, value in values.items()
        if value is not None
    }
    return JobSpec(**parsed)


def with_job_flags(command: Callable[..., None]) -> Callable[..., None]:
    """Give a command taking `spec: JobSpec` the job flags instead of that parameter."""
    own = [p for p in inspect.signature(command).parameters.values() if p.name != "spec"]

    @functools.wraps(command)
    def wrapper(**kwargs: Any) -> None:
        values = {field: kwargs.pop(field) for field in JOB_FIELDS}
        command(spec=spec_from_flags(values), **kwargs)

    wrapper.__signature__ = inspect.Signature(own + JOB_OPTIONS)  # type: ignore[attr-defined]
    return wrapper
