"""The words of each unit clients count data in (data/quantities.toml) and the patterns that
find the unit after a number: "2 mil laudos", "~15 páginas", "40 MB", "1h30 cada", "800 horas de
ligações transcritas"; the records named before their count ("pares pergunta/resposta: 50 mil")
and a length said as a statistic ("token length mean = 850"); the words that may join two numbers
that compose ("laudos de ~15 páginas")."""

import re
from functools import cache

from bot.assistant.reader.quantity_arithmetic import Unit, load_quantities
from bot.assistant.reader.spans import words


@cache
def unit_words() -> dict[str, list[str]]:
    return {unit: words.split() for unit, words in load_quantities().units.items()}


def alternatives(*units: str) -> str:
    found = {w for unit in units for w in unit_words()[unit]}
    return "|".join(sorted((re.escape(w) for w in found), key=len, reverse=True))


BYTES = {"bytes": 1.0, "byte": 1.0, "kb": 1e3, "mb": 1e6, "mega": 1e6, "megas": 1e6, "gb": 1e9,
          "giga": 1e9, "gigas": 1e9, "tb": 1e12, "tera": 1e12, "teras": 1e12, "kib": 2**10,
          "mib": 2**20, "gib": 2**30, "tib": 2**40}  # fmt: skip


@cache
def patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    measure = alternatives("page", "word", "char", "token", "line")
    # "40k Portuguese chats", "2 mil laudos médicos": up to two describing words before a record.
    record = alternatives("record", "turn")
    unit = re.compile(
        r"^\s*(?:de\s+|of\s+)?(?:"
        rf"(?P<measure>{measure})|"
        r"(?P<bytes>bytes?|kb|mb|gb|tb|kib|mib|gib|tib|megas?|gigas?|teras?)\b|"
        # "reuniões de ~40 minutos", "~1h cada": the length of one transcribed recording.
        r"(?P<minutes>min|mins|minutos?|minutinhos?|minutes?)\b|(?P<seconds>segundos?|seconds?|seg|secs?)\b|"
        # "cada uma com 1h30 em média": hours and minutes of one recording
        r"h(?P<hour_minutes>[0-5]\d)\b"
        r"(?=[^.;!?]{0,20}\b(?:cada|each|em media|de media|average|de duracao|duracao|long))|"
        r"(?P<hour_each>h|horas?|hours?)(?= (?:cada|each))|"
        r"(?P<audio>(?:horas?|h|hours?)\s+(?:de\s+|of\s+)?(?:[a-z-]+\s+)?"
        r"(?:audio|gravac\w*|fala|voz|ligac\w*|chamadas|podcasts?|speech|recordings?|calls|"
        r"call center|transcri\w*|legendas?|subtitles|captions|programacao|radio|programas? de "
        r"(?:radio|tv|debate|entrevista)s?|debates?|episodios|sermoes|"
        r"(?:atendimentos?|aulas?|palestras?|entrevistas?|reunioes|sessoes|consultas|audiencias|"
        r"programas?|cultos|missas|lives|shows|"
        r"videos?|lectures?|interviews?|meetings?)(?: [a-z]+){0,2} "
        r"(?:gravad|transcrit|recorded|transcribed)\w*))|"
        rf"(?:(?!(?:pra|para|por|com|to|for|and|e|em|in|no|na|de|of|with)\s)[a-z&/-]+\s+){{0,2}}"
        rf"(?P<record>{record})|"
        # "5 mil projetos de lei": a plural no list names still counts records.
        r"(?P<plural>[a-z][a-z-]{2,}s))\b"
    )
    # not "2.500 e-mails por mês": a rate over time, counted by the history reader
    per = re.compile(
        r"^\s*(?:por|cada|per|each|/|em media|on average|de media|na media)\b"
        r"(?!\s*(?:dia|semana|mes|ano|day|week|month|year|hora|hour|trimestre|quarter)\b)"
    )
    total = re.compile(r"^\s*(?:no total|ao todo|total|somando|in total|overall|altogether)\b")
    # "exemplos de uns 600 tokens": a length after records left uncounted is each one's length.
    of_records = re.compile(
        rf"\b(?:{record})(?:\s+[a-z]{{4,}}(?<!s de))?\s+(?:de|com|of|with|tem|have|are)\s+"
        r"(?:cerca de |uns |umas |~|about |around )?$"
    )
    return unit, per, total, of_records


