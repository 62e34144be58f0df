"""What the client measured about their data, over the reader's assumptions: the words on one of
their pages ("250 palavras por página", "as páginas são curtas, umas 250 palavras cada"), a sample
they counted ("numa amostra de 100 contei 2,4 milhões de caracteres"), the part of the message about
this job when an earlier project is told first ("Agora é outro: ..."), and the chunks the documents
will be cut into ("em pedaços de 1.500 tokens"), and a mean said beside a limit ("o limite é 280
caracteres mas a média fica em 200")."""

import math
import re
from dataclasses import dataclass
from typing import Protocol

from bot.assistant.reader.quantity_arithmetic import (
    TIMES,
    Mention,
    load_quantities,
    said_amount,
    said_tokens,
    tokens_per_word,
)
from bot.assistant.reader.spans import number
from locales import _

_PER_PAGE = re.compile(r"^\s*(?:por|cada|per|a|each) (?:pagina|folha|page|slide)\b")
_PAGES_BEFORE = re.compile(r"\b(?:paginas?|folhas?|pages?)\b[^.;!?\d]{0,35}$")
_EACH_AFTER = re.compile(r"^\s*(?:cada|each)\b")
# "são páginas de livro de bolso, de umas 250 palavras", "a page is roughly 275 words": what one
# of their pages holds, said as what a page is.
_PAGE_IS = re.compile(
    r"\b(?:pagina|folha|page|lauda)s?\b[^.;!?\d]{0,40}?\b(?:e de|sao de|e|sao|da|tem|has|is|are|"
    r"de umas|de uns|com umas|com uns|fica em|ficam em|equivale a|comes to|averages?)\s+"
    r"(?:[a-z]+,?\s+)?"  # "as nossas páginas são curtas, umas 300 palavras"
    r"(?:~|uns |umas |cerca de |roughly |about |around |only |so |more or less )?$"
)
_SAMPLE = re.compile(
    r"\b(?:amostra|sample)\s+(?:de|of|com|with)\s+(?:~|uns |umas |about )?(?P<n>\d+(?:[.,]\d+)*)"
    r"(?!\s*(?:mil|k|%)\b)"
)
# "Rodei o pdfinfo num dos relatórios ... todos têm mais ou menos esse tamanho", "é um edital
# típico": the total was measured on one record, like the rest.
_ONE_SHOWN = re.compile(
    r"\b(?:num dos|em um dos|de um dos|on one of the|in one of the)\b|"
    r"\b(?:um|uma|a|an|one) (?:[a-z]+ )?(?:tipic[oa]|typical|representativ[oa]|representative)\b|"
    r"\b(?:e|eh|is) (?:um|uma|a|an) [a-z]+ (?:normal|medi[oa]|average)\b|"
    r"\b(?:os outros|as outras|the others|the rest) (?:sao|are) (?:bem |muito |quite |pretty )?"
    r"(?:parecid[oa]s|similar|iguais|alike)\b|"
    r"\b(?:todos|todas|all of them|the rest|os outros|as outras) (?:tem|sao|have|are) "
    r"(?:mais ou menos |quase |about |roughly )?(?:esse|este|o mesmo|that|this|the same) "
    r"(?:tamanho|size|length)\b"
)
# "No projeto de 2024 usamos 200 mil exemplos ... Agora é outro: 45 mil descrições": the job.
_THIS_JOB = re.compile(
    r"\b(?:agora (?:e|eh) outro|agora e diferente|desta vez|dessa vez|this time|now it'?s|"
    r"agora (?:a ideia|o plano|a proposta) (?:e|eh)|base nova|"
    # "Ano passado, 15 mil contratos. Agora temos o triplo": the data as it is now
    r"(?:(?<=[.!?] )|(?<=\n))agora (?:temos|tenho|a gente tem|sao|a base tem)|"
    # "Meu colega fez um LoRA parecido ... O meu caso: 45 mil descrições"
    r"(?:o |no )?(?:meu|nosso) caso(?: e)?:|(?:in )?(?:my|our) case:)"
)


def page_rate(text: str, mentions: list[Mention]) -> Mention | None:
    """The words (or characters: "a lauda aqui é de 1.250 caracteres") on one of the client's
    pages, said as a rate, not as a length of its own."""
    for mention in mentions:
        after, before = text[mention.end :], text[max(0, mention.start - 50) : mention.start]
        if mention.unit in ("word", "char") and (
            _PER_PAGE.match(after)
            or (_EACH_AFTER.match(after) and _PAGES_BEFORE.search(before))
            or _PAGE_IS.search(before)
        ):
            return mention
    return None


