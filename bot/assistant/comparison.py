"""Side by side: the same job on two models, two methods, GPU and TPU, two clouds, two cards, spot
and on demand, in Brazil and abroad, or at two deadlines, as one table with the machine, hours and
total of each, and which is cheaper and which is faster."""

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, Literal, get_args

from babel.dates import format_datetime

from bot.assistant.composer import job_line
from bot.assistant.reader.other_chips import other_chip
from bot.assistant.reader.quantity_arithmetic import TIMES
from locales import _, locale
from quoting.candidate import Candidate
from quoting.catalog import load_catalog
from quoting.constraints import PROVIDER_NAMES
from quoting.errors import QuotingError
from quoting.fx import FxRate
from quoting.jobspec import DEFAULT_EPOCHS, Cloud, Job, JobSpec, method_name, normalize
from quoting.pool import candidates
from quoting.quote import build_quote
from quoting.registry import load_registry
from quoting.units import format_brl, format_number

if TYPE_CHECKING:  # the grid's reader names this module's axes
    from bot.assistant.variants import Grid

Axis = Literal[
    "model",
    "cloud",
    "kind",
    "method",
    "framework",
    "accelerator",
    "spot",
    "region",
    "deadline",
    "epochs",
    "examples",
    "devices",
    "seq_len",
    "lora_rank",
    "",
]


FRAMEWORK_NAMES = {"jax": "JAX", "pytorch": "PyTorch", "tensorflow": "TensorFlow"}


@dataclass
class Column:
    label: str
    machine: str = ""
    hours: float = 0.0
    total_brl: Decimal | None = None
    problem: str = ""


def _label(axis: Axis, value: str) -> str:
    if axis == "model":
        entry = load_registry().find(value)
        return entry.name if entry else value
    if axis == "cloud":
        return PROVIDER_NAMES.get(value, value)
    if axis == "method":
        return method_name(value)
    if axis == "framework":
        return FRAMEWORK_NAMES[value]
    if axis == "spot":
        return _("Spot") if value == "spot" else _("Sob demanda")
    if axis == "region":
        return _("No Brasil") if value == "br" else _("Fora do Brasil")
    if axis == "epochs":
        return _("{count} épocas").format(count=value) if value != "1" else _("1 época")
    if axis == "examples":
        return _("{count} exemplos").format(count=format_number(float(value), 0))
    if axis == "lora_rank":
        return _("Rank {rank}").format(rank=value)
    if axis == "seq_len":
        return _("Contexto de {count} tokens").format(count=format_number(float(value), 0))
    if axis == "deadline":
        return _("Até {day}").format(
            day=format_datetime(datetime.fromisoformat(value), _DAY_FORMAT, locale=locale())
        )
    return value.upper()


# "Até sex., 04/12, 18:00"
_DAY_FORMAT = "EEE, dd/MM, HH:mm"


def _quoted(label: str, slots: dict[str, Any], fx: FxRate) -> Column:
    try:
        quote = build_quote(normalize(JobSpec(**slots)), fx=fx)
    except QuotingError as problem:
        return Column(label, problem=str(problem).split(".")[0])
    rec = quote.recommendation
    machine = f"{rec.count}x {rec.accelerator_name} ({rec.instance_type}, {rec.region})"
    return Column(label, machine, rec.hours, quote.total_brl)


def _cheapest_on(job: Job, cloud: str | None, fx: FxRate, abroad: bool = False) -> Candidate | None:
    """The cheapest machine of this cloud (any, where None; outside Brazil, where `abroad`) that
    runs the job within its deadline and budget."""
    fitting = [
        c
        for c in candidates(job, load_catalog(), fx)
        if (cloud is None or c.offer.provider == cloud)
        and not (abroad and c.region.country == "BR")
        and (job.deadline_hours is None or c.time.hours <= job.deadline_hours)
        and (job.budget_brl is None or c.total_brl <= job.budget_brl)
    ]
    return min(fitting, key=lambda c: (c.total_brl, c.time.hours)) if fitting else None


