"""Which offer runs the job: fits in memory with headroom, meets the deadline, costs least.

Reasons come from the company's guidance: PyTorch goes to GPU (a TPU would mean the XLA rework
the guidance warns about), TPUs pay off only at very large scale, data that must stay in Brazil
rules out offers abroad, a client already on a cloud is served there whenever an offer there runs
the job (what leaving would save is said), and small models go to older, cheaper generations
when they fit.
"""

from datetime import date
from decimal import Decimal

from babel.lists import format_list

from locales import N_, _, locale
from quoting import constraints, policy
from quoting.candidate import Candidate, Recommendation
from quoting.catalog import Catalog, load_catalog
from quoting.errors import InvalidJob, QuotingError
from quoting.explain import fit_reasons, notices, sharding_reason, time_reason
from quoting.fx import FxRate, reference_rate
from quoting.jobspec import Job, lowered
from quoting.memory import trainable_params
from quoting.memory_limits import example_sequence, memory_refusal
from quoting.placement import place
from quoting.pool import best_within, candidates, priced_variant
from quoting.pricing import cost, storage_gb
from quoting.reasons import machine_reasons
from quoting.timing import load_performance
from quoting.topology import offer_links

# Offers in Brazil win when they cost at most this much more: lower latency and data kept under
# Brazilian jurisdiction. Not taxes: AWS, Google Cloud and Azure bill Brazilian customers through
# the same Brazilian company whatever the region (see pricing.toml, profile br_cloud).
BRAZIL_TOLERANCE = Decimal("1.20")
# "Mais rápida" is offered only when it costs at most this many times the recommendation.
FASTER_COST_FACTOR = Decimal(2)
MAX_ALTERNATIVES = 3
# The shortest window a long document is cut into before we call a job too big: 4k tokens hold
# several pages, the span most fine-tuning recipes train on.
MIN_WINDOW = 4096
# The fix that drops the deadline: not offered as a way to meet it.
EXTEND_DEADLINE = N_("Ampliar o prazo")
ACCUMULATED = N_(
    "Usar batch size 1 por dispositivo, com acumulação de gradiente para manter o batch efetivo "
    "de {batch}"
)


class NoViableOffer(QuotingError):
    """Nothing in the catalog runs the job as described; carries pt-BR suggestions."""

    def __init__(self, message: str, suggestions: list[str]) -> None:
        super().__init__(message)
        self.suggestions = suggestions


def _accelerator_refusal(job: Job, catalog: Catalog, fx: FxRate) -> QuotingError:
    """Why the accelerator the client named runs nothing here, and the job without that limit."""
    known = {a.id: a for a in catalog.accelerator}
    chosen = known.get(job.accelerator or "")
    if chosen is None:
        return InvalidJob(
            "--accelerator",
            _("'{value}' não existe; use um de: {choices}").format(
                value=job.accelerator, choices=", ".join(known)
            ),
        )
    sizes = sorted(
        {o.device_count for o in catalog.offers_in_force() if o.accelerator == chosen.id}
    )
    if job.devices is not None and (
        other := priced_variant(job, catalog, _("Outro número de placas"), {"devices": None}, fx)
    ):
        why = _(
            "Com {devices}x {card} não há máquina no catálogo que rode este job (as de {card} vêm "
            "com {sizes} placas cada)."
        ).format(
            devices=job.devices,
            card=chosen.name,
            sizes=format_list([str(n) for n in sizes], style="or", locale=locale()),
        )
        return NoViableOffer(why, [other])
    anywhere = priced_variant(job, catalog, _("Sem limitar a placa"), {"accelerator": None}, fx)
    offered = bool(sizes)
    if offered:
        why = _("{card} não comporta este job na memória.")
    else:
        why = _("{card} não tem oferta no catálogo hoje.")
    return NoViableOffer(
        why.format(card=chosen.name),
        [anywhere] if anywhere else suggest_fixes(job, catalog, memory_problem=True, fx=fx),
    )


