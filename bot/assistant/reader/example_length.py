"""The length of one example, from the counts and lengths the quantity reader chained: the parts
of the count, else a length said "cada"/"em média", else the first length after the count that is
no total, a pair's two lengths said before the count, or parts counted inside each record."""

from dataclasses import replace

from bot.assistant.reader.counts import TURN_PARTS
from bot.assistant.reader.parts import LENGTHS
from bot.assistant.reader.quantity_arithmetic import Mention, Step, to_tokens

# Longer than any one example (the longest contexts): a length past it is the dataset's total.
MAX_EXAMPLE_TOKENS = 65_536


def inner(chain: list[Mention]) -> bool:
    return chain[0].unit == "record" and len(chain) > 1 and chain[0].value < 50


def example_length(
    main: list[Mention], chains: list[list[Mention]], per_page: float | None
) -> tuple[float, list[Step]] | None:
    """Tokens in one example and the steps that got there; None when the length is not given:
    the parts of the count, else a length said "cada"/"em média", else the first length after the
    count that is no total ("15k pares. pergunta ~80 palavras, resposta ~400")."""
    parts = main[1:]
    rest = [c for c in chains if c is not main and c[0].unit in LENGTHS]
    if not parts:
        per = next((c for c in rest if c[0].role == "per"), None)
        after = [c for c in rest if c[0].role == "count" and c[0].start > main[0].start]
        orphan = next((c for c in after if to_tokens(c, per_page)[0] <= MAX_EXAMPLE_TOKENS), None)
        # "instruções (~20 palavras) com respostas (~500 palavras), 14 mil pares": a pair's two
        # lengths said before its count.
        pair = next((c for c in rest if len(c) > 1 and c[-1].end <= main[0].start), None)
        # "cada resumo tem 12 sentenças de 18 palavras": parts counted inside each record
        nested = next(
            ([replace(c[0], unit="turn"), *c[1:]] for c in chains if c is not main and inner(c)),
            None,
        )
        parts = per or orphan or pair or nested or []
        if not parts:
            return None
    if parts[-1].unit == "turn":  # "8 trocas por conversa, a pergunta tem ~20 palavras e ..."
        turn = parts[-1]
        said = next((c for c in rest if c[0].unit in TURN_PARTS and c[0].start > turn.start), [])
        parts = [*parts, *said]
    return to_tokens(parts, per_page)