def _on_cloud(label: str, slots: dict[str, Any], cloud: str, fx: FxRate) -> Column:
    if cloud not in get_args(Cloud):  # "Oracle Cloud (OCI)": a cloud no price list of ours has
        return Column(label, problem=_("ainda não temos ofertas dela no catálogo"))
    job = normalize(JobSpec(**{**slots, "cloud": cloud}))
    best = _cheapest_on(job, cloud, fx)
    if best is None:
        if not any(o.provider == cloud for o in load_catalog().offers_in_force()):
            return Column(label, problem=_("ainda não temos ofertas dela no catálogo"))
        # A PyTorch job on a cloud whose fitting machines are TPUs: say so, and what JAX costs.
        on_tpu = None
        if job.framework == "pytorch" and job.method != "qlora":
            on_tpu = _cheapest_on(job.model_copy(update={"framework": "jax"}), cloud, fx)
        if on_tpu is None:
            return Column(label, problem=_("nenhuma máquina dela roda este job nos seus termos"))
        return Column(
            label,
            problem=_(
                "só em TPU, que pede JAX (com JAX, {total} em {hours} h); PyTorch roda em GPU"
            ).format(total=format_brl(on_tpu.total_brl), hours=format_number(on_tpu.time.hours, 1)),
        )
    return _column(label, best)


def _column(label: str, best: Candidate) -> Column:
    machine = (
        f"{best.devices}x {best.accelerator.name} ({best.offer.instance_type}, {best.offer.region})"
    )
    return Column(label, machine, best.time.hours, best.total_brl)


def _abroad(label: str, slots: dict[str, Any], fx: FxRate) -> Column:
    """The cheapest machine outside Brazil, on the client's cloud where they set one."""
    job = normalize(JobSpec(**{k: v for k, v in slots.items() if k != "data_residency"}))
    best = _cheapest_on(job, None if job.cloud == "none" else job.cloud, fx, abroad=True)
    if best is None:
        return Column(
            label, problem=_("nenhuma máquina fora do Brasil roda este job nos seus termos")
        )
    return _column(label, best)


def compare_text(
    slots: dict[str, Any], axis: Axis, values: list[str], fx: FxRate, grid: "Grid | None" = None
) -> str:
    """pt-BR: the job under each value of `axis`, as a table, and which wins on price and time;
    for a `grid` of runs, the price of one run at each value and the grid's total."""
    base = {k: v for k, v in slots.items() if k in JobSpec.model_fields}
    if grid is not None and not values:  # only the learning rate and seeds vary: one price
        axis, values = "epochs", [f"{float(base.get('epochs') or DEFAULT_EPOCHS):g}"]
    columns: list[Column] = []
    for value in values:
        label = _label(axis, value)
        if axis == "devices":  # "2x NVIDIA H100 80 GB", or "2 placas" on no card in particular
            card = base.get("accelerator")
            name = load_catalog().accelerator_by_id(card).name if card else _("placas")
            label = f"{value}x {name}"
        if axis == "cloud":
            columns.append(_on_cloud(label, base, value, fx))
            continue
        if axis == "region" and value == "abroad":
            columns.append(_abroad(label, base, fx))
            continue
        if axis == "accelerator" and (chip := other_chip(value)):  # "H100 x MI300X"
            columns.append(Column(chip.name, problem=_("não está no nosso catálogo")))
            continue
        varied = {**base, axis: value}
        if axis == "region":
            varied = {**base, "data_residency": "br"}
        elif axis == "devices":
            varied = {**base, axis: int(value)}
        elif axis in ("epochs", "examples"):
            varied = {**base, axis: float(value)}
        elif axis == "lora_rank":
            varied = {**base, axis: int(value), "method": base.get("method") or "lora"}
        elif axis == "seq_len":  # each example as long as the context, where it was longer
            varied = {**base, axis: int(float(value))}
            tokens = base.get("tokens_per_example")
            if tokens is not None and float(tokens) > float(value):
                varied["tokens_per_example"] = float(value)
        elif axis == "deadline":
            due = datetime.fromisoformat(value) - datetime.now(UTC)
            varied = {**base, "deadline_hours": max(1.0, round(due.total_seconds() / 3600, 1))}
        if axis == "model":
            varied.pop("params", None)
        elif axis == "spot":
            varied["spot"] = value == "spot"
        elif (axis == "accelerator" and not base.get("framework")) or axis == "framework":
            varied.pop("kind", None)  # each framework on the kind that runs it best
        columns.append(_quoted(label, varied, fx))
    varies = {"region": "data_residency", "deadline": "deadline_hours"}.get(axis, axis)
    shared = {
        k: v for k, v in base.items() if k not in (varies, "params" if axis == "model" else "")
    }
    # Where the count or the epochs vary, the table says each; the job line would assume them
    same_job = (
        axis not in ("model", "epochs", "examples", "devices")
        and {"model", "params"} & shared.keys()
    )
    job = job_line(normalize(JobSpec(**shared))) if same_job else ""
    terms = _terms({k: v for k, v in base.items() if k != varies})
    if same_job and terms:
        head = _("Comparação lado a lado para o mesmo job ({job}), nos seus termos: {terms}")
    elif same_job:
        head = _("Comparação lado a lado para o mesmo job ({job})")
    elif terms:
        head = _("Comparação lado a lado, nos seus termos: {terms}")
    else:
        head = _("Comparação lado a lado")
    head = head.format(job=job, terms=terms)
    rows = [_("| Opção | Máquina | Tempo | Total |"), "|---|---|---|---|"]
    for column in columns:
        if column.total_brl is None:
            rows.append(f"| {column.label} | {column.problem} | — | — |")
        else:
            rows.append(
                f"| {column.label} | {column.machine} | {format_number(column.hours, 1)} h | "
                f"{format_brl(column.total_brl)} |"
            )
    if grid is not None:
        return "\n".join([f"{head}:", "", *rows, "", *grid_lines(grid, columns)])
    return "\n".join([f"{head}:", "", *rows, "", *_verdict(columns)])


