"""The recommendation policy over a grid of jobs and client terms (quoting/policy.py).

Run: python -m bench.recommendation_policy [--json FILE]
For each job x terms it recommends, then prints: how many recommendations are dominated
(another option with the same terms, cheaper or as cheap and faster or as fast, better in one),
how many take more than two days while an option within 15% of the price finishes within two
days, and the premium paid for time where the policy chose a faster option over the cheapest of
the same terms. Only public engine calls are used, so the same script measures an older commit
(check it out in a worktree and run it there) for the "before" figures.
"""

import itertools
import json
import statistics
import sys
from decimal import Decimal
from pathlib import Path

from pydantic import ValidationError

from quoting.catalog import load_catalog
from quoting.errors import QuotingError
from quoting.jobspec import JobSpec, normalize
from quoting.pool import candidates
from quoting.recommend import recommend

MODELS = [
    {"model": "bert-base"},
    {"model": "llama-3-8b"},
    {"params": 2e9},
    {"params": 9e9},
    {"params": 13e9},
    {"model": "llama-3-70b"},
    {"params": 405e9},
]
METHODS = ["full", "lora", "qlora"]
TOKENS = [1e6, 5e7, 1.25e9]
TERMS = [
    {},
    {"framework": "jax"},
    {"cloud": "gcp", "framework": "jax"},
    {"cloud": "aws"},
    {"data_residency": "br"},
    {"cheapest": True},
    {"urgent": True},
    {"deadline_hours": 24.0},
]
PREMIUM = Decimal("1.15")
LONG_HOURS = 48.0


def grid() -> list[dict[str, object]]:
    """Job fields per case; built into a JobSpec only by an engine that knows every term."""
    cases = []
    for model, method, tokens, terms in itertools.product(MODELS, METHODS, TOKENS, TERMS):
        if method == "qlora" and terms.get("framework") == "jax":
            continue  # QLoRA has no TPU or JAX path: the same job as PyTorch
        cases.append({"method": method, "dataset_tokens": tokens, "epochs": 1, **model, **terms})
    return cases


def main() -> None:
    catalog = load_catalog()
    dominated = long_runs = quoted = 0
    premiums: list[float] = []
    for case in grid():
        try:
            job = normalize(JobSpec.model_validate(case))
            result = recommend(job, catalog)
        except (QuotingError, ValidationError):  # a term an older engine does not know
            continue
        quoted += 1
        chosen = result.chosen
        terms = (chosen.region.country == "BR", chosen.offer.provider == job.cloud)
        # TPUs priced explicitly too: an engine that leaves them out of its own pool for small
        # jobs must still be judged against them.
        tpu = result.job.model_copy(update={"kind": "tpu"})
        with_tpus = [*candidates(result.job, catalog)]
        if job.framework != "pytorch" and job.method != "qlora" and job.kind is None:
            with_tpus += candidates(tpu, catalog)
        pool = [
            c
            for c in with_tpus
            if (c.region.country == "BR", c.offer.provider == job.cloud) == terms
            and (job.deadline_hours is None or c.time.hours <= job.deadline_hours)
        ]
        if any(
            c.total_brl <= chosen.total_brl
            and c.time.hours <= chosen.time.hours
            and (c.total_brl < chosen.total_brl or c.time.hours < chosen.time.hours)
            for c in pool
        ):
            dominated += 1
        cheapest = min(pool, key=lambda c: (c.total_brl, c.time.hours), default=chosen)
        # A client who asked for the cheapest gets it, however long (the reply says so).
        if (
            not job.cheapest
            and chosen.time.hours > LONG_HOURS
            and any(
                c.time.hours <= LONG_HOURS and c.total_brl <= cheapest.total_brl * PREMIUM
                for c in pool
            )
        ):
            long_runs += 1
        paid = chosen.time.hours < cheapest.time.hours and chosen.total_brl > cheapest.total_brl
        if paid and not case.get("urgent"):  # urgency buys speed on purpose: not the time rule
            premiums.append(float(chosen.total_brl / cheapest.total_brl - 1))
    figures = {
        "recommendations": quoted,
        "dominated": dominated,
        "longer_than_two_days_with_a_faster_option_within_15pct": long_runs,
        "paid_for_time": len(premiums),
        "median_premium_for_time": statistics.median(premiums) if premiums else 0.0,
    }
    print(f"recomendações: {quoted} (de {len(grid())} jobs x condições)")
    print(f"dominadas (outra opção nas mesmas condições mais barata e mais rápida): {dominated}")
    print(f"mais de 2 dias com opção em até 2 dias por até +15%: {long_runs}")
    median = figures["median_premium_for_time"]
    print(
        f"escolhas que pagam por tempo (sem urgência): {len(premiums)}, prêmio mediano {median:.1%}"
    )
    if "--json" in sys.argv:
        Path(sys.argv[sys.argv.index("--json") + 1]).write_text(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
