"""What a recommendation tells the client beyond the constraints: the hours billed, split, how
the job is divided across the devices, a micro-batch lowered to fit, and the notices (spot asked
where no spot price exists)."""

from typing import TYPE_CHECKING

from locales import _
from quoting.jobspec import Job
from quoting.units import format_number

if TYPE_CHECKING:  # recommend imports this module; the type is only for annotations
    from quoting.candidate import Candidate


def time_reason(chosen: "Candidate") -> str:
    """The hours billed, split into calibrated training, the visible contingency and set-up."""
    time = chosen.time
    return _(
        "Tempo cobrado: cerca de {hours} h = {training} h de treino (estimativa calibrada em "
        "medições publicadas, {mfu} do pico do acelerador) + margem de tempo de "
        "+{contingency} ({contingency_hours} h) + {setup} h de preparação do ambiente."
    ).format(
        hours=format_number(time.hours),
        training=format_number(time.training_hours),
        mfu=f"{time.mfu * 100:.0f}%",
        contingency=f"{time.contingency_fraction * 100:.0f}%",
        contingency_hours=format_number(time.contingency_hours),
        setup=format_number(time.setup_hours),
    )


def notices(job: Job, chosen: "Candidate") -> list[str]:
    if job.spot and not chosen.cost.spot:
        return [
            _(
                "Spot não está disponível para {instance} ({provider} {region}): não há preço "
                "spot publicado no catálogo. Cotamos sob demanda, sem o tempo extra de "
                "interrupções."
            ).format(
                instance=chosen.offer.instance_type,
                provider=chosen.offer.provider,
                region=chosen.offer.region,
            )
        ]
    return []


def sharding_reason(job: Job, chosen: "Candidate") -> str | None:
    """What ZeRO-3/FSDP divides across the devices when one full copy does not fit on each."""
    if not chosen.memory.sharded:
        return None
    gpu = chosen.accelerator.kind == "gpu"
    where = (_("as {count} placas") if gpu else _("as {count} TPUs")).format(count=chosen.devices)
    sharding = "FSDP/ZeRO-3"
    if chosen.placement.parallelism == "hsdp":  # sharded inside each machine, one copy each
        per, machines = chosen.placement.devices_per_instance, chosen.placement.instances
        each = (
            _("as {count} placas de cada uma das {machines} máquinas")
            if gpu
            else _("as {count} TPUs de cada uma das {machines} máquinas")
        )
        where = each.format(count=per, machines=machines)
        sharding = _("FSDP híbrido")
    if job.method == "full":
        return _(
            "Pesos, gradientes e otimizador divididos entre {where} ({sharding}); cada uma "
            "guarda só as suas ativações."
        ).format(where=where, sharding=sharding)
    if job.method == "qlora":
        return _(
            "Pesos do modelo base em 4 bits divididos entre {where} ({tool}), com os "
            "adaptadores, seus gradientes e o otimizador; cada uma guarda só as suas ativações."
        ).format(where=where, tool="FSDP-QLoRA")
    return _(
        "Pesos do modelo base divididos entre {where} ({tool}), com os adaptadores, seus "
        "gradientes e o otimizador; cada uma guarda só as suas ativações."
    ).format(where=where, tool=sharding.removesuffix("/ZeRO-3"))


def fit_reasons(job: Job, assumed: Job) -> list[str]:
    """Why the micro-batch or the sequence is shorter than our default, when the engine lowered
    them to fit."""
    reasons = []
    if job.batch_size != assumed.batch_size:
        reasons.append(
            _(
                "Micro-batch de {batch} por dispositivo (em vez de {default}), com acumulação de "
                "gradiente para manter o mesmo batch por passo: com ele o job cabe na memória "
                "destas placas, ao custo de um treino um pouco mais lento."
            ).format(batch=job.batch_size, default=assumed.batch_size)
        )
    lengths = {
        "length": format_number(job.seq_len, 0),
        "default": format_number(assumed.seq_len, 0),
    }
    if job.seq_len != assumed.seq_len and (job.tokens_per_example or 0) > job.seq_len:
        reasons.append(
            _(
                "Sequências de {length} tokens (em vez de {default}): cada exemplo, mais longo "
                "que isso, é treinado em trechos, com o mesmo total de tokens; assim o job cabe "
                "na memória destas placas."
            ).format(**lengths)
        )
    elif job.seq_len != assumed.seq_len:
        reasons.append(
            _(
                "Sequências de {length} tokens (em vez de {default}), o tamanho dos seus "
                "exemplos, sem juntar vários numa sequência: assim o job cabe na memória destas "
                "placas."
            ).format(**lengths)
        )
    return reasons
