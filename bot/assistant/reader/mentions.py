"""Every number in a message that has a unit of data (records, pages, words, characters, tokens,
bytes, hours of speech, minutes), as a `Mention` with where it was said: what the data-size
reader composes."""

import re

from bot.assistant.reader.counts import another_turns, counted_by_each, elided_count
from bot.assistant.reader.measured import means_over_limits
from bot.assistant.reader.quantity_arithmetic import Mention
from bot.assistant.reader.rates import EVERY_FEW, RATE, history_said
from bot.assistant.reader.spans import NOT_RECORDS, QUANTITY, SCALE, counts_nothing, number
from bot.assistant.reader.units import (
    BOTH_SIDES,
    BYTES,
    LENGTH_AFTER,
    STAT_BEFORE,
    named_before,
    patterns,
    plus_length,
    unit_of,
    unit_words,
)
from locales import _

# "cada processo com umas 8 peças": a few documents inside each record, whatever they are called.
EACH_HAS = re.compile(
    r"\b(?:cada|each) [a-z]+ (?:com|tem|contem|has|with|contains) (?:umas? |cerca de |~|about )?$"
)
_HALF = re.compile(r"^\s*e mei[ao]\b|^\s*and a half\b")
_EACH_SIDE = re.compile(r"^\s*(?:de |em |on )?(?:cada lado|each side|por lado|per side)\b")
_SIDE_BEFORE = re.compile(
    r"\b(?:cada lado|each side|por lado|per side) (?:com|tem|de|has|with|of)\s+"
    r"(?:umas? |~|about )?$"
)
_EACH_ONE = re.compile(r"\bcada (?:um|uma|one)\b[^.;!?\d]{0,30}$|\beach\b[^.;!?\d]{0,30}$")
TABLE = re.compile(r"\b(?:csv|jsonl?|planilha|tabela|excel|xlsx|parquet|banco de dados)\b")


_MEDIA = re.compile(
    r"\b(?:wav|mp3|m4a|flac|ogg|mp4|mkv|mov|audios?|gravac\w*|videos?|recordings?)\b"
)
_STOP = re.compile(r"[.;!?](?:\s|$)")
_WEIGHTS = re.compile(r"\b(?:safetensors|gguf|ggml|pesos do modelo|model weights|\.bin)\b")
# "uns 30 e-mails de cotação por semana": a volume per period, so records, not turns
PER_PERIOD = re.compile(
    r"[^.;!?\d]{0,25}?\b(?:por|ao|a cada|per|a|every) (?:dia|semana|mes|ano|day|week|month|year)\b"
)
# Words after a count that name nothing counted.
_NO_NOUN = frozenset({"antes", "mais", "menos", "apenas", "depois"})
_WIDE = re.compile(r"\butf-?16\b|\bucs-?2\b")
_WEB = re.compile(
    r"\b(?:site|sites|blog|urls?|notion|confluence|wiki|html|crawl\w*|scrap\w*|web|webpages?|"
    r"sharepoint|portal)\b"
)


def _clause(text: str, start: int, end: int) -> str:
    """The sentence a mention is in, at most 70 characters each side of it."""
    stops = [m.end() for m in _STOP.finditer(text, 0, start)]
    after = _STOP.search(text, end)
    return text[
        max(stops[-1] if stops else 0, start - 70) : min(
            after.start() if after else len(text), end + 30
        )
    ]


_ONE_EVERY = re.compile(
    r"1 (?!vez\b|time\b)(?P<noun>[a-z-]{3,})(?:\s+[a-z-]+){0,4}?(?=\s+(?:a cada|every)\s+(?!0\b)\d)"
)
_PLURALS = ((re.compile(r"ao$"), "oes"), (re.compile(r"al$"), "ais"), (re.compile(r"m$"), "ns"),
            (re.compile(r"(?<=[rz])$"), "es"), (re.compile(r"(?<=[aeiou])$"), "s"))  # fmt: skip


