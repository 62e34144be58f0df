"""Data size in the units clients count in: documents by pages by words, chats by messages by words,
pairs of two lengths, totals in words, pages, tokens, bytes or hours of transcribed speech.

Each number with its unit is a `Mention`; mentions joined by "de", "com", "cada um com", "de ~",
"com média de", "x" compose into one example's length; the rest are totals. Conversion factors
live in `bot/assistant/data/quantities.toml` with their sources, and `DataSize.arithmetic` is the
one line the reply shows, so a client sees a misreading at once.
"""

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from bot.assistant.reader.spans import NOT_RECORDS, QUANTITY, SCALE, number
from quoting.units import format_number

DATA = Path(__file__).resolve().parent.parent / "data" / "quantities.toml"
Unit = Literal["record", "turn", "page", "word", "char", "token", "line", "byte", "audio_hour"]
# The multiplication sign the reply shows its arithmetic with.
TIMES = "\u00d7"
# Longer than any one example (the longest contexts): a length past it is the dataset's total.
MAX_EXAMPLE_TOKENS = 65_536


class Factor(BaseModel):
    name: str
    value: float = Field(gt=0)
    label: str
    source: str = Field(min_length=10)
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


class QuantityData(BaseModel):
    """The data file, validated on load: a factor without a source or a date is refused."""

    factor: list[Factor]
    units: dict[str, str]

    def get(self, name: str) -> Factor:
        return next(f for f in self.factor if f.name == name)


@cache
def load_quantities() -> QuantityData:
    with DATA.open("rb") as handle:
        return QuantityData.model_validate(tomllib.load(handle))


@cache
def _unit_words() -> dict[str, list[str]]:
    return {unit: words.split() for unit, words in load_quantities().units.items()}


def _alternatives(*units: str) -> str:
    found = {w for unit in units for w in _unit_words()[unit]}
    return "|".join(sorted((re.escape(w) for w in found), key=len, reverse=True))


_BYTES = {"kb": 1e3, "mb": 1e6, "mega": 1e6, "megas": 1e6, "gb": 1e9, "giga": 1e9, "gigas": 1e9,
          "tb": 1e12, "tera": 1e12, "teras": 1e12}  # fmt: skip


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    measure = _alternatives("page", "word", "char", "token", "line")
    # "40k Portuguese chats", "2 mil laudos médicos": up to two describing words before a record.
    record = _alternatives("record", "turn")
    unit = re.compile(
        r"^\s*(?:de\s+|of\s+)?(?:"
        rf"(?P<measure>{measure})|"
        r"(?P<bytes>kb|mb|gb|tb|megas?|gigas?|teras?)\b|"
        r"(?P<audio>(?:horas?|h|hours?)\s+(?:de\s+|of\s+)?(?:[a-z]+\s+)?"
        r"(?:audio|gravac\w*|fala|voz|ligac\w*|chamadas|podcasts?|speech|recordings?|calls|"
        r"transcri\w*|atendimentos? (?:gravad|transcrit)\w*))|"
        rf"(?:(?!(?:pra|para|por|com|to|for|and|e|em|in|no|na|de|of|with)\s)[a-z&/-]+\s+){{0,2}}"
        rf"(?P<record>{record})|"
        # "5 mil projetos de lei": a plural no list names still counts records.
        r"(?P<plural>[a-z][a-z-]{2,}s))\b"
    )
    per = re.compile(r"^\s*(?:por|cada|per|each|/|em media|on average|de media|na media)\b")
    total = re.compile(r"^\s*(?:no total|ao todo|total|somando|in total|overall|altogether)\b")
    # "exemplos de uns 600 tokens": a length after records left uncounted is each one's length.
    of_records = re.compile(
        rf"\b(?:{record})\s+(?:de|com|of|with)\s+(?:cerca de |uns |umas |~|about |around )?$"
    )
    return unit, per, total, of_records


