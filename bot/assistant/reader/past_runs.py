"""The data's size read from another run on the same data: a bill for training it elsewhere
("pagamos US$ 72, com 3 épocas, a US$ 8 por milhão de tokens de treino" is 9 million tokens
trained, 3 million in the dataset) or the generation run that made it ("ficou 6 horas rodando a
uns 2.500 tokens/s de saída" is 54 million tokens). Each is said again as that total ("3000000
tokens no total"), so the quantity reader divides it by the records, and neither the amount paid
(no budget) nor the other run's epochs or hours are taken for this job's. Works on folded text."""

import re

from bot.assistant.reader.spans import number

_MONEY = r"(?:us\$|r\$|\$|usd|brl)\s?"
_PER = {"milhao": 1e6, "million": 1e6, "1m": 1e6, "m": 1e6, "mil": 1e3, "thousand": 1e3, "1k": 1e3,
        "k": 1e3}  # fmt: skip
_BILL = re.compile(
    rf"{_MONEY}(?P<total>\d+(?:[.,]\d+)*)(?P<between>[^.;!?$]{{0,60}}?)"
    rf"\b(?:a|cobrando|at|charging|por|de|com preco de)\s+{_MONEY}(?P<price>\d+(?:[.,]\d+)*)\s*"
    rf"(?:por|per|/|a cada|cada)\s+(?:1\s)?(?P<per>{'|'.join(_PER)})\s+(?:de\s+)?tokens?"
    r"(?:\s+(?:de treino|treinados|de training|trained|training))?"
    r"(?P<after>,?\s*(?:com |with |em |in |e )?(?P<epochs_after>\d+) (?:epocas|epochs)\b)?"
)
_EPOCHS = re.compile(r"\b(?P<n>\d+) (?:epocas|epochs)\b")
# The price said first: "(entrada a US$ 0,60 por milhão de tokens) e a conta deu US$ 36".
_PRICE_FIRST = re.compile(
    rf"{_MONEY}(?P<price>\d+(?:[.,]\d+)*)\s*(?:por|per|/|a cada|cada)\s+(?:1\s)?"
    rf"(?P<per>{'|'.join(_PER)})\s+(?:de\s+)?tokens?\b(?P<between>[^.;!?$]{{0,60}}?)"
    rf"\b(?:conta|fatura|total|bill|invoice)\b[^.;!?\d$]{{0,15}}{_MONEY}(?P<total>\d+(?:[.,]\d+)*)"
)


def _said_again(found: re.Match[str]) -> str:
    total, price = number(found["total"]), number(found["price"])
    if not total or not price:
        return found[0]
    trained = total / price * _PER[found["per"]]
    epochs = _EPOCHS.search(found["between"])
    passes = number(found.groupdict().get("epochs_after") or (epochs["n"] if epochs else "1")) or 1
    return f"{trained / passes:.0f} tokens no total"


# "ficou 6 horas rodando a uns 2.500 tokens/s de saída", "ran for 12.5 hours at about 1,600
# output tokens/s": a generation run, as long as it ran times how fast it wrote.
_GENERATED = re.compile(
    r"\b(?P<hours>\d+(?:[.,]\d+)?) (?:horas|hours|h)\b(?P<between>[^.;!?\d]{0,30}?)"
    r"\b(?:a|at|com|with)\s+(?:uns |umas |~|about |around |cerca de )?(?P<rate>\d+(?:[.,]\d+)*)\s*"
    r"(?:output |de saida |gerados )?tokens?\s*(?:/|por )\s*(?:s|seg\w*|second)\b(?: de saida)?"
)


def _generated(found: re.Match[str]) -> str:
    hours, rate = number(found["hours"]), number(found["rate"])
    if (
        not hours
        or not rate
        or not re.search(r"rod|ran|run|gera|generat|sintet|synthet", found.string)
    ):
        return found[0]
    return f"{hours * 3600 * rate:.0f} tokens no total"


def from_past_runs(folded: str) -> str:
    """`folded` with a bill for training on the same data, or the run that generated it, said as
    the data's total tokens."""
    folded = _PRICE_FIRST.sub(_said_again, _BILL.sub(_said_again, folded))
    return _GENERATED.sub(_generated, folded)
