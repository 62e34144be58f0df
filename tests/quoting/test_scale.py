"""The engine at any scale: one time model for `estimate` and the quote, hours within a stated
band of plain FLOP arithmetic, and a recommendation never dominated by an option with the same
terms (quoting/policy.py)."""

import itertools

import pytest

from bench.multinode_accuracy import results as multinode_results
from bench.recommendation_policy import TERMS
from bench.throughput_accuracy import Result
from quoting import policy
from quoting.candidate import Candidate
from quoting.catalog import load_catalog
from quoting.fit import placed_on
from quoting.jobspec import Job, JobSpec, normalize
from quoting.pool import candidates
from quoting.recommend import recommend
from quoting.timing import peak_flops, train_flops, utilisation

CATALOG = load_catalog()
SIZES = [{"model": "bert-base"}, {"model": "llama-3-8b"}, {"model": "llama-3-70b"}]
GRID = [
    normalize(JobSpec(method=method, dataset_tokens=tokens, epochs=1, framework=framework, **size))
    for size, method, tokens, framework in itertools.product(
        [*SIZES, {"params": 405e9}], ["full", "lora"], [1e6, 2e9], ["pytorch", "jax"]
    )
]
PRICED = [(job, c) for job in GRID for c in candidates(job, CATALOG)]
# The lower edge allows for causal attention kernels, which skip half of the scores the FLOP
# count includes; the upper edge is what communication, launches and the optimizer may add on
# the shapes where compute should dominate.
BAND = (0.95, 2.5)


def _label(pair: tuple[Job, Candidate]) -> str:
    job, candidate = pair
    return f"{job.model_name}-{job.method}-{job.dataset_tokens:.0e}-{candidate.headline()}"


def test_the_grid_reaches_every_offer_and_256_devices() -> None:
    offers = {c.offer.key for _, c in PRICED}
    assert offers == {o.key for o in CATALOG.offers_in_force()}
    assert max(c.devices for _, c in PRICED) == 256


@pytest.mark.parametrize("pair", PRICED, ids=[_label(p) for p in PRICED])
def test_quote_hours_are_the_estimate_hours_on_the_same_machine(
    pair: tuple[Job, Candidate],
) -> None:
    job, candidate = pair
    placed = placed_on(job, candidate.accelerator, candidate.devices, CATALOG)
    assert placed.placement == candidate.placement
    assert placed.time.hours == candidate.time.hours
    assert float(candidate.cost.billed_hours) == candidate.time.hours


def _compute_bound(job: Job, candidate: Candidate) -> bool:
    """Models of 1B parameters or more, on one machine, a TPU slice, or instances with a
    network of 1,600 Gbit/s or more (on 400 Gbit/s the weight gathers of FSDP dominate)."""
    network = candidate.offer.network_gbps or 0
    fast = candidate.instances == 1 or candidate.accelerator.kind == "tpu" or network >= 1600
    return job.params >= 1e9 and fast


@pytest.mark.parametrize("pair", PRICED, ids=[_label(p) for p in PRICED])
def test_training_hours_stay_within_a_band_of_flop_arithmetic(pair: tuple[Job, Candidate]) -> None:
    job, candidate = pair
    rate = candidate.devices * peak_flops(candidate.accelerator, job)
    ideal = train_flops(job) / (rate * utilisation(candidate.accelerator, job)) / 3600
    ratio = candidate.time.training_hours / ideal
    assert ratio >= BAND[0] or candidate.time.training_hours == 0.1  # a tenth is the floor
    if _compute_bound(job, candidate) and job.total_tokens >= 1e9:
        assert ratio <= BAND[1], f"{ratio:.2f}x the FLOP arithmetic"


def test_tpu_slices_and_gpu_networks_set_different_hours() -> None:
    # Multi-host TPU slices run on ICI and GPU instances on their network: a v4 slice is not
    # billed the v6e hours, nor an A100 cluster the H100 hours.
    job = normalize(
        JobSpec(params=70e9, method="full", framework="jax", dataset_tokens=2e9, epochs=1)
    )

    def hours(accelerator: str) -> float:
        return placed_on(job, CATALOG.accelerator_by_id(accelerator), 64, CATALOG).time.hours

    assert hours("tpu-v4") > hours("tpu-v6e") * 1.5
    assert hours("a100-80gb") > hours("h100") * 1.5