_BEFORE_PER = re.compile(
    r"(?:cada (?:um|uma|one)?|each|em media|media de|on average|average of|average|tamanho medio)"
    r"[^.;!?\d]{0,25}$"
)
_BEFORE_TOTAL = re.compile(
    r"(?:total de|totalizando|somando|ao todo|in total|total of)[^.;!?\d]{0,15}$"
)
# What may sit between two numbers that compose ("de ~", "cada um com umas", ", com média de").
_CONNECTOR = frozenset(
    [
        "de",
        "do",
        "da",
        "com",
        "of",
        "with",
        "cada",
        "um",
        "uma",
        "one",
        "tem",
        "tendo",
        "contendo",
        "having",
        "containing",
        "has",
        "have",
        "x",
        "por",
        "em",
        "media",
        "on",
        "average",
        "about",
        "around",
        "cerca",
        "uns",
        "umas",
        "aprox",
        "aproximadamente",
        "approximately",
        "roughly",
        "mais",
        "ou",
        "menos",
        "tipo",
        "que",
        "geralmente",
        "normalmente",
        "typically",
        "usually",
        "quase",
        "almost",
        "ate",
        "up",
        "to",
        "entre",
        "which",
        "that",
        "~",
        ",",
        "(",
        ")",
        ":",
        "-",
    ]
)
# Words that make a gap a composition ("laudos de ~15 páginas", "pares com pergunta curta, ~80").
_LINKS = frozenset({"de", "com", "of", "with", "cada", "each"})
# Which unit an example's length may be counted in after each other unit.
_INSIDE: dict[str, set[str]] = {
    "record": {"turn", "page", "line", "word", "char", "token"},
    "turn": {"line", "word", "char", "token"},
    "page": {"line", "word", "char"},
    "line": {"word", "char", "token"},
}
_SECOND = re.compile(
    r"^[^.;!?\d]{0,12}\b(?:e|and|\+)\s+(?:a\s+|the\s+)?(?:resposta|answer|saida|output|completion|"
    r"retorno)s?\b[^.;!?\d]{0,25}?(?P<number>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k)\b)?"
)


@dataclass
class Mention:
    value: float
    unit: Unit
    noun: str
    start: int
    end: int
    role: Literal["count", "part", "per", "total"] = "count"


@dataclass
class DataSize:
    """The dataset a message describes, and the arithmetic that got there."""

    examples: float | None = None
    tokens_per_example: float | None = None
    dataset_tokens: float | None = None
    arithmetic: str = ""
    start: int = 0
    end: int = 0
    used: list[Mention] = field(default_factory=list)


def find_mentions(text: str) -> list[Mention]:
    """Every number with a unit of data in normalized `text`, left to right."""
    unit_pattern, *_ = _patterns()
    mentions: list[Mention] = []
    for match in QUANTITY.finditer(text):
        parsed = number(match["number"])
        if parsed is None:
            continue
        # A negative count is kept: the job's validation says what is wrong with it.
        value = (-parsed if match["sign"] else parsed) * SCALE.get(match["scale"] or "", 1.0)
        after = text[match.end() :]
        found = unit_pattern.match(after)
        if found is None:
            continue
        end = match.end() + found.end()
        if found["bytes"]:
            mentions.append(Mention(value * _BYTES[found["bytes"]], "byte", "", match.start(), end))
        elif found["plural"]:
            if found["plural"] not in NOT_RECORDS and value >= 50:
                mentions.append(Mention(value, "record", found["plural"], match.start(), end))
        elif found["audio"]:
            mentions.append(Mention(value, "audio_hour", found["audio"], match.start(), end))
        else:
            noun = found["measure"] or found["record"]
            mentions.append(Mention(value, _unit_of(noun), noun, match.start(), end))
    return mentions


_CLASSES: tuple[Unit, ...] = ("word", "char", "token", "page", "record", "turn")


def _unit_of(noun: str) -> Unit:
    return next((unit for unit in _CLASSES if noun in _unit_words()[unit]), "line")


def _connects(gap: str) -> bool:
    """Only joining words between two numbers, or two describing words after "de"/"com"."""
    tokens = re.findall(r"[a-z]+|[~,():-]", gap)
    if len(tokens) > 8 or re.search(r"[.;!?]", gap):
        return False
    unknown = [t for t in tokens if t not in _CONNECTOR]
    return not unknown or (len(unknown) <= 2 and bool(_LINKS & set(tokens)))


