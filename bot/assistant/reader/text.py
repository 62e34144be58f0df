"""Message text as the reader sees it: folded, abbreviations spelled out, number words as digits."""

import math
import re
from functools import cache, lru_cache

from text_to_num import text2num

from bot.assistant.reader.call_length import calls_read
from bot.assistant.reader.chat_exports import as_words
from bot.assistant.reader.compressed import uncompressed
from bot.assistant.reader.date_ranges import as_history
from bot.assistant.reader.date_words import dates_spelled, own_units
from bot.assistant.reader.erlangs import as_call_hours
from bot.assistant.reader.frequencies import frequencies_spelled
from bot.assistant.reader.growth import series_sum
from bot.assistant.reader.listed_counts import listed
from bot.assistant.reader.nested_rates import chained_rates
from bot.assistant.reader.numbering import numbered
from bot.assistant.reader.pairs import as_pairs
from bot.assistant.reader.past_runs import from_past_runs
from bot.assistant.reader.per_epoch import once_per_epoch
from bot.assistant.reader.quantity_arithmetic import load_quantities, record_nouns
from bot.assistant.reader.reams import in_sheets
from bot.assistant.reader.restated import restated
from bot.assistant.reader.spans import SCALE, number, words
from bot.assistant.reader.spelling import corrected
from bot.assistant.reader.spoken_counts import spoken
from bot.assistant.reader.tool_output import as_prose
from bot.assistant.reader.typed_forms import shares_said, typed_names, vulgar_fractions
from knowledge.lexical import fold

# Chat abbreviations clients use ("qto custa", "vc tem"), spelled out so one rule reads both.
_ABBREVIATIONS = {
    "qto": "quanto", "qnto": "quanto", "qt": "quanto", "qnt": "quanto", "qts": "quantos",
    "vc": "voce", "vcs": "voces", "tb": "tambem", "tbm": "tambem", "pq": "porque", "q": "que",
    "pra": "para", "pro": "para o", "p/": "para", "c/": "com", "s/": "sem", "hj": "hoje",
    "amanha": "amanha", "dps": "depois", "mto": "muito", "mt": "muito", "msg": "mensagem",
    "msgs": "mensagens", "td": "tudo", "tds": "todos", "blz": "beleza", "obg": "obrigado",
    "qdo": "quando", "qual eh": "qual e", "eh": "e", "n": "nao", "ñ": "nao", "tks": "tokens",
    "ep": "epocas", "orc": "orcamento", "fds": "fim de semana", "amnh": "amanha", "amh": "amanha",
    "dps d": "depois de",
}  # fmt: skip
# Model names misspelt as other words ("lhama" is the animal); typos of the reader's own words
# are put right by `spelling.corrected`.
_TYPOS = {"lamma": "llama", "lhama": "llama", "quen": "qwen"}
_TYPO = re.compile(r"\b(" + "|".join(_TYPOS) + r")\b")
# A model's name dictated: "qwen dois ponto cinco sete bê" is Qwen 2.5 7B.
_DIGIT_WORDS = {"zero": "0", "um": "1", "uma": "1", "dois": "2", "duas": "2", "tres": "3",
                "quatro": "4", "cinco": "5", "seis": "6", "sete": "7", "oito": "8",
                "nove": "9"}  # fmt: skip
