"""What a recommendation tells the client beyond the constraints: the hours billed, split, and the
notices (spot asked where no spot price exists)."""

from typing import TYPE_CHECKING

from quoting.jobspec import Job
from quoting.units import format_number

if TYPE_CHECKING:  # recommend imports this module; the type is only for annotations
    from quoting.recommend import Candidate


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
    if job.spot and not chosen.pricing.spot:
        return [
            f"Spot não está disponível para {chosen.offer.instance_type} "
            f"({chosen.offer.provider} {chosen.offer.region}): não há preço spot publicado "
            "no catálogo. Cotamos sob demanda, sem o tempo extra de interrupções."
        ]
    return []
