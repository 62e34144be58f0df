"""Data size in the units clients count in: documents by pages by words, chats by messages by words,
pairs of two lengths, totals in words, pages, tokens, bytes or hours of transcribed speech.

Each number with its unit is a `Mention`; mentions joined by "de", "com", "cada um com", "de ~",
"com média de", "x" compose into one example's length; the rest are totals. Conversion factors
live in `bot/assistant/data/quantities.toml` with their sources, and `DataSize.arithmetic` is the
one line the reply shows, so a client sees a misreading at once: it is said in the language of
the reply being read for (`bot.assistant.reading.read_message` reads inside `speaking`).
"""

import itertools
import math
import re
from dataclasses import dataclass, field, replace
from functools import partial

from bot.assistant.reader.added_sets import another_total
from bot.assistant.reader.anatomy import example_anatomy
from bot.assistant.reader.count_changes import changed_count
from bot.assistant.reader.counts import (
    CLEANED,
    LEFT_OUT,
    TURN_PARTS,
    adjusted_count,
    length_taken_back,
    per_turn,
)
from bot.assistant.reader.device_memory import is_device_memory
from bot.assistant.reader.dialogue_turns import replies_with_history
from bot.assistant.reader.example_length import MAX_EXAMPLE_TOKENS, example_length, inner
from bot.assistant.reader.example_unit import declared, is_the_unit, per_unit
from bot.assistant.reader.files import per_file
from bot.assistant.reader.holders import by_holders, holds_another
from bot.assistant.reader.measured import (
    chunk_size,
    chunked,
    padded,
    page_rate,
    sample_size,
    stepped,
    truncated,
    window_length,
    windowed,
)
from bot.assistant.reader.mentions import EACH_HAS, PER_PERIOD, TABLE, find_mentions
from bot.assistant.reader.parts import (
    LENGTHS,
    added_part,
    another_part,
    counted_parts,
    second_lengths,
)
from bot.assistant.reader.quantity_arithmetic import (
    TIMES,
    Mention,
    Step,
    load_quantities,
    said_amount,
    said_count,
    said_result,
    said_tokens,
    to_tokens,
    tokens_per_word,
    total_tokens,
)
from bot.assistant.reader.rates import RATE
from bot.assistant.reader.reams import documents_of_pages
from bot.assistant.reader.recordings import recordings, speech_share, two_tracks, with_summed_hours
from bot.assistant.reader.respective import paired_lists
from bot.assistant.reader.shares import shared_length
from bot.assistant.reader.sources import summed_sources, total_of
from bot.assistant.reader.units import (
    connects,
    patterns,
    unit_words,
)
from locales import _
from quoting.jobspec import MIN_DATASET_TOKENS

_BEFORE_PER = re.compile(
    r"(?:cada (?:um|uma|one)?|each(?! plus| and)|em media|media de|\(media|on average|average of|"
    r"\ba media (?:fica|e|da)|"
    r"average|avg|mean|tamanho medio)"
    r"[^.;!?\d]{0,25}$"
)
_EACH_CLAUSE = re.compile(r"\b(?:cada|each)\b(?! plus| and| e mais)[^.;!?\d]{0,60}$")
_BEFORE_TOTAL = re.compile(
    r"(?:total de|totalizando|somando|ao todo|in total|total of)[^.;!?\d]{0,15}$"
)
# Which unit an example's length may be counted in after each other unit.
_INSIDE: dict[str, set[str]] = {
    "record": {"turn", "page", "line", "word", "char", "token"},
    "turn": set(TURN_PARTS),
    "page": {"line", "word", "char"},
    "line": {"word", "char", "token"},
}


@dataclass
class DataSize:
    """The dataset a message describes, and the arithmetic that got there."""

    examples: float | None = None
    tokens_per_example: float | None = None
    dataset_tokens: float | None = None
    arithmetic: str = ""
    start: int = 0
    end: int = 0
    used: list[Mention] = field(default_factory=list)


