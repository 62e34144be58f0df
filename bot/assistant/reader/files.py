"""Data delivered in several files or parts, each with its own size: "12 partes de 25 mil linhas
cada" is 300 mil linhas; "um de 120 MB e dois de 40 MB cada" is 120 MB and 80 MB; "5 files of 80
MB each plus one of 100 MB" is 400 MB and 100 MB. A file is no example unless the client says so."""

import re
from dataclasses import replace

from bot.assistant.reader.quantity_arithmetic import Mention
from bot.assistant.reader.spans import number

_FILES = (
    r"arquivos?|ficheiros?|partes?|files?|lotes?|planilhas?|dumps?|pastas?|volumes?|batches?|shards?|"
    r"chunks?|exports?|exportacoes|csvs?|jsonls?|parts?"
)
# "12 partes de", "5 plain-text files of", "2 de": how many files, right before each one's size.
_MANY_BEFORE = re.compile(
    rf"(?<![\d.,])(?P<n>\d{{1,4}}) (?:(?:[a-z-]+ ){{0,2}}?(?:{_FILES})(?: (?:de|of) [a-z]+)? )?"
    r"(?:de|of|com|with) (?:~|uns |umas |cerca de |about |around )?$"
)
# "um de 120 MB", "one of 100 MB": a single file among others.
_ONE_BEFORE = re.compile(
    r"(?<!cada )(?<!each )\b(?:um|uma|one) (?:de|of) (?:~|uns |umas |about )?$"
)
_EACH_AFTER = re.compile(r"^\s*(?:cada|each)\b(?!\s+(?:um|uma|one)\b)")
_PART_UNITS = frozenset({"byte", "record", "line"})


def per_file(text: str, mentions: list[Mention]) -> list[Mention]:
    """`mentions` with each size said per file multiplied by the number of files, its span
    widened over the files' count so two files' sizes read as two totals joined by "e"."""
    read: list[Mention] = []
    for mention in mentions:
        before = text[max(0, mention.start - 60) : mention.start]
        each = _EACH_AFTER.match(text[mention.end :])
        many = _MANY_BEFORE.search(before) if each else None
        files_said = many or _ONE_BEFORE.search(before)
        files = number(many["n"]) if many else 1.0
        unit_ok = mention.unit in _PART_UNITS
        if not unit_ok or files_said is None or files is None or not 1 <= files <= 1000:
            read.append(mention)  # ("0 partes de ..." counts no files)
            continue
        start = mention.start - len(before) + files_said.start()
        end = mention.end + each.end() if each else mention.end
        read.append(replace(mention, value=mention.value * files, start=start, end=end))
    return read
