"""How many tokens a client's data makes, asked with no quote ("40 mil perguntas e respostas de
umas 100 palavras cada dá quantos tokens? não preciso de preço agora"): the reading and its
arithmetic, the total per epoch, and what the quote would still need."""

import re

from bot.assistant import cues
from bot.assistant.reader.quantity_arithmetic import said_tokens
from bot.assistant.reading import Reading
from bot.assistant.turn import Turn
from locales import _
from quoting.jobspec import DEFAULT_EPOCHS
from quoting.units import format_number

ASKS_TOKENS = re.compile(
    r"\b(?:quantos|qtos) tokens\b|\bhow many tokens\b|\bquanto (?:da|isso da|fica) em tokens\b|"
    r"\b(?:tamanho|total) em tokens\b"
)


def asks_tokens(turn: Turn) -> bool:
    """ "40 mil perguntas de umas 100 palavras dá quantos tokens? não preciso de preço agora": the
    size in tokens asked, the data said, and no price wanted now (or no model to price)"""
    reading = turn.reading
    data = {"examples", "dataset_tokens", "tokens_per_example"} & reading.fields.keys()
    priced = "model" in reading.fields and not cues.NO_PRICE.search(reading.folded)
    return bool(ASKS_TOKENS.search(reading.folded)) and bool(data) and not priced


def token_answer(reading: Reading) -> str:
    """The data as read, in tokens, per epoch; the model and method still to say for a quote."""
    slots = reading.slots
    total = slots.get("dataset_tokens") or (
        float(slots.get("examples") or 0) * float(slots.get("tokens_per_example") or 0)
    )
    epochs = float(slots.get("epochs") or DEFAULT_EPOCHS)  # the client's, else the quote's own
    data_note = _("Dados: {arithmetic}.").split("{")[0]  # how the reader's data note begins
    read = next((note for note in reading.notes if note.startswith(data_note)), "")
    if not total:
        return _(
            "Para contar os tokens preciso do tamanho de cada exemplo (palavras, páginas ou "
            "caracteres) além da quantidade. Pode me dizer?"
        )
    lines = [
        _("Pelo que você descreveu, os dados somam cerca de {total} por época.").format(
            total=said_tokens(total)
        ),
        read,
        _(
            "Cada época passa por todos eles: com {epochs} épocas, o treino processa uns "
            "{trained}. Para a máquina, o tempo e o preço, me diga o modelo e o método (LoRA, "
            "QLoRA ou completo)."
        ).format(
            epochs=format_number(epochs, 0 if epochs.is_integer() else 1),
            trained=said_tokens(epochs * total),
        ),
    ]
    return "\n".join(line for line in lines if line)
