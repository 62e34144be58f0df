"""Counts and lengths a client restates in other words, said plainly for the quantity reader:
what is left of a count ("sobraram 32 mil das 40 mil"), a mean measured over a guess ("era
chute; a média real deu 420"), attendances per agent ("cada um atende 25 clientes por dia"), the
two sides of each exchange ("8 trocas, ~25 palavras cada fala"), a part cut before training ("~260
palavras, sendo que ~60 são assinatura que vamos cortar"), the annotated share of a labelling
project ("14.000 tasks: 9.600 completed e 4.400 sem anotação"), SMS segments of 160 characters,
a total printed as a clock ("Duração total: 312:30:00"), the middle of a range said by its ends
("no mínimo 200 e no máximo 600 palavras"), spreadsheet formulas with their results
("=MÉDIA(D2:D24001) deu 180"), Excel's status bar ("Contagem: 7.501", "Soma dá 2.250.000"),
MongoDB's stats() ("count: 64000, avgObjSize: 2400"), a length corrected in the same breath
("~15 páginas... não, são umas 2 páginas cada") and progress bars ("Generating train split:
100%|███| 61440/61440 [00:04, 14321.55 examples/s]": the train split's count, never the speed).
Works on folded text."""

import re

from bot.assistant.reader.quantity_arithmetic import record_nouns
from bot.assistant.reader.spans import number

# "sobraram 32 mil das 40 mil": the count left, and the one it replaces taken back.
_LEFT_OF = re.compile(
    r"\b(sobr\w+|rest\w+|fica\w*|left|remain\w*|kept) (?:uns |umas |~)?"
    r"(\d+(?:[.,]\d+)*(?: ?mil| ?k)?) (?:d[oa]s|out of|of the|of) (\d+(?:[.,]\d+)*(?: ?mil| ?k)?)\b"
)
# "Duração total: 312:30:00": a duration as a clock prints it, in hours.
_CLOCK_DURATION = re.compile(
    r"(\b(?:dura\w*|total|duration|tempo|length)\b[^\n\d]{0,25})(\d{1,5}):([0-5]\d):([0-5]\d)\b"
)
# "te falei de ~300 palavras, era chute; rodei o script e a média real deu 420": the measure
# replaces the guess, in the guess's unit.
_GUESS = re.compile(r"(~?\s?)(\d+(?:[.,]\d+)?)( (?:palavras|tokens|caracteres|words|characters))\b")
MEASURED_MEAN = re.compile(
    r"\b(?:a )?media (?:real |de verdade |medida )?(?:deu|e|ficou|saiu|foi) (\d+(?:[.,]\d+)?)\b"
    r"(?! ?(?:mil|k|%|palavras|tokens|caracteres|words))"
)


def _measured_mean(folded: str) -> str:
    measured = MEASURED_MEAN.search(folded)
    guesses = list(_GUESS.finditer(folded, 0, measured.start())) if measured else []
    if measured is None or not guesses:
        return folded
    guess = guesses[-1]
    return (
        folded[: guess.start(2)]
        + measured[1]
        + folded[guess.end(2) : measured.start(1)]
        + " " * len(measured[1])
        + folded[measured.end(1) :]
    )


# "~260 palavras, sendo que ~60 são assinatura que a gente vai cortar": the part cut before
# training is no part of the example.
_TRIMMED = re.compile(
    r"\b(?:sendo que|dos quais|das quais|of which|mas|but) (?:uns |umas |~\s?)?(\d+(?:[.,]\d+)?) "
    r"(?:sao|e|eh|is|are)\b[^.;\d]{0,60}?\b(?:cort\w+|tir\w+|remov\w+|descart\w+|limp\w+|strip\w*|"
    r"cut|drop\w*)\b"
)


def _trimmed(folded: str) -> str:
    cut = _TRIMMED.search(folded)
    lengths = list(_GUESS.finditer(folded, 0, cut.start())) if cut else []
    if cut is None or not lengths or (kept := number(lengths[-1][2])) is None:
        return folded
    left = kept - (number(cut[1]) or 0)
    if left <= 0:
        return folded
    length = lengths[-1]
    return (
        folded[: length.start(2)]
        + f"{left:g}"
        + folded[length.end(2) : cut.start()]
        + " " * (cut.end() - cut.start())
        + folded[cut.end() :]
    )


