"""Attaching tagged spans and cues to job fields, resolving the conflicts clients create."""

import re
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from bot.assistant.reader import cues
from bot.assistant.reader.deadline import read_deadline
from bot.assistant.reader.deadline_shift import LEAD
from bot.assistant.reader.email_dates import hours_since_sent
from bot.assistant.reader.measured import this_job_text
from bot.assistant.reader.other_chips import chip_named, not_sold
from bot.assistant.reader.quantities import read_data_size
from bot.assistant.reader.quantity_arithmetic import data_in, stated_language
from bot.assistant.reader.spans import Span, tag_numbers
from bot.assistant.reader.text import accented, normalize
from bot.assistant.reader.train_steps import epochs_note, train_steps
from bot.assistant.reader.urgency import missed_deadline, read_urgency
from locales import N_, _
from quoting.registry import load_registry
from quoting.units import format_brl, format_number

CLIENT_ZONE = ZoneInfo("America/Sao_Paulo")
# A model name and a size that agree within this share are the same model.
SIZE_AGREEMENT = 0.30
# Whisper reads audio in 30 s windows of 1,500 encoder positions.
AUDIO_WINDOW_SECONDS = 30
AUDIO_POSITIONS = 1500
# One image as a vision-language model sees it: 336 px in 14 px patches (LLaVA-1.5) = 576 tokens.
IMAGE_TOKENS = 576
# "Llama 3 8B lora 15k", "prontuários, são 60 mil": in a message that names the model, a count
# this large with no noun is the number of examples (below it, it could be hours or epochs).
MIN_BARE_EXAMPLES = 1000


@dataclass
class JobReading:
    """What one message says about a job: fields, notes on what was assumed, bare numbers. The
    notes are client text in the current language (`locales.speaking`): read a job inside the
    reply it is read for."""

    slots: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    bare: list[float] = field(default_factory=list)
    # Numbers as typed that are not one number ("1.500.00", "1.2.3") or too large to be real.
    unclear: list[str] = field(default_factory=list)
    # Where in the message each field was given (the last one is what a follow-up changes).
    positions: dict[str, int] = field(default_factory=dict)
    # The words each field came from, (start, end) in the folded text, where the reader knows them.
    spans: dict[str, tuple[int, int]] = field(default_factory=dict)
    folded: str = ""

    def drop(self, name: str) -> None:
        for held in (self.slots, self.positions, self.spans):
            held.pop(name, None)

    def set(self, name: str, value: Any, at: int = 0, end: int | None = None) -> None:
        self.slots[name] = value
        self.positions[name] = at
        if end is not None:
            self.spans[name] = (at, end)
        else:
            self.spans.pop(name, None)

    @property
    def order(self) -> list[str]:
        """Fields in the order the message gives them."""
        return sorted(self.positions, key=lambda name: self.positions[name])


# A large count in words, said as the reply speaks: "1,5 mil", "70 bilhões".
_SCALES = ((1e9, N_("{amount} bilhões")), (1e6, N_("{amount} milhões")), (1e3, N_("{amount} mil")))


def _short(value: float) -> str:
    for size, said in _SCALES:
        if value >= size:
            scaled = value / size
            return _(said).format(amount=format_number(scaled, 0 if scaled.is_integer() else 1))
    return format_number(value, 0)


def _value(span: Span) -> float:
    return -span.value if span.negative else span.value


def _first(spans: list[Span], tag: str) -> Span | None:
    return next((s for s in spans if s.tag == tag), None)