@pytest.mark.parametrize(
    ("size", "terms"), list(itertools.product(SIZES, TERMS)), ids=lambda v: str(v)
)
def test_no_recommendation_is_dominated(size: dict[str, str], terms: dict[str, object]) -> None:
    for method, tokens in itertools.product(["full", "lora"], [1e6, 1.25e9]):
        job = normalize(JobSpec(method=method, dataset_tokens=tokens, epochs=1, **size, **terms))
        result = recommend(job, CATALOG)
        chosen = result.chosen

        pool = [
            c
            for c in candidates(result.job, CATALOG)
            if policy.terms(job, c) == policy.terms(job, chosen)
            and (job.deadline_hours is None or c.time.hours <= job.deadline_hours)
        ]
        better = [c.headline() for c in pool if policy.dominates(c, chosen)]
        assert not better, f"{chosen.headline()} is dominated by {better}"


def test_a_week_on_one_card_gives_way_to_a_day_for_a_little_more() -> None:
    # 7B LoRA on ~2e9 tokens: the cheapest single card takes over a week; for less than
    # R$ 100 per day saved, several cards finish within two days, and the reply says what the
    # time costs.
    job = normalize(JobSpec(model="mistral-7b", method="lora", dataset_tokens=2e9, epochs=1))
    result = recommend(job, CATALOG)
    cheapest = policy.cheapest([c for c in candidates(job, CATALOG)])
    assert cheapest.time.hours > 7 * 24
    assert result.chosen.time.hours <= 48
    assert result.chosen.total_brl <= policy.time_ceiling(cheapest, result.chosen)
    assert any(r.startswith("Prazo: por +R$") and "dias" in r for r in result.reasons)


def test_the_cheapest_on_request_keeps_the_long_run_and_names_the_faster_one() -> None:
    spec = JobSpec(model="mistral-7b", method="lora", dataset_tokens=2e9, epochs=1)
    result = recommend(normalize(spec.model_copy(update={"cheapest": True})), CATALOG)
    assert result.chosen.time.hours > 7 * 24
    assert any(r.startswith("A mais barata leva") for r in result.reasons)


def test_an_urgent_client_gets_the_fastest_sensible_option() -> None:
    spec = JobSpec(model="llama-3-8b", method="lora", dataset_tokens=2e8, epochs=1)
    calm = recommend(normalize(spec), CATALOG)
    urgent = recommend(normalize(spec.model_copy(update={"urgent": True})), CATALOG)
    assert urgent.chosen.time.hours < calm.chosen.time.hours
    assert urgent.chosen.total_brl <= calm.chosen.total_brl * policy.URGENT_COST_FACTOR


def test_the_gpu_or_tpu_reason_states_the_comparison_it_makes() -> None:
    # Gemma-2-9B-sized LoRA in JAX, 40k examples: the TPU is cheaper and faster, and the
    # reason shows both priced options, never "a TPU não compensa" beside cheaper TPU numbers.
    job = normalize(JobSpec(params=9e9, method="lora", framework="jax", examples=40_000, epochs=1))
    result = recommend(job, CATALOG)
    gpu = policy.cheapest([c for c in candidates(job, CATALOG) if c.accelerator.kind == "gpu"])
    tpu = policy.cheapest([c for c in candidates(job, CATALOG) if c.accelerator.kind == "tpu"])
    reason = next(r for r in result.reasons if "comparamos as duas" in r)
    assert gpu.headline() in reason or tpu.headline() in reason
    winner = result.chosen.accelerator.kind.upper()
    if "mais barata" in reason.split(";")[-1]:
        assert result.chosen.total_brl <= min(gpu.total_brl, tpu.total_brl)
    assert f"a {winner}" in reason.split(";")[-1]


MULTINODE, NOT_MODELLED = multinode_results()


def test_the_multi_node_table_covers_gpu_clusters_and_tpu_slices() -> None:
    assert len(MULTINODE) >= 20
    assert {r.accelerator for r in MULTINODE} >= {"a100-40gb", "h100", "tpu-v5e", "tpu-v5p"}


@pytest.mark.parametrize("row", MULTINODE, ids=[r.id for r in MULTINODE])
def test_multi_node_hours_match_published_cluster_throughput(row: Result) -> None:
    # The same band as single devices: above 1.5 a cluster quote would promise hours it cannot
    # deliver, below 0.7 it bills a network bottleneck the cluster does not have.
    assert 0.7 <= row.ratio <= 1.5, f"{row.id}: {row.predicted:.3g} vs {row.measured:.3g}"
