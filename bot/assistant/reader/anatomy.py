"""The pieces inside one example, each in its own unit: a RAG example ("a pergunta (~40 palavras),
os 5 trechos recuperados (uns 180 palavras cada) e a resposta (~160 palavras)"), few-shot
demonstrations repeated in every prompt, a tool-calling trace (schemas and results in characters,
words for what people wrote), a system prompt repeated in each example. The example's length is
the sum of its pieces, each times how many of it there are."""

import re
from dataclasses import dataclass

from bot.assistant.reader.quantity_arithmetic import (
    TIMES,
    Mention,
    Step,
    Unit,
    load_quantities,
    said_amount,
    to_tokens,
)
from bot.assistant.reader.spans import amount
from locales import _

# Words that say a message describes what is inside each example.
_CUE = re.compile(
    r"\b(?:system prompt|prompt (?:de|do) sistema|few-?shot|demonstra(?:coes|cao|tions?)|"
    r"worked examples|exemplos resolvidos|(?:instrucao|prompt) fixo|instrucao fixa|"
    r"top-?(?:k\b|\d+)|rag\b|(?:trechos|passagens|chunks|documentos|passages) "
    r"(?:recuperad|retrieved)|retrieved (?:chunks|passages|documents)|tool.?call|"
    r"function.?calling|chamadas? (?:a|de|da|do|com)|schema|tool results?|"
    r"(?:cada|each) (?:exemplo|amostra|trace|sample|example|prompt)(?: de treino| pro fine-tuning"
    r"| training)?\s*(?:tambem |also )?(?:tem|contem|traz|inclui|leva|carrega|vem com|=|:|has|"
    r"contains|includes|consists|is made|carries)|"
    r"formato de cada)"
)
# "cada PR tem um diff de ~150 linhas, uma descrição de ~60 palavras e uns 4 comentários de ~30",
# "each thread has an opening post of ~120 words and about 10 replies of ~40 words": any record's
# pieces, read as such only when a few of one piece are counted after it.
_EACH_HAS = re.compile(
    r"\b(?:cada|each) (?:um|uma|one|[a-z]{2,}) (?:tem|has|com|with|contem|contains|traz|inclui)\b"
)
# A piece's length: "~180 palavras", "1,500-character", "(~3.200 caracteres no total)".
_LENGTH = re.compile(
    r"(?<![\w.,])(?P<number>\d+(?:[.,]\d+)*)\s*(?P<scale>k|mil)?\s*-?\s*"
    r"(?P<unit>palavras?|words?|caracteres|characters?|chars?|tokens?|linhas|lines)\b"
)
# "pergunta de ~50", "(~40)": a length whose unit comes with another piece.
_BARE = re.compile(
    r"(?:~\s*|\(\s*~?\s*|\buns |\bumas |\bcerca de |\babout |\baround )"
    r"(?P<number>\d+(?:[.,]\d+)*)\b(?![.,]?\d)(?!\s*(?:%|[a-z]{3,}|k\b|m\b|mi\b|h\b|x\b))"
)
_UNITS: dict[str, Unit] = {"pala": "word", "word": "word", "cara": "char", "char": "char",
                           "linh": "line", "line": "line"}  # fmt: skip