def read_data_size(text: str, text_model: bool = False) -> DataSize | None:
    """The dataset `text` describes, or None when it counts nothing in units of data. Hours of
    audio are text (transcripts) when they say so or the model named reads text."""
    mentions = [m for m in find_mentions(text) if not _is_device_memory(text, m)]
    if not mentions:
        return None
    _second_lengths(text, mentions)
    chains = _chains(text, mentions)
    counts = [c for c in chains if c[0].unit in ("record", "turn")]
    main = counts[0] if counts else None
    size = DataSize()
    size.end = max(m.end for m in mentions)
    if main is not None:
        size.examples = main[0].value
        size.start = main[0].start
        length = _length(text, main, chains, mentions)
        if length is not None:
            tokens, steps = length
            if tokens <= MAX_EXAMPLE_TOKENS:
                size.tokens_per_example = round(tokens, 1)
                size.arithmetic = f"{_count(main[0])} {TIMES} {_result(tokens, steps, ' cada')}"
            else:  # whole books: the dataset's total, each example cut at the context
                size.examples = None
                size.dataset_tokens = main[0].value * tokens
                size.arithmetic = (
                    f"{_count(main[0])} {TIMES} {_result(tokens, steps, ' cada')}; no total ≈ "
                    f"{_of(size.dataset_tokens, 'tokens')}"
                )
    totals = [
        c
        for c in chains
        if c is not main and c[0].unit not in ("record", "turn") and c[0].role != "per"
    ]
    if totals and size.tokens_per_example is None:
        total, steps = _total_tokens(totals[0][0], text_model)
        if total is None:
            return size if main else None
        tokens = total
        if size.examples and tokens > size.examples:
            size.tokens_per_example = round(tokens / size.examples, 1)
            size.arithmetic = (
                f"{_result(tokens, steps)} ÷ {_count(main[0])} "  # type: ignore[index]
                f"≈ {_of(size.tokens_per_example, 'tokens')} cada"
            )
        elif not size.examples:
            size.dataset_tokens = tokens
            size.start = totals[0][0].start
            size.arithmetic = _result(tokens, steps, " no total")
    if main is None and size.dataset_tokens is None:
        per = next((c for c in chains if c[0].role == "per"), None)
        if per is None:
            return None
        tokens, steps = _to_tokens(per)  # "+- 900 tokens cada": the length, the count elsewhere
        size.tokens_per_example = round(tokens, 1)
        size.start = per[0].start
        size.arithmetic = _result(tokens, steps, " cada")
    return size


_DEVICE = re.compile(
    r"(?:gpus?|placas?|vram|memoria|card|h100|a100|l4|l40s?|t4|rtx|\d{4})\W{0,3}(?:de\s+)?$"
)
_DEVICE_AFTER = re.compile(
    r"^\s*(?:de\s+)?(?:vram|ram|memoria|memory|de memoria|na placa|por gpu|cada)"
)


def _is_device_memory(text: str, mention: Mention) -> bool:
    """ "uma placa de 24 GB", "80 GB de VRAM": the card's memory, not the data's."""
    if mention.unit != "byte":
        return False
    after = text[mention.end : mention.end + 25]
    if _DEVICE_AFTER.match(after):
        return True
    return bool(_DEVICE.search(text[max(0, mention.start - 25) : mention.start]))


def _second_lengths(text: str, mentions: list[Mention]) -> None:
    """ "pergunta de ~80 palavras e resposta longa, ~400": the answer's length, in the same unit."""
    for mention in list(mentions):
        if mention.unit not in ("word", "token", "char", "page", "line"):
            continue
        found = _SECOND.match(text[mention.end :])
        if found is None:
            continue
        start = mention.end + found.start("number")
        if any(m.start == start for m in mentions):
            continue
        value = (number(found["number"]) or 0.0) * SCALE.get(found["scale"] or "", 1.0)
        end = mention.end + found.end()
        second = Mention(value, mention.unit, mention.noun, start, end)
        mentions.insert(mentions.index(mention) + 1, second)


def _chains(text: str, mentions: list[Mention]) -> list[list[Mention]]:
    """Mentions grouped as the sentence composes them: a count, then each part inside it."""
    chains: list[list[Mention]] = []
    _, per, total, of_records = _patterns()
    for mention in mentions:
        before, after = text[max(0, mention.start - 40) : mention.start], text[mention.end :]
        totals = bool(total.match(after) or _BEFORE_TOTAL.search(before))
        if chains and not totals:
            last = chains[-1][-1]
            turn = mention.unit == last.unit == "record" and mention.noun in _unit_words()["turn"]
            if turn and _connects(text[last.end : mention.start]):
                mention.unit = "turn"  # "40 mil chats de 12 mensagens": messages inside
            inside = mention.unit in _INSIDE.get(last.unit, set())
            if inside and _connects(text[last.end : mention.start]):
                mention.role = "part"
                chains[-1].append(mention)
                continue
            same = mention.unit == last.unit and last.role == "part"
            if same and re.search(r"\b(?:e|and|\+)\b", text[last.end : mention.start]):
                mention.role = "part"  # the pair's second length
                chains[-1].append(mention)
                continue
        if totals:
            mention.role = "total"
        elif per.match(after) or _BEFORE_PER.search(before) or of_records.search(before):
            mention.role = "per"
        chains.append([mention])
    return chains


def _length(
    text: str, main: list[Mention], chains: list[list[Mention]], mentions: list[Mention]
) -> tuple[float, list[str]] | None:
    """Tokens in one example and the steps that got there; None when the length is not given."""
    parts = main[1:]
    if not parts:
        per = next(
            (c for c in chains if c is not main and c[0].role == "per" and c[0].unit != "record"),
            None,
        )
        if per is None:
            return None
        parts = per
    return _to_tokens(parts)


