"""Counts printed by a console, a tool or a dialog, said as prose: R's `nrow(bo)` / `[1] 76800` is
76.800 records and `mean(nchar(bo$texto))` each one's characters; Spark's `df.count()` counts the
rows and `avg(length(body))` each row's characters; Windows' "Tamanho: 1,07 GB (1.152.000.000
bytes)" / "Contém: 48.000 Arquivos" is the exact byte count and the files, never "Tamanho em
disco"; information_schema's TABLE_ROWS and AVG_ROW_LENGTH are the rows and their bytes, never
DATA_LENGTH; OpenSearch's `_count` is the documents, never a search's `hits.total` with
`"relation": "gte"` (a lower bound); `_cat/indices` sums `docs.count` (never `docs.deleted` nor
the store's sizes); `pdfinfo`'s "Pages:" and `qpdf --show-npages` are one PDF's pages; a dataset
card's `num_bytes` is the split's text in bytes; `rclone size` gives the objects and bytes in
parentheses; a progress bar run to its end counts the records; ffprobe's duration (or an API's
ISO 8601 average) is one recording's length, a report's total duration the hours of speech and
its "Chamadas transcritas: 22.500" the records; a script's "Total tokens:" is the dataset's
tokens. A median, a maximum or a minimum is never the size. Works on folded text, after the
prompts are taken out."""

import re

from bot.assistant.reader.pasted_data import NUMBER, respoken
from bot.assistant.reader.quantity_arithmetic import record_nouns

_R_ROWS = re.compile(rf"\bnrow\([^)\n]*\)\s*\n\s*\[1\]\s*(?P<n>{NUMBER})")
_R_MEAN = re.compile(
    rf"\bmean\(\s*nchar\([^)\n]*\)\s*\)\s*\n\s*\[1\]\s*(?P<n>{NUMBER})|"
    rf"\bmean\(\s*(?:lengths|str_count)\([^\n]*\)\s*\n\s*\[1\]\s*(?P<words>{NUMBER})"
)
_R_OTHER = re.compile(r"\b(?:median|max|min|quantile|summary)\([^\n]*\)\s*\n\s*\[1\][^\n]*")
_SPARK_ROWS = re.compile(rf"\.count\(\)\s*\n\s*(?P<n>{NUMBER})\b")
_SPARK_MEAN = re.compile(
    rf"\|\s*avg\(length\([^)\n]*\)\)\s*\|\s*\n[+\-\s]*\n\s*\|\s*(?P<n>{NUMBER})\s*\|(?:\n[+\-\s]*)?"
)

# A folder's properties: the exact bytes in parentheses, the files it holds.
_ON_DISK = re.compile(r"(?m)^\s*(?:tamanho em disco|size on disk|no disco)\s*:[^\n]*$")
_FOLDER_SIZE = re.compile(
    rf"\b(?:tamanho|size)\s*:\s*{NUMBER}\s*[kmgt]i?b\s*\(\s*(?P<n>{NUMBER})\s*bytes\s*\)"
)
_FOLDER_FILES = re.compile(
    rf"\b(?:contem|contains)\s*:\s*(?P<n>{NUMBER})\s*(?:arquivos|files)(?:\s*,\s*{NUMBER}\s*"
    r"(?:pastas|folders))?"
)

# MySQL's information_schema ("TABLE_ROWS: 1840000 | AVG_ROW_LENGTH: 512 | DATA_LENGTH: ..."): the
# rows and each row's bytes; the table's and its indexes' sizes on disk are no length.
_TABLE_ROWS = re.compile(rf"\btable[ _]rows\s*[:=|]?\s*(?P<n>{NUMBER})")
_ROW_LENGTH = re.compile(rf"\bavg[ _]row[ _]length\s*[:=|]?\s*(?P<n>{NUMBER})")
_TABLE_SIZES = re.compile(rf"\b(?:data|index)[ _]length\s*[:=|]?\s*{NUMBER}")

