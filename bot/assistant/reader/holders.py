"""Counts that multiply through who or what holds the data: "28 franquias, e cada uma tem umas
1.500 conversas" is 42.000 conversas; "20 corretores, cada um fecha 15 contratos por mês" is 300
contratos a month; "12 filiais com ~2 mil atendimentos cada" is 24.000 atendimentos.

A holder is a small count of a noun that is no unit of data (people, stores, branches, clients):
the examples are its count times the records each one has.
"""

import math
import re
from dataclasses import replace

from bot.assistant.reader.quantity_arithmetic import TIMES, Mention, said_amount, said_count
from bot.assistant.reader.spans import SCALE, number, words
from bot.assistant.reader.units import unit_words

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
_APPROX = (
    r"(?:~|umas? |cerca de |mais ou menos |aproximadamente |aprox\.? |about |around |roughly )?"
)
# "28 franquias, e cada uma tem umas", "40 stores, each with about": the holders, then "cada".
_EACH_AFTER = re.compile(
    r"(?P<count>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k))?\s+(?P<noun>[a-z][a-z-]+)"
    # "12 clínicas de ortopedia no interior de SP. Cada clínica tem": the next sentence may say it
    r"[^.;!?\d]{0,40}?\s*[,.;]?\s*(?:e |and )?(?:cada|each)\b[^.;!?\d]{0,40}$"
)
# "cada um dos 12 advogados escreveu uns": "cada" before the holders.
_EACH_BEFORE = re.compile(
    r"\b(?:cada um|cada uma|each) (?:d[oa]s|of the|of our|of their) "
    r"(?:nossos |nossas |seus |suas )?(?P<count>\d+(?:[.,]\d+)*)"
    r"(?:\s*(?P<scale>mil|k))?\s+(?P<noun>[a-z][a-z-]+)[^.;!?\d]{0,40}$"
)
# "12 filiais com ~2 mil atendimentos cada": the holders, "com", the records, then "cada".
_WITH_BEFORE = re.compile(
    r"(?P<count>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k))?\s+(?P<noun>[a-z][a-z-]+)\s+"
    rf"(?:com|with|tem|having|que tem) {_APPROX}$"
)
_EACH_CLOSES = re.compile(r"^\s*(?:cada|each)\b(?!\s+(?:um|uma|one)\b)")
# "nossos 40 agrônomos mandam 2 boletins por semana cada um": the holders, their verb, the records,
# and "cada um" after them.
_EACH_ONE_AFTER = re.compile(
    r"^[^.;!?\d]{0,30}\b(?:por|ao|per|a) (?:dia|semana|mes|ano|day|week|month|year)\b,?\s*"
    r"cada (?:um|uma)\b(?!\s+(?:com|tem|de|contem|traz|has|with)\b)"
)
_BEFORE_EACH_ONE = re.compile(
    r"(?P<count>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k))?\s+(?P<noun>[a-z][a-z-]+)[^.;!?\d]{0,30}$"
)
# "das últimas 6 safras, cerca de 1.150 laudos por safra": the records said per holder, the
# holders counted elsewhere in the message.
_PER_HOLDER = re.compile(r"^\s*(?:por|per|a cada|em cada|de cada|in each)\s+(?P<noun>[a-z]{3,})\b")


def _holders(text: str, start: int, end: int) -> tuple[float, str, int] | None:
    """The holders of the count at `start`..`end`: their number, their noun and where it starts."""
    offset = max(0, start - 90)
    before = text[offset:start]
    found = _EACH_AFTER.search(before) or _EACH_BEFORE.search(before)
    if found is None and _EACH_CLOSES.match(text[end:]):
        found = _WITH_BEFORE.search(before)
    if found is None and _EACH_ONE_AFTER.match(text[end:]):  # "40 agrônomos mandam ... cada um"
        found = _BEFORE_EACH_ONE.search(before)
    if found is None and (per := _PER_HOLDER.match(text[end:])):
        found, offset = _counted_elsewhere(text, per["noun"], start), 0  # found in the whole text
    # "27 mil conversas, cada conversa tem 14 mensagens": records hold their turns, not examples
    data = unit_words()["record"] + unit_words()["turn"]
    if found is None or found["noun"] in _NEVER or found["noun"] in data:
        return None
    value = number(found["count"])
    if value is None:
        return None
    value *= SCALE.get(found["scale"] or "", 1.0)
    # The holders' number is one of its own, not the tail of a longer figure the window cut.
    at = offset + found.start("count")
    if at and re.match(r"[\d.,]", text[at - 1]):
        return None
    if not 2 <= value <= 100_000 or not value.is_integer():  # "1,5 clientes" counts no one
        return None
    return value, found["noun"], at


def _counted_elsewhere(text: str, noun: str, start: int) -> re.Match[str] | None:
    """The count of `noun` said anywhere before `start` ("6 safras"), in either number."""
    stem = re.escape(noun.rstrip("s"))
    counted = re.compile(
        rf"(?P<count>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k))?\s+(?P<noun>{stem}(?:s|es)?)\b"
    )
    return next(iter(counted.finditer(text, 0, start)), None)


def _levels(text: str, count: Mention) -> list[tuple[float, str, int]]:
    """Every level of holders above `count`, outermost first."""
    levels: list[tuple[float, str, int]] = []
    start, end = count.start, count.end
    while len(levels) < 4 and (held := _holders(text, start, end)):
        levels.insert(0, held)
        start, end = held[2], held[2] + len(held[1])
    return levels


def holds_another(text: str, count: Mention, counts: list[Mention]) -> bool:
    """Whether `count` is the holders of another count ("8 secretarias, cada uma com 6
    departamentos, e cada departamento gera 250 ofícios": the departamentos hold the ofícios)."""
    return any(
        count.start in {at for *_, at in _levels(text, other)}
        for other in counts
        if other != count and other.unit == "record"
    )


def by_holders(text: str, main: list[Mention]) -> str:
    """Multiply the count that heads `main` by its holders, in place, through every level ("12
    clínicas, cada clínica com 5 médicos, cada médico com 20 consultas"); how the reply says it
    ("28 franquias x 1.500 conversas = 42.000 conversas"), or "" when no one holds the records."""
    count = main[0]
    if count.unit != "record":
        return ""
    levels = _levels(text, count)
    if not levels:
        return ""
    product = math.prod(value for value, *_ in levels)
    main[0] = replace(count, value=count.value * product)
    said = f" {TIMES} ".join(f"{said_amount(value)} {noun}" for value, noun, _ in levels)
    return f"{said} {TIMES} {said_count(count)} = {said_count(main[0])}"