def _to_tokens(parts: list[Mention]) -> tuple[float, list[str]]:
    """Multiply the parts down to words or tokens; a pair's two lengths add up."""
    factors = load_quantities()
    steps: list[str] = []
    multiplier = 1.0
    lengths: list[Mention] = []
    for part in parts:
        if lengths and part.unit == lengths[-1].unit:
            lengths.append(part)
        elif part.unit in ("turn", "page", "line") and part is not parts[-1]:
            multiplier *= part.value
            steps.append(_count(part))
        else:
            lengths.append(part)
    if not lengths:
        lengths = [parts[-1]]
        steps.pop()
    last = lengths[-1].unit
    value = sum(m.value for m in lengths)
    said = " + ".join(f"~{_amount(m.value)}" for m in lengths)
    said = said if len(lengths) == 1 else f"({said})"
    steps.append(f"{said}{' de' if said.endswith('milhões') else ''} {_noun(lengths[-1])}")
    words = value * multiplier
    if last == "turn":
        per_turn = factors.get("words_per_turn").value
        steps.append(f"{_amount(per_turn)} palavras por mensagem (suposto)")
        words *= per_turn
    elif last == "page":
        per_page = factors.get("words_per_page").value
        steps.append(f"{_amount(per_page)} palavras por página (suposto)")
        words *= per_page
    elif last == "line":
        per_line = factors.get("words_per_line").value
        steps.append(f"{_amount(per_line)} palavras por linha (suposto)")
        words *= per_line
    if last == "token":
        return words, steps
    if last == "char":
        return words / factors.get("bytes_per_token").value, steps
    return words * factors.get("tokens_per_word").value, steps


def _total_tokens(mention: Mention, text_model: bool) -> tuple[float | None, list[str]]:
    factors = load_quantities()
    if mention.unit == "byte":
        per_token = factors.get("bytes_per_token").value
        said = f"{_bytes(mention.value)} ÷ {_amount(per_token)} bytes por token (suposto)"
        return mention.value / per_token, [said]
    if mention.unit == "audio_hour":
        if not text_model and "transcri" not in mention.noun:
            return None, []  # audio for a speech model: the reader counts 30 s windows
        per_hour = factors.get("words_per_audio_hour").value
        return mention.value * per_hour * factors.get("tokens_per_word").value, [
            f"{_amount(mention.value)} h de fala transcrita",
            f"{_amount(per_hour)} palavras por hora (suposto)",
            f"{format_number(factors.get('tokens_per_word').value, 1)} token por palavra (suposto)",
        ]
    tokens, steps = _to_tokens([mention])
    return tokens, steps


def _result(tokens: float, steps: list[str], each: str = "") -> str:
    """ "~2.500 palavras ≈ 3.750 tokens cada (1,5 token por palavra, suposto)"; tokens as given."""
    if len(steps) == 1 and steps[0].endswith(" tokens"):
        return f"{_of(tokens, 'tokens')}{each}"
    return f"{f' {TIMES} '.join(steps)} ≈ {_of(tokens, 'tokens')}{each}{_factor_note(steps)}"


def _of(value: float, noun: str) -> str:
    amount = _amount(value)
    return f"{amount} de {noun}" if amount.endswith("milhões") else f"{amount} {noun}"


def _factor_note(steps: list[str]) -> str:
    if any("token por palavra" in s for s in steps) or not steps:
        return ""
    if any(s.endswith(("palavras", "palavras (suposto)")) or "palavras por" in s for s in steps):
        per_word = format_number(load_quantities().get("tokens_per_word").value, 1)
        return f" ({per_word} token por palavra, suposto)"
    return ""


def _noun(mention: Mention) -> str:
    return {"word": "palavras", "char": "caracteres", "token": "tokens", "page": "páginas",
            "line": "linhas", "turn": "mensagens"}.get(mention.unit, mention.noun)  # fmt: skip


def _count(mention: Mention) -> str:
    noun = mention.noun if mention.unit in ("record", "turn") else _noun(mention)
    return f"{_amount(mention.value)} {noun}"


def _amount(value: float) -> str:
    if value >= 1e6:
        scaled = value / 1e6
        return f"{format_number(scaled, 0 if scaled.is_integer() else 1)} milhões"
    return format_number(round(value), 0)


def _bytes(size: float) -> str:
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6)):
        if size >= scale:
            return f"{format_number(size / scale, 0 if (size / scale).is_integer() else 1)} {unit}"
    return f"{format_number(size / 1e3, 0)} KB"
