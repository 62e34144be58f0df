"""Message text as the reader sees it: folded, abbreviations spelled out, number words as digits."""

import re

from text_to_num import text2num

from bot.assistant.reader.spans import number, words
from knowledge.lexical import fold

# Chat abbreviations clients use ("qto custa", "vc tem"), spelled out so one rule reads both.
_ABBREVIATIONS = {
    "qto": "quanto",
    "qnto": "quanto",
    "qt": "quanto",
    "qnt": "quanto",
    "qts": "quantos",
    "vc": "voce",
    "vcs": "voces",
    "tb": "tambem",
    "tbm": "tambem",
    "pq": "porque",
    "q": "que",
    "pra": "para",
    "pro": "para o",
    "p/": "para",
    "c/": "com",
    "s/": "sem",
    "hj": "hoje",
    "amanha": "amanha",
    "dps": "depois",
    "mto": "muito",
    "mt": "muito",
    "msg": "mensagem",
    "msgs": "mensagens",
    "td": "tudo",
    "tds": "todos",
    "blz": "beleza",
    "obg": "obrigado",
    "qdo": "quando",
    "qual eh": "qual e",
    "eh": "e",
    "n": "nao",
    "ñ": "nao",
    "tks": "tokens",
    "ep": "epocas",
    "orc": "orcamento",
}
# Typos of the words a job is made of ("768 toknes", "2 epcas", "lamma 3.1").
_TYPOS = {
    "lamma": "llama",
    "lhama": "llama",
    "toknes": "tokens",
    "tokes": "tokens",
    "epcas": "epocas",
    "epocs": "epochs",
    "exmplos": "exemplos",
    "exemlos": "exemplos",
}
_TYPO = re.compile(r"\b(" + "|".join(_TYPOS) + r")\b")
_ABBREVIATION = re.compile(
    r"(?<![\w/])(?<!\d )("
    + "|".join(re.escape(k) for k in sorted(_ABBREVIATIONS, key=len, reverse=True))
    + r")(?![\w/])"
)

# Number words text2num reads (folded); million-scale words stay words: the quantity reader
# treats them as scales after a number ("sete bilhoes" -> "7 bilhoes").
_UNITS_PT = words(
    "zero dois duas tres quatro cinco seis sete oito nove dez onze doze treze catorze quatorze "
    "quinze dezesseis dezasseis dezessete dezoito dezenove vinte trinta quarenta cinquenta "
    "sessenta setenta oitenta noventa cem cento duzentos duzentas trezentos trezentas "
    "quatrocentos quatrocentas quinhentos quinhentas seiscentos seiscentas setecentos "
    "setecentas oitocentos oitocentas novecentos novecentas"
)
_UNITS_EN = words(
    "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety "
    "hundred"
)
_PT_WORD = "|".join(sorted(_UNITS_PT, key=len, reverse=True))
_EN_WORD = "|".join(sorted(_UNITS_EN, key=len, reverse=True))
# "um"/"uma" count only before a scale or unit: "um llama" is an article, "um milhao" a number.
_ONE_BEFORE = (
    r"\b(?:(?:um|uma)(?=\s+(?:mil\b|milhao|bilhao|trilhao|dia\b|semana\b|hora\b|epoca\b|"
    r"mes\b))|(?:one|a)(?=\s+(?:million|billion|thousand|day\b|week\b|hour\b|epoch\b))|"
    # "single epoch", "uma única época": one
    r"(?:a )?single(?=\s+(?:epoch|pass)\b)|(?:uma )?unica(?=\s+epoca\b))"
)
_PT_RUN = re.compile(
    rf"(?<![\w.,])(?:(?:{_PT_WORD})(?:\s+(?:e\s+)?(?:{_PT_WORD}|mil)\b)*|mil(?:\s+e\s+(?:{_PT_WORD})"
    rf"\b)+)\b(?![.,]\d)"
)
_EN_RUN = re.compile(rf"(?<![\w.,])(?:{_EN_WORD})(?:[\s-]+(?:and\s+)?(?:{_EN_WORD}|thousand)\b)*\b")
_HALF = [
    (
        # "half a billion" arrives as "half 1 billion" ("a billion" is read as one first)
        re.compile(
            r"\b(?:meio|meia|half an?|half 1|half)\s+(mil|milhao|bilhao|thousand|million|billion)\b"
        ),
        r"0.5 \1",
    ),
    (re.compile(r"(\d+)\s+(mil|milhao|milhoes|bilhao|bilhoes)\s+e\s+meio\b"), r"\1,5 \2"),
    (re.compile(r"(\d+)\s+(thousand|million|billion)\s+and\s+a\s+half\b"), r"\1.5 \2"),
]


