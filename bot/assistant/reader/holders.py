"""Counts that multiply through who or what holds the data: "28 franquias, e cada uma tem umas
1.500 conversas" is 42.000 conversas; "20 corretores, cada um fecha 15 contratos por mês" is 300
contratos a month; "12 filiais com ~2 mil atendimentos cada" is 24.000 atendimentos.

A holder is a small count of a noun that is no unit of data (people, stores, branches, clients):
the examples are its count times the records each one has.
"""

import re
from dataclasses import replace

from bot.assistant.reader.quantity_arithmetic import TIMES, Mention, said_amount, said_count
from bot.assistant.reader.spans import SCALE, number, words

# Counts that never hold data: time, machines, money, training settings, models (two models with
# 10 mil exemplos each are two jobs, not 20 mil exemplos).
_NEVER = frozenset(
    words(
        "gpus tpus placas maquinas servidores nos nodes vezes anos meses dias horas semanas "
        "minutos segundos epocas epochs reais dolares centavos parametros params parameters "
        "tokens camadas layers bits bytes gigas megas teras vcpus cpus nucleos cores "
        "instancias modelos versoes etapas fases passos steps years months weeks days hours "
        "minutes seconds models versions times vezes palavras paginas linhas words pages lines "
        "caracteres characters chars"
    )
)
_APPROX = r"(?:~|umas? |cerca de |mais ou menos |about |around |roughly )?"
# "28 franquias, e cada uma tem umas", "40 stores, each with about": the holders, then "cada".
_EACH_AFTER = re.compile(
    r"(?P<count>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k))?\s+(?P<noun>[a-z][a-z-]+)"
    r"[^.;!?\d]{0,30}?\s*,?\s*(?:e |and )?(?:cada|each)\b[^.;!?\d]{0,40}$"
)
# "cada um dos 12 advogados escreveu uns": "cada" before the holders.
_EACH_BEFORE = re.compile(
    r"\b(?:cada um|cada uma|each) (?:d[oa]s|of the) (?P<count>\d+(?:[.,]\d+)*)"
    r"(?:\s*(?P<scale>mil|k))?\s+(?P<noun>[a-z][a-z-]+)[^.;!?\d]{0,40}$"
)
# "12 filiais com ~2 mil atendimentos cada": the holders, "com", the records, then "cada".
_WITH_BEFORE = re.compile(
    r"(?P<count>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k))?\s+(?P<noun>[a-z][a-z-]+)\s+"
    rf"(?:com|with|tem|having|que tem) {_APPROX}$"
)
_EACH_CLOSES = re.compile(r"^\s*(?:cada|each)\b(?!\s+(?:um|uma|one)\b)")


def _holders(text: str, count: Mention) -> tuple[float, str] | None:
    before = text[max(0, count.start - 90) : count.start]
    found = _EACH_AFTER.search(before) or _EACH_BEFORE.search(before)
    if found is None and _EACH_CLOSES.match(text[count.end :]):
        found = _WITH_BEFORE.search(before)
    if found is None or found["noun"] in _NEVER:
        return None
    value = number(found["count"])
    if value is None:
        return None
    value *= SCALE.get(found["scale"] or "", 1.0)
    # The holders' number is one of its own, not the tail of a longer figure the window cut.
    start = max(0, count.start - 90) + found.start("count")
    if start and re.match(r"[\d.,]", text[start - 1]):
        return None
    if not 2 <= value <= 100_000 or not value.is_integer():  # "1,5 clientes" counts no one
        return None
    return value, found["noun"]


def by_holders(text: str, main: list[Mention]) -> str:
    """Multiply the count that heads `main` by its holders, in place; how the reply says it ("28
    franquias x 1.500 conversas = 42.000 conversas"), or "" when no one holds the records."""
    count = main[0]
    if count.unit != "record":
        return ""
    held = _holders(text, count)
    if held is None:
        return ""
    value, noun = held
    main[0] = replace(count, value=count.value * value)
    return f"{said_amount(value)} {noun} {TIMES} {said_count(count)} = {said_count(main[0])}"