def _terms(slots: dict[str, Any]) -> str:
    """The client's terms every column honours, said so the client sees them read."""
    terms = []
    if (cloud := slots.get("cloud")) and cloud != "none":
        terms.append(_("nuvem {cloud}").format(cloud=PROVIDER_NAMES.get(cloud, cloud)))
    if slots.get("data_residency") == "br":
        terms.append(_("dados no Brasil"))
    if slots.get("spot"):
        terms.append(_("instâncias spot aceitas"))
    elif slots.get("spot") is False:  # "on-demand only": said, so the client sees it kept
        terms.append(_("só sob demanda, sem spot"))
    if framework := FRAMEWORK_NAMES.get(slots.get("framework") or ""):
        terms.append(_("código em {framework}").format(framework=framework))
    if slots.get("budget_brl") is not None:
        budget = format_brl(Decimal(str(slots["budget_brl"])))
        terms.append(_("orçamento até {budget}").format(budget=budget))
    if slots.get("deadline_hours") is not None:
        hours = format_number(float(slots["deadline_hours"]), 0)
        terms.append(_("prazo de {hours} h").format(hours=hours))
    return "; ".join(terms)


def grid_lines(grid: "Grid", columns: list[Column]) -> list[str]:
    """The grid's count, the runs each line prices, and the grid's total."""
    factors = f" {TIMES} ".join(f"{count} {_(word)}" for count, word in grid.factors)
    lines = [
        _(
            "Grade de {runs} rodadas ({factors}): cada linha é o preço de uma rodada, e vale para "
            "{each} delas. Learning rate e seed não mudam o tempo de uma rodada, e o rank do "
            "LoRA muda pouco."
        ).format(runs=grid.runs, factors=factors, each=grid.each)
    ]
    if all(c.total_brl is not None for c in columns):
        total = sum((c.total_brl or Decimal(0) for c in columns), Decimal(0)) * grid.each
        lines.append(_("Total da grade: {total}.").format(total=format_brl(total)))
    else:
        lines.append(_("Uma das opções não tem preço nos seus termos; o total fica sem ela."))
    lines.append(_("Para a cotação completa de uma delas, é só dizer qual."))
    return lines


def _verdict(columns: list[Column]) -> list[str]:
    priced = [c for c in columns if c.total_brl is not None]
    if len(priced) < 2:
        return []
    cheapest = min(priced, key=lambda c: (c.total_brl, c.hours))
    fastest = min(priced, key=lambda c: (c.hours, c.total_brl))
    dearest = max(priced, key=lambda c: c.total_brl or Decimal(0))
    saving = (dearest.total_brl or Decimal(0)) - (cheapest.total_brl or Decimal(0))
    if not saving and fastest.hours == cheapest.hours:
        return [
            _("As opções saem pelo mesmo total e no mesmo tempo: a mesma máquina atende todas.")
        ]
    lines = [
        _("Mais barato: {cheapest} ({saving} a menos que {dearest}).").format(
            cheapest=cheapest.label, saving=format_brl(saving), dearest=dearest.label
        )
    ]
    if fastest is not cheapest:
        lines.append(
            _("Mais rápido: {fastest} ({hours} h contra {other} h).").format(
                fastest=fastest.label,
                hours=format_number(fastest.hours, 1),
                other=format_number(cheapest.hours, 1),
            )
        )
    lines.append(_("Para a cotação completa de uma delas, é só dizer qual."))
    return lines
