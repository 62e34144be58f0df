"""What a recommendation tells the client beyond the constraints: the hours billed, split, how
the job is divided across the devices, a micro-batch lowered to fit, and the notices (spot asked
where no spot price exists)."""

from typing import TYPE_CHECKING

from quoting.jobspec import Job
from quoting.units import format_number

if TYPE_CHECKING:  # recommend imports this module; the type is only for annotations
    from quoting.candidate import Candidate


def time_reason(chosen: "Candidate") -> str:
    """The hours billed, split into calibrated training, the visible contingency and set-up."""
    time = chosen.time
    return (
        f"Tempo cobrado: cerca de {format_number(time.hours)} h = "
        f"{format_number(time.training_hours)} h de treino (estimativa calibrada em medições "
        f"publicadas, {time.mfu * 100:.0f}% do pico do acelerador) + margem de tempo de "
        f"+{time.contingency_fraction * 100:.0f}% ({format_number(time.contingency_hours)} h) "
        f"+ {format_number(time.setup_hours)} h de preparação do ambiente."
    )


def notices(job: Job, chosen: "Candidate") -> list[str]:
    if job.spot and not chosen.cost.spot:
        return [
            f"Spot não está disponível para {chosen.offer.instance_type} "
            f"({chosen.offer.provider} {chosen.offer.region}): não há preço spot publicado "
            "no catálogo. Cotamos sob demanda, sem o tempo extra de interrupções."
        ]
    return []


def sharding_reason(job: Job, chosen: "Candidate") -> str | None:
    """What ZeRO-3/FSDP divides across the devices when one full copy does not fit on each."""
    if not chosen.memory.sharded:
        return None
    unit = "placas" if chosen.accelerator.kind == "gpu" else "TPUs"
    where = f"as {chosen.devices} {unit}"
    sharding = "FSDP/ZeRO-3"
    if chosen.placement.parallelism == "hsdp":  # sharded inside each machine, one copy each
        per, machines = chosen.placement.devices_per_instance, chosen.placement.instances
        where = f"as {per} {unit} de cada uma das {machines} máquinas"
        sharding = "FSDP híbrido"
    if job.method == "full":
        return (
            f"Pesos, gradientes e otimizador divididos entre {where} ({sharding}); cada uma "
            "guarda só as suas ativações."
        )
    base = "em 4 bits " if job.method == "qlora" else ""
    tool = "FSDP-QLoRA" if job.method == "qlora" else sharding.removesuffix("/ZeRO-3")
    return (
        f"Pesos do modelo base {base}divididos entre {where} ({tool}), com os adaptadores, "
        "seus gradientes e o otimizador; cada uma guarda só as suas ativações."
    )


def fit_reasons(job: Job, assumed: Job) -> list[str]:
    """Why the micro-batch or the sequence is shorter than our default, when the engine lowered
    them to fit."""
    reasons = []
    if job.batch_size != assumed.batch_size:
        reasons.append(
            f"Micro-batch de {job.batch_size} por dispositivo (em vez de {assumed.batch_size}), "
            "com acumulação de gradiente para manter o mesmo batch por passo: com ele o job cabe "
            "na memória destas placas, ao custo de um treino um pouco mais lento."
        )
    if job.seq_len != assumed.seq_len and (job.tokens_per_example or 0) > job.seq_len:
        reasons.append(
            f"Sequências de {format_number(job.seq_len, 0)} tokens (em vez de "
            f"{format_number(assumed.seq_len, 0)}): cada exemplo, mais longo que isso, é treinado "
            "em trechos, com o mesmo total de tokens; assim o job cabe na memória destas placas."
        )
    elif job.seq_len != assumed.seq_len:
        reasons.append(
            f"Sequências de {format_number(job.seq_len, 0)} tokens (em vez de "
            f"{format_number(assumed.seq_len, 0)}), o tamanho dos seus exemplos, sem juntar "
            "vários numa sequência: assim o job cabe na memória destas placas."
        )
    return reasons
