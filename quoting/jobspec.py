"""The job a client describes, and its normalised form with every assumed default written back."""

from collections.abc import Callable
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from locales import N_, _
from quoting.errors import InvalidJob
from quoting.registry import Architecture, derive_architecture, load_registry
from quoting.units import format_number, short_number

Method = Literal["full", "lora", "qlora"]
Precision = Literal["bf16", "fp16", "fp32"]
Optimizer = Literal["adamw", "adamw-8bit", "sgd"]
Framework = Literal["pytorch", "tensorflow", "jax"]
Attention = Literal["sdpa", "eager"]
Residency = Literal["br", "any"]
Cloud = Literal["aws", "gcp", "azure", "lambda", "runpod", "none"]
TaxProfileId = Literal["br_cloud", "cartao", "remessa", "local"]
LoraTargets = Literal["all-linear", "attention", "qv"]

CHOICES: dict[str, tuple[str, ...]] = {
    "method": ("full", "lora", "qlora"),
    "precision": ("bf16", "fp16", "fp32"),
    "optimizer": ("adamw", "adamw-8bit", "sgd"),
    "framework": ("pytorch", "tensorflow", "jax"),
    "attention": ("sdpa", "eager"),
    "data_residency": ("br", "any"),
    "cloud": ("aws", "gcp", "azure", "lambda", "runpod", "none"),
    "tax_profile": ("br_cloud", "cartao", "remessa", "local"),
    "lora_targets": ("all-linear", "attention", "qv"),
    "kind": ("gpu", "tpu"),
}

# How clients read the methods and frameworks (the methods in the reply's language: `method_name`).
METHOD_NAMES = {"full": N_("ajuste completo"), "lora": "LoRA", "qlora": "QLoRA"}
FRAMEWORK_NAMES = {"pytorch": "PyTorch", "tensorflow": "TensorFlow", "jax": "JAX"}

# How each field is named to a user: the CLI flag, which the assistant also understands.
FLAGS: dict[str, str] = {
    "model": "--model",
    "params": "--params",
    "method": "--method",
    "precision": "--precision",
    "optimizer": "--optimizer",
    "lora_rank": "--lora-rank",
    "lora_targets": "--lora-targets",
    "seq_len": "--seq-len",
    "batch_size": "--batch-size",
    "gradient_checkpointing": "--gradient-checkpointing",
    "attention": "--attention",
    "dataset_tokens": "--dataset-tokens",
    "examples": "--examples",
    "tokens_per_example": "--tokens-per-example",
    "epochs": "--epochs",
    "framework": "--framework",
    "data_residency": "--data-residency",
    "deadline_hours": "--deadline-hours",
    "budget_brl": "--budget-brl",
    "spot": "--spot",
    "cloud": "--cloud",
    "tax_profile": "--tax-profile",
    "kind": "--kind",
    "accelerator": "--accelerator",
    "max_device_memory_gb": "--max-device-memory-gb",
    "devices": "--devices",
    "cheapest": "--cheapest",
    "urgent": "--urgent",
}


def method_name(method: str) -> str:
    """The method as the client reads it, in the reply's language ("ajuste completo", "LoRA")."""
    name = METHOD_NAMES.get(method, method)
    return _(name) if name else name


MIN_PARAMS, MAX_PARAMS = 1e6, 2e12
DEFAULT_EXAMPLES = 10_000
DEFAULT_TOKENS_PER_EXAMPLE = 512
DEFAULT_EPOCHS = 3.0
DEFAULT_LORA_RANK = 16
# Tokens per device per step for the default micro-batch: what common fine-tuning recipes use
# on a single GPU (e.g. batch 2 x 2,048 tokens).
DEFAULT_TOKENS_PER_STEP = 4096