def _tpu_refusal(job: Job, catalog: Catalog, fx: FxRate) -> NoViableOffer | None:
    """Why a job asked for on TPU has no TPU offer, with the GPU offer that keeps the rest."""
    on_gpu = priced_variant(job, catalog, _("Cotar em GPU"), {"kind": "gpu"}, fx)
    if job.framework == "pytorch":
        return NoViableOffer(
            _(
                "Para código PyTorch não recomendamos TPU: seria preciso migrar para PyTorch/XLA, "
                "uma refatoração trabalhosa. Em GPU o mesmo código roda como está."
            ),
            [
                *filter(None, [on_gpu]),
                _("Se o time usa JAX ou TensorFlow, informe o framework."),
            ],
        )
    if job.method == "qlora":
        lora = priced_variant(job, catalog, _("LoRA em TPU"), {"method": "lora"}, fx)
        return NoViableOffer(
            _(
                "QLoRA não roda em TPU: os pesos em 4 bits vêm da biblioteca bitsandbytes, que só "
                "funciona em GPU."
            ),
            [tip for tip in (on_gpu, lora) if tip],
        )
    tpu_in_brazil = any(
        catalog.accelerator_by_id(o.accelerator).kind == "tpu"
        and catalog.region_of(o).country == "BR"
        for o in catalog.offers_in_force()
    )
    if job.data_residency == "br" and not tpu_in_brazil:
        return NoViableOffer(
            _(
                "Não há TPU em região brasileira: as TPUs do catálogo ficam fora do país, e os "
                "seus dados precisam ficar no Brasil. Mantemos os dados aqui e cotamos GPU em São "
                "Paulo."
            ),
            [on_gpu.replace(_("Cotar em GPU"), _("GPU no Brasil"), 1)]
            if on_gpu
            else [_("Fale com um especialista para um cluster de GPU sob medida no Brasil.")],
        )
    return None


def recommend(job: Job, catalog: Catalog | None = None, fx: FxRate | None = None) -> Recommendation:
    catalog = catalog or load_catalog()
    fx = fx or reference_rate(date.today())
    assumed = job
    fitting = list(candidates(job, catalog, fx))
    if not fitting:
        smaller, fitting = _smaller_batch(job, catalog, fx)
        job = smaller if fitting else job
    if not fitting and job.kind == "tpu" and (refusal := _tpu_refusal(job, catalog, fx)):
        raise refusal
    if not fitting and job.accelerator is not None:
        raise _accelerator_refusal(job, catalog, fx)
    if not fitting:
        raise NoViableOffer(
            memory_refusal(job, catalog), suggest_fixes(job, catalog, memory_problem=True, fx=fx)
        )
    on_time = [
        c for c in fitting if job.deadline_hours is None or c.time.hours <= job.deadline_hours
    ]
    late = not on_time
    if late:  # a deadline nothing meets: the fastest option, said not to meet it, and what would
        on_time = [min(fitting, key=lambda c: c.time.hours)]
    cheapest = policy.cheapest(on_time)
    home = [c for c in on_time if c.offer.provider == job.cloud]
    preferred, chosen, pace = _choose(job, cheapest, on_time)
    if chosen.fp16_fallback and "precision" in job.assumed:
        job = lowered(job, precision="fp16")  # the premises say what the card will run
    limits = _constraints(job, catalog, preferred, chosen, cheapest, home, fx)
    if late:
        fixes = _deadline_fixes(job, catalog, fx)
        limits += [_("Para cumprir o prazo, {fix}").format(fix=fix) for fix in fixes]
    explained = [sharding_reason(job, chosen), *fit_reasons(job, assumed)]
    return Recommendation(
        job=job,
        chosen=chosen,
        alternatives=_alternatives(job, chosen, cheapest, fitting if late else on_time),
        reasons=[
            *limits,
            *filter(None, [pace]),
            *machine_reasons(job, chosen, cheapest, on_time),
            *filter(None, explained),
            time_reason(chosen),
        ],
        constraints=limits,
        notices=notices(job, chosen),
    )


