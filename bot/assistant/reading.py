"""A message read once: what it asks, the job fields with the words each came from, the constraints
it sets and its language. `bot/assistant/routes.py` routes over this and nothing else of the text.
"""

import unicodedata
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from bot.assistant import asks as cues_of
from bot.assistant import cues, person_cues, pleasantries, variants
from bot.assistant.attachments import Attachment, without_attachments
from bot.assistant.card_counts import cards_counted, two_counts
from bot.assistant.commercial import commercial_answer
from bot.assistant.commercial_cues import asks_other_clients
from bot.assistant.comparison import Axis
from bot.assistant.followups import last_field
from bot.assistant.instance_types import instance_named
from bot.assistant.intent import classify
from bot.assistant.language import conversation_language
from bot.assistant.machine_prices import EVERY_CARD, PRICE_LIST
from bot.assistant.quoted_reply import without_our_reply
from bot.assistant.reader import read_job
from bot.assistant.reader.calendar_days import CLIENT_ZONE
from bot.assistant.reader.cues import cards_not_enough, find_models, negated
from bot.assistant.reader.deadline import read_deadline
from bot.assistant.reader.other_chips import chip_named
from bot.assistant.reader.spans import QUANTITY, SCALE, number
from bot.assistant.reader.text import normalize
from bot.assistant.rent_buy import asks_rent_or_buy
from locales import Language, speaking

Ask = Literal[
    "why_this",
    "compare",
    "fit_check",
    "price_per_hour",
    "in_dollars",
    "proposal",
    "sizes",
    "rent_or_buy",
    "commercial",
    "handoff",
    "greeting",
    "closing",
    "injection",
    "alternatives",
    "price",
]
# Fields that set the terms a quote must honour or name: each is a constraint of the client's.
CONSTRAINTS = (
    "cloud",
    "data_residency",
    "accelerator",
    "kind",
    "framework",
    "budget_brl",
    "budget_usd",
    "deadline_hours",
    "urgent",
    "spot",
    "max_device_memory_gb",
)


class Fact(BaseModel):
    """One job field and the words of the message it came from ("" where a cue set it)."""

    value: Any
    said: str = ""


class Reading(BaseModel):
    text: str
    folded: str
    language: Language
    asks: list[Ask] = Field(default_factory=list)
    fields: dict[str, Fact] = Field(default_factory=dict)
    # Fields in the order the message gives them (a follow-up changes the last one).
    order: list[str] = Field(default_factory=list)
    # What to put side by side: models, clouds ("aws", "gcp"), kinds ("gpu", "tpu") or methods.
    compare: list[str] = Field(default_factory=list)
    compare_of: Axis = ""
    # Runs to price together ("rank 8, 16 e 32, cada um com lr 1e-4 e 2e-4"), on `compare_of`.
    grid: variants.Grid | None = None
    # Catalog accelerators named ("e numa H200?"), in order.
    accelerators: list[str] = Field(default_factory=list)
    # The last number or model the message gives: what "e com 1.500?" after it would change.
    last_field: str | None = None
    notes: list[str] = Field(default_factory=list)
    bare: list[float] = Field(default_factory=list)
    unclear: list[str] = Field(default_factory=list)
    commercial: str | None = None
    # The intent classifier's label and its margin over the runner-up.
    guess: str = ""
    margin: float = 0.0
    wordless: bool = False
    emoji: bool = False
    # "[áudio 1:48]": what the client attached that the bot cannot open
    attachment: Attachment | None = None
    # "quanto sai a hora de um trn2?": a chip no catalog of ours sells (reader/other_chips.py)
    other_chip: str | None = None

    @property
    def slots(self) -> dict[str, Any]:
        return {name: fact.value for name, fact in self.fields.items()}

    @property
    def constraints(self) -> dict[str, Any]:
        return {name: self.fields[name].value for name in CONSTRAINTS if name in self.fields}

    def wants(self, ask: Ask) -> bool:
        return ask in self.asks