# "14.000 tasks: 9.600 completed e 4.400 ainda sem anotação", "status: 18.000 submitted, 1.500
# discarded, 5.500 pending": only what was annotated trains.
_COUNT = r"\d+(?:[.,]\d+)*(?: ?mil| ?k)?"
_DONE = re.compile(
    rf"\b(?P<done>{_COUNT}) (?:tasks? |registros |itens |items |exemplos )?(?:completed|complete|"
    r"submitted|annotated|labell?ed|reviewed|approved|done|anotad[ao]s|rotulad[ao]s|revisad[ao]s|"
    r"aprovad[ao]s|concluid[ao]s|finalizad[ao]s|pront[ao]s)\b"
)
_NOT_DONE = re.compile(
    rf"(?:,|\be\b|\band\b)?\s*\b{_COUNT} (?:[a-z]+ ){{0,2}}?(?:pending|pendentes?|sem anotacao|"
    r"nao anotad\w+|discarded|descartad\w+|rejeitad\w+|rejected|skipped|em andamento|in progress|"
    r"draft|rascunhos?)\b"
)


def _annotated(folded: str) -> str:
    done = _DONE.search(folded)
    if done is None or not _NOT_DONE.search(folded, done.end(), done.end() + 120):
        return folded
    totals = [
        t
        for t in re.finditer(rf"\b({_COUNT}) ([a-z]+)", folded, 0)
        if t.end() <= done.start() and t[2] in record_nouns()
    ]
    rest = _NOT_DONE.sub("", folded[done.end() : done.end() + 120]) + folded[done.end() + 120 :]
    if not totals:
        return folded[: done.start()] + f"{done['done']} registros" + rest
    total = totals[-1]
    return folded[: total.start(1)] + done["done"] + folded[total.end(1) : done.start()] + rest


def _left_of(found: re.Match[str]) -> str:
    """ "sobraram 32 mil das 40 mil": the records left, named as the "40 mil conversas" said
    elsewhere, and the count they replace taken back."""
    said = re.search(rf"\b{re.escape(found[3])} (?:de )?([a-z-]+)", found.string)
    noun = f" {said[1]}" if said and said[1] in record_nouns() else ""
    return f"{found[1]} {found[2]}{noun}, nao {found[3]}"


# "no mínimo 200 e no máximo 600 palavras", "min 1,000 words, max 3,000": no mean said, the
# middle of the range.
_MIN_MAX = re.compile(
    r"\b(?:no )?(?:minimo|min\.?)\s+(?:de\s+)?(?P<low>\d+(?:[.,]\d+)*)(?: (?P<unit_low>[a-z]+))?,?"
    r"\s+(?:e\s+)?(?:no )?(?:maximo|max\.?)\s+(?:de\s+)?(?P<high>\d+(?:[.,]\d+)*)"
    r"(?: (?P<unit>palavras|tokens|caracteres|paginas|linhas|words|characters|pages|lines))?"
)


def _middle(found: re.Match[str]) -> str:
    low, high = number(found["low"]), number(found["high"])
    unit = found["unit"] or found["unit_low"] or ""
    if low is None or high is None or high <= low or _MEAN_SAID.search(found.string):
        return found[0]
    return f"uns {(low + high) / 2:g} {unit}".rstrip()


_MEAN_SAID = re.compile(r"\b(?:media|average|mean|em media)\b")