_TOTAL_EACH = re.compile(
    r"^\s*(?:no total|ao todo|in total|total)[ \t]*,?[ \t]*(?:cada|each|por)\b"
)
_PLUS = re.compile(r"^\s*(?:de [a-z ]{1,30}?)?\s*(?:\+|\be mais\b|\bplus\b|\bmais\b)\s*$")
_PER_NOUN = re.compile(r"\s*(?:por|per|each|a cada|para cada|pra cada)\s+([a-z]{3,})\b")
_EACH_WORD = re.compile(r"\b(?:cada|each|por|per|averag\w*|em media|media de|on average)\b")
_PAGE_NOUN = re.compile(r"pagina|folha|lauda|page")
_LINE_NOUNS = frozenset({"linhas", "linha", "lines", "line"})
# Lines of a diff, a query or a script are inside the record, not rows of a sheet.
_CODE_BEFORE = re.compile(
    r"\b(?:diff|codigo|code|query|queries|sql|patch|funcao|function|trecho|snippet)\b"
    r"[^.;!?\d]{0,25}$"
)


def read_data_size(text: str, text_model: bool = False, alone: bool = False) -> DataSize | None:
    """The dataset `text` describes, or None when it counts nothing in units of data. Hours of
    audio are text (transcripts) when they say so or the model named reads text. Several sources
    are read each `alone`, then summed."""
    read_alone = partial(read_data_size, text_model=text_model, alone=True)
    if paired := paired_lists(text):  # "10, 20 e 30 mil ... ~100, ~200 e ~300, respectivamente"
        return DataSize(
            paired.examples, paired.tokens_per_example, None, paired.arithmetic, paired.start,
            paired.end,
        )  # fmt: skip
    if not alone and (summed := summed_sources(text, read_alone)):
        # "duas bases: 8 mil FAQs de ~100 palavras e 12 mil e-mails de ~300": read as one already
        as_one = read_alone(text)
        same = as_one is not None and math.isclose(total_of(as_one), total_of(summed), rel_tol=0.01)
        return as_one if same else summed
    mentions = per_file(text, [m for m in find_mentions(text) if not is_device_memory(text, m)])
    mentions = [m for m in mentions if not (m.unit == "record" and LEFT_OUT.match(text, m.end))]
    # Speech is data only as transcripts ("800 h de call center já transcrito")
    text_model = text_model or bool(
        re.search(r"transcri|transcrev|transcript|legenda|subtitle|caption", text)
    )
    speech = with_summed_hours(text, mentions)  # "legendas ... que somam 95 horas"
    mentions = speech if text_model else [m for m in mentions if m.unit != "minute"]
    share = speech_share(text)
    for mention in mentions:
        mention.value *= share if mention.unit in ("audio_hour", "minute") else 1.0
    rate = page_rate(text, mentions)
    per_page = rate.value if rate else None
    if rate and rate.unit == "char":  # "a lauda aqui é de 1.250 caracteres": in words, as tokens
        per_page = rate.value / load_quantities().get("bytes_per_token").value / tokens_per_word()
    mentions = [m for m in mentions if m is not rate]
    shares = shared_length(text)
    if shares is not None:
        mentions = [m for m in mentions if not shares.start <= m.start < shares.end]
    anatomy = example_anatomy(text)  # "pergunta (~40 palavras) + 5 trechos de ~180 + resposta"
    if anatomy is not None:
        mentions = [m for m in mentions if not anatomy.covers(m)]
    if chunk := chunk_size(text):
        mentions = [m for m in mentions if not chunk.start <= m.start < chunk.end]
    if unit := declared(text):  # "cada capítulo vai ser um exemplo": no count of one
        mentions = [m for m in mentions if not unit.start() <= m.start < unit.end()]
        if _PAGE_NOUN.match(unit["noun"] or unit["noun_after"] or unit["noun_one"]):
            # "40 mil páginas ... cada página vira um exemplo": the pages are the records
            mentions = [replace(m, unit="record") if m.unit == "page" else m for m in mentions]
    if window := window_length(text):  # "metade da janela de 8.192 tokens": each one's length
        mentions = [m for m in mentions if not window[2] <= m.start < window[3]]
        chunk = None if chunk and window[2] <= chunk.start < window[3] else chunk
    if not mentions:
        return None
    second_lengths(text, mentions)
    counted_parts(text, mentions)
    chains = _chains(text, mentions)
    # not "200 PAs, 3 turnos": a few turns with nothing inside them are the team's shifts
    counts = [
        c
        for c in chains
        if c[0].unit == "record" or (c[0].unit == "turn" and (len(c) > 1 or c[0].value >= 50))
    ]
    firsts = [c[0] for c in counts]
    counts = [c for c in counts if not holds_another(text, c[0], firsts)]
    # "uma cooperativa com uns 400 cooperados ... são 3.200 boletins, cada um com umas 6 páginas":
    # a count of things no dataset is made of gives way to one with a length or a data noun.
    # "2 linhas de montagem ... 2.500 manuais de 12 páginas": few records, no length, no dataset
    records = unit_words()["record"]
    # "cada resumo tem 12 sentenças de 18 palavras ... 33 mil resumos": each record's length
    if any(c[0].value >= 50 and c[0].noun in records for c in counts):
        counts = [c for c in counts if not inner(c)]
    sized = [c for c in counts if len(c) > 1]
    # "cada um faz uns 25 atendimentos por dia útil": few a day, many over the history
    known = sized + [
        c
        for c in counts
        if len(c) == 1
        and c[0].noun in records
        and (c[0].value >= 50 or not sized or RATE.match(text[c[0].end :]))
    ]
    known.sort(key=lambda c: c[0].start)
    main = next(iter(known or counts), None)
    # "18 mil produtos no catálogo ... 42 mil pares, com média de 130 palavras por par": the count
    # the length is said per
    per_noun = next((found[1] for c in chains if (found := _PER_NOUN.match(text, c[-1].end))), "")
    named = [c for c in known if c[0].unit == "record" and c[0].noun[:3] == per_noun[:3]]
    main = named[0] if len(per_noun) > 2 and named else main
    size = DataSize()
    size.end = max(m.end for m in mentions)
    counted = ""
    if main is not None:
        held = by_holders(text, main)
        main, counted = adjusted_count(text, main, chains)
        changed = changed_count(text, main, chains)
        said = (held, counted, changed)
        counted = "; ".join(step for step in said if step) or said_count(main[0])
        size.examples = main[0].value
        size.start = main[0].start
        length = example_length(main, chains, per_page)
        if length is None and (source := length_taken_back(text, main, sized)):
            length = example_length(source, chains, per_page)
        if anatomy is not None:
            length = anatomy.tokens, anatomy.steps
        if len(main) == 1 and shares is not None:  # "40% ... (~100), 60% ... (~600), 30 mil"
            length = shares.tokens, shares.steps
        if length is None and per_page and _PAGE_NOUN.match(main[0].noun):
            length = to_tokens([replace(main[0], value=per_page, unit="word", noun="palavras")])
        if length is None and main[0].noun in _LINE_NOUNS and not TABLE.search(text):
            # "2 milhões de linhas de legendas": each line is an example a line long; a table's
            # lines are records of a length not given.
            length = to_tokens([replace(main[0], value=1.0, unit="line")])
        if length is not None:
            tokens, steps = length
            # "120 livros ... um livro = um exemplo": as long as the client says, each one
            if tokens <= MAX_EXAMPLE_TOKENS or (unit and is_the_unit(unit, main[0].noun)):
                size.tokens_per_example = round(tokens, 1)
                each = said_result(tokens, steps, "each")
                size.arithmetic = f"{counted} {TIMES} {each}"
            else:  # whole books: the dataset's total, each example cut at the context
                size.examples = None
                size.dataset_tokens = main[0].value * tokens
                size.arithmetic = _("{product}; no total ≈ {tokens}").format(
                    product=f"{counted} {TIMES} {said_result(tokens, steps, 'each')}",
                    tokens=said_tokens(size.dataset_tokens),
                )
    totals = [
        c
        for c in chains
        if c is not main and c[0].unit not in ("record", "turn") and c[0].role != "per"
    ]
    if totals and size.tokens_per_example is None:
        total, steps = total_tokens(totals[0][0], text_model)
        if total is None:
            return size if main else None
        tokens = total
        for first, second in itertools.pairwise(totals):
            more, more_steps = total_tokens(second[0], text_model)
            # "300 horas de aula transcrita + 40 milhões de caracteres": totals in two units
            plus = _PLUS.match(text[first[-1].end : second[0].start])
            if more is None or (second[0].unit != first[0].unit and not plus):
                break
            if CLEANED.match(text[first[-1].end : second[0].start]):
                tokens, steps = more, more_steps  # "1 GB bruto, depois da limpeza uns 400 MB"
                continue
            if not another_total(text, first[-1], second[0]):
                break
            steps = [Step(f"{said_result(tokens, steps)} + {said_tokens(more)}")]
            tokens += more
        if size.examples and tokens <= size.examples and size.arithmetic == "":
            # "16 mil perguntas e respostas de ~150 palavras no total": a total smaller than the
            # count is each one's
            size.tokens_per_example = round(tokens, 1)
            size.arithmetic = f"{counted} {TIMES} {said_result(tokens, steps, 'each')}"
        elif size.examples and tokens > size.examples:
            # "peguei uma amostra de 200 e deu 64 mil palavras": the total of the sample
            sample = sample_size(text)
            size.tokens_per_example = round(tokens / (sample or size.examples), 1)
            # "amostra de 200 processos ... temos 18 mil processos": the whole base is counted
            whole = [c[0].value for c in counts if sample and c[0].value > sample]
            size.examples = max(whole) if whole and size.examples == sample else size.examples
            divisor = f"{said_amount(sample)}" if sample else counted
            size.arithmetic = (
                f"{said_result(tokens, steps)} ÷ {divisor} "
                f"≈ {said_tokens(size.tokens_per_example, 'each')}"
            )
            if sample == 1:  # "num dos relatórios: 64 páginas": one record's own length
                size.arithmetic = f"{counted} {TIMES} {said_result(tokens, steps, 'each')}"
        elif recorded := recordings(chains) if not size.examples else None:
            size.examples, size.tokens_per_example, size.arithmetic = recorded
            size.start = totals[0][0].start
        elif not size.examples and tokens < MIN_DATASET_TOKENS:
            # "as de português têm umas 300 palavras": a length whose count is said elsewhere
            size.tokens_per_example = round(tokens, 1)
            size.start = totals[0][0].start
            size.arithmetic = said_result(tokens, steps, "each")
        elif not size.examples and (per_record := _each_of(text, chains, totals[0])):
            # "4,8 milhões de palavras ..., cada parecer com umas 1.200": the count is the quotient
            each_tokens, each_steps = per_record
            size.examples = round(tokens / each_tokens)
            size.tokens_per_example = round(each_tokens, 1)
            size.start = totals[0][0].start
            size.arithmetic = _("{total} ÷ {each} = {count} exemplos").format(
                total=said_result(tokens, steps),
                each=said_result(each_tokens, each_steps, "each"),
                count=said_amount(size.examples),
            )
        elif not size.examples:
            size.dataset_tokens = tokens
            size.start = totals[0][0].start
            size.arithmetic = said_result(tokens, steps, "total")
    if main is None and size.dataset_tokens is None and size.tokens_per_example is None:
        per = next((c for c in chains if c[0].role == "per"), None)
        if per is None:
            return None
        tokens, steps = to_tokens(per)  # "+- 900 tokens cada": the length, the count elsewhere
        size.tokens_per_example = round(tokens, 1)
        size.start = per[0].start
        size.arithmetic = said_result(tokens, steps, "each")
    windowed(size, window, counted)
    stepped(size, text)
    replies_with_history(size, text)
    if unit and main is not None:
        per_unit(size, unit, mentions, main[0])
    if chunk:
        chunked(size, chunk)
    truncated(size, text)
    padded(size, text)
    two_tracks(size, text)
    pages = max((m for m in mentions if m.unit == "page"), key=lambda m: m.value, default=None)
    documents_of_pages(size, text, pages)
    return size