def _choose(
    job: Job, cheapest: Candidate, pool: list[Candidate]
) -> tuple[Candidate, Candidate, str | None]:
    """Under the written policy (quoting/policy.py): the pick before the value of time (the
    cheapest, or the offer the client's cloud or Brazil is preferred for), the recommendation,
    and the line on time it owes the client, if any."""
    if job.urgent:
        chosen = policy.fastest_sensible(pool)
        return cheapest, chosen, policy.time_line(chosen, cheapest)
    if job.cheapest:  # "o mais barato possível" overrides every preference
        same = [c for c in pool if policy.terms(job, c) == policy.terms(job, cheapest)]
        return cheapest, cheapest, policy.faster_offer_line(cheapest, same)
    brazil = [c for c in pool if c.region.country == "BR"]
    preferred = _preferred(cheapest, brazil, BRAZIL_TOLERANCE)
    home = [c for c in pool if c.offer.provider == job.cloud]
    if home and preferred not in home:
        # The client's cloud is where its account, contract and data are (a client with only an
        # Azure account cannot take an AWS quote): the quote stays there whenever an offer there
        # runs the job, and the line on the cheapest says what leaving it would save.
        in_brazil = [c for c in home if c.region.country == "BR"]
        preferred = _preferred(policy.cheapest(home), in_brazil, BRAZIL_TOLERANCE)
    same = [c for c in pool if policy.terms(job, c) == policy.terms(job, preferred)]
    chosen = policy.worth_the_time(preferred, same)
    return preferred, chosen, policy.time_line(chosen, preferred)


def _deadline_fixes(job: Job, catalog: Catalog, fx: FxRate) -> list[str]:
    """The changes that would meet the deadline, the deadline itself aside (it is what is asked)."""
    fixes = suggest_fixes(job, catalog, memory_problem=False, fx=fx)
    return [fix[0].lower() + fix[1:] for fix in fixes if not fix.startswith(_(EXTEND_DEADLINE))]