def sample_size(text: str) -> float | None:
    """How many records the client measured a total on ("peguei uma amostra de 200", "num dos
    relatórios")."""
    found = _SAMPLE.search(text)
    size = number(found["n"]) if found else None
    if size and size >= 2:
        return size
    return 1.0 if _ONE_SHOWN.search(text) else None


def this_job_text(text: str) -> str:
    """`text` with what comes before "agora é outro"/"this time" blanked out, where the message
    says it: an earlier project's model, sizes and machines are not this job's (unless this job
    runs "o mesmo dataset")."""
    found = _THIS_JOB.search(text)
    if found is None or _SAME_DATA.search(text, found.end()):
        return text
    return " " * found.end() + text[found.end() :]


_SAME_DATA = re.compile(
    r"\b(?:o mesmo dataset|os mesmos dados|a mesma base|same data(?:set)?|the same dataset)\b"
)


# "quebrar tudo em pedaços de 1.500 tokens", "split into 2,600-token chunks": the examples the
# client will train on are chunks of the documents.
_CHUNKS = re.compile(
    r"\b(?:pedac\w*|trechos?|chunks?|blocos?|janelas?|segmentos?|windows?) (?:de|of) "
    r"(?:~|ate |no maximo |"
    # "cortar cada ligação em trechos de 2 minutos": minutes of transcribed speech
    r"uns |about |up to )?(?P<n>\d+(?:[.,]\d+)*) ?"
    r"(?P<unit>tokens|palavras|words|minutos|minutes)\b|"
    r"\b(?P<n2>\d+(?:[.,]\d+)*)[- ]tokens? (?:chunks|pieces|segments|blocks|windows)\b"
)


# "com sobreposição de 300 tokens", "with a stride of 800": consecutive windows share tokens.
_OVERLAP = re.compile(
    r"[^.;!?]{0,60}?\b(?:(?P<kind>sobreposic\w*|overlap\w*|intersec\w*|stride|passo|"
    r"deslocamento|avanc\w*|step|hop|andando|pulando|movendo)\s*(?:de|of|=|:)?\s*(?:~|uns |umas )?"
    r"(?P<n>\d+(?:[.,]\d+)*)|"
    r"(?P<n2>\d+(?:[.,]\d+)*) ?(?:tokens )?(?:de )?(?P<kind2>sobreposic\w*|overlap\w*|stride))"
)


_CUT = re.compile(
    r"\b(?:quebr|fati|cort|divid|pic|separ|segment|split|chunk|cut|break|slic)\w*\b[^.;!?\d]*$"
)


@dataclass(frozen=True)
class Chunks:
    """The tokens of each chunk the documents are cut into, how far each next chunk starts
    (its size, unless windows overlap), and where the message says it."""

    size: float
    step: float
    start: int
    end: int


def chunk_size(text: str) -> Chunks | None:
    """The chunks the documents are cut into, where the message says them."""
    found = _CHUNKS.search(text)
    size = number(found["n"] or found["n2"]) if found else None
    minutes = bool(found and found["unit"] in ("minutos", "minutes"))
    if found is None or not size or (size < 16 and not minutes):
        return None
    # "fatiar em janelas de 400 palavras andando de 200 em 200": windows and steps in words;
    # not "10 mil trechos de 300 palavras", records of that length
    words = found["unit"] in ("palavras", "words", "minutos", "minutes")
    if words and not _CUT.search(text, max(0, found.start() - 40), found.start()):
        return None
    per = tokens_per_word() if words else 1.0
    if minutes:
        per *= load_quantities().get("words_per_audio_hour").value / 60
    size *= per
    step, end = size, found.end()
    if overlap := _OVERLAP.match(text, end):
        said = (number(overlap["n"] or overlap["n2"]) or 0) * per
        kind = overlap["kind"] or overlap["kind2"]
        shared = kind.startswith(("sobrepos", "overlap", "intersec"))
        step = size - said if shared else said
        step, end = (step, overlap.end()) if 0 < step <= size else (size, end)
    return Chunks(size, step, found.start(), end)


class SizeFields(Protocol):
    examples: float | None
    tokens_per_example: float | None
    dataset_tokens: float | None
    arithmetic: str