class JobSpec(BaseModel):
    """A job as given: by flags, by the assistant's extraction, or by JSON. Unset means default."""

    model_config = ConfigDict(extra="forbid")

    model: str | None = None
    params: float | None = None
    method: str | None = None
    precision: str | None = None
    optimizer: str | None = None
    lora_rank: int | None = None
    lora_targets: str | None = None
    seq_len: int | None = None
    batch_size: int | None = None
    gradient_checkpointing: bool | None = None
    attention: str | None = None
    dataset_tokens: float | None = None
    examples: float | None = None
    tokens_per_example: float | None = None
    epochs: float | None = None
    framework: str | None = None
    data_residency: str | None = None
    deadline_hours: float | None = None
    budget_brl: Decimal | None = None
    spot: bool | None = None
    cloud: str | None = None
    tax_profile: str | None = None
    kind: str | None = None
    # "e numa H200?": the accelerator the client names (a catalog id), the only one quoted.
    accelerator: str | None = None
    # The largest card the client can use ("só temos placas de 16 GB", "uma 4090"), in GB.
    max_device_memory_gb: float | None = None
    # "quero rodar em 4 H100": how many cards or chips, in all, the client wants the job on.
    devices: int | None = None
    # "O mais barato possível": price wins over the Brazil and home-cloud preferences.
    cheapest: bool | None = None
    # "Urgente", "pra ontem": the fastest sensible option wins (quoting/policy.py).
    urgent: bool | None = None


class Job(BaseModel):
    """A validated job with every default filled in; `assumed` lists the fields we chose."""

    model: str | None
    model_name: str
    params: float
    active_params: float
    architecture: Architecture
    method: Method
    precision: Precision
    optimizer: Optimizer
    lora_rank: int | None
    lora_targets: LoraTargets | None
    seq_len: int
    batch_size: int
    gradient_checkpointing: bool
    attention: Attention
    dataset_tokens: float
    examples: float | None
    tokens_per_example: float | None
    epochs: float
    framework: Framework
    data_residency: Residency
    deadline_hours: float | None
    budget_brl: Decimal | None
    spot: bool
    cloud: Cloud
    tax_profile: TaxProfileId | None
    kind: Literal["gpu", "tpu"] | None = None
    accelerator: str | None = None
    max_device_memory_gb: float | None = None
    devices: int | None = None
    cheapest: bool = False
    urgent: bool = False
    assumed: list[str] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list)

    @property
    def trains_adapters(self) -> bool:
        return self.method != "full"

    @property
    def total_tokens(self) -> float:
        return self.dataset_tokens * self.epochs


def _check_range(field: str, value: float, low: float, high: float, unit: str = "") -> None:
    """`unit` comes translated ("parâmetros", "horas")."""
    if not low <= value <= high:
        top = short_number(high)
        # "10 bilhões de exemplos", but "10.000 exemplos": the big-number words take "de".
        if unit and top[-1].isalpha():
            top = _("{number} de {unit}").format(number=top, unit=unit)
        elif unit:
            top = f"{top} {unit}"
        raise InvalidJob(
            FLAGS[field],
            _("deve estar entre {low} e {high} (recebi {value})").format(
                low=short_number(low), high=top, value=short_number(value)
            ),
        )


def _choice(spec: JobSpec, field: str, default: str, job: dict[str, object]) -> None:
    value = getattr(spec, field)
    if value is None:
        job[field] = default
        job["assumed"].append(field)  # type: ignore[attr-defined]
        return
    normalized = str(value).strip().lower()
    if normalized not in CHOICES[field]:
        raise InvalidJob(
            FLAGS[field],
            _("'{value}' não é aceito; use um de: {choices}").format(
                value=value, choices=", ".join(CHOICES[field])
            ),
        )
    job[field] = normalized


def _architecture(spec: JobSpec) -> tuple[str | None, Architecture]:
    if spec.model is not None and spec.params is not None:
        raise InvalidJob(
            "--params", _("informe o modelo (--model) ou o tamanho (--params), não os dois")
        )
    if spec.model is not None:
        registry = load_registry()
        entry = registry.find(spec.model)
        if entry is None:
            similar = registry.suggestions(spec.model)
            hint = (
                " " + _("Parecidos: {names}.").format(names=", ".join(similar)) if similar else ""
            )
            raise InvalidJob(
                "--model",
                _("não conheço o modelo '{model}'.").format(model=spec.model)
                + hint
                + " "
                + _("Se ele não estiver na lista, informe o tamanho com --params (ex.: 7B)."),
            )
        return entry.id, Architecture.model_validate(entry.model_dump())
    if spec.params is None:
        raise InvalidJob(
            "--model", _("informe o modelo (ex.: llama-3-8b) ou o tamanho (--params 7B)")
        )
    _check_range("params", spec.params, MIN_PARAMS, MAX_PARAMS, _("parâmetros"))
    return None, derive_architecture(spec.params)


