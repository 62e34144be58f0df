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
_MESSAGES = re.compile(r"\b(?P<n>\d+) (?:mensagens|msgs|turnos|falas|messages|turns)\b")
_PER_MESSAGE = re.compile(
    r"\b(?:mensagens|msgs|msg|falas|messages|turns|turnos)\b[^.;!?\d]{0,25}?"
    r"(?:de|of|com|with|~|uns|umas|about|around)\s*~?\s*(?P<w>\d+) (?:palavras|words)\b|"
    r"\b(?P<w2>\d+) (?:palavras|words) (?:por|cada|per|each|a) (?:mensagem|msg|fala|message|turn)\b"
)
# "cada resposta do atendente virar um exemplo", "one example per agent reply"
_PER_REPLY = re.compile(
    r"\b(?:cada|each|um exemplo por|one example per|one sample per|a sample per|an example per)"
    r" (?:resposta|reply|answer|turn|turno|fala|mensagem)\b|"
    r"\b(?:resposta|reply|answer|turno|turn)s? (?:d[oa]s? |of the |from the )?"
    r"(?:atendente|agente|agent|assistant|assistente|bot|operador|suporte)s?"
    r"[^.;!?]{0,30}\b(?:vir\w*|vai virar|become|becomes|turned into|as) (?:um |an? |its own )?"
    r"(?:exemplo|example|sample)"
)
_HISTORY = re.compile(r"\bhistoric\w*|\bhistory\b|\bcontexto anterior\b|\bcontext so far\b")


def _first(pattern: re.Pattern[str], text: str) -> float | None:
    found = pattern.search(text)
    if found is None:
        return None
    said = next(group for group in found.groups() if group)
    return number(said)


def replies_with_history(size: SizeFields, text: str) -> None:
    """Count the exchanges of `size`'s conversations as two messages each, and make one example
    of each reply with the history before it where the message says so, in place."""
    words = _first(_PER_MESSAGE, text)
    exchanges = _first(_EXCHANGES, text)
    messages = exchanges * 2 if exchanges else _first(_MESSAGES, text)
    if not (words and messages and size.examples and size.tokens_per_example):
        return
    per_word = tokens_per_word()
    replies = messages / 2
    if _PER_REPLY.search(text) and _HISTORY.search(text) and replies >= 1:
        count = size.examples * replies
        size.tokens_per_example = round((replies + 1) * words * per_word, 1)
        size.arithmetic += " " + _(
            "→ um exemplo por resposta, com o histórico: {count} exemplos de ~{mean} mensagens "
            "≈ {tokens}"
        ).format(
            count=said_amount(count),
            mean=said_amount(replies + 1),
            tokens=said_tokens(size.tokens_per_example, "each"),
        )
        size.examples = count
    elif exchanges and words * per_word * messages > size.tokens_per_example * 1.5:
        size.tokens_per_example = round(messages * words * per_word, 1)
        size.arithmetic = f"{said_amount(size.examples)} {TIMES} " + _(
            "{exchanges} trocas (2 mensagens cada) {times} ~{words} palavras ≈ {tokens}"
        ).format(
            exchanges=said_amount(exchanges),
            times=TIMES,
            words=said_amount(words),
            tokens=said_tokens(size.tokens_per_example, "each"),
        )