@cache
def named_before() -> re.Pattern[str]:
    """ "pares pergunta/resposta: 50 mil": the records named before their count; "palavras por
    documento: ~2.200": a length named before its number."""
    lengths = alternatives("word", "token", "page", "char")
    return re.compile(
        rf"\b(?:(?P<noun>{alternatives('record')})\b[^.;!?\d:]{{0,25}}|"
        rf"(?P<length>{lengths})\s+(?:por|per|em cada|each|/)\s+[a-z-]+\s*):\s*"
        r"(?:~|cerca de |uns |umas )?$"
    )


@cache
def plus_length() -> re.Pattern[str]:
    """ "36 + 90 palavras": the second figure's unit, which the first one shares."""
    units = alternatives("page", "word", "char", "token")
    return re.compile(rf"^\s*\+\s*~?\s*\d+(?:[.,]\d+)*\s*(?P<noun>{units})\b")


_STAT_NOUNS = r"tokens?|palavras|words|caracteres|characters"
# "token length p50 = 600, mean = 850"; "a média de palavras por linha é 250"
STAT_BEFORE = re.compile(
    rf"(?:\b(?P<noun>{_STAT_NOUNS})\b[^.;!?]{{0,40}}\b(?:mean|media|average|avg)|"
    rf"\b(?:mean|media|average|avg)\s+(?:de |of |number of )?(?P<after>{_STAT_NOUNS})\b"
    r"[^.;!?\d]{0,25}?(?:\b(?:e|fica|da|deu|is|was)|=|:))\s*(?:=|:|de|of|is|e)?\s*~?\s*$"
)
_CLASSES: tuple[Unit, ...] = ("word", "char", "token", "page", "record", "turn")


def unit_of(noun: str) -> Unit:
    return next((unit for unit in _CLASSES if noun in unit_words()[unit]), "line")


# "temos 40 apostilas de ~180 páginas": a length right after a small count of records.
LENGTH_AFTER = re.compile(
    r"\s*(?:de|com|of|with)\s+(?:~|uns |umas |cerca de |about |around )?\d[\d.,]*\s*(?:mil )?"
    r"(?:paginas|palavras|tokens|caracteres|pages|words|folhas|laudas)\b"
)
# "~30 folhas cada, tudo frente e verso": pages printed on both sides.
BOTH_SIDES = re.compile(r"[^.;!?]{0,30}\b(?:frente e verso|double[- ]sided|both sides)\b")


# What may sit between two numbers that compose ("de ~", "cada um com umas", ", com média de").
_CONNECTOR = frozenset(
    words(
        "de do da com of with cada um uma one tem tendo contendo having containing has have x por "
        "em media on average avg about around cerca uns umas aprox aproximadamente approximately "
        "roughly mais ou menos tipo que geralmente normalmente typically usually quase almost ate "
        "up to entre which that ~ , ( ) : -"
    )
)
# Words that make a gap a composition ("laudos de ~15 páginas", "pares com pergunta curta, ~80").
_LINKS = frozenset({"de", "com", "of", "with", "cada", "each"})


def connects(gap: str) -> bool:
    """Only joining words between two numbers, or two describing words after "de"/"com"; a
    list in parentheses says what the parts are ("4 campos (incidente, dano, laudo) de ~25")."""
    gap = re.sub(r"\([^()\d]{0,80}\)", " ", gap)
    tokens = re.findall(r"[a-z]+|[~,():-]", gap)
    if len(tokens) > 8 or re.search(r"[.;!?]", gap):
        return False
    unknown = [t for t in tokens if t not in _CONNECTOR]
    return not unknown or (len(unknown) <= 2 and bool(_LINKS & set(tokens)))
