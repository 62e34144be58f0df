"""Why this machine, apart from the client's own constraints: GPU or TPU said from the same
comparison the numbers show, the memory and its headroom, the card's tier, the region and the
precision it runs."""

from locales import _
from quoting import policy
from quoting.candidate import HEADROOM, Candidate
from quoting.jobspec import FRAMEWORK_NAMES, Job
from quoting.units import format_brl, format_duration, format_number

# Below A100/H100 class (T4, V100, A10G, L4): the generations the guidance recommends for
# smaller models because of their cost-benefit.
ENTRY_TIER_TFLOPS = 300


def _kind_reason(job: Job, chosen: Candidate, pool: list[Candidate]) -> str:
    """GPU or TPU, said from the same comparison the numbers show: the best priced option of
    each kind, side by side."""
    framework = FRAMEWORK_NAMES[job.framework]
    if job.framework == "pytorch":
        return _(
            "Seu código é PyTorch: em GPU ele roda como está. Uma TPU exigiria migrar para "
            "PyTorch/XLA, uma refatoração trabalhosa que nossa orientação desaconselha."
        )
    gpus = [c for c in pool if c.accelerator.kind == "gpu"]
    tpus = [c for c in pool if c.accelerator.kind == "tpu"]
    if not gpus or not tpus:
        if job.method == "qlora":
            return _("QLoRA usa pesos em 4 bits da biblioteca bitsandbytes, que só roda em GPU.")
        if job.data_residency == "br" and not tpus:
            return _(
                "{framework} rodaria em TPU, mas nenhuma TPU tem preço em região brasileira; a "
                "GPU mantém os dados no país."
            ).format(framework=framework)
        only = "GPU" if gpus else "TPU"
        return _("Só há opção em {kind} que atenda este job com o que você pediu.").format(
            kind=only
        )
    other = policy.cheapest(tpus if chosen.accelerator.kind == "gpu" else gpus)
    kind = chosen.accelerator.kind.upper()
    cheaper = chosen.total_brl < other.total_brl
    faster = chosen.time.hours < other.time.hours
    if cheaper and faster:
        verdict = _("a {kind} sai mais barata e mais rápida")
    elif cheaper:
        verdict = _("a {kind} sai mais barata, mesmo levando mais tempo")
    elif faster:
        verdict = _("a {kind} custa mais, mas termina antes")
    else:
        verdict = _("a {kind} fica pela sua preferência de nuvem ou de região")
    return _(
        "{framework} roda em GPU e em TPU, então comparamos as duas: {chosen} contra {other}; "
        "{verdict}."
    ).format(
        framework=framework,
        chosen=_priced(chosen),
        other=_priced(other),
        verdict=verdict.format(kind=kind),
    )


def _priced(candidate: Candidate) -> str:
    return _("{machine}, {duration} por {total}").format(
        machine=candidate.headline(),
        duration=format_duration(candidate.time.hours),
        total=format_brl(candidate.total_brl),
    )


def machine_reasons(
    job: Job, chosen: Candidate, cheapest: Candidate, pool: list[Candidate]
) -> list[str]:
    """Why this machine, apart from the client's own constraints."""
    accelerator = chosen.accelerator
    reasons = [_kind_reason(job, chosen, pool)]
    memory = chosen.memory
    reasons.append(
        _(
            "O job precisa de cerca de {needed} GB por dispositivo; cada {accelerator} tem "
            "{memory} GB, e deixamos {headroom} de folga contra falta de memória (OOM)."
        ).format(
            needed=format_number(memory.total),
            accelerator=accelerator.name,
            memory=format_number(accelerator.memory_gb, 0),
            headroom=f"{100 - HEADROOM * 100:.0f}%",
        )
    )
    if accelerator.kind == "gpu" and accelerator.tflops < ENTRY_TIER_TFLOPS and job.params < 20e9:
        reasons.append(
            _(
                "Para um modelo deste porte, a {accelerator}, de uma linha mais acessível, tem "
                "melhor custo-benefício que A100/H100, feitas para modelos gigantes."
            ).format(accelerator=accelerator.name)
        )
    if chosen.region.country == "BR" and job.data_residency != "br" and cheapest is chosen:
        reasons.append(
            _(
                "A oferta fica em São Paulo: menos latência e os dados sob jurisdição brasileira. "
                "Os tributos são os mesmos de uma região no exterior, porque quem fatura é a "
                "mesma empresa do provedor no Brasil."
            )
        )
    if chosen.fp16_fallback:
        reasons.append(
            _("A {accelerator} não tem BF16: o treino roda em FP16, com a mesma memória.").format(
                accelerator=accelerator.name
            )
        )
    return reasons
