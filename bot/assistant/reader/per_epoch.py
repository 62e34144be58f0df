"""Figures counted once per epoch, said as the dataset's own: "150.000 exemplos vistos" in 5
epochs is 30.000 examples; "12 milhões de tokens treinados, com 3 épocas" is 4 million tokens of
data. Works on folded text, before the quantity reader."""

import re

from bot.assistant.reader.spans import QUANTITY, amount

_AMOUNT = QUANTITY.pattern
_NOUN = r"(?P<noun>exemplos|amostras|tokens|examples|samples)"
_TIMES_EPOCHS = (
    r"(?:vistos|processados|treinados|cobrados|faturados|seen|processed|trained|billed)\b"
)
# "96 mil exemplos vistos", "12 milhoes de tokens treinados"; a log's "exemplos vistos: 150.000"
_SEEN = re.compile(
    rf"(?:{_AMOUNT}) (?:de )?{_NOUN}(?: de (?:treino|treinamento))? {_TIMES_EPOCHS}|"
    rf"(?:total (?:de |of )?)?{_NOUN.replace('noun', 'noun_before')} {_TIMES_EPOCHS}\W{{1,4}}"
    rf"(?:{_AMOUNT.replace('?P<', '?P<before_')})|"
    # "Trained tokens: 36.000.000", as a provider's panel prints it
    rf"\b(?:trained|billed)[ _]{_NOUN.replace('noun', 'noun_key')}[\"']?\s*[:=]\s*"
    rf"(?:{_AMOUNT.replace('?P<', '?P<key_')})"
)
# "n_epochs = 3" reaches here as "nao epochs = 3": the chat abbreviations read "n" as "não"
_EPOCHS = re.compile(
    r"\b(\d{1,2}) (?:epocas|epochs|passadas|passes)\b|"
    r"\b(?:n|nao)[ _]?epochs[\"']?\s*[=:]\s*(\d{1,2})\b"
)


# "...; the dataset itself is 22k support dialogues": the dataset counted apart, the figure seen
# over the epochs is only said.
_ITSELF = re.compile(r"\b(?:em si|itself|de verdade|propriamente dito)\b")


def once_per_epoch(folded: str) -> str:
    """`folded` with each figure counted over all epochs divided by the epochs said, or left out
    where the dataset's own count is said too."""
    epochs = _EPOCHS.search(folded)
    count = int(epochs[1] or epochs[2]) if epochs else 0
    if count < 1:
        return folded
    if _ITSELF.search(folded):
        return _SEEN.sub(lambda seen: " " * len(seen[0]), folded)

    def divided(seen: re.Match[str]) -> str:
        said = seen["number"] or seen["before_number"] or seen["key_number"]
        scale = seen["scale"] or seen["before_scale"] or seen["key_scale"] or ""
        value = amount(said, scale)
        return f"{value / count:.0f} {seen['noun'] or seen['noun_before'] or seen['noun_key']}"

    return _SEEN.sub(divided, folded)
