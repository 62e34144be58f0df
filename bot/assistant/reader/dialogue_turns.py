"""Conversations counted in exchanges, and one example per reply carrying the history so far.

"20 mil atendimentos, todos com 4 trocas, msgs de uns 30 palavras": an exchange is a question and
its answer, two messages of 30 words each. "Cada resposta do atendente vira um exemplo, levando o
histórico até ali": each conversation of R replies gives R examples, the k-th holding the 2k
messages said so far, so the mean example holds (R + 1) messages."""

import re

from bot.assistant.reader.measured import SizeFields
from bot.assistant.reader.quantity_arithmetic import (
    TIMES,
    said_amount,
    said_tokens,
    tokens_per_word,
)
from bot.assistant.reader.spans import number
from locales import _

_EXCHANGES = re.compile(
    r"\b(?P<n>\d+) (?:trocas|idas e vindas|exchanges|rounds|back-and-forths|vai-e-vens|"
    r"pares de (?:mensagens|perguntas e respostas))\b"
)
_MESSAGES = re.compile(r"\b(?P<n>\d+) (?:mensagens|msgs|falas|messages)\b")
# A turn or a step that holds both sides: "8 turnos (msg do cliente + resposta)", "10 steps"
_TURNS = re.compile(r"\b(?P<n>\d+) (?:turnos|turns|steps|passos|rodadas|etapas)\b")
_PER_MESSAGE = re.compile(
    r"\b(?:mensagens|msgs|msg|falas|messages)\b[^.;!?\d]{0,25}?"
    r"(?:de|of|com|with|~|uns|umas|about|around)\s*~?\s*(?P<w>\d+) (?:palavras|words)\b|"
    r"\b(?P<w2>\d+) (?:palavras|words) (?:por|cada|per|each|a) (?:mensagem|msg|fala|message)\b"
)
# "um turno = msg do cliente + resposta do atendente, somando umas 40 palavras", "a step (tool
# observation + model action) is ~200 tokens": one turn's length, both sides
_PER_TURN = re.compile(
    r"\b(?:turno|turn|step|passo|rodada|etapa|troca|exchange)\b[^.;!?\d]{0,80}?"
    r"(?P<n>\d+(?:[.,]\d+)*) (?P<unit>palavras|words|tokens)\b"
)
# "cada resposta do atendente virar um exemplo", "one example per agent reply"
_PER_REPLY = re.compile(
    r"\b(?:cada|each|um exemplo por|one (?:training )?example per|one sample per|a sample per|"
    r"an example per) (?:resposta|reply|answer|turn|turno|fala|mensagem|step|passo|"
    r"(?:assistant|agent|model) (?:step|turn|reply))\b|"
    r"\b(?:resposta|reply|answer|turno|turn)s? (?:d[oa]s? |of the |from the )?"
    r"(?:atendente|agente|agent|assistant|assistente|bot|operador|suporte)s?"
    r"[^.;!?]{0,30}\b(?:vir\w*|vai virar|become|becomes|turned into|as) (?:um |an? |its own )?"
    r"(?:exemplo|example|sample)"
)
# "5 trocas (cliente pergunta ~20 palavras, atendente responde ~60)", "4 turnos cada (aluno
# fala umas 30 palavras, tutor umas 70)": both sides of a turn, each with its length
_SIDES = re.compile(
    r"\b(?P<n>\d+) (?:trocas|turnos|turns|exchanges|rounds|rodadas)(?: cada| each)?\s*"
    r"\((?P<a_side>[^()\d]{0,40}?)(?P<a>\d+)(?: (?:palavras|words))?(?P<b_side>[^()\d]{1,40}?)"
    r"(?P<b>\d+)(?: (?:palavras|words))?\s*\)"
)
_HISTORY = re.compile(
    r"\bhistoric\w*|\bhistory\b|\bcontexto anterior\b|\bcontext so far\b|"
    r"\b(?:every|all|each) previous (?:step|turn|message)s?\b|\b(?:todos os|todas as) "
    r"(?:turnos|passos|mensagens) anteriores\b"
)


def _first(pattern: re.Pattern[str], text: str) -> float | None:
    found = pattern.search(text)
    if found is None:
        return None
    said = next(group for group in found.groups() if group)
    return number(said)


def _turns(text: str) -> tuple[float, float] | None:
    """How many replies each conversation holds, and the tokens of one turn (both sides)."""
    per_word = tokens_per_word()
    words = _first(_PER_MESSAGE, text)
    exchanges = _first(_EXCHANGES, text)
    if words and (replies := exchanges or (_first(_MESSAGES, text) or 0) / 2):
        return replies, 2 * words * per_word
    if sides := _SIDES.search(text):
        both = (number(sides["a"]) or 0) + (number(sides["b"]) or 0)
        return number(sides["n"]) or 0, both * per_word
    turns, per_turn = _first(_TURNS, text) or exchanges, _PER_TURN.search(text)
    if not turns or per_turn is None:
        return None
    length = number(per_turn["n"]) or 0
    return turns, length * (1 if per_turn["unit"] == "tokens" else per_word)


def replies_with_history(size: SizeFields, text: str) -> None:
    """Count the exchanges of `size`'s conversations as two messages each, and make one example
    of each reply with the history before it where the message says so, in place."""
    if not (size.examples and size.tokens_per_example) or (turns := _turns(text)) is None:
        return
    replies, turn = turns
    if replies < 1 or turn <= 0:
        return
    if sides := _SIDES.search(text):  # each turn both sides' words: the whole conversation
        size.tokens_per_example = round(replies * turn, 1)
        size.arithmetic = f"{said_amount(size.examples)} {TIMES} " + _(
            "{turns} turnos {times} (~{a} + ~{b} palavras) ≈ {tokens}"
        ).format(
            turns=said_amount(replies),
            times=TIMES,
            a=sides["a"],
            b=sides["b"],
            tokens=said_tokens(size.tokens_per_example, "each"),
        )
    if _PER_REPLY.search(text) and _HISTORY.search(text):
        # what every example carries besides the turns ("o prompt de sistema fixo de 200 palavras")
        fixed = max(0.0, size.tokens_per_example - replies * turn)
        count = size.examples * replies
        size.tokens_per_example = round(turn * (replies + 1) / 2 + fixed, 1)
        size.arithmetic += " " + _(
            "→ um exemplo por resposta, com o histórico: {count} exemplos de ~{mean} turnos "
            "≈ {tokens}"
        ).format(
            count=said_amount(count),
            mean=said_amount((replies + 1) / 2),
            tokens=said_tokens(size.tokens_per_example, "each"),
        )
        size.examples = count
    elif _first(_EXCHANGES, text) and _first(_PER_MESSAGE, text) and not sides:
        whole = replies * turn
        if whole > size.tokens_per_example * 1.5:  # "4 trocas, msgs de 30 palavras": 8 messages
            size.tokens_per_example = round(whole, 1)
            size.arithmetic = f"{said_amount(size.examples)} {TIMES} " + _(
                "{exchanges} trocas (2 mensagens cada) ≈ {tokens}"
            ).format(
                exchanges=said_amount(replies),
                tokens=said_tokens(size.tokens_per_example, "each"),
            )