_PER_CHARACTER = re.compile(r"\s*(?:por|per|each|a|cada|/)\s*(?:caractere?s?|chars?|characters?)\b")
_LISTED = re.compile(r"\s*\([^()\d]{0,80}\)")
_MONEY = re.compile(r"(?:r\$|us\$|\$|€|£)\s*$")


def _record_near(text: str, end: int) -> str:
    """The records a rate with no noun counts ("40 a day ... support calls"): the first plural
    the message names as records, else records."""
    records = set(unit_words()["record"])
    said = re.finditer(r"\b[a-z-]{3,}s\b", text[max(0, end - 120) : end + 120])
    return next((word[0] for word in said if word[0] in records), _("registros"))


def _plural(noun: str) -> str:
    """ "ligacao" -> "ligacoes", "conversation" -> "conversations": how the total is said."""
    if noun.endswith("s"):
        return noun
    for ending, plural in _PLURALS:
        if ending.search(noun):
            return ending.sub(plural, noun)
    return noun + "s"


def find_mentions(text: str) -> list[Mention]:
    """Every number with a unit of data in normalized `text`, left to right."""
    unit_pattern = patterns()[0]
    mentions: list[Mention] = []
    for match in QUANTITY.finditer(text):
        if (parsed := number(match["number"])) is None or counts_nothing(text, match):
            continue  # "desde 2019", "(nota de 0 a 1000)": a year or a scale, never a count
        # A negative count is kept: the job's validation says what is wrong with it.
        value = (-parsed if match["sign"] else parsed) * SCALE.get(match["scale"] or "", 1.0)
        after = text[match.end() :]
        if after.lstrip().startswith("%"):
            continue  # "70% curtos": a share, never a count
        if value == 1 and (one := _ONE_EVERY.match(text, match.start())):
            # "uma ligação a cada 3 minutos": one record each few units, counted over a period
            noun = _plural(one["noun"])
            mentions.append(Mention(value, "record", noun, match.start(), one.end()))
            continue
        found = unit_pattern.match(after)
        if found is not None and found["plural"] in _NO_NOUN:
            found = None  # "vão entrar mais 10 mil antes do treino": the noun is left out
        if found is None and (stat := STAT_BEFORE.search(text[: match.start()])):
            noun = stat["noun"] or stat["after"]  # the mean is each one's length
            mentions.append(Mention(value, unit_of(noun), noun, match.start(), match.end()))
            continue
        if found is None and (named := named_before().search(text[: match.start()])):
            noun = named["noun"] or named["length"]
            mentions.append(Mention(value, unit_of(noun), noun, named.start(), match.end()))
            continue
        if found is None and (plus := plus_length().match(after)):  # "36 + 90 palavras"
            noun = plus["noun"]
            mentions.append(Mention(value, unit_of(noun), noun, match.start(), match.end()))
            continue
        if (
            found is None
            and RATE.match(after)
            and history_said(text)
            and not _MONEY.search(text, max(0, match.start() - 4), match.start())
        ):  # "soltamos 2 por semana nas últimas 150 semanas, episódios de 40 min": a rate
            noun = _record_near(text, match.end())
            mentions.append(Mention(value, "record", noun, match.start(), match.end()))
            continue
        if found is None:
            if elided := elided_count(text, match.start(), match.end(), value, mentions):
                mentions.append(elided)  # "e mais 10 mil de 500 tokens": the same records
            elif turns := another_turns(text, match.start(), match.end(), mentions):
                mentions.append(turns)
            elif each := counted_by_each(text, match.start(), match.end(), value):
                mentions.append(each)
            continue
        end = match.end() + found.end()
        if found["bytes"] and _PER_CHARACTER.match(text, end):
            continue  # "UTF-16, 2 bytes por caractere": the encoding, not the data
        if found["bytes"]:
            # "exportei como Unicode (UTF-16)": two bytes to each character
            # "1,8 TB de gravações em WAV", "os mp3 somam 46 GB": the audio's size, not text
            if _MEDIA.search(text, max(0, match.start() - 30), min(len(text), end + 30)):
                continue
            # "o Qwen2.5-14B são uns 29 GB de safetensors", "o gguf tem 4,9 GB": the model's file
            if _WEIGHTS.search(_clause(text, match.start(), end)):
                continue
            wide = 2 if _WIDE.search(text) else 1
            size = value * BYTES[found["bytes"]] / wide
            mentions.append(Mention(size, "byte", "", match.start(), end))
        elif found["plural"]:
            # "temos 40 apostilas de ~180 páginas", not "... e 5 alternativas de ~15 palavras"
            part = re.search(r"(?:\be|\band|[,+])\s*$", text[: match.start()])
            small = bool(EACH_HAS.search(text[max(0, match.start() - 40) : match.start()]))
            # "4 campos (incidente, dano, laudo) de ~25 palavras": what they are, then the length
            listed = _LISTED.match(text, end)
            length_at = listed.end() if listed else end
            small = small or (not part and bool(LENGTH_AFTER.match(text, length_at)))
            # "cada um manda umas 25 propostas por semana": each holder's rate
            each_rate = RATE.match(text[end:]) and _EACH_ONE.search(text, 0, match.start())
            small = small or bool(each_rate) or bool(EVERY_FEW.match(text, end))
            # "entram 12 ligações por minuto ... 4 semanas": few a minute, many over the history
            small = small or bool(RATE.match(text[end:]) and history_said(text))
            # "em 2025 fizemos um teste": a year before a verb ("-mos") counts nothing
            year = re.fullmatch(r"(?:19|20)\d\d", match["number"]) and not match["scale"]
            verb = found["plural"].endswith("mos") or bool(year)
            # "um 13B pra conversas": billions written on the number are a model's size
            size = match["scale"] == "b" and match.end("number") == match.start("scale")
            counts = not verb and not size and (value >= 50 or small)
            if found["plural"] not in NOT_RECORDS and counts:
                mentions.append(Mention(value, "record", found["plural"], match.start(), end))
        elif found["audio"]:
            mentions.append(Mention(value, "audio_hour", found["audio"], match.start(), end))
        elif re.search(r"\b(?:a cada|every)\s*$", text[: match.start()]):
            continue  # "uma ligação a cada 3 minutos": the rate's gap, not audio
        elif found["minutes"] or found["hour_each"] or found["seconds"] or found["hour_minutes"]:
            minutes = value * (60 if found["hour_each"] or found["hour_minutes"] else 1)
            minutes = (
                minutes / 60 if found["seconds"] else minutes + int(found["hour_minutes"] or 0)
            )
            mentions.append(Mention(minutes, "minute", "min", match.start(), end))
        else:
            noun = found["measure"] or found["record"]
            unit = unit_of(noun)
            if unit == "turn" and (value >= 1000 or PER_PERIOD.match(text, end)):
                # "10k support replies", "cada um manda uns 30 e-mails por semana": examples
                unit = "record"
            web = _WEB.search(text, max(0, match.start() - 80), end + 30)
            if unit == "page" and value >= 50 and web:
                unit = "record"  # "crawl do site: 25 mil páginas": a site's pages are documents
            if unit == "line" and TABLE.search(text):
                unit = "record"  # "JSONL file, 75k lines": a table's lines are its records
            rest = text[end:]
            if (half := _HALF.match(rest)) and unit != "record":
                value, end = value + 0.5, end + half.end()  # "2 páginas e meia"
            elif (sides := _EACH_SIDE.match(rest)) and unit != "record":
                value, end = value * 2, end + sides.end()  # "~20 palavras cada lado"
            elif _SIDE_BEFORE.search(text, max(0, match.start() - 30), match.start()):
                value *= 2  # "cada lado com umas 30 palavras"
            elif unit == "page" and BOTH_SIDES.match(rest):
                value *= 2  # "~30 folhas cada, tudo frente e verso"
            mentions.append(Mention(value, unit, noun, match.start(), end))
    return means_over_limits(text, mentions)