# How many of a piece each example holds: "os 5 trechos", "top-8", "top-k = 6", "3 tool calls".
_MANY = re.compile(
    r"\btop-?(?:k\s*=\s*)?(?P<top>\d+)\b|(?<![\w.,])(?P<count>\d+)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:trechos?|chunks?|passagens|passages|documentos|demonstracoes|demonstrations|shots|"
    r"worked examples|exemplos resolvidos|chamadas|calls|tool calls|resultados|results|trocas|"
    r"exchanges|turnos|turns|mensagens|snippets|paragrafos)\b"
)
# "uns 10 ingredientes de ~4 palavras", "about 10 replies of ~40 words": a few of any piece,
# said inside the example's description (after its cue)
_COUNTED_PIECE = re.compile(
    r"(?<![\w.,])(?P<count>\d{1,3})\s+"
    # a few pieces, not thousands of records ("cada um com 10 mil exemplos de 500 tokens")
    r"(?!(?:mil|k|milh\w*|bilh\w*|thousand|million|exemplos?|examples?|amostras?|samples?|"
    r"registros?|records?)\b)(?:[a-z-]+\s+){1,5}?(?:(?:de|of|com|with)\s+|\(\s*)"
    r"(?:~|uns |umas |cerca de |about |around )?$"
)
_FEW = 200
_EACH = re.compile(r"\b(?:cada|each)\b")
_TOTAL_AFTER = re.compile(r"^[^,;()]{0,12}\b(?:no total|in total|ao todo|total)\b")
_BOTH_SIDES = re.compile(r"^\s*(?:de cada lado|each side|per side|on each side)\b")
# "3 tool calls (~200 characters each), each followed by its tool result (~800)": as many
_FOLLOWED = re.compile(r"\b(?:each followed by|cada (?:um|uma) seguid[ao])\b")
# Lengths that are a setting or a dataset's total, never a piece.
_SETTING = re.compile(
    r"(?:contexto|janela|context|window|max_?seq|seq_?len|max_?length|cortamos|corta|truncad|cuts? "
    r"at)[^.;!?]{0,20}$"
)
_NOT_TRAINED = re.compile(
    r"[^.;!?]{0,50}?\b(?:nao (?:vao|vai|entram|entra) (?:pro|para o|no) treino|"
    r"so (?:entram |vao )?na inferencia|(?:only|just) (?:at|in|for) inference|"
    r"not (?:in|part of) (?:the )?training)\b"
)
_ENGLISH = re.compile(r"\b(?:em ingles|in english|english)\b")
_CODE = re.compile(r"\b(?:diffs?|codigo|code|patch|patches|script|source)\b")
_BIGGEST_PIECE = 20_000
_GAP = 120


@dataclass(frozen=True)
class Piece:
    length: float
    unit: Unit
    many: float
    english: bool
    start: int
    end: int
    said: int  # where "5 trechos" was said, to take it out of the counts


@dataclass(frozen=True)
class Anatomy:
    tokens: float
    steps: list[Step]
    spans: list[tuple[int, int]]

    def covers(self, mention: Mention) -> bool:
        return any(start <= mention.start < end for start, end in self.spans)


def _many(
    text: str, found: re.Match[str], before: str, previous: Piece | None, cue: int
) -> tuple[float, int]:
    if previous and _FOLLOWED.search(before):
        return previous.many, -1
    counts = list(_MANY.finditer(before))
    if not counts:
        piece = _COUNTED_PIECE.search(before)
        at = found.start() - len(before) + piece.start("count") if piece else -1
        total = _TOTAL_AFTER.match(text[found.end() :])  # "5 ferramentas (~3.200 no total)"
        if piece is None or at < cue or int(piece["count"]) > _FEW or total:
            return 1.0, -1
        return float(piece["count"]), at
    last = counts[-1]
    gap = before[last.end() :]
    after = text[found.end() : found.end() + 25]
    attached = "," not in gap or _EACH.search(gap) or _EACH.search(after)
    if not attached or _TOTAL_AFTER.match(text[found.end() :]):
        return 1.0, -1
    value = float(last["top"] or last["count"])
    # where the number is ("top-4": the 4), as the count's mention starts there
    return value, found.start() - len(before) + last.start("top" if last["top"] else "count")


def _lengths(text: str) -> list[tuple[re.Match[str], Unit]]:
    """Each length said, with its unit; one said bare ("pergunta de ~50 e resposta de ~150
    palavras") is in the unit of the next length said, else of the one before."""
    said = list(_LENGTH.finditer(text))
    taken = [(m.start(), m.end()) for m in said]
    bare = [
        m for m in _BARE.finditer(text) if not any(a <= m.start("number") < b for a, b in taken)
    ]
    found = sorted([*said, *bare], key=lambda m: m.start())
    units: list[Unit | None] = [
        _UNITS.get(m["unit"][:4], "token") if "unit" in m.groupdict() else None for m in found
    ]
    known = [u for u in units if u]
    if not known:
        return []
    result: list[tuple[re.Match[str], Unit]] = []
    for index, (match, unit) in enumerate(zip(found, units, strict=True)):
        later = next((u for u in units[index:] if u), None)
        earlier = next((u for u in reversed(units[:index]) if u), None)
        result.append((match, unit or later or earlier or known[0]))
    return result