def read_message(text: str, now: datetime | None = None, earlier: Sequence[str] = ()) -> Reading:
    """Everything routing needs from `text` (already cleaned of control characters); `earlier`,
    the client's previous messages, oldest first, give the language of a short one."""
    text, attachment = without_attachments(without_our_reply(text))
    folded = normalize(text)
    language = conversation_language(text, list(earlier))
    # The reader's notes ("Dados: ...", "Prazo: entendi ...") are client text: said in the
    # language the reply to this message speaks.
    with speaking(language):
        job = read_job(text, now)
    fields = {
        name: Fact(value=value, said=_said(job.folded, job.spans.get(name)))
        for name, value in job.slots.items()
    }
    accelerators = cues_of.accelerators_named(folded)
    # "temos um cluster com 4 V100, mas está ocupado": the cards they own are no request
    owned_aside = cards_not_enough(folded)
    if accelerators and "accelerator" not in fields and len(accelerators) == 1 and not owned_aside:
        fields["accelerator"] = Fact(value=accelerators[0])
        counts = {count for count, card in cards_counted(folded) if card == accelerators[0]}
        if len(counts) == 1:  # "quero rodar em 4 H100": the count is the client's too
            fields["devices"] = Fact(value=counts.pop())
    if (instance := instance_named(folded)) and "cloud" not in fields:
        fields["cloud"] = Fact(value=instance[2])  # "numa g6e.xlarge": an AWS machine
    reading = Reading(
        text=text,
        folded=folded,
        language=language,
        fields=fields,
        order=job.order,
        last_field=last_field(job),
        accelerators=accelerators,
        notes=job.notes,
        bare=job.bare,
        unclear=job.unclear,
        wordless=not any(char.isalnum() for char in folded),
        emoji=any(unicodedata.category(char) == "So" for char in text),
        attachment=attachment,
        other_chip=chip.id if (chip := chip_named(folded)) else None,
    )
    guess = classify(text)
    reading.guess, reading.margin = guess.label, guess.margin
    # "200 milhões de tokens de notas fiscais" is a job, not billing; so is a data size.
    described = {
        "model",
        "params",
        "examples",
        "dataset_tokens",
        "tokens_per_example",
    } & fields.keys()
    # "como eu subo 800 GB de dados?": a size asked about, with no model and no price, is no job
    unpriced = "?" in text and not described & {"model", "params"} and not cues.PRICE.search(folded)
    if not described or unpriced or asks_other_clients(folded):
        with speaking(language):
            reading.commercial = commercial_answer(folded)
    _compared(reading, job.folded)
    if not reading.compare and variants.DEADLINES_COMPARED.search(folded):
        _deadlines_compared(reading, folded, now or datetime.now(CLIENT_ZONE))
    reading.asks = [ask for ask, cued in _cues(reading) if cued]
    quiet = not reading.asks and not described and reading.commercial is None
    # "Li o artigo de vocês sobre GPU vs TPU.": how the client found us, nothing asked yet
    quiet = quiet or (not described and "?" not in text and pleasantries.found_us(folded))
    if quiet and (kind := pleasantries.social(folded, asked="?" in text)):
        reading.asks = [kind]  # "eae meu consagrado, suave?", "Massa demais, brigadão visse!"
    return reading


def number_said(said: str) -> float | None:
    """ "20 mil", "80k", "1.500": the amount."""
    found = QUANTITY.match(said.strip())
    value = number(found["number"]) if found else None
    return value * SCALE.get(found["scale"] or "", 1.0) if found and value is not None else None


def _two_figures(reading: Reading, folded: str) -> bool:
    """ "com 1 época e com 3, quero os dois valores", "só as 20 mil em vez das 80 mil? lado a
    lado": the job at two epochs, or on two sizes of its data, side by side."""
    if not variants.DEADLINES_COMPARED.search(folded):  # "os dois", "lado a lado", "compare"
        return False
    if epochs := variants.EPOCHS_COMPARED.search(folded):
        one, other = epochs["one"] or epochs["one_bare"], epochs["other"] or epochs["other_bare"]
        reading.compare, reading.compare_of = [one, other], "epochs"
        return True
    if (ranks := variants.RANKS_COMPARED.search(folded)) and ranks["one"] != ranks["other"]:
        reading.compare, reading.compare_of = [ranks["one"], ranks["other"]], "lora_rank"
        return True
    if lengths := variants.SEQ_COMPARED.search(folded):
        one, other = (number_said(lengths[side]) for side in ("one", "other"))
        if one and other and one != other:
            reading.compare, reading.compare_of = [f"{one:g}", f"{other:g}"], "seq_len"
            return True
    sizes = variants.DATA_COMPARED.search(folded)
    values = (
        [
            number_said(sizes["one"] or sizes["one2"] or sizes["one3"]),
            number_said(sizes["other"] or sizes["other2"] or sizes["other3"]),
        ]
        if sizes
        else []
    )
    if len(values) == 2 and all(v and v >= 100 for v in values):
        reading.compare, reading.compare_of = [f"{v:g}" for v in values if v], "examples"
        return True
    return False


def _deadlines_compared(reading: Reading, folded: str, now: datetime) -> None:
    """ "pra sexta, e se der pra esperar até o dia 18? me passa os dois valores": two deadlines."""
    first = read_deadline(folded, now)
    if first is None:
        return
    second = read_deadline(
        folded[: first.start] + " " * (first.end - first.start) + folded[first.end :], now
    )
    if second is not None and second.at != first.at:
        reading.compare = [d.at.isoformat() for d in sorted((first, second), key=lambda d: d.at)]
        reading.compare_of = "deadline"