_DICTATED_DIGIT = "|".join(_DIGIT_WORDS)
_DICTATED_POINT = re.compile(rf"\b(\d|{_DICTATED_DIGIT}) ponto ({_DICTATED_DIGIT}|\d)\b")
_DICTATED_SIZE = re.compile(rf"\b(\d{{1,3}}|{_DICTATED_DIGIT}) be\b")
# "a minha quatro zero nove zero": a card's number dictated digit by digit
_DICTATED_RUN = re.compile(rf"\b(?:(?:{_DICTATED_DIGIT}) ){{3}}(?:{_DICTATED_DIGIT})\b")
_ABBREVIATION = re.compile(
    r"(?<![\w/])(?<!\d )("
    + "|".join(re.escape(k) for k in sorted(_ABBREVIATIONS, key=len, reverse=True))
    + r")(?![\w/&])(?<!q&)"  # "Q&A" is no "que"
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
    r"mes\b|ano\b))|(?:one|a)(?=\s+(?:million|billion|thousand|day\b|week\b|hour\b|epoch\b))|"
    # "single epoch", "uma única época": one
    r"(?:a )?single(?=\s+(?:epoch|pass)\b)|(?:uma )?unica(?=\s+epoca\b)|"
    # "uma ligação a cada 3 minutos", "one conversation every 90 seconds": a rate
    r"(?:um|uma|one|an?)(?=\s+(?!vez\b|time\b)[a-z-]{3,}(?:\s+[a-z-]+){0,4}\s+"
    r"(?:a cada|every)\s+(?!0\b)\d))"
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
    # "620 horas e meia de entrevistas", "uma semana e meia de prazo": durations and a half
    (re.compile(r"\b(\d+) (horas?|dias?|semanas?|meses|mes|minutos?) e mei[ao]\b"), r"\1,5 \2"),
    (re.compile(r"\b(?:uma|um|1) (hora|semana|dia) e mei[ao]\b"), r"1,5 \1s"),
    (re.compile(r"\b(?:um|1) mes e meio\b"), "1,5 meses"),
    # "meia página cada", "uma página e meia", "half a page": a page's fraction, in digits
    (re.compile(r"\b(?:meia|half an?|half 1|half) (pagina|folha|lauda|page)\b"), r"0,5 \1"),
    (re.compile(r"\b(?:uma|1) (pagina|folha|lauda) e meia\b"), r"1,5 \1s"),
    (re.compile(r"\b(?:one|1) and a half (page)s?\b"), r"1.5 \1s"),
]


def _words_to_digits(text: str, pattern: re.Pattern[str], language: str) -> str:
    def convert(match: re.Match[str]) -> str:
        try:
            return str(text2num(match.group(0).replace("-", " "), language))
        except ValueError:
            return match.group(0)

    return pattern.sub(convert, text)


# "entre 8 e 12 mil exemplos", "de 300 a 500 palavras cada", "uns 20 a 30 mil e-mails": a range of
# data is read at its middle, the expected size the quote is for. Any other range ("orçamento
# entre 2 e 3 mil", "de 10 a 20 de dezembro") keeps its upper end: the limit a budget or a
# deadline cannot pass.
_SCALE = r"(?: ?(?:mil|k|mi|milhoes|milhao)\b)?"
_RANGE = re.compile(
    rf"\b(?:(?:entre|between|de|from) (?P<low>\d+(?:[.,]\d+)?)(?P<low_scale>{_SCALE}) "
    rf"(?:e|a|and|to|-) (?P<high>\d+(?:[.,]\d+)?)(?P<high_scale>{_SCALE})(?![\d/])|"
    rf"(?P<bare_low>\d+(?:[.,]\d+)?)(?P<bare_low_scale>{_SCALE}) (?:a|to|-|ate) "
    rf"(?P<bare_high>\d+(?:[.,]\d+)?)(?P<bare_high_scale>{_SCALE})(?=\s+(?:de )?[a-z]))"
)


@cache
def _data_after() -> re.Pattern[str]:
    """What follows a range of data: a unit of records or of length, maybe after a word
    ("20 a 30 mil e-mails", "3 a 5 mil contratos jurídicos")."""
    nouns = {w for unit in load_quantities().units.values() for w in unit.split()}
    nouns |= {"minutos", "minutes", "min", "segundos", "seconds"}  # "entre 3 e 7 minutos" each
    alternatives = "|".join(sorted((re.escape(n) for n in nouns), key=len, reverse=True))
    return re.compile(rf"^\s+(?:de |of )?(?:[a-z&/-]+ )?(?:{alternatives})\b")


def _scaled(digits: str, scale: str) -> float | None:
    value = number(digits)
    return None if value is None else value * SCALE.get(scale.strip(), 1.0)