# Elasticsearch and OpenSearch: `_count`'s "count" is the documents; a search's "hits.total" with
# "relation": "gte" is only a lower bound (10.000 by default), and shards and timings are no data.
_SEARCH_NOISE = re.compile(
    r'"total"\s*:\s*\{\s*"value"\s*:\s*\d+\s*,\s*"relation"\s*:\s*"gte"\s*\}|'
    r'"_shards"\s*:\s*\{[^{}]*\}|"took"\s*:\s*\d+|"max ?score"\s*:\s*[\d.]+'
)
_DOC_COUNT = re.compile(rf'\{{\s*"count"\s*:\s*(?P<n>{NUMBER})')


# `_cat/indices?v`: a header naming the columns, then one row per index.
_CAT_HEADER = re.compile(r"(?m)^[ \t]*(?:health[ \t]+)?[a-z. \t]*\bdocs\.count\b[a-z. \t]*$")
# pdfinfo prints one PDF's properties, "Pages: 64" among them; qpdf prints the count alone.
_PDF_PAGES = re.compile(
    r"(?m)^[ \t]*pages:[ \t]*(?P<n>\d+)[ \t]*$|\bqpdf --show-npages[^\n]*\n\s*(?P<q>\d+)\b"
)
_PDF_PROPERTIES = re.compile(
    r"(?m)^[ \t]*(?:producer|creator|creationdate|moddate|page size|page rot|pdf version|file size|"
    r"tagged|encrypted|optimized|title|author|subject|keywords|form|javascript|userproperties|"
    r"suspects|custom metadata|metadata stream|linearized)[ \t]*:[^\n]*$"
)


# A tqdm progress bar run to the end ("Map: 100%|████| 52480/52480 [00:41<00:00, 1279.99
# examples/s]"): the total is the records; its time and rate are no data.
_PROGRESS = re.compile(r"\b100%\s*\|[^|\n]*\|\s*(?P<n>\d+)/(?P=n)\b\s*(?:\[[^\]\n]*\])?")
# "Total tokens: 21,500,000" printed by a tokenizing script: the dataset's tokens
_TOTAL_TOKENS = re.compile(
    rf"\b(?:total (?:de )?tokens|tokens totais|total_tokens|num_tokens)\s*[:=]\s*(?P<n>{NUMBER})"
)
# ffprobe on one recording: "Duration: 00:06:40.00, start: ..., bitrate: 64 kb/s" or
# "[FORMAT]\nduration=1520.000000": its length (bitrate and sample rate are no data)
_FFPROBE = re.compile(
    r"\bduration: (?P<h>\d\d):(?P<m>[0-5]\d):(?P<s>[0-5]\d(?:\.\d+)?)"
    r"(?:,\s*start: [\d.]+)?(?:,\s*bitrate: \d+ kb/s)?|"
    r"\bduration=(?P<seconds>\d+(?:\.\d+)?)"
)
# A dialer's report, "Duração total transcrita: 1250:00:00": the hours of speech in all; an API's
# "avg_duration": "PT3M20S" (ISO 8601): one recording's length.
_TOTAL_DURATION = re.compile(
    r"\bdura\w* total(?: transcrita| gravada| de audio)?\s*[:=]\s*"
    r"(?P<h>\d+):(?P<m>[0-5]\d):[0-5]\d\b"
)
_ISO_DURATION = re.compile(
    r"\b(?:avg|average|mean|media)[ _]?duration\W{0,4}\s*[:=]\s*\W?"
    r"pt(?:(?P<h>\d+)h)?(?:(?P<m>\d+)m)?(?:(?P<s>\d+(?:\.\d+)?)s)?\b\W?"
)
# A report's line "Chamadas transcritas: 22.500": a record noun, a word about it, then its count.
_RECORD_LINE = re.compile(
    rf"(?m)^[ \t]*(?P<noun>[a-z]+)(?: [a-z]+)?[ \t]*:[ \t]*(?P<n>{NUMBER})[ \t]*$"
)
_STREAM = re.compile(r"(?m)^[ \t]*(?:stream #\d+:\d+|input #\d+)[^\n]*$|\[/?format\]")


def _said_seconds(seconds: float) -> str:
    return f"duracao de {seconds:.0f} segundos"


def _duration(found: re.Match[str]) -> str:
    if found["seconds"]:
        return _said_seconds(float(found["seconds"]))
    return _said_seconds(int(found["h"]) * 3600 + int(found["m"]) * 60 + float(found["s"]))


