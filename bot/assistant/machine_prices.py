"""The price per hour of a machine, with every tax and our margin: "quanto custa uma H100 por hora
com vocês?" gets the machines of that accelerator in the catalog, cheapest first; "por dia", "a
semana inteira" or "o mês inteiro" adds each one's price for that period, kept on throughout;
"uma tabela com o preço por hora de todas as GPUs" gets every accelerator's cheapest card."""

import re
from decimal import Decimal

from bot.assistant.instance_types import instance_named
from bot.assistant.reader.other_chips import OtherChip
from bot.assistant.reader.rates import rate_words, unit_days
from locales import N_, _
from quoting.catalog import Offer, load_catalog
from quoting.fx import FxRate
from quoting.jobspec import JobSpec, normalize
from quoting.pricing import cost
from quoting.units import format_brl, format_number

# "tem uma tabela com o preço por hora de todas as GPUs?": every card's price, for reference
PRICE_LIST = re.compile(
    r"\b(?:tabela|lista|table|list)\b[^.?!]{0,30}\b(?:precos?|valores|prices?|pricing)\b|"
    r"\brate card\b|\b(?:price|pricing) (?:list|table|sheet)\b"
)
EVERY_CARD = re.compile(
    r"\b(?:todas as|de todas|de cada|cada uma das|all(?: the| your| of your)?|every|each) "
    r"(?:gpus?|placas?|maquinas?|cards?|accelerators?|aceleradores|chips?)\b"
)
# Hours between the two prices whose difference is the price of an hour: fixed charges (set-up)
# cancel out, and ten hours keep the centavos of the billed tenths exact.
_SPAN = 10
MAX_MACHINES = 4


def hourly_price(offer_key: str, fx: FxRate, spot: bool = False) -> Decimal:
    """What one more hour of one machine of this offer costs the client, taxes included."""
    catalog = load_catalog()
    offer = next(o for o in catalog.offers_in_force() if o.key == offer_key)
    job = normalize(JobSpec(params=1e9, spot=spot))
    region = catalog.region_of(offer)
    short = cost(job, offer, region, 1, _SPAN, 0, fx=fx).total_brl
    long = cost(job, offer, region, 1, 2 * _SPAN, 0, fx=fx).total_brl
    return ((long - short) / _SPAN).quantize(Decimal("0.01"))


# A period the client asks the price of, its hours (a machine kept on throughout) and its name.
_PERIODS = (
    (re.compile(r"\b(?:por dia|ao dia|diaria|o dia (?:inteiro|todo)|per day|(?:a|1) day)\b"), 24,
     N_("por dia")),
    (re.compile(r"\b(?:por semana|semana inteira|per week|(?:a|1) week|weekly)\b"), 168,
     N_("por semana")),
    (re.compile(r"\b(?:por mes|mes inteiro|per month|(?:a|1) month|monthly|24/7)\b"), 720,
     N_("por mês (30 dias)")),
)  # fmt: skip


# "uma V100 ligada 15 dias direto": a machine kept on for a count of days, weeks or hours.
_KEPT_ON = re.compile(r"\bligad[oa] (?:por )?(?P<n>\d{1,3}) (?P<unit>horas?|dias?|semanas?)\b")


def _period(folded: str) -> tuple[int, str] | None:
    """The hours of the period `folded` asks the price of, and how the reply names it."""
    if (kept := _KEPT_ON.search(folded)) and int(kept["n"]) > 0:
        days = unit_days(kept["unit"])
        name = _("por {count} {units}").format(count=kept["n"], units=rate_words(days)[1])
        return round(int(kept["n"]) * days * 24), name
    return next(((hours, _(name)) for said, hours, name in _PERIODS if said.search(folded)), None)


_CARDS_ASKED = re.compile(
    r"\b(?P<n>\d{1,2})\s*x\s*(?=[a-z])|\b(?P<m>\d{1,2}) (?=(?:gpus?|placas?|[a-z]\d{2,3})\b)"
)


def _cards_asked(folded: str) -> int | None:
    """ "8x H100", "4 A100", "8 GPUs": how many cards one machine should hold; None if unsaid."""
    found = _CARDS_ASKED.search(folded)
    return int(found["n"] or found["m"]) if found and int(found["n"] or found["m"]) > 1 else None