def chunked(size: SizeFields, chunks: Chunks) -> None:
    """Cut `size`'s total into examples of one chunk each, in place. Windows that overlap are
    counted per document where its length is known: (length - window) / step + 1 each."""
    chunk, step = chunks.size, chunks.step
    total = size.dataset_tokens or (size.examples or 0) * (size.tokens_per_example or 0)
    if total <= chunk:
        return
    if step >= chunk:
        count = total / chunk
        said = _("→ em pedaços de {chunk} tokens: {count} exemplos")
    elif size.examples and size.tokens_per_example:
        per_document = max(1, math.ceil((size.tokens_per_example - chunk) / step) + 1)
        count = size.examples * per_document
        said = _("→ em janelas de {chunk} tokens a cada {step}: {count} exemplos")
    else:
        count = math.ceil((total - chunk) / step) + 1
        said = _("→ em janelas de {chunk} tokens a cada {step}: {count} exemplos")
    size.examples, size.tokens_per_example, size.dataset_tokens = count, chunk, None
    size.arithmetic += " " + said.format(
        chunk=said_amount(chunk), step=said_amount(step), count=said_amount(count)
    )


# "vamos truncar em 2.048 tokens", "truncate at 4k tokens": each example cut to that length.
_TRUNCATED = re.compile(
    r"\b(?:trunc\w*|cort\w*|cut|limit\w*)\s+(?:(?:tudo|cada [a-z]+|os exemplos|them|it|each "
    r"[a-z]+)\s+)?(?:em|a|at|to|no maximo|para|pra|nos primeiros|aos primeiros|at the first|to the "
    r"first)\s+(?:~|uns |umas )?(?P<n>\d+(?:[.,]\d+)*)"
    r"(?:\s*(?P<k>k)\b)?\s*(?:tokens|tok)\b"
)


def truncated(size: SizeFields, text: str) -> None:
    """Cut `size`'s examples to the length the client truncates them at, in place."""
    found = _TRUNCATED.search(text)
    cut = (number(found["n"]) or 0) * (1000 if found["k"] else 1) if found else 0
    if not cut or not size.tokens_per_example or size.tokens_per_example <= cut:
        return
    size.tokens_per_example = cut
    size.arithmetic += " " + _("→ truncados em {cut} tokens").format(cut=said_amount(cut))


# "faz padding de tudo até 128 tokens (padding="max_length")", "pad everything to 512 tokens":
# every example takes the full length, however short its text.
_PADDED = re.compile(
    r"\b(?:padding|pad|pads|padded|padd?ing|preench\w*)\b[^.;!?\n]{0,50}?"
    r"(?:max_length\s*=\s*|ate |to |up to |em |a |para |pra |de )(?:~|uns |umas )?"
    r"(?P<n>\d+(?:[.,]\d+)*)"
    r"(?:\s*(?P<k>k)\b)?\s*(?:tokens|tok)?\b"
)
# "max_length 1024 com padding e truncation": the length every example is padded and cut to
_MAX_LENGTH = re.compile(
    r"\b(?:model[ _])?max[ _](?:seq[ _])?len(?:gth)?\s*[=:]?\s*"
    r"(?P<n>\d+)\b(?=[^.;!?\n]{0,60}\b(?:padd?ing|pad)\b)"
)
_KEPT_VARIABLE = re.compile(r"\b(?:padding dinamico|dynamic padding|sem padding|no padding)\b")
_CUT_TOO = re.compile(r"\btrunca\w*|\btruncat\w*")


def padded(size: SizeFields, text: str) -> None:
    """Give `size`'s examples the fixed length the client pads them to, in place."""
    found = _PADDED.search(text) or _MAX_LENGTH.search(text)
    if found is None or _KEPT_VARIABLE.search(text) or not size.tokens_per_example:
        return
    thousands = "k" in found.groupdict() and found["k"]
    length = (number(found["n"]) or 0) * (1000 if thousands else 1)
    # a longer example is cut to the length only where truncation is said too
    longer = size.tokens_per_example > length and not _CUT_TOO.search(text)
    if length < 16 or length == size.tokens_per_example or longer:
        return
    cut = size.tokens_per_example > length
    size.tokens_per_example = length
    said = _("→ cortados em {length} tokens") if cut else _("→ com padding até {length} tokens")
    size.arithmetic += " " + said.format(length=said_amount(length))


_MEAN_BEFORE = re.compile(r"\b(?:media|em media|average|mean|tipicamente|typically)\b\D*$")
_LIMIT_BEFORE = re.compile(r"\b(?:limite|maximo|max|limit|up to|no maximo)\b\D*$")
_OUTLIERS_BEFORE = re.compile(
    r"\b(?:alguns|algumas|some|a few|poucos|poucas|uns poucos)\b[^.;!?\d]{0,30}"
    r"(?:chega\w* a|passa\w* de|vai\w* ate|reach\w*|go(?:es)? up to|hit)\s*~?$"
)