# `rclone size`: "Total objects: 1.250M (1250000)" and "Total size: 4.657 GiB (5000000000 Byte)",
# the exact figures in parentheses.
_RCLONE = re.compile(
    r"\btotal objects:[^(\n]*\((?P<objects>\d+)\)|\btotal size:[^(\n]*\((?P<bytes>\d+) bytes?\)"
)
# A Hugging Face dataset card's split: "num_examples: 48000, num_bytes: 192000000".
_SPLIT_BYTES = re.compile(r"\bnum_bytes\s*[:=]\s*(?P<n>\d+)\b")


def _index_documents(folded: str) -> str:
    """`folded` with a `_cat/indices` table said as the sum of its `docs.count` column."""
    header = _CAT_HEADER.search(folded)
    if header is None:
        return folded
    columns = header[0].split()
    column, end, total = columns.index("docs.count"), header.end(), 0
    for row in re.finditer(r"\n[ \t]*([^\n]+)", folded[end:]):
        cells = row[1].split()
        if len(cells) != len(columns) or not cells[column].isdigit():
            break
        total, end = total + int(cells[column]), header.end() + row.end()
    if total == 0:
        return folded
    return f"{folded[: header.start()]}{total} registros{folded[end:]}"


def console_counts(folded: str) -> str:
    """`folded` with what an R or a Spark session printed said as records and their length."""
    folded = _index_documents(folded)
    folded = _TOTAL_DURATION.sub(
        lambda m: f"{int(m['h']) + int(m['m']) / 60:g} horas de audio transcrito", folded
    )
    folded = _ISO_DURATION.sub(
        lambda m: _said_seconds(
            int(m["h"] or 0) * 3600 + int(m["m"] or 0) * 60 + float(m["s"] or 0)
        ),
        folded,
    )
    folded = _RECORD_LINE.sub(
        lambda m: f"{respoken(m['n'])} {m['noun']}" if m["noun"] in record_nouns() else m[0],
        folded,
    )
    if _FFPROBE.search(folded):
        folded = _FFPROBE.sub(_duration, _STREAM.sub("", folded))
    folded = _PROGRESS.sub(lambda m: f"{m['n']} registros", folded)
    folded = _TOTAL_TOKENS.sub(lambda m: f"{respoken(m['n'])} tokens no total", folded)
    folded = _RCLONE.sub(
        lambda m: f"{m['objects']} arquivos" if m["objects"] else f"{m['bytes']} bytes no total",
        folded,
    )
    folded = _SPLIT_BYTES.sub(lambda m: f"{m['n']} bytes no total", folded)
    if _PDF_PAGES.search(folded):
        folded = _PDF_PAGES.sub(
            lambda m: f"{m['n'] or m['q']} paginas", _PDF_PROPERTIES.sub("", folded)
        )
    if _DOC_COUNT.search(folded):
        folded = _DOC_COUNT.sub(
            lambda m: f"{{ {respoken(m['n'])} registros", _SEARCH_NOISE.sub(" ", folded)
        )
    if _TABLE_ROWS.search(folded):
        folded = _TABLE_SIZES.sub(" ", folded)
        folded = _ROW_LENGTH.sub(lambda m: f"de {respoken(m['n'])} bytes cada", folded)
        folded = _TABLE_ROWS.sub(lambda m: f"{respoken(m['n'])} registros", folded)
    folded = _R_OTHER.sub("", folded)
    folded = _R_ROWS.sub(lambda m: f"{respoken(m['n'])} registros", folded)
    folded = _R_MEAN.sub(
        lambda m: (
            f"de {respoken(m['n'])} caracteres cada"
            if m["n"]
            else f"de {respoken(m['words'])} palavras cada"
        ),
        folded,
    )
    folded = _SPARK_ROWS.sub(lambda m: f" {respoken(m['n'])} registros", folded)
    folded = _SPARK_MEAN.sub(lambda m: f"de {respoken(m['n'])} caracteres cada\n", folded)
    folded = _FOLDER_SIZE.sub(
        lambda m: f"{respoken(m['n'])} bytes no total", _ON_DISK.sub("", folded)
    )
    return _FOLDER_FILES.sub(lambda m: f"{respoken(m['n'])} arquivos", folded)