def _ranges(text: str) -> str:
    def read(match: re.Match[str]) -> str:
        low, high = match["low"] or match["bare_low"], match["high"] or match["bare_high"]
        if re.fullmatch(r"(?:19|20)\d\d", low) and re.fullmatch(r"(?:19|20)\d\d", high):
            return match[0]  # "de 2018 a 2025": years, for the history reader
        low_scale = match["low_scale"] or match["bare_low_scale"] or ""
        high_scale = match["high_scale"] or match["bare_high_scale"] or ""
        last, first = _scaled(high, high_scale), _scaled(low, low_scale)
        if not low_scale.strip() and (number(low) or 0) < (number(high) or 0):
            first = _scaled(low, high_scale)  # "entre 8 e 12 mil": both in thousands
        if re.match(r"\s*(?:epocas|passadas|epochs)\b", text[match.end() :]):
            return match[0]  # "entre 2 e 4 passadas, quero ver as duas": two epoch counts
        if first is None or last is None or not _data_after().match(text[match.end() :]):
            return f"ate {high}{high_scale}"  # an unreadable end stays for the reader to ask about
        return "uns " + f"{(first + last) / 2:f}".rstrip("0").rstrip(".")  # digits, never 5e+11

    return _RANGE.sub(read, text)


# "40 cursos x 12 módulos x 5 aulas": the records counted as a product of what holds them.
_PRODUCT = re.compile(r"\b(\d+) ([a-z]+) x (\d+) ([a-z]+)(?: x (\d+) ([a-z]+))?\b")


def _product(match: re.Match[str]) -> str:
    counts = [int(n) for n in match.groups()[0::2] if n]
    nouns = [n for n in match.groups()[1::2] if n]
    if nouns[-1] not in record_nouns() or any(n in _lengths() for n in nouns):
        return match[0]
    return f"{math.prod(counts)} {nouns[-1]}"


@cache
def _lengths() -> frozenset[str]:
    units = load_quantities().units
    return frozenset(" ".join(units[u] for u in ("word", "token", "page", "char")).split())


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def _power_of_ten(found: re.Match[str]) -> str:
    value = float(found[1].replace(",", ".")) * 10 ** int(found[2].translate(_SUPERSCRIPTS))
    return f"{value:.0f}" if value >= 1 else found[0]


_MILLIONS_AND = re.compile(r"\b(\d+) (milhao|milhoes|bilhao|bilhoes) e (\d+)\b(?![.,]\d)")


def _millions_and(match: re.Match[str]) -> str:
    scale = SCALE[match[2]]
    rest = int(match[3])
    if rest >= scale:
        return match[0]
    # "um milhão e duzentos de mensagens": the hundreds are thousands, as people say it
    if rest % 100 == 0 and rest < 1000 and match.string.startswith(" de ", match.end()):
        rest *= 1000
    return str(round(int(match[1]) * scale + rest))


# "a base B tem o dobro de exemplos", "a nova tem o triplo", "metade disso": a multiple of the
# count said last, written out so the count reader sees a count.
_RELATIVE = re.compile(
    # not "a outra metade em português": a split of the same data
    r"(?<!outra )(?<!other )\b(?:o |a |the )?(?P<word>dobro|triplo|quadruplo|metade|twice as many|"
    r"three times as many|half as many)\b"
    # "metade em português e metade em inglês": the language reader's share
    r"(?! (?:em|in) (?:portugues|ingles|espanhol|portuguese|english|spanish)\b)"
    # "metade do tempo é silêncio": a share of each recording's time, no count
    r"(?! do tempo| da duracao| das horas| of the time)"
    # "metade dos áudios é silêncio": a share of each recording's time
    r"(?! (?:dos|das|de cada) [a-z]+ (?:e|eh|sao|fica) (?:so |apenas )?(?:silencio|musica|espera))"
    r"(?: (?:de|of|dos|das|disso|desse|dessa|deles|delas)\b(?: (?P<noun>[a-z-]+))?)?"
)
_TIMES_OF = {"dobro": 2.0, "twice as many": 2.0, "triplo": 3.0, "three times as many": 3.0,
             "quadruplo": 4.0, "metade": 0.5, "half as many": 0.5}  # fmt: skip
_COUNT = re.compile(r"(?<![\d.,])(\d+(?:[.,]\d+)*)(?: (mil|k|milhoes|milhao))? ([a-z-]+)")


def _relative(text: str) -> str:
    def read(match: re.Match[str]) -> str:
        earlier = [c for c in _COUNT.finditer(text, 0, match.start()) if c[3] in record_nouns()]
        value = number(earlier[-1][1]) if earlier else None
        if value is None:
            return match[0]
        total = value * SCALE.get(earlier[-1][2] or "", 1.0) * _TIMES_OF[match["word"]]
        amount = f"{total:f}".rstrip("0").rstrip(".")
        if match["noun"] in record_nouns():
            return f"{amount} {match['noun']}"
        return f"{amount} {earlier[-1][3]}" + (f" {match['noun']}" if match["noun"] else "")

    return _RELATIVE.sub(read, text)