def _pieces(text: str, cue: int) -> list[Piece]:
    pieces: list[Piece] = []
    previous_end = 0
    for found, unit in _lengths(text):
        length = amount(found["number"], found.groupdict().get("scale"))
        start = max(previous_end, found.start() - _GAP)
        before = text[start : found.start()]
        if not length or length > _BIGGEST_PIECE:
            continue
        if unit == "token" and _SETTING.search(before[-45:]):
            continue  # "janela de contexto de 4.096 tokens"; "trechos de contexto de ~180 palavras"
        if _NOT_TRAINED.match(text, found.end()):
            continue  # "5 exemplos few-shot de ~100 palavras, mas eles NÃO vão pro treino"
        last = pieces[-1] if pieces else None
        if last and last.length == length and last.unit == unit and found.start() - last.end < 60:
            continue  # "cuts at 256 tokens, so each chunk is 256 tokens": said twice
        many, said = _many(text, found, before, last, cue)
        if _BOTH_SIDES.match(text[found.end() :]):
            many *= 2
        near = text[max(previous_end, found.start() - 60) : found.end() + 25]
        english = unit == "word" and bool(_ENGLISH.search(near))
        # "um diff de ~150 linhas": lines of code, at the words per line of English
        code_before = text[max(previous_end, found.start() - 40) : found.start()]
        english = english or (unit == "line" and bool(_CODE.search(code_before)))
        pieces.append(Piece(length, unit, many, english, found.start(), found.end(), said))
        previous_end = found.end()
    return pieces


def _tokens(piece: Piece) -> float:
    factors = load_quantities()
    if piece.english:  # words in English, or lines of code (English words per line)
        per_line = factors.get("words_per_line").value if piece.unit == "line" else 1.0
        return piece.length * per_line * factors.get("tokens_per_english_word").value
    one = Mention(piece.length, piece.unit, piece.unit, piece.start, piece.end)
    return to_tokens([one])[0]


def _said(piece: Piece) -> str:
    nouns = {
        "word": _("palavras"),
        "char": _("caracteres"),
        "token": _("tokens"),
        "line": _("linhas"),
    }
    said = f"~{said_amount(piece.length)} {nouns[piece.unit]}"
    if piece.english:
        english = _("{piece} de código") if piece.unit == "line" else _("{piece} em inglês")
        said = english.format(piece=said)
    return f"{said_amount(piece.many)} {TIMES} {said}" if piece.many != 1 else said


def example_anatomy(text: str) -> Anatomy | None:
    """The pieces of one example where `text` (folded) describes them, two or more, in tokens."""
    cue = _CUE.search(text)
    each = _EACH_HAS.search(text) if cue is None else None
    if cue is None and each is None:
        return None
    if cue is not None:
        pieces = [p for p in _pieces(text, cue.start()) if p.end > cue.start() - _GAP]
    else:
        assert each is not None
        pieces = [p for p in _pieces(text, each.start()) if p.start > each.start()]
        if not any(p.many > 1 for p in pieces):
            return None  # "cada atendimento tem umas 12 trocas, cliente com ~15": turns, read so
    # "1.450 POPs, cada um com uns 18 passos de ~30 palavras": one piece, counted, is enough
    if len(pieces) < 2 and not (each and pieces and pieces[0].many > 1):
        return None
    tokens = sum(_tokens(p) * p.many for p in pieces)
    step = Step(f"({' + '.join(_said(p) for p in pieces)})", "words")
    spans = [(p.start, p.end) for p in pieces]
    spans += [(p.said, p.said + 1) for p in pieces if p.said >= 0]
    return Anatomy(tokens, [step], spans)