def means_over_limits(text: str, mentions: list[Mention]) -> list[Mention]:
    """ "o limite é 280 caracteres mas a média fica em 200": the mean is each one's length;
    "alguns exemplos chegam a 16k tokens": a few outliers' length, never the data's."""
    means = [m for m in mentions if _MEAN_BEFORE.search(text, max(0, m.start - 25), m.start)]
    return [
        m
        for m in mentions
        if (
            not _LIMIT_BEFORE.search(text, max(0, m.start - 20), m.start)
            or not any(mean.unit == m.unit for mean in means)
        )
        and not _OUTLIERS_BEFORE.search(text, max(0, m.start - 60), m.start)
    ]


# "our examples fill roughly half of the 8,192-token context window", "cada amostra ocupa uns
# três quartos do contexto de 2048": each example's length as a share of the context.
_WINDOW = re.compile(
    r"\b(?P<share>metade|half|(?:um|1|one|a) terco|(?:one|a) third|(?:dois|2) tercos|two thirds|"
    r"(?:tres|3) quartos|three quarters|(?:um|1) quarto|(?:one|a) quarter|\d{1,3}\s*%)\s+"
    r"(?:d[oa]s?|of)\s+(?:the |our |a |o |nossa |nosso |uma |um )?"
    r"(?:(?P<before>\d+(?:[.,]\d{3})*)\s*(?:-?\s*tokens?\s+)?)?"
    r"(?:janela(?: de contexto)?|contexto|context(?: window| length)?)\b"
    r"(?:\s+(?:de|of)\s+(?P<after>\d+(?:[.,]\d{3})*))?"
)
_WINDOW_SHARES = {"metade": 0.5, "half": 0.5, "terco": 1 / 3, "third": 1 / 3, "tercos": 2 / 3,
                  "thirds": 2 / 3, "quartos": 0.75, "quarters": 0.75, "quarto": 0.25,
                  "quarter": 0.25}  # fmt: skip


def window_length(text: str) -> tuple[float, str, int, int] | None:
    """Each example's tokens where they are said as a share of the context window, how the reply
    says it, and where the message says it."""
    found = _WINDOW.search(text)
    size = number(found["before"] or found["after"] or "") if found else None
    if found is None or not size:
        return None
    said = found["share"]
    word = said.split()[-1]
    share = _WINDOW_SHARES[word] if word in _WINDOW_SHARES else float(said.rstrip("% ")) / 100
    words = _("{share} de uma janela de {size} tokens").format(
        share=f"{said_amount(share * 100)}%", size=said_amount(size)
    )
    return share * size, words, found.start(), found.end()


def windowed(size: SizeFields, window: tuple[float, str, int, int] | None, counted: str) -> None:
    """Give `size`'s counted examples the length said as a share of the window, in place."""
    if window and size.examples and size.tokens_per_example is None:
        size.tokens_per_example = round(window[0], 1)
        size.arithmetic = f"{counted} {TIMES} {said_tokens(window[0], 'each')} ({window[1]})"


# "uma época dá 2.750 steps com batch efetivo de 32": the examples one epoch goes through.
_STEPS = re.compile(
    r"\b(?P<steps>\d+(?:[.,]\d{3})*)\s*(?:(?:total|optimizer|training|de treino) )*"
    r"(?:steps|passos|iteracoes|iterations)\b[^.;!?\d]{0,30}?(?:effective |efetivo )?"
    r"\bbatch(?: size)?(?: efetivo| effective| global| total)?\s*(?:de|of|=|:)?\s*(?P<batch>\d+)"
)


def stepped(size: SizeFields, text: str) -> None:
    """Count `size`'s examples from the steps of one epoch and their batch, where the message
    says them and counts no examples itself, in place."""
    found = _STEPS.search(text)
    # "6.000 steps no total, batch efetivo 16, e foram 3 épocas": the steps of every epoch
    over = _OVER_EPOCHS.match(text, found.end()) if found else None
    if found is None or size.examples or size.dataset_tokens or not (over or _EPOCH.search(text)):
        return
    steps, batch = number(found["steps"]) or 0, int(found["batch"])
    epochs = int(over["n"]) if over else 1
    size.examples = steps * batch / epochs
    said = _("{steps} passos {times} batch de {batch} = {count} exemplos").format(
        steps=said_amount(steps), times=TIMES, batch=batch, count=said_amount(steps * batch)
    )
    if epochs > 1:
        said += " " + _("÷ {epochs} épocas = {count} exemplos").format(
            epochs=epochs, count=said_amount(size.examples)
        )
    size.arithmetic = f"{said}; {size.arithmetic}" if size.arithmetic else said


_EPOCH = re.compile(r"\b(?:uma|1|one|an?|cada|each|por|per) (?:epoca|epoch)\b")
_OVER_EPOCHS = re.compile(r"[^.;!?]{0,40}?\b(?P<n>[2-9]|1\d) (?:epocas|epochs)\b")