def _said(folded: str, span: tuple[int, int] | None) -> str:
    return folded[span[0] : span[1]].strip() if span else ""


def _compared(reading: Reading, folded: str) -> None:
    models = [m for m, start, _ in find_models(folded) if not negated(folded, start)]
    versus = cues_of.MODELS_VERSUS.search(folded)
    moved = cues_of.ADAPTER_MOVED.search(folded)
    if grid := variants.grid_of(folded, list(dict.fromkeys(models))):
        reading.grid, reading.compare_of, reading.compare = grid, grid.axis, grid.values
    elif len(set(models)) >= 2 and versus and not cues.NO_PRICE.search(folded) and not moved:
        reading.compare, reading.compare_of = list(dict.fromkeys(models)), "model"
    elif cues_of.REGIONS_COMPARED.search(folded):
        reading.compare, reading.compare_of = ["br", "abroad"], "region"
    elif (clouds := cues_of.clouds_compared(folded)) and not cues_of.EITHER.search(folded):
        reading.compare, reading.compare_of = clouds, "cloud"
    elif cues_of.kinds_compared(folded):
        reading.compare, reading.compare_of = ["gpu", "tpu"], "kind"
    elif methods := cues_of.methods_compared(folded):
        reading.compare, reading.compare_of = methods, "method"
    elif frameworks := cues_of.frameworks_compared(folded):
        reading.compare, reading.compare_of = frameworks, "framework"
    elif reading.accelerators and (counted := two_counts(folded)):  # "1 H100 e 2 H100"
        reading.compare, reading.compare_of = [str(n) for n in counted[1]], "devices"
    elif cards := cues_of.cards_compared(folded):
        reading.compare, reading.compare_of = cards, "accelerator"
    elif (chip := chip_named(folded)) and cues_of.CARD_VERSUS_OTHER.search(folded):
        # "me mostra H100 x MI300X lado a lado": a card of ours beside one we do not sell
        named = cues_of.accelerators_named(folded)[:1]
        reading.compare, reading.compare_of = [*named, chip.id], "accelerator"
    elif _two_figures(reading, folded):
        pass
    elif cues_of.SPOT_COMPARED.search(folded) and not cues_of.EITHER.search(folded):
        reading.compare, reading.compare_of = ["spot", "on_demand"], "spot"


def _cues(reading: Reading) -> list[tuple[Ask, bool]]:
    folded, text = reading.folded, reading.text
    sized = bool({"model", "params"} & reading.fields.keys())
    data = bool({"examples", "dataset_tokens", "tokens_per_example"} & reading.fields.keys())
    return [
        ("injection", bool(cues.INJECTION.search(folded))),
        (
            "handoff",
            person_cues.wants_person(folded, data and sized)
            and not pleasantries.GREETING.match(folded),
        ),
        ("greeting", bool(pleasantries.GREETING.match(folded))),
        ("closing", bool(pleasantries.CLOSING.match(folded))),
        ("proposal", bool(cues_of.PROPOSAL.search(folded))),
        # "não compensa mais pegar uma 5090 parcelada?": the installments are the card's
        ("commercial", reading.commercial is not None and not asks_rent_or_buy(text)),
        ("alternatives", bool(cues.ALTERNATIVES.match(folded))),
        ("why_this", bool(cues_of.WHY_THIS.search(folded))),
        ("rent_or_buy", asks_rent_or_buy(text)),
        ("compare", bool(reading.compare)),
        # "can the billing be done in USD?" asks how we are paid, not for the quote in dollars
        ("in_dollars", bool(cues_of.IN_DOLLARS.search(folded)) and reading.commercial is None),
        (
            "price_per_hour",
            (
                bool(cues_of.PER_HOUR.search(folded))
                and bool(
                    reading.accelerators
                    or reading.other_chip
                    or cues_of.THAT_MACHINE.search(folded)
                    or EVERY_CARD.search(folded)
                )
            )
            # "tenho uma tabela de preços com 20 mil linhas" is data, not our rate card
            or (bool(PRICE_LIST.search(folded)) and not data),
        ),
        (
            "fit_check",
            bool(cues_of.FITS.search(folded))
            and ("?" in text or bool(cues_of.ASKED_INDIRECTLY.search(folded)))
            and bool(
                reading.accelerators
                or reading.other_chip
                or "max_device_memory_gb" in reading.fields
                or ("kind" in reading.fields and cues_of.ONE_CARD.search(folded))
            ),
        ),
        ("sizes", bool(cues_of.SIZES_ASKED.search(folded)) and sized and not data),
        ("price", bool(cues.PRICE.search(folded))),
    ]