# "em 1 semana e 2 dias", "2 dias e 12 horas", "36h e 30min": one duration, in its smaller unit
_COMPOUND = re.compile(
    r"\b(?P<n>\d{1,3}) ?(?P<big>semanas?|weeks?|dias?|days?|horas?|hours?|h)\b,? (?:e|and) "
    r"(?P<m>\d{1,3}) ?(?P<small>dias?|days?|horas?|hours?|h|min\w*)\b"
)
_HOURS_IN = {"s": 168.0, "w": 168.0, "d": 24.0, "h": 1.0, "m": 1 / 60}


def _compound(match: re.Match[str]) -> str:
    big, small = _HOURS_IN[match["big"][0]], _HOURS_IN[match["small"][0]]
    if small >= big:
        return match[0]
    hours = int(match["n"]) * big + int(match["m"]) * small
    if small == 24.0:
        return f"{hours / 24:g} dias"
    return f"{hours:g} horas".replace(".", ",")


# "10 mil contratos e os outros dois têm 25 mil cada": 50 mil more of the same kind
_OTHERS_EACH = re.compile(
    r"\b(?:e )?(?:os|as|the) (?:outr[oa]s|other) (\d+)(?: [a-z]+)? (?:tem|com|sao|have|are|with)"
    r"(?: uns| umas| cerca de| ~)? (\d+(?:[.,]\d+)?)( mil| k)? (?:cada|each)\b"
)


def _others_each(match: re.Match[str]) -> str:
    each = _scaled(match[2], (match[3] or "").strip())
    if each is None:
        return match[0]
    return f"e mais {round(int(match[1]) * each)}"


_INDIAN = re.compile(r"\b(\d+(?:[.,]\d+)?)\s*(lakh|crore)s?\b")
_INDIAN_SCALE = {"lakh": 100_000, "crore": 10_000_000}


# A message is normalized by each reader that looks at it (the job, the asks, the comparison):
# once is enough.
_SIZE_WITHOUT_B = re.compile(
    r"\b((?:jsonl|json|csv|txt|parquet|arquivo|dump|dataset|corpus|pasta|bucket|file) "
    r"(?:de|com|of) ~?\d+(?:[.,]\d+)?\s?[mgt])\b(?!\s+[a-z])"
)


_PAGE_RANGE = re.compile(
    r"\b(?:da|de|from) (?:pagina|page|pag\.?) (\d{1,4}) (?:a|ate|to|-) (\d{1,4})\b"
)


def _pages_in_range(found: re.Match[str]) -> str:
    first, last = int(found[1]), int(found[2])
    return f"{last - first + 1} paginas" if last >= first else found[0]