# Spreadsheet formulas pasted with their results: "=CONT.VALORES(A:A) deu 24.001 (conta o
# cabeçalho)" counts the rows (less the header), "=MÉDIA(D2:D24001) deu 180" on a column of
# word counts is each row's length.
_COUNT_ROWS = re.compile(
    r"=(?:cont\.valores|cont\.ses?|countifs?|counta|count)\([^)]*\)[^.\d]{0,40}?"
    r"\b(?:deu|e|da|returns|gives|retorna)\s+(?P<n>\d+(?:[.,]\d{3})*)(?P<rest>[^.]{0,40})"
)
# Excel's status bar ("Contagem: 7.501 (ela conta o cabeçalho)", "Count: 7,501") and rows said
# with their header ("10.001 linhas contando o cabeçalho"): the rows, less the header.
_STATUS_COUNT = re.compile(
    r"\b(?:contagem|count)\s*[:=]\s*(?P<n>\d+(?:[.,]\d{3})*)(?P<rest>[^.]{0,40})|"
    r"\b(?P<lines>\d+(?:[.,]\d{3})*) (?:linhas|rows|lines)(?P<header> (?:contando|incluindo|com|"
    r"including|counting|with) (?:o |the )?(?:cabecalho|header))"
)
# MongoDB's stats(): "count: 64000, avgObjSize: 2400, storageSize: 51200000" is 64.000 records of
# 2.400 bytes; the sizes on disk (compressed, with indexes) are no length.
_AVG_OBJ_SIZE = re.compile(r"\bavgobjsize\W{0,3}(?P<n>\d+)\b")
_SIZE_ON_DISK = re.compile(
    r"\b(?:storagesize|totalindexsize|totalsize|indexsizes?|size)\W{0,3}\d+\b"
)
# "=SOMA(B2:B7501) deu 2.250.000", "a Soma dá 2.250.000" on a column of word counts: the total.
_SUM_OF = re.compile(
    r"(?:=(?:soma|sum)\([^)]*\)|\b(?:a )?(?:soma|sum)\b)[^.\d]{0,20}?"
    r"\b(?:deu|da|e|ficou|returns|gives|is)\s+(?P<n>\d+(?:[.,]\d{3})*)(?![.,]?\d| ?(?:mil|k)\b)"
)
_MEAN_OF = re.compile(
    r"=(?:(?:media|average|avg)\([a-z]+(?P<first>\d+):[a-z]+(?P<last>\d+)\)|"
    # "=AVERAGEIF(C:C;"resolvido";E:E)": the mean over the rows the filter keeps
    r"(?:mediase|mediases|averageifs?)\([^)]*\))[^.\d]{0,60}?"
    r"\b(?:deu|e|da|returns|gives|retorna)\s+(?P<mean>\d+(?:[.,]\d+)?)"
)
_COLUMN_UNIT = re.compile(r"\b(?:palavras|words?|tokens|caracteres|characters)\b")


def _rows(found: re.Match[str]) -> str:
    rows = (number(found["n"]) or 0) - (1 if re.search(r"cabecalho|header", found["rest"]) else 0)
    if rows <= 0:
        return found[0]
    # "=COUNTIF(C:C;"resolvido") deu 21.600": only the rows the filter keeps
    kept = "so " if re.match(r"=(?:countif|cont\.se)", found[0]) else ""
    return f"{kept}{rows:.0f} linhas{found['rest']}"


def _status_count(found: re.Match[str]) -> str:
    if found["lines"]:
        rows = (number(found["lines"]) or 0) - 1
        return f"{rows:.0f} linhas" if rows > 0 else found[0]
    return _rows(found)


def _sum_of(found: re.Match[str]) -> str:
    unit = _COLUMN_UNIT.search(found.string[max(0, found.start() - 80) : found.start()])
    if unit is None:
        return found[0]
    words = "tokens" if unit[0] == "tokens" else "caracteres" if "cara" in unit[0] else "palavras"
    return f"; {found['n']} {words} no total"  # a total of its own, not "de cada"


def _mean_of(found: re.Match[str]) -> str:
    before = found.string[max(0, found.start() - 80) : found.end() + 40]
    unit = _COLUMN_UNIT.search(before)
    if unit is None:
        return found[0]
    words = "tokens" if unit[0] == "tokens" else "caracteres" if "cara" in unit[0] else "palavras"
    rows = int(found["last"]) - int(found["first"]) + 1 if found["first"] else 0
    counted = re.search(r"\d\s+linhas", found.string)  # the rows were counted apart
    said = f"{found['mean']} {words} cada"
    return said if counted or rows < 2 else f"{rows} linhas de {said}"


# "só 3/4 têm resposta", "1/5 é duplicado e sai": a share said as a fraction, not a date.
_FRACTION = re.compile(
    r"\b([1-9])/([2-9]|10)\s+(?=(?:tem|sao|e|eh|dos|das|deles|delas|of|have|are|is)\b)"
)


# "~15 páginas... não, laudo de ressonância é curto, são umas 2 páginas cada": the second one
_TAKEN_BACK_LENGTH = re.compile(
    r"~?\s?\d+(?:[.,]\d+)?\s(paginas|palavras|tokens|caracteres|words|pages|linhas)\b"
    r"(?=\s*(?:\.{2,3}|…|,|;|-)?\s*(?:nao|no|ops|opa|quer dizer|digo|errei|pera)\b[,:]?"
    r"[^.;!?\d]{0,60}?\d+(?:[.,]\d+)?\s\1\b)"
)
# "[00:04<00:00, 14321.55 examples/s]": how fast a tool read, not how many
_SPEED = re.compile(r"\b\d+(?:[.,]\d+)?\s?(?:examples|samples|exemplos|it|ex|ba|rows)/s\b")
_TRAIN_SPLIT_BAR = re.compile(
    r"\bgenerating train split\b[^\n|]*\|[^\n|]*\|\s*(?P<n>\d+)/(?P=n)\b[^\n]*"
)
_OTHER_BAR = re.compile(r"[^\n]*\|[^\n|]*\|\s*\d+/\d+\s*\[[^\n]*")