def normalize(spec: JobSpec) -> Job:
    """Validate a JobSpec and fill its defaults. Raises InvalidJob with a pt-BR message."""
    model_id, arch = _architecture(spec)
    job: dict[str, object] = {"assumed": [], "assumptions": []}
    assumed: list[str] = job["assumed"]  # type: ignore[assignment]
    notes: list[str] = job["assumptions"]  # type: ignore[assignment]
    if model_id is None:
        notes.append(
            _(
                "Arquitetura estimada pelo tamanho (modelo decodificador no estilo Llama, "
                "{layers} camadas, dimensão {hidden}, vocabulário {vocabulary})."
            ).format(layers=arch.layers, hidden=arch.hidden_size, vocabulary=arch.vocab_size)
        )

    for field, default in (
        ("method", "lora"),
        ("precision", "bf16"),
        ("optimizer", "adamw"),
        # Whoever insists on TPU and names no framework is read as a TPU-native team (JAX);
        # the quote says so, and a PyTorch team corrects it in one word.
        ("framework", "jax" if str(spec.kind).lower() == "tpu" else "pytorch"),
        ("attention", "sdpa"),
        ("data_residency", "any"),
        ("cloud", "none"),
    ):
        _choice(spec, field, default, job)
    for optional in ("tax_profile", "kind"):
        if getattr(spec, optional) is None:
            job[optional] = None
        else:
            _choice(spec, optional, "", job)

    method = job["method"]
    if method == "qlora" and job["precision"] == "fp32":
        raise InvalidJob(
            "--precision",
            _("QLoRA guarda os pesos em 4 bits e calcula em bf16 ou fp16; fp32 não se aplica"),
        )
    if method == "full":
        for field in ("lora_rank", "lora_targets"):
            if getattr(spec, field) is not None:
                raise InvalidJob(FLAGS[field], _("só vale com --method lora ou qlora"))
        job["lora_rank"] = job["lora_targets"] = None
    else:
        _choice(spec, "lora_targets", "all-linear", job)
        if spec.lora_rank is None:
            job["lora_rank"] = DEFAULT_LORA_RANK
            assumed.append("lora_rank")
        else:
            _check_range("lora_rank", spec.lora_rank, 1, min(1024, arch.hidden_size))
            job["lora_rank"] = spec.lora_rank

    _dataset(spec, job, assumed, arch)

    if spec.seq_len is None:
        wanted = 512 if arch.architecture == "encoder" else 2048
        per_example = job["tokens_per_example"]
        if isinstance(per_example, float) and per_example > wanted:
            wanted = 1 << (int(per_example) - 1).bit_length()
        job["seq_len"] = min(wanted, arch.max_context)
        assumed.append("seq_len")
    else:
        _check_range(
            "seq_len", spec.seq_len, 16, arch.max_context, _("tokens (contexto do modelo)")
        )
        job["seq_len"] = spec.seq_len
    seq_len = job["seq_len"]
    assert isinstance(seq_len, int)

    if spec.batch_size is None:
        job["batch_size"] = max(1, DEFAULT_TOKENS_PER_STEP // seq_len)
        assumed.append("batch_size")
    else:
        _check_range("batch_size", spec.batch_size, 1, 4096)
        job["batch_size"] = spec.batch_size

    if spec.gradient_checkpointing is None:
        # Large decoders almost never train without it; small encoders do not need it.
        job["gradient_checkpointing"] = arch.architecture != "encoder" and arch.params >= 1e9
        assumed.append("gradient_checkpointing")
    else:
        job["gradient_checkpointing"] = spec.gradient_checkpointing

    if spec.epochs is None:
        job["epochs"] = DEFAULT_EPOCHS
        assumed.append("epochs")
    else:
        _check_range("epochs", spec.epochs, 0.01, 100)
        job["epochs"] = spec.epochs
    if spec.deadline_hours is not None:
        _check_range("deadline_hours", spec.deadline_hours, 0.1, 8760, _("horas"))
    if spec.budget_brl is not None:
        _check_range("budget_brl", float(spec.budget_brl), 1, 1e9, _("reais"))
    if spec.max_device_memory_gb is not None:
        _check_range("max_device_memory_gb", spec.max_device_memory_gb, 1, 1024, "GB")
    if spec.devices is not None:
        _check_range("devices", spec.devices, 1, 4096, _("placas"))
    if spec.spot is None:
        assumed.append("spot")

    notes.extend(_ASSUMPTION_TEXT[field](job) for field in assumed)
    return Job(
        model=model_id,
        model_name=arch.name,
        params=arch.params,
        active_params=arch.active_params,
        architecture=arch,
        deadline_hours=spec.deadline_hours,
        budget_brl=spec.budget_brl,
        spot=bool(spec.spot),
        max_device_memory_gb=spec.max_device_memory_gb,
        accelerator=spec.accelerator,
        devices=spec.devices,
        cheapest=bool(spec.cheapest),
        urgent=bool(spec.urgent),
        **job,
    )


_ASSUMPTION_TEXT: dict[str, Callable[[dict[str, object]], str]] = {
    "method": lambda j: _("Método {method}.").format(method=method_name(str(j["method"]))),
    "precision": lambda j: _("Precisão mista {precision}.").format(precision=j["precision"]),
    "optimizer": lambda j: _("Otimizador AdamW."),
    "framework": lambda j: (
        _("Código em PyTorch.")
        if j["framework"] == "pytorch"
        else _(
            "Código em JAX, nativo da TPU (se for PyTorch, avise: em TPU ele exige PyTorch/XLA)."
        )
    ),
    "attention": lambda j: _("Atenção eficiente em memória (SDPA/FlashAttention)."),
    "data_residency": lambda j: _("Os dados podem ser processados fora do Brasil."),
    "cloud": lambda j: _("Sem preferência de provedor de nuvem."),
    "lora_targets": lambda j: _("LoRA em todas as camadas lineares."),
    "lora_rank": lambda j: _("Rank do LoRA {rank}.").format(rank=j["lora_rank"]),
    "examples": lambda j: _("{count} exemplos.").format(
        count=format_number(float(str(j["examples"])), 0)
    ),
    "tokens_per_example": lambda j: _("{count} tokens por exemplo.").format(
        count=format_number(float(str(j["tokens_per_example"])), 0)
    ),
    "seq_len": lambda j: _("Sequências de {count} tokens.").format(
        count=format_number(int(str(j["seq_len"])), 0)
    ),
    "batch_size": lambda j: _("Batch de {size} por dispositivo.").format(size=j["batch_size"]),
    "gradient_checkpointing": lambda j: (
        _("Gradient checkpointing ligado.")
        if j["gradient_checkpointing"]
        else _("Gradient checkpointing desligado.")
    ),
    "epochs": lambda j: _("{count} épocas.").format(
        count=format_number(float(str(j["epochs"])), 0)
    ),
    "spot": lambda j: _("Instâncias sob demanda (sem spot)."),
}


def lowered(job: Job, **update: object) -> Job:
    """`job` with defaults the engine changed to run it (a micro-batch or sequence lowered to
    fit in memory, FP16 on a card without BF16), its list of assumptions restated."""
    before, after = job.model_dump(), {**job.model_dump(), **update}
    lines = list(job.assumptions)
    for name in update.keys() & set(job.assumed):
        old = _ASSUMPTION_TEXT[name](before)
        if old in lines:
            lines[lines.index(old)] = _ASSUMPTION_TEXT[name](after)
    return job.model_copy(update={**update, "assumptions": lines})


# Fewer tokens than this are no dataset: one example's length, said without a count.
MIN_DATASET_TOKENS = 1e3


def _dataset(spec: JobSpec, job: dict[str, object], assumed: list[str], arch: Architecture) -> None:
    if spec.dataset_tokens is not None:
        if spec.examples is not None or spec.tokens_per_example is not None:
            raise InvalidJob(
                "--dataset-tokens",
                _("informe o total de tokens ou exemplos x tokens, não os dois"),
            )
        _check_range("dataset_tokens", spec.dataset_tokens, MIN_DATASET_TOKENS, 1e13, _("tokens"))
        job.update(dataset_tokens=spec.dataset_tokens, examples=None, tokens_per_example=None)
        return
    examples = spec.examples
    if examples is None:
        examples = float(DEFAULT_EXAMPLES)
        assumed.append("examples")
    _check_range("examples", examples, 1, 1e10, _("exemplos"))
    per_example = spec.tokens_per_example
    if per_example is None:
        per_example = float(arch.max_context if arch.fixed_input else DEFAULT_TOKENS_PER_EXAMPLE)
        assumed.append("tokens_per_example")
    _check_range("tokens_per_example", per_example, 1, 1e6, _("tokens"))
    job.update(
        dataset_tokens=examples * per_example,
        examples=float(examples),
        tokens_per_example=float(per_example),
    )