def read_job(text: str, now: datetime | None = None) -> JobReading:
    """Every job field `text` states, with conflicts resolved the way clients mean them."""
    now = (now or datetime.now(CLIENT_ZONE)).astimezone(CLIENT_ZONE)
    # "No projeto de 2024 usamos ... Agora é outro: ...": only this job's part is read.
    folded = this_job_text(normalize(text))
    reading = JobReading(folded=folded)
    found = cues.find_models(folded)
    models = [m for m in found if not cues.negated(folded, m[1]) and not cues.tool(folded, *m[1:])]
    rest = folded
    for _model, start, end in found:  # a model's own digits are not quantities
        said = folded[start:end].rstrip(".,;:")  # "no Qwen 2.5 7B. Próxima segunda": the stop stays
        rest = rest[:start] + " " * len(said) + rest[start + len(said) :]
    if models:
        reading.set("model", *models[cues.after_correction(folded, [m[1] for m in models])])
    elif chosen := cues.MODEL_LEFT_TO_US.search(folded):
        reading.set("model", cues.DEFAULT_MODEL, chosen.start(), chosen.end())
        reading.notes.append(
            _(
                "Modelo: você deixou a escolha conosco; cotei o Llama 3.1 8B, aberto e com suporte "
                "oficial a português. Se preferir outro, é só dizer."
            )
        )
    deadline = read_deadline(rest, now)
    if deadline:
        rest = rest[: deadline.start] + " " * (deadline.end - deadline.start) + rest[deadline.end :]
    spans = tag_numbers(rest)
    _size(reading, spans, rest)
    _data(reading, spans, rest, text)
    _numbers(reading, spans)
    _length_from_sequence(reading)
    if (
        "seq_len" in reading.spans
        and reading.spans.get("dataset_tokens") == reading.spans["seq_len"]
    ):
        for kept in (
            reading.slots,
            reading.positions,
            reading.spans,
        ):  # "contexto de 32 mil tokens"
            kept.pop("dataset_tokens", None)
    if missed_deadline(rest):  # "o prazo era dia 1º e já estourou": late, so urgent
        deadline = None
        reading.set("urgent", True)
    if deadline:  # a calendar time beats a duration ("amanhã às 8h, já são 19h")
        reading.set("deadline_hours", deadline.hours, deadline.start, deadline.end)
        reading.notes.append(deadline.note)
    elif hours := reading.slots.get("deadline_hours"):  # "within 3 days" in an e-mail of Tuesday
        left = float(hours) - hours_since_sent(rest, reading.positions["deadline_hours"], now)
        if left > 0:
            reading.slots["deadline_hours"] = max(1.0, round(left, 1))
        else:  # over before the client wrote to us
            reading.slots.pop("deadline_hours")
            reading.positions.pop("deadline_hours")
            reading.spans.pop("deadline_hours", None)
    _epochs_from_steps(reading, rest)
    if staged := _STAGED_EPOCHS.search(rest):  # "1 época com lr 2e-4, depois mais 2 épocas"
        reading.set("epochs", float(staged["first"]) + float(staged["more"] or staged["more_en"]))
    if read_urgency(rest):
        reading.set("urgent", True)
    _categories(reading, rest)
    _bare_count(reading, spans)
    # "são 80 mil, não 8 mil": the number taken back is not one the client means.
    reading.bare = [
        _value(s) for s in spans if s.tag == "bare" and not _TAKEN_BACK.search(rest[: s.start])
    ]
    reading.unclear = [s.noun for s in spans if s.tag == "unclear"]
    return reading


# Words that take back the number after them ("são 80 mil, não 8 mil").
TAKEN_BACK = r"\b(?:nao|not|em vez de|instead of)"
_TAKEN_BACK = re.compile(rf"{TAKEN_BACK}\s*$")


# Training in stages over the same data: the epochs of every stage add up.
_STAGED_EPOCHS = re.compile(
    r"\b(?P<first>[1-9]) (?:epocas?|epochs?)\b[^.!?]{0,60}?(?<!ou )"
    r"\b(?:(?:mais|another)\s+(?P<more>[1-9])|(?P<more_en>[1-9]) more) (?:epocas?|epochs?)\b"
)


def _epochs_from_steps(reading: JobReading, text: str) -> None:
    """ "max_steps 3.000, batch 4 por GPU, acumulação 8, 2 GPUs" over 48 mil exemplos: 4 épocas;
    with the epochs and no count, the examples."""
    trained = train_steps(text)
    if trained is None:
        return
    stated = reading.slots.get("epochs")
    if (examples := reading.slots.get("examples")) and (trained.maximum or not stated):
        epochs = round(trained.seen / float(examples), 2)
        if epochs > 0:
            reading.set("epochs", epochs)
            reading.notes.append(epochs_note(trained, float(examples), epochs))
    elif stated and not examples and "dataset_tokens" not in reading.slots:
        reading.set("examples", round(trained.seen / float(stated)))


def _year(span: Span) -> bool:
    """ "dados de 2024": a year, not a count."""
    return 1900 <= span.value <= 2100 and span.value.is_integer()