def _each_of(
    text: str, chains: list[list[Mention]], total: list[Mention]
) -> tuple[float, list[Step]] | None:
    """One record's length said after a total in the same unit ("cada registro ocupa uns 1,5
    KB"), where it divides the total into more than one record."""
    for chain in chains:
        first = chain[0]
        # pages and lines have their own readers (reams, chat exports)
        after = first.start > total[0].start and first.unit == total[0].unit
        after = after and first.unit in ("word", "char", "byte", "token")
        # "..., e cada parecer dá umas 1.200": said of each record, not an assumption in brackets
        after = after and bool(_EACH_WORD.search(text, total[-1].end, first.start))
        if first.role == "per" and after and total[0].value / first.value > 1:
            return to_tokens(chain)
    return None


def _chains(text: str, mentions: list[Mention]) -> list[list[Mention]]:
    """Mentions grouped as the sentence composes them: a count, then each part inside it."""
    chains: list[list[Mention]] = []
    per, total, of_records = patterns()[1:]
    for mention in mentions:
        before, after = text[max(0, mention.start - 40) : mention.start], text[mention.end :]
        # "cada uma ~1.500 palavras no total": each one's total is still each one's length.
        each = bool(_BEFORE_PER.search(before))
        each = each or bool(_TOTAL_EACH.match(after))  # "~260 palavras no total cada"
        # "cada linha é pergunta + resposta, somando umas 120 palavras": each one's sum
        each = each or bool(_EACH_CLAUSE.search(text[max(0, mention.start - 75) : mention.start]))
        totals = bool(total.match(after) or _BEFORE_TOTAL.search(before)) and not each
        code = bool(_CODE_BEFORE.search(before))  # "o diff tem ~30 linhas": lines inside
        if (
            mention.unit == "record"
            and mention.noun in _LINE_NOUNS
            and (per.match(after) or each or code)
        ):
            mention.unit = "line"  # "~120 linhas cada", "cada uma com 3 linhas": the length
        if chains and not totals:
            last = chains[-1][-1]
            gap = text[last.end : mention.start]
            # "3 mil letras de samba de ~30 linhas": lines inside a record are its length
            turn = (
                mention.unit == last.unit == "record"
                and mention.noun not in _LINE_NOUNS
                and (
                    mention.noun in unit_words()["turn"]
                    # "5 mil processos, cada processo com umas 8 peças": documents inside a record
                    or (
                        mention.value <= 200
                        and last.value >= max(100, 5 * mention.value)
                        and last.role == "count"
                    )
                )
            )
            if turn and (connects(gap) or EACH_HAS.search(gap)):
                mention.unit = "turn"  # "40 mil chats de 12 mensagens": messages inside
            lines = last.unit in ("record", "turn", "page") and mention.noun in _LINE_NOUNS
            # "uma de 40 mil linhas, outra de 25 mil": another count, not each one's lines
            another = re.search(r"\b(?:outr[oa]s?|mais|another|plus)\b|\+", gap)
            if lines and mention.unit == "record" and connects(gap) and not another:
                mention.unit = "line"  # "contratos com ~400 linhas cada"
            # not "1,8 GB descompactado (o zip tem 400 MB)": the archive, said after
            archive = re.search(r"\b(?:zip|rar|tar|gz|compactad|comprimid|compressed)\w*", gap)
            if mention.unit == last.unit == "byte" and CLEANED.match(gap) and not archive:
                chains.append([mention])  # "3,5 GB de PDF, mas o texto extraído deu 280 MB"
                continue
            # "10 páginas e um resumo de 300 palavras": a part beside, before one inside
            if another_part(last, mention, gap, mention.unit in LENGTHS):
                mention.role = "part"  # the pair's second length
                mention.added = mention.added or added_part(last, mention, gap)
                chains[-1].append(mention)
                continue
            inside = mention.unit in _INSIDE.get(last.unit, set())
            if inside and connects(text[last.end : mention.start]):
                mention.role = "part"
                chains[-1].append(mention)
                continue
        if totals:
            mention.role = "total"
        elif per.match(after) or _BEFORE_PER.search(before) or of_records.search(before) or each:
            mention.role = "per"
            rate = PER_PERIOD.match(text, mention.end)  # "cada um manda 30 e-mails por semana"
            if mention.unit == "record" and mention.noun in unit_words()["turn"] and not rate:
                mention.unit = "turn"  # "8 a 12 mensagens cada": each example's turns
            elif per_turn(chains, mention, before, after):
                mention.role = "part"  # "6 messages per chat, ~15 words per message"
                chains[-1].append(mention)
                continue
        chains.append([mention])
    return chains
