"""Why this machine, apart from the client's own constraints: GPU or TPU said from the same
comparison the numbers show, the memory and its headroom, the card's tier, the region and the
precision it runs."""

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
        return (
            "Seu código é PyTorch: em GPU ele roda como está. Uma TPU exigiria migrar para "
            "PyTorch/XLA, uma refatoração trabalhosa que nossa orientação desaconselha."
        )
    gpus = [c for c in pool if c.accelerator.kind == "gpu"]
    tpus = [c for c in pool if c.accelerator.kind == "tpu"]
    if not gpus or not tpus:
        if job.method == "qlora":
            return "QLoRA usa pesos em 4 bits da biblioteca bitsandbytes, que só roda em GPU."
        if job.data_residency == "br" and not tpus:
            return (
                f"{framework} rodaria em TPU, mas nenhuma TPU tem preço em região brasileira; a "
                "GPU mantém os dados no país."
            )
        only = "GPU" if gpus else "TPU"
        return f"Só há opção em {only} que atenda este job com o que você pediu."
    other = policy.cheapest(tpus if chosen.accelerator.kind == "gpu" else gpus)
    kind = chosen.accelerator.kind.upper()
    cheaper = chosen.total_brl < other.total_brl
    faster = chosen.time.hours < other.time.hours
    if cheaper and faster:
        verdict = f"a {kind} sai mais barata e mais rápida"
    elif cheaper:
        verdict = f"a {kind} sai mais barata, mesmo levando mais tempo"
    elif faster:
        verdict = f"a {kind} custa mais, mas termina antes"
    else:
        verdict = f"a {kind} fica pela sua preferência de nuvem ou de região"
    return (
        f"{framework} roda em GPU e em TPU, então comparamos as duas: "
        f"{_priced(chosen)} contra {_priced(other)}; {verdict}."
    )


def _priced(candidate: Candidate) -> str:
    return (
        f"{candidate.headline()}, {format_duration(candidate.time.hours)} por "
        f"{format_brl(candidate.total_brl)}"
    )


def machine_reasons(
    job: Job, chosen: Candidate, cheapest: Candidate, pool: list[Candidate]
) -> list[str]:
    """Why this machine, apart from the client's own constraints."""
    accelerator = chosen.accelerator
    reasons = [_kind_reason(job, chosen, pool)]
    memory = chosen.memory
    reasons.append(
        f"O job precisa de cerca de {format_number(memory.total)} GB por dispositivo; "
        f"cada {accelerator.name} tem {format_number(accelerator.memory_gb, 0)} GB, e deixamos "
        f"{100 - HEADROOM * 100:.0f}% de folga contra falta de memória (OOM)."
    )
    if accelerator.kind == "gpu" and accelerator.tflops < ENTRY_TIER_TFLOPS and job.params < 20e9:
        reasons.append(
            f"Para um modelo deste porte, a {accelerator.name}, de uma linha mais acessível, tem "
            "melhor custo-benefício que A100/H100, feitas para modelos gigantes."
        )
    if chosen.region.country == "BR" and job.data_residency != "br" and cheapest is chosen:
        reasons.append(
            "A oferta fica em São Paulo: menos latência e os dados sob jurisdição brasileira. Os "
            "tributos são os mesmos de uma região no exterior, porque quem fatura é a mesma "
            "empresa do provedor no Brasil."
        )
    if chosen.fp16_fallback:
        reasons.append(
            f"A {accelerator.name} não tem BF16: o treino roda em FP16, com a mesma memória."
        )
    return reasons