def hourly_prices_text(accelerator_id: str, fx: FxRate, folded: str = "") -> str:
    """The machines with this accelerator and their price per hour, cheapest first, in the
    client's language; with the price of the period `folded` asks about, where it asks one."""
    catalog = load_catalog()
    accelerator = catalog.accelerator_by_id(accelerator_id)
    offers = [o for o in catalog.offers_in_force() if o.accelerator == accelerator_id]
    if not offers:
        return _(
            "Não temos hoje oferta com {accelerator} no catálogo. Me diga o modelo e os dados do "
            "job e eu cotarei a máquina equivalente mais em conta."
        ).format(accelerator=accelerator.name)
    if instance := instance_named(folded):  # "a hora de uma p4d.24xlarge": that cloud's machines
        offers = [o for o in offers if o.provider == instance[2]] or offers
    if count := _cards_asked(folded):  # "8x H100": the machines with that many, else the next up
        offers = (
            [o for o in offers if o.device_count == count]
            or [o for o in offers if o.device_count > count]
            or offers
        )
    priced = sorted(((hourly_price(o.key, fx), o) for o in offers), key=lambda p: p[0])
    lines = []
    for total, offer in priced[:MAX_MACHINES]:
        card = (total / offer.device_count).quantize(Decimal("0.01"))
        where = f"{offer.provider.upper()} {offer.region}"
        spot = ""
        if offer.spot_per_hour is not None:
            spot = f"; spot {format_brl(hourly_price(offer.key, fx, spot=True))}/h"
        per_card = ""
        if offer.device_count > 1:
            per_card = " " + _("({price}/h por placa)").format(price=format_brl(card))
        period = ""
        if asked := _period(folded):
            period = f"; {format_brl(total * asked[0])} {asked[1]}"
        lines.append(
            f"• {offer.device_count}x {accelerator.name} ({offer.instance_type}, {where}): "
            f"{format_brl(total)}/h{per_card}{spot}{period}"
        )
    heading = _(
        "Preço por hora de máquinas com {accelerator}, com impostos e nossa margem (dólar a "
        "R$ {rate}):"
    ).format(accelerator=accelerator.name, rate=format_number(fx.usd_brl, 4))
    return heading + "\n" + "\n".join(lines) + "\n\n" + _whole_job()


def _whole_job() -> str:
    return _(
        "O total de um job depende das horas que ele leva: me diga o modelo e os dados (ex.: "
        "Llama 3 8B, LoRA, 20 mil exemplos de 500 tokens) e eu cotarei o job inteiro."
    )


def rate_card_text(fx: FxRate) -> str:
    """Every accelerator in the catalog with the hourly price of its cheapest machine of the
    fewest cards, cheapest first: the table a client keeps for reference."""
    catalog = load_catalog()
    smallest: dict[str, list[Offer]] = {}
    for offer in catalog.offers_in_force():
        held = smallest.setdefault(offer.accelerator, [offer])
        if offer.device_count < held[0].device_count:
            held[:] = [offer]
        elif offer.device_count == held[0].device_count and offer is not held[0]:
            held.append(offer)
    cheapest = [min((hourly_price(o.key, fx), o) for o in offers) for offers in smallest.values()]
    lines = []
    for total, offer in sorted(cheapest, key=lambda p: p[0] / p[1].device_count):
        name = catalog.accelerator_by_id(offer.accelerator).name
        where = f"{offer.provider.upper()} {offer.region}"
        price = f"{format_brl((total / offer.device_count).quantize(Decimal('0.01')))}/h"
        if offer.device_count > 1:
            price += " " + _("por placa, em máquinas de {count}").format(count=offer.device_count)
        lines.append(f"• {name}: {price} ({where})")
    heading = _(
        "Preço por hora de cada placa do nosso catálogo, na máquina mais em conta, com impostos "
        "e nossa margem (dólar a R$ {rate}):"
    ).format(rate=format_number(fx.usd_brl, 4))
    each = _(
        'Pergunte por uma placa (ex.: "quanto custa uma H100 por hora?") para ver as máquinas '
        "dela em cada nuvem."
    )
    return heading + "\n" + "\n".join(lines) + "\n\n" + each + " " + _whole_job()


def prices_text(cards: list[str], chip: OtherChip | None, fx: FxRate, folded: str) -> str:
    """The hourly prices asked: of a chip we do not sell (by our nearest card), of each card
    named, or of every card where none is."""
    if chip is not None:
        return other_chip_prices_text(chip, fx, folded)
    if not cards:
        return rate_card_text(fx)
    return "\n\n".join(hourly_prices_text(card, fx, folded) for card in cards)


def other_chip_prices_text(chip: OtherChip, fx: FxRate, folded: str = "") -> str:
    """A chip we do not sell, said so, and the hourly prices of the card of ours whose memory is
    nearest to it (the roomiest where no source gives its memory)."""
    catalog = load_catalog()
    offered = {o.accelerator for o in catalog.offers_in_force()}
    gpus = [a for a in catalog.accelerator if a.kind == "gpu" and a.id in offered]
    if chip.memory_gb is not None:
        memory = chip.memory_gb
        nearest = min(gpus, key=lambda a: abs(a.memory_gb - memory))
    else:
        nearest = max(gpus, key=lambda a: a.memory_gb)
    heading = _(
        "Preço por hora: a {chip} não está no nosso catálogo (GPUs NVIDIA e TPUs do Google). A "
        "placa nossa mais próxima é a {card}."
    ).format(chip=chip.name, card=nearest.name)
    return heading + "\n\n" + hourly_prices_text(nearest.id, fx, folded)