def _words_to_digits(text: str, pattern: re.Pattern[str], language: str) -> str:
    def convert(match: re.Match[str]) -> str:
        try:
            return str(text2num(match.group(0).replace("-", " "), language))
        except ValueError:
            return match.group(0)

    return pattern.sub(convert, text)


# "entre 2 e 3 mil", "de 10 a 20 mil exemplos": a range is read at its upper end, the limit a
# budget or a deadline cannot pass and the count a quote must not under-estimate. A range of each
# example's length ("entre 2 mil e 4 mil palavras cada", "8 a 12 mensagens") is a spread of
# lengths: its middle is the average the training time depends on.
_LENGTH_UNITS = (
    r"(?: ?(?:mil|k))? (?:palavras|tokens|paginas|caracteres|linhas|mensagens|msgs|turnos|"
    r"words|pages|characters|chars|lines|messages|turns)\b"
)
_RANGE = re.compile(
    r"\b(?:(?:entre|between|de|from) (?P<low>\d+(?:[.,]\d+)?)(?: ?(?:mil|k|mi|milhoes|milhao))? "
    r"(?:e|a|and|to|-) (?P<high>\d+(?:[.,]\d+)?)\b|"
    r"(?P<bare_low>\d+(?:[.,]\d+)?) (?:a|to|-|ate) (?P<bare_high>\d+(?:[.,]\d+)?)"
    rf"(?={_LENGTH_UNITS}))"
)
_LENGTH_AFTER = re.compile(rf"^{_LENGTH_UNITS}")


def _ranges(text: str) -> str:
    def read(match: re.Match[str]) -> str:
        low, high = match["low"] or match["bare_low"], match["high"] or match["bare_high"]
        first, last = number(low), number(high)
        if first is None or last is None or not _LENGTH_AFTER.match(text[match.end() :]):
            return f"ate {high}"  # an unreadable end stays for the reader to ask about
        return "uns " + f"{(first + last) / 2:f}".rstrip("0").rstrip(".")  # digits, never 5e+11

    return _RANGE.sub(read, text)


_INDIAN = re.compile(r"\b(\d+(?:[.,]\d+)?)\s*(lakh|crore)s?\b")
_INDIAN_SCALE = {"lakh": 100_000, "crore": 10_000_000}


def normalize(text: str) -> str:
    """Folded text with chat abbreviations expanded and number words written as digits."""
    folded = fold(text)
    # "- 25 mil exemplos" in a list is a bullet, not a minus sign
    folded = re.sub(r"(?m)^\s*[-•*\u2013\u2014]\s+", "", folded)
    folded = re.sub(r"\+\s*/?\s*-|±", " uns ", folded)  # "+- 900 tokens" is about 900, not -900
    folded = _ABBREVIATION.sub(lambda m: _ABBREVIATIONS[m.group(1)], folded)
    folded = _TYPO.sub(lambda m: _TYPOS[m.group(1)], folded)
    folded = _words_to_digits(folded, _PT_RUN, "pt")
    folded = _words_to_digits(folded, _EN_RUN, "en")
    folded = re.sub(_ONE_BEFORE, "1", folded)
    folded = re.sub(r"(?<![\d\w])(?<!\d )(mil|thousand)\b", r"1 \1", folded)
    for pattern, replacement in _HALF:
        folded = pattern.sub(replacement, folded)
    folded = _ranges(folded)
    # Indian numbering: "1.2 lakh samples" is 120,000, "2 crore tokens" 20 million
    folded = _INDIAN.sub(
        lambda m: str(round(float(m.group(1).replace(",", ".")) * _INDIAN_SCALE[m.group(2)])),
        folded,
    )
    # "half a billion tokens (500M)": the same amount again in digits, not a model size
    folded = re.sub(
        r"\b(tokens?|examples?|exemplos?|samples?|amostras?)\s*\(\s*~?[\d.,]+\s*(?:k|m|mi|b|bi)?\s*\)",
        r"\1",
        folded,
    )
    # "dois ponto cinco" -> "2.5"; "a 2B-token dataset", "10k-example set": the unit, spaced
    folded = re.sub(r"\b(\d+) (?:ponto|virgula|point) (\d+)\b", r"\1.\2", folded)
    folded = re.sub(
        r"(\d(?:k|m|b|mi|bi))-(tokens?|examples?|samples?|params?|parameters?)\b", r"\1 \2", folded
    )
    return re.sub(r"[ \t]+", " ", folded)