def _bare_count(reading: JobReading, spans: list[Span]) -> None:
    if not {"model", "params"} & reading.slots.keys():
        return
    if {"examples", "dataset_tokens"} & reading.slots.keys():
        return
    # "minha 4090 aguenta...?": the card the client has, not a count
    card = "max_device_memory_gb" in reading.slots
    count = next(
        (
            s
            for s in spans
            if s.tag == "bare"
            and s.value >= MIN_BARE_EXAMPLES
            and not _year(s)
            and not (card and f"{s.value:g}" in cues.CARD_MEMORY_GB)
        ),
        None,
    )
    if count is None:
        return
    spans.remove(count)
    reading.set("examples", _value(count), count.start, count.end)
    reading.notes.append(
        _("Considerei {count} como o número de exemplos.").format(count=_short(count.value))
    )


# ... or replaced by it: "vai ser o Qwen 2.5 14B em vez do 7B".
_OTHER_SIZE = re.compile(
    r"[.?!;]|\b(?:entre|ou|or|vs|versus|compar\w*|contra|than|que o|em vez|no lugar|instead|nao|"
    r"not)\b"
)


def _size(reading: JobReading, spans: list[Span], text: str) -> None:
    params = _first(spans, "params")
    if params is None:
        return
    model = reading.slots.get("model")
    family = cues.family_named(text) if model is None and not params.negative else None
    # "sete bilhões de parâmetros (o mistral)": the family and the size name the model.
    if family and (entry := load_registry().sized(family, params.value)):
        reading.set("model", entry.id, params.start, params.end)
        return
    if model is not None and not params.negative:
        entry = load_registry().find(model)
        if entry and abs(params.value / entry.params - 1) <= SIZE_AGREEMENT:
            return  # "um BERT large de 340 milhões de parâmetros": the same model
        if params.start < reading.positions["model"]:
            return  # "o 8B pode ser pequeno; quanto fica com o Llama 3 70B?": the model named last
        if _OTHER_SIZE.search(text, reading.positions["model"], params.start):
            return  # "no Qwen 2.5 14B? ... escolher entre ele e o 7B": the size compared with
        reading.slots.pop("model")
        reading.positions.pop("model")
        name = entry.name if entry else model
        reading.notes.append(
            _(
                "Usei o tamanho informado ({size} de parâmetros), que não bate com o {model}."
            ).format(size=_short(params.value), model=name)
        )
    reading.set("params", _value(params), params.start, params.end)


def _data(reading: JobReading, spans: list[Span], text: str, written: str) -> None:
    """The data size `text` (folded) states; its nouns said back as `written` spells them."""
    model = load_registry().find(str(reading.slots.get("model", "")))
    with data_in(stated_language(text)):
        size = read_data_size(text, text_model=bool(model and not model.fixed_input))
    if size is not None and size.examples is not None and 0 <= size.examples < 1:
        size = None  # "0-1k tokens: 24.000": a bin's lower bound read as a count
    if size is not None:
        for name in ("examples", "tokens_per_example", "dataset_tokens"):
            if (value := getattr(size, name)) is not None:
                reading.set(name, value, size.start, size.end)
        if size.arithmetic:
            arithmetic = accented(size.arithmetic, written)  # "diálogos", not "dialogos"
            reading.notes.insert(0, _("Dados: {arithmetic}.").format(arithmetic=arithmetic))
        return
    # Images and audio for a speech model: counted in the model's own inputs.
    images = _first(spans, "images")
    audio = _first(spans, "audio_hours")
    if images is not None:
        reading.set("examples", _value(images), images.start, images.end)
        if not (model and model.fixed_input):  # a ViT's own patches
            reading.set("tokens_per_example", float(IMAGE_TOKENS))
            reading.notes.append(
                _(
                    "Imagens: considerei cada uma como {tokens} tokens (336 px em blocos de "
                    "14 px, como nos modelos de visão e linguagem do tipo LLaVA)."
                ).format(tokens=IMAGE_TOKENS)
            )
    elif audio is not None:
        windows = audio.value * 3600 / AUDIO_WINDOW_SECONDS
        reading.set("examples", windows, audio.start, audio.end)
        reading.set("tokens_per_example", float(AUDIO_POSITIONS))
        reading.notes.append(
            _(
                "Áudio: considerei {hours} h em trechos de {seconds} s (como o Whisper lê), "
                "cerca de {windows} trechos de {positions} posições cada."
            ).format(
                hours=format_number(audio.value, 0),
                seconds=AUDIO_WINDOW_SECONDS,
                windows=_short(windows),
                positions=format_number(AUDIO_POSITIONS, 0),
            )
        )