def restated(folded: str) -> str:
    """`folded` with each restated count or length said plainly."""
    # "esqueci de tirar a validação, o treino é só 96 mil": the examples trained on
    folded = re.sub(
        r"\b(o treino (?:e|fica|vai ser|sera) (?:so |de |com )?)(\d+(?:[.,]\d+)?(?: ?mil| ?k)?)"
        r"(?![\d,]|\.\d)(?!\s*[a-z%])",
        r"\1\2 exemplos",
        folded,
    )
    folded = _TRAIN_SPLIT_BAR.sub(lambda m: f"train split: {m['n']} exemplos de treino", folded)
    folded = _SPEED.sub(" ", _OTHER_BAR.sub(" ", _TAKEN_BACK_LENGTH.sub(" ", folded)))
    folded = _FRACTION.sub(lambda m: f"{100 * int(m[1]) / int(m[2]):g}% ", folded)
    folded = _COUNT_ROWS.sub(_rows, folded)
    if _AVG_OBJ_SIZE.search(folded):
        folded = _SIZE_ON_DISK.sub(" ", _AVG_OBJ_SIZE.sub(r"de \g<n> bytes cada", folded))
    folded = _STATUS_COUNT.sub(_status_count, folded)
    folded = _SUM_OF.sub(_sum_of, folded)
    folded = _MEAN_OF.sub(_mean_of, folded)
    folded = _MIN_MAX.sub(_middle, folded)
    folded = _LEFT_OF.sub(_left_of, folded)
    # "cada um atende uns 25 clientes por dia": the attendances are the records
    folded = re.sub(
        r"\batende(m)? ((?:uns |umas |cerca de |~)?\d+(?:[.,]\d+)*) "
        r"(?:clientes|pessoas|pacientes)\b",
        lambda m: f"{'fazem' if m[1] else 'faz'} {m[2]} atendimentos",
        folded,
    )
    # "8 trocas, com ~25 palavras cada fala": a question and its answer in each exchange
    folded = re.sub(
        r"\b(\d{1,3}) trocas\b(?=[^.;]{0,40}\b(?:cada|por) (?:fala|mensagem|msg)\b)",
        lambda m: f"{2 * int(m[1])} falas",
        folded,
    )
    # "QLoRA no Qwen com 50 mil de 1.200 tokens": thousands of examples, their noun left out
    folded = re.sub(
        r"(?<![\w.,])(\d+(?:[.,]\d+)?\s?(?:mil|k))\s+de\s+(?=~?\d[\d.,]*\s+(?:tokens|palavras|words)\b)",
        r"\1 exemplos de ",
        folded,
    )
    folded = _measured_mean(folded)
    folded = _trimmed(folded)
    # "42 Mtok", "1,6 ktok": thousands and millions of tokens
    folded = re.sub(r"(\d)\s?([km])toks?\b", r"\1 \2 tokens", folded)
    # "arquivos de retorno CNAB 240, cada um com ~60 linhas": each line is a 240-character record
    # (FEBRABAN's layouts); with no lines counted, each record is one line of that width
    if cnab := re.search(r"\bcnab ?(240|400)\b", folded):
        lines = re.compile(r"(?<![\d.,])(\d+(?:[.,]\d+)?) linhas\b")
        if lines.search(folded) is None:
            folded = f"{folded.replace(cnab[0], 'cnab')}\ncada registro tem {cnab[1]} caracteres."
        folded = lines.sub(lambda m: f"{(number(m[1]) or 0) * int(cnab[1]):.0f} caracteres", folded)
    # "500 mil SMS de 2 segmentos": a segment is 160 characters (GSM-7)
    if re.search(r"\bsms\b|\btorpedos?\b", folded):
        folded = re.sub(
            r"\b(\d{1,2}) segmentos?\b", lambda m: f"{160 * int(m[1])} caracteres", folded
        )
    folded = _annotated(folded)
    folded = _CLOCK_DURATION.sub(
        lambda m: f"{m[1]}{int(m[2]) + int(m[3]) / 60 + int(m[4]) / 3600:g} horas de gravacao",
        folded,
    )
    return folded