def _smaller_batch(job: Job, catalog: Catalog, fx: FxRate) -> tuple[Job, list[Candidate]]:
    """When nothing fits and the micro-batch was our default, halve it down to 1: gradient
    accumulation keeps the batch per optimizer step, so memory falls and only speed changes. Then,
    when the sequence length was ours too, cut it to the length of the client's examples (no
    packing of several examples into one sequence)."""
    fitting: list[Candidate] = []
    while not fitting and "batch_size" in job.assumed and job.batch_size > 1:
        job = lowered(job, batch_size=job.batch_size // 2)
        fitting = list(candidates(job, catalog, fx))
    if not fitting and "seq_len" in job.assumed and example_sequence(job) < job.seq_len:
        job = lowered(job, seq_len=example_sequence(job))
        fitting = list(candidates(job, catalog, fx))
    # Documents longer than that ("processos de 40 páginas") train in windows of the document:
    # the tokens seen stay the same, only the context one step attends to shrinks.
    while not fitting and "seq_len" in job.assumed and job.seq_len > MIN_WINDOW:
        job = lowered(job, seq_len=job.seq_len // 2)
        fitting = list(candidates(job, catalog, fx))
    return job, fitting


def _constraints(
    job: Job,
    catalog: Catalog,
    preferred: Candidate,
    chosen: Candidate,
    cheapest: Candidate,
    home: list[Candidate],
    fx: FxRate,
) -> list[str]:
    """The client's constraints as lines; `preferred` is the pick before the value of time,
    which says its own line (policy.time_line)."""
    if preferred.offer.provider == job.cloud and cheapest.offer.provider != job.cloud:
        why = _("fica fora da sua nuvem; ficar nela evita migração e transferência de dados.")
    else:
        why = _(
            "fica fora do Brasil; preferimos São Paulo quando custa até {percent}% a mais (menos "
            "latência e os dados sob jurisdição brasileira)."
        ).format(percent=f"{(BRAZIL_TOLERANCE - 1) * 100:.0f}")
    lines = [
        constraints.budget_line(
            job,
            chosen,
            cheapest,
            lambda change: best_within(job.model_copy(update=change), catalog, fx),
        ),
        constraints.deadline_line(job, chosen.time.hours),
        constraints.residency_line(job),
        constraints.spot_line(job, chosen.cost.spot, _on_demand(job, chosen, fx)),
        constraints.device_line(job, chosen.accelerator, chosen.devices, chosen.memory.total),
        constraints.cloud_line(
            job, chosen.offer.provider, policy.cheapest(home) if home else None, chosen
        ),
        constraints.cheapest_line(job),
        constraints.not_cheapest_line(preferred, cheapest, why),
    ]
    return [line for line in lines if line]


def _on_demand(job: Job, chosen: Candidate, fx: FxRate) -> tuple[Decimal, float] | None:
    """Total and hours of the chosen machine on demand, to show what spot saves."""
    if not chosen.cost.spot:
        return None
    plain = job.model_copy(update={"spot": False})
    links = offer_links(chosen.accelerator, chosen.offer, load_performance().interconnect)
    placed = place(plain, chosen.accelerator, links, chosen.offer.device_count, chosen.instances)
    storage = storage_gb(job, trainable_params(job))
    charges = cost(
        plain,
        chosen.offer,
        chosen.region,
        chosen.instances,
        placed.time.hours,
        storage,
        job.tax_profile,
        fx,
        tpu=chosen.accelerator.kind == "tpu",
    )
    return charges.total_brl, placed.time.hours


def _preferred(current: Candidate, favoured: list[Candidate], tolerance: Decimal) -> Candidate:
    """The cheapest favoured candidate if it costs at most `tolerance` times the current one."""
    if not favoured or current in favoured:
        return current
    best = policy.cheapest(favoured)
    return best if best.total_brl <= current.total_brl * tolerance else current


def _alternatives(
    job: Job, chosen: Candidate, cheapest: Candidate, pool: list[Candidate]
) -> list[tuple[str, Candidate]]:
    picks: list[tuple[str, Candidate]] = []
    used = {(chosen.offer.key, chosen.instances)}

    def add(label: str, options: list[Candidate], key: str = "price") -> None:
        options = [c for c in options if (c.offer.key, c.instances) not in used]
        if not options or len(picks) >= MAX_ALTERNATIVES:
            return
        pick = (
            min(options, key=lambda c: c.time.hours) if key == "time" else policy.cheapest(options)
        )
        used.add((pick.offer.key, pick.instances))
        picks.append((label, pick))

    if cheapest is not chosen:
        add(_("mais barata"), [cheapest])
    affordable = chosen.total_brl * FASTER_COST_FACTOR
    faster = [c for c in pool if c.time.hours < chosen.time.hours and c.total_brl <= affordable]
    add(_("mais rápida"), faster, key="time")
    other_kind = "tpu" if chosen.accelerator.kind == "gpu" else "gpu"
    best_other = _("melhor em {kind}").format(kind=other_kind.upper())
    add(best_other, [c for c in pool if c.accelerator.kind == other_kind])
    if chosen.region.country != "BR":
        add(_("dados no Brasil"), [c for c in pool if c.region.country == "BR"])
    add(_("outra máquina"), [c for c in pool if c.accelerator.id != chosen.accelerator.id])
    return picks


def suggest_fixes(
    job: Job, catalog: Catalog, memory_problem: bool, fx: FxRate | None = None
) -> list[str]:
    """Changes to the job that would make some offer work, each checked against the catalog."""
    variants: list[tuple[str, dict[str, object]]] = []
    adapter = {"lora_rank": 16, "lora_targets": "all-linear"}
    if job.method != "qlora" and job.precision != "fp32" and job.kind != "tpu":
        variants.append((_("Usar QLoRA (pesos em 4 bits)"), {"method": "qlora", **adapter}))
    if job.method == "full":
        variants.append((_("Usar LoRA em vez do ajuste completo"), {"method": "lora", **adapter}))
    if not job.gradient_checkpointing:
        variants.append((_("Ativar gradient checkpointing"), {"gradient_checkpointing": True}))
    if job.batch_size > 1:  # the same examples per step, a slice at a time: the training asked
        variants.append((_(ACCUMULATED).format(batch=job.batch_size), {"batch_size": 1}))
    if job.optimizer == "adamw":
        variants.append((_("Usar o otimizador AdamW 8-bit"), {"optimizer": "adamw-8bit"}))
    if job.deadline_hours is not None:
        variants.append((_(EXTEND_DEADLINE), {"deadline_hours": None}))
    if job.max_device_memory_gb is not None:
        variants.append((_("Aceitar placas com mais memória"), {"max_device_memory_gb": None}))
    if job.devices is not None:
        variants.append((_("Deixar o número de placas em aberto"), {"devices": None}))
    # Residency is the client's (often legal) requirement: never offered as a fix.
    suggestions = [
        text
        for label, change in variants
        if (text := priced_variant(job, catalog, label, change, fx))
    ]
    if not suggestions:
        suggestions.append(
            _("Nenhum ajuste simples resolve: fale com um especialista para um cluster sob medida.")
            if memory_problem
            else _("Mesmo com ajustes o prazo não fecha: fale com um especialista.")
        )
    return suggestions