def _numbers(reading: JobReading, spans: list[Span]) -> None:
    for span in spans:
        value = _value(span)
        if span.tag == "epochs":
            reading.set("epochs", value, span.start, span.end)
        elif span.tag == "seq_len":
            # "4k de contexto" means 4,096 positions, a power of two like every context size.
            thousands = value / 1000
            if thousands.is_integer() and int(thousands) & (int(thousands) - 1) == 0:
                value = thousands * 1024
            reading.set("seq_len", int(value), span.start, span.end)
        elif span.tag == "batch":
            reading.set("batch_size", int(value), span.start, span.end)
        elif span.tag == "rank":
            reading.set("lora_rank", int(value), span.start, span.end)
        elif span.tag in ("deadline", "duration"):
            if LEAD.match(reading.folded, span.start) and "deadline_hours" in reading.slots:
                # "me deu 15 dias corridos, mas preciso de 3 dias pra testar antes": less them
                value = float(reading.slots["deadline_hours"]) - value
                if value <= 0:
                    continue
            elif span.tag == "duration":
                continue
            reading.set("deadline_hours", value, span.start, span.end)
        elif span.tag == "budget" and "budget_brl" not in reading.slots:
            reading.set("budget_brl", Decimal(str(round(value, 2))), span.start, span.end)
        elif span.tag == "unit_price" and "budget_brl" not in reading.slots:
            if examples := reading.slots.get("examples"):  # "R$ 0,10 por exemplo" x 20 mil
                total = Decimal(str(round(value * float(examples), 2)))
                reading.set("budget_brl", total, span.start, span.end)
                reading.notes.append(
                    _("Orçamento: {price} por exemplo x {count} exemplos = {total}.").format(
                        price=format_brl(Decimal(str(value))),
                        count=format_number(float(examples), 0),
                        total=format_brl(total),
                    )
                )
        elif span.tag == "budget_usd" and "budget_usd" not in reading.slots:
            reading.set("budget_usd", Decimal(str(round(value, 2))), span.start, span.end)
        elif span.tag == "device_memory":
            reading.set("max_device_memory_gb", value, span.start, span.end)


def _length_from_sequence(reading: JobReading) -> None:
    """ "50k samples, 2048 seq length": counted examples with no length of their own are as long
    as the sequence the client trains on (a quote must not under-estimate them)."""
    slots = reading.slots
    if "seq_len" not in slots or "examples" not in slots:
        return
    if {"tokens_per_example", "dataset_tokens"} & slots.keys():
        return
    reading.set("tokens_per_example", float(slots["seq_len"]), reading.positions["seq_len"])
    reading.notes.append(
        _("Considerei cada exemplo com {tokens} tokens, o tamanho de sequência informado.").format(
            tokens=format_number(slots["seq_len"], 0)
        )
    )


def _categories(reading: JobReading, text: str) -> None:
    for name, choices in (
        ("method", cues.METHODS),
        ("framework", cues.FRAMEWORKS),
        ("cloud", cues.CLOUDS),
        ("precision", cues.PRECISIONS),
        ("kind", cues.KINDS),
    ):
        if value := cues.first(text, choices):
            reading.set(name, value)
    if "cloud" not in reading.slots and (other := cues.first(text, cues.UNQUOTED_CLOUDS)):
        reading.notes.append(
            _(
                "Nuvem {cloud}: não está entre as que cotamos (AWS, Google Cloud, Azure e nuvens "
                "de GPU); cotei a melhor opção entre elas."
            ).format(cloud=other)
        )
    if (match := cues.RESIDENCY.search(text)) and not cues.negated(text, match.start()):
        reading.set("data_residency", "br")
    if cues.EU_RESIDENCY.search(text):  # "os dados não podem sair da UE": no region of ours
        reading.notes.append(
            _(
                "Dados na União Europeia: nosso catálogo só tem regiões no Brasil e nos EUA; cotei "
                "a melhor opção entre elas. Para manter os dados na UE, fale com um especialista."
            )
        )
    if other_chip := chip_named(text):
        reading.notes.append(not_sold(other_chip))
    if (spot := cues.spot_choice(text)) is not None:
        reading.set("spot", spot)
    if cues.CHEAPEST.search(text):
        reading.set("cheapest", True)
    if "max_device_memory_gb" not in reading.slots and (card := cues.owned_card(text)):
        reading.set("max_device_memory_gb", card)
    if cues.cards_not_enough(text):  # "... de 24 GB aqui, mas queremos cotar nuvem"
        reading.drop("max_device_memory_gb")