@lru_cache(maxsize=512)
def normalize(text: str) -> str:
    """Folded text with chat abbreviations expanded and number words written as digits."""
    # "3️⃣0️⃣ mil": keycap digits; "128_000": a programmer's thousands; "~~Llama 3.1 8B~~ Qwen":
    # the struck-out one is taken back
    text = re.sub(r"([0-9])\ufe0f?\u20e3", r"\1", text)
    text = re.sub(r"(?<=\d)_(?=\d{3}(?!\d))", "", text)
    text = re.sub(r"(?<=\d)'(?=\d{3}(?!\d))", "", text)  # Swiss thousands: "84'000"
    # "2,4 x 10⁵" (with the multiplication sign): a power of ten written with a superscript
    # "1,8·10⁷": the middle dot is a multiplication sign too
    text = re.sub(r"(\d+(?:[.,]\d+)?)\s*[\u00d7x\u00b7*]\s*10([⁰¹²³⁴⁵⁶⁷⁸⁹]+)", _power_of_ten, text)
    text = vulgar_fractions(text)  # "¾ têm resposta": 75%; "2½ épocas": 2.5
    text = re.sub(r"~~[^~\n]{1,60}~~", " ", text)
    # "llama 8b 🆚 gemma 2 9b", "💵?" after a quote
    folded = fold(
        text.replace("\U0001f19a", " vs ")
        .replace("\U0001f4b5", " em dolar ")
        .replace("\U0001f1fa\U0001f1f8", " usd ")  # "em 🇺🇸?": in the flag's currency
        .replace("\U0001f4b2", " em dolar ")
    )
    folded = typed_names(folded)  # "torch==2.4.1", "numa A-100 de 80"
    folded = as_prose(folded)  # "$ wc -l treino.jsonl / 48000 treino.jsonl"
    folded = folded.replace("\u00b7", ",")  # "qua., 16 de dezembro · 15:00": a calendar invite
    folded = as_history(folded)  # "tudo digitado de 1º de setembro até 30 de novembro"
    folded = dates_spelled(folded)  # "até qua 14h", "3 de dez.", "18.12"
    folded = calls_read(folded)  # "TMA de 4:12": each call's length, before clocks are totals
    folded = restated(folded)  # "sobraram 32 mil das 40 mil", "a média real deu 420"
    folded = from_past_runs(folded)  # "pagamos US$ 72 a US$ 8 por milhão de tokens de treino"
    folded = uncompressed(folded)  # "o .gz tem 750 MB, o gzip comprime umas 4 vezes"
    folded = as_pairs(folded)  # "160 cláusulas, todas contra todas": 12.720 pairs
    folded = series_sum(folded)  # "1.000 em janeiro e cresceu 200 por mês, 11 meses"
    folded = numbered(folded)  # "volumes I a XXIV": 24 volumes, not a range
    folded = chained_rates(folded)  # "~6 balões por página e ~11 palavras por balão"
    folded = as_call_hours(folded)  # "12 Erlangs, das 8h às 18h, 22 dias úteis": 2.640 h
    folded = frequencies_spelled(folded)  # "um relatório quinzenal": one every 15 days
    folded = re.sub(r"\b(?:meia|half an?) (epoca|epoch)\b", r"0.5 \1s", folded)  # "só meia época"
    # "- 25 mil exemplos" in a list is a bullet, not a minus sign
    folded = re.sub(r"(?m)^\s*[-•*\u2013\u2014]\s+", "", folded)
    # "800 ± 150 palavras" is about 800; "+- 900 tokens" is about 900, not -900
    folded = re.sub(r"(\d)\s*(?:\+\s*/?\s*-|±)\s*\d+(?:[.,]\d+)?", r"\1", folded)
    folded = re.sub(r"\+\s*/?\s*-|±", " uns ", folded)
    folded = re.sub(r"(?<=[a-z])_(?=[a-z])", " ", folded)  # "num_rows: 72000" in a dataset card
    # "~200 English words": the words, then the language they are in
    folded = re.sub(r"(\d) (english|portuguese) (words|tokens)\b", r"\1 \3 in \2", folded)
    # Portugal: "1,2 mil milhões" is 1,2 billion; "2 500 processos" is 2.500
    folded = re.sub(r"\bmil milhoes\b", "bilhoes", folded)
    folded = _SIZE_WITHOUT_B.sub(r"\1b", folded)  # "um jsonl de 1.2G", as `ls -h` prints sizes
    folded = re.sub(r"\b(\d{1,3})k(\d)\b", r"\g<1>\g<2>00", folded)  # "R$ 3k5" is R$ 3.500
    folded = _PAGE_RANGE.sub(_pages_in_range, folded)  # "da página 12 à 21": 10 pages
    folded = re.sub(r"(?<![\d.,])(?<!dia )(\d{1,3}) (\d{3})(?= [a-z]{3,})", r"\1\2", folded)
    folded = _ABBREVIATION.sub(lambda m: _ABBREVIATIONS[m.group(1)], folded)
    folded = corrected(_TYPO.sub(lambda m: _TYPOS[m.group(1)], folded))
    folded = _DICTATED_POINT.sub(
        lambda m: f"{_DIGIT_WORDS.get(m[1], m[1])}.{_DIGIT_WORDS.get(m[2], m[2])}", folded
    )
    folded = _DICTATED_SIZE.sub(lambda m: f"{_DIGIT_WORDS.get(m[1], m[1])}b", folded)
    folded = _DICTATED_RUN.sub(lambda m: "".join(_DIGIT_WORDS[w] for w in m[0].split()), folded)
    folded = _words_to_digits(folded, _PT_RUN, "pt")
    folded = _words_to_digits(folded, _EN_RUN, "en")
    folded = _DICTATED_SIZE.sub(r"\1b", folded)  # "qwen catorze bê": the size in words, then "B"
    folded = re.sub(_ONE_BEFORE, "1", folded)
    # "um milhão e duzentos mil" arrives as "1 milhao e 200000": one number
    folded = _MILLIONS_AND.sub(_millions_and, folded)
    folded = re.sub(r"(?<![\d\w])(?<!\d )(mil|thousand)\b", r"1 \1", folded)
    folded = re.sub(r"\b(?:uma |1 )?quinzena\b", "15 dias", folded)  # "tenho uma quinzena"
    folded = re.sub(r"\b(?:a|one) fortnight\b", "14 days", folded)  # "within a fortnight"
    folded = in_sheets(folded)  # "12 resmas de processos": 6.000 folhas
    folded = re.sub(r"\bmeia duzia\b", "6", folded)
    # "12 milheiros de orçamentos", "3 milheiros e meio": a printer's thousands; "45 fls.": sheets
    folded = re.sub(r"\b(\d+) milheiros? e meio\b", lambda m: str(int(m[1]) * 1000 + 500), folded)
    folded = re.sub(r"\b(\d+) milheiros?\b", lambda m: str(int(m[1]) * 1000), folded)
    folded = re.sub(r"(?<=\d )fls?\.(?!\w)", "folhas", folded)
    folded = re.sub(r"\b(?:uma |1 )?duzia\b", "12", folded)  # "uma dúzia de mensagens"
    # "2 mil e 500 pareceres" is 2.500 (hundreds only: "R$ 6 mil e 3 dias" is two things)
    folded = re.sub(
        r"\b(\d{1,3}) mil e ([1-9]\d{2})\b(?! mil)",
        lambda m: str(int(m[1]) * 1000 + int(m[2])),
        folded,
    )
    # "umas 6 centenas de manuais", "uns 40 milhares de e-mails": hundreds and thousands
    folded = re.sub(r"\b(\d+) centenas\b", lambda m: str(int(m[1]) * 100), folded)
    folded = re.sub(r"\b(\d+) milhares\b", r"\1 mil", folded)
    # "só dois terços têm o texto completo", "um quarto é spam": shares, as the reader counts them
    folded = shares_said(folded)  # "só dois terços", "só 5 em cada 8 deixaram comentário"
    folded = re.sub(r"\b(\d+ (?:mil|k)) e (?:poucos|poucas|pouco|tantos|tantas)\b", r"\1", folded)
    for pattern, replacement in _HALF:
        folded = pattern.sub(replacement, folded)
    folded = _COMPOUND.sub(_compound, folded)  # "1 semana e 2 dias" is 9 dias
    folded = own_units(folded)  # "em 2 plantões de 12 horas": em 24 horas
    folded = spoken(folded)  # "uns 40, 50 mil", "IDs de 100.001 a 148.000", "2^15"
    folded = _ranges(folded)
    folded = _PRODUCT.sub(_product, folded)
    folded = _relative(folded)
    folded = _OTHERS_EACH.sub(_others_each, folded)
    folded = listed(folded)  # "jurídico: 4 mil; RH: 2,5 mil": sets added to each other
    folded = once_per_epoch(folded)  # "150.000 exemplos vistos" in 5 epochs: 30.000
    folded = as_words(folded)  # "180 mil linhas, uma mensagem por linha": the export's words
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
    # "cada arquivo .md", "os .pdf": a file's extension is a word, not the end of a sentence
    folded = re.sub(r"(?<![\w.])\.(md|txt|pdf|docx?|csv|jsonl?|html?|xlsx?|json)\b", r"\1", folded)
    # "a ~40-word summary", "a 3-page report": the length, spaced and plural
    folded = re.sub(r"(\d)-(word|page|token|line|minute|character)s?\b", r"\1 \2s", folded)
    return re.sub(r"[ \t]+", " ", folded)


def accented(said: str, written: str) -> str:
    """`said` (built from folded text) with each word the client wrote with accents spelled as
    the client wrote it: "12.000 diálogos", not "12.000 dialogos"."""
    spelled = {
        fold(word): word.lower()
        for word in re.findall(r"[^\W\d_][\w-]*", written)
        if fold(word) != word.lower()
    }
    return re.sub(r"(?<!\w)[a-z][a-z-]*(?!\w)", lambda m: spelled.get(m[0], m[0]), said)
