"""Data sizes pasted as tool output, said again as the prose the reader reads: `wc -l
treino.jsonl` → "48000 registros", `du -sh dados/` → "3277 mib no total", `ls -l`, `aws s3 ls
--summarize`, `gcloud storage du`, `jq length`, `cloc` and `tokei` (files and lines of code, in
tokens); what a query or a notebook printed is read by `pasted_data`, an R or a Spark console by
`console_output`. `as_prose` runs both over a
message.

Works on folded text (lower case, no accents), before numbers are read. What each tool prints and
what it counts is its documentation's: `du -h` and `ls -lh` print powers of 1024 (`--si`: of
1000), `ls -l` bytes, `wc` lines, words and bytes in that order.
"""

import re
from collections.abc import Callable

from bot.assistant.reader.console_output import console_counts
from bot.assistant.reader.histograms import binned
from bot.assistant.reader.pasted_data import (
    NUMBER,
    amount_said,
    card,
    dataset_dict,
    key_values,
    pandas,
    python_session,
    read_amount,
    respoken,
    sql,
    table,
    word_stats,
)
from bot.assistant.reader.pasted_sample import sample_said
from bot.assistant.reader.printed_stats import printed_stats
from bot.assistant.reader.quantity_arithmetic import load_quantities
from bot.assistant.reader.spans import amount

# "{'train_runtime': 16342.1, 'train_samples': 12000, 'epoch': 3.0}": what a run already did.
_RUN_LOG = re.compile(r"\{[^{}]*['\"]train_(?:runtime|samples_per_second|loss)['\"][^{}]*\}")
_PROMPT = re.compile(r"(?m)^[ \t]*(?:>>>|[$#%>]+)[ \t]+(?=[a-z(])")

# `wc -l` counts lines; in a table file each line is one record. Not "o wc do escritório".
_WC = re.compile(r"\bwc\b(?:\s+-(?P<flag>[lwcm])\b)?")
_WC_UNIT = {"w": "palavras no total", "m": "caracteres no total"}
_PIPED = re.compile(r"\b(?P<tool>ls|find|cat|git log)\b[^\n|]*\|\s*$")
_TABLE_FILE = re.compile(r"\.(?:jsonl?|csv|tsv|parquet)\b|\b(?:jsonl|csv|tsv)\b")
_WC_TRIPLE = re.compile(rf"(?<![\w.,])({NUMBER})\s+({NUMBER})\s+({NUMBER})(?![\w.,])")
_RESULT = re.compile(rf"(?<![\w.,/-])({NUMBER})(?![\w.,]*[a-z_/-])")
_TOTAL_LINE = re.compile(rf"(?m)^\s*({NUMBER})\s+total\s*$")
_SAID_AFTER = re.compile(
    r"\s*(?:mil|milh\w+|bilh\w+|k|m|mi|million\w*|billion\w*|thousand|palavras|words|caracteres|"
    r"characters|chars|linhas|lines|bytes|registros|rows|tokens|[kmgt]i?b)\b"
)
_FILE_AFTER = re.compile(r"[ \t]*(?:total\b|[\w./*-]+\.\w+\b)?")

# `du -sh`, `ls -lh`, `ls -l`: sizes of files and folders.
_SIZES_COMMAND = re.compile(
    r"\b(?:(?P<cloud>gcloud storage|gsutil) du|du\s+(?P<du>-\w+)(?P<si>\s+--si)?|"
    r"ls\s+-(?P<ls>\w*l\w*))(?=[\s`'\":]|$)"
)
_HUMAN_SIZE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s?([kmgt])(?:i?b)?(?=\s|$|[,;)`'\"])")
_LS_LINE = re.compile(
    r"^\s*[-l][rwxst-]{9}\S*\s+\d+\s+\S+\s+\S+\s+(?P<size>\S+)\s.*?(?P<name>\S+)\s*$"
)
_DU_LINE = re.compile(r"^\s*(?P<size>\d+(?:[.,]\d+)?[kmgt]?)\s+(?P<name>\S+)\s*$")
_POWERS = {"k": 1, "m": 2, "g": 3, "t": 4}
# A file or folder held out of training: "valid.jsonl", "test/", "pdfs/" beside "texto/".
_HELD_OUT = re.compile(
    r"\b(?:valid\w*|val|test\w*|dev|eval\w*|holdout|pdfs?|raw|brutos?|imagens|images|audios?|"
    r"zips?|originais)\b"
)

# `aws s3 ls --summarize`, and `rclone size`, which adds the exact counts in parentheses
# ("Total objects: 18.600k (18600)", "Total size: 1.109 GiB (1190400000 Byte)")
_OBJECTS = re.compile(
    rf"\btotal objects:\s*(?P<objects>{NUMBER})k?(?:\s*\((?P<exact_objects>\d+)\))?\s+"
    rf"total size:\s*(?P<size>{NUMBER})[ \t]*(?P<unit>bytes|kib|mib|gib|tib)?"
    r"(?:\s*\((?P<exact_bytes>\d+) bytes?\))?(?=\s|$)"
)
_JQ = re.compile(r"\bjq\b(?P<program>[^\n]*)\n\s*(?P<value>\d+(?:\.\d+)?)\s*(?:\n|$)")


# `cloc` and `tokei`: a header naming the columns, rows per language, and a SUM/Total row.
_CODE_HEADER = re.compile(r"(?m)^[ \t]*language[ \t]+(?P<columns>files(?:[ \t]+[a-z]+)+)[ \t]*$")
_CODE_ROW = re.compile(
    r"(?m)^[ \t]*(?P<name>[a-z][\w+#./ -]*?:?)[ \t]+(?P<cells>\d+(?:[ \t]+\d+)+)[ \t]*$"
)
_RULES = re.compile(r"(?:[ \t]*[-=]{10,}[ \t]*\n?)*")
_CLOC_BANNER = re.compile(r"(?m)^[ \t]*github\.com/aldanial/cloc.*\n?")


def _kept_only(language: str) -> re.Pattern[str]:
    """ "só o Python interessa": the one row a client keeps."""
    return re.compile(
        rf"\b(?:so|apenas|somente|only|just)\s+(?:o |a |os |the )?{re.escape(language)}\b"
    )


# "~420 KLOC em 2.100 arquivos", "1,2 MLOC de COBOL", "150 mil linhas de código": code's lines, in
# tokens at the words per line and tokens per English word of quantities.toml
_CODE_LINES = re.compile(
    r"(?P<number>\d+(?:[.,]\d+)?)\s*(?:(?P<kloc>kloc|ksloc)|(?P<mloc>mloc|msloc)|"
    r"(?P<scale>mil|milhao|milhoes|k|m|mi|thousand|million)?\s*"
    r"(?:linhas de codigo|lines of code|loc|sloc)\b)"
)


def _code_lines(folded: str) -> str:
    factors = load_quantities()
    per_line = factors.get("words_per_line").value * factors.get("tokens_per_english_word").value

    def said(found: re.Match[str]) -> str:
        lines = amount(found["number"], found["scale"])
        lines *= 1e3 if found["kloc"] else 1e6 if found["mloc"] else 1
        return f"{amount_said(lines * per_line)} tokens de codigo"

    return _CODE_LINES.sub(said, folded)


def _lines_of_code(folded: str) -> str:
    """ "Python 680 19000 22000 150000 ... SUM: 800 22000 22400 177600" → "800 arquivos com
    2600000 tokens no total": the files, and the lines with text (code and comments, not blank
    ones) at the words per line and tokens per English word of quantities.toml."""
    header = _CODE_HEADER.search(folded)
    if header is None:
        return folded
    columns = header["columns"].split()
    rows = list(_CODE_ROW.finditer(folded, header.end()))
    rows = [row for row in rows if len(row["cells"].split()) == len(columns)]
    if not rows:
        return folded
    totals = [r for r in rows if r["name"].rstrip(":") in ("sum", "total")]
    # "Só o Python interessa": the one language the client keeps
    kept = [r for r in rows if r not in totals and _kept_only(r["name"].strip()).search(folded)]
    cells = [[int(cell) for cell in row["cells"].split()] for row in kept or totals[:1] or rows]
    summed = dict(zip(columns, (sum(column) for column in zip(*cells, strict=True)), strict=True))
    lines = summed.get("code", 0) + summed.get("comment", 0) + summed.get("comments", 0)
    factors = load_quantities()
    per_line = factors.get("words_per_line").value * factors.get("tokens_per_english_word").value
    said = f"{summed['files']} arquivos com {amount_said(lines * per_line)} tokens no total"
    begin = (_CLOC_BANNER.search(folded, 0, header.start()) or header).start()
    last = (totals or rows)[-1].end()
    rules = _RULES.match(folded, last + 1)
    end = rules.end() if rules else last
    return f"{folded[:begin]}{said}\n{folded[end:]}"


def as_prose(folded: str) -> str:
    """`folded` with each tool output it holds replaced by the size it prints, in words."""
    folded = _PROMPT.sub("", folded)  # "$ wc -l": a shell prompt, never a dollar amount
    folded = _RUN_LOG.sub("", folded)  # a past run's trainer log: that run's figures
    rewrites: list[Callable[[str], str]] = [
        console_counts,  # before `sample_said` counts the words of pdfinfo's or ffprobe's lines
        binned,  # before `table` reads a histogram's bins as sets of records
        sample_said,
        _lines_of_code,
        _code_lines,
        dataset_dict,
        word_stats,
        printed_stats,  # before `table` reads tab-separated lines as a table
        table,
        card,
        _objects,
        _jq,
        python_session,
        key_values,
        pandas,
        _sizes,
        _csv_count,
        _row_groups,
        _wc,
        sql,
        _sheet_rows,
    ]
    for rewrite in rewrites:
        folded = rewrite(folded)
    return folded


def without_code(text: str) -> str:
    """`text` less the tool output it quotes, for a reader of its language."""
    return _STATEMENT.sub(" ", _CODE_LINE.sub("", text))


# Lines and statements in a language of their own: commands, queries, their output.
_CODE_LINE = re.compile(
    r"(?im)^[ \t]*(?:(?:>>>|[$#%>]+)[ \t]+\S.*|(?:select|from|where|group by|order by)\b.*|"
    r"[-+|=\s]+|[\d\s|.,:()-]+(?:rows?|linhas?)?\)?|[-dl][rwxst-]{9}.*|"
    r"\d+(?:[.,]\d+)?[kmgt]?\s+\S+)$"
)
_STATEMENT = re.compile(
    r"(?is)\bselect\b.{0,300}?;|\b(?:wc|du|ls)\s+-\w+[^\n.;]*|\{[^{}]*\}|"
    r"\b\w+=[\w.\"'/-]+(?:,?\s+\w+=[\w.\"'/-]+)+"  # JSON objects, "rows=210000 avg_tokens=300"
)


# "=CONT.VALORES(C2:C12601)", "selecionei o intervalo A2:H48001": a spreadsheet's range, its rows
# (counted or selected: "=MÉDIA(D2:D24001)" averages a column, it counts nothing)
_SHEET_RANGE = re.compile(
    r"(?P<said>\b(?:cont\.?valores|cont\.?se|counta|countif|count|contar|intervalo|range|"
    r"selecion\w*|selected)\b\W{0,3}(?:[a-z]+\W{1,3}){0,3}?)"
    r"[a-z]{1,3}(?P<first>\d{1,7}):[a-z]{1,3}(?P<last>\d{1,7})\b"
)


def _sheet_rows(folded: str) -> str:
    def rows(found: re.Match[str]) -> str:
        count = int(found["last"]) - int(found["first"]) + 1
        return f"{found['said']}{count} linhas da planilha" if count > 1 else found[0]

    return _SHEET_RANGE.sub(rows, folded)


# `xsv count`, `qsv count`, `csvstat --count`: a CSV's data rows, its header left out. Said with the
# `wc -l` of the same file, the rows are these (wc counts the header too).
_CSV_COUNT = re.compile(
    r"(?:^|\n)[ \t]*(?:\$ )?(?:xsv|qsv) count [^\n]*\n\s*(?P<rows>\d+)\b|"
    r"(?:^|\n)[ \t]*(?:\$ )?csvstat --count [^\n]*\n\s*(?:row count: )?(?P<stat_rows>\d+)\b"
)
_WC_BLOCK = re.compile(r"(?:^|\n)[ \t]*(?:\$ )?wc -l [^\n]*\n\s*\d+[^\n]*")


# `parquet-tools meta`: each row group's rows ("RC:48000"); sizes (TS) and offsets count nothing
_ROW_GROUP = re.compile(r"(?:^|\n)[ \t]*row group \d+:\s*rc:(?P<rows>\d+)[^\n]*")


def _row_groups(folded: str) -> str:
    groups = list(_ROW_GROUP.finditer(folded))
    if not groups:
        return folded
    said = f"\n{sum(int(group['rows']) for group in groups)} registros"
    return f"{folded[: groups[0].start()]}{said}{_ROW_GROUP.sub('', folded[groups[0].start() :])}"


def _csv_count(folded: str) -> str:
    found = _CSV_COUNT.search(folded)
    if found is None:
        return folded
    said = f"\n{found['rows'] or found['stat_rows']} registros\n"
    folded = f"{folded[: found.start()]}{said}{folded[found.end() :]}"
    return _WC_BLOCK.sub("", folded)


def _wc(folded: str) -> str:
    start = 0
    while command := _WC.search(folded, start):
        after = _WC.search(folded, command.end())
        block = folded[command.end() : after.start() if after else len(folded)]
        said, found = _wc_result(command, block, folded[: command.start()])
        if not said or found is None:
            start = command.end()
            continue
        piped = _PIPED.search(folded, 0, command.start())
        begin = piped.start() if piped else command.start()
        end = command.end() + found.end()
        if file := _FILE_AFTER.match(folded, end):  # "48000 treino.jsonl": the file it counted
            end = file.end()
        folded = f"{folded[:begin]}{said}{folded[end:]}"
        start = begin + len(said)
    return folded


def _wc_result(command: re.Match[str], block: str, before: str) -> tuple[str, re.Match[str] | None]:
    """What one `wc` printed, in words, and where its figure ends in `block`."""
    flag = command["flag"]
    piped = _PIPED.search(before)
    table = bool(_TABLE_FILE.search(block) or _TABLE_FILE.search(before[-80:]))
    if flag is None:  # `wc file`: lines, words and bytes; the bytes size a structured file
        triple = _WC_TRIPLE.search(block)
        if triple is None:
            return "", None
        lines, size = respoken(triple[1]), amount_said(read_amount(triple[3]) / 1e6)
        return f"{lines} {'registros' if table else 'linhas'}, {size} mb no total", triple
    found = _TOTAL_LINE.search(block) or _RESULT.search(block)
    if found is None or _SAID_AFTER.match(block, found.end()):
        return "", None  # "wc -m deu 84 milhões de caracteres": already said in words
    if flag == "l" and piped and piped["tool"] in ("ls", "find"):
        unit = "arquivos"  # `ls contratos/ | wc -l`: files, one example each only if said
    elif flag == "l" and piped and piped["tool"] == "git log":
        unit = "commits"  # `git log --oneline | wc -l`: one line a commit
    else:
        unit = _WC_UNIT.get(flag) or ("registros" if table else "linhas")
    if flag == "c":  # bytes
        return f"{amount_said(read_amount(found[1]) / 1e6)} mb no total", found
    return f"{respoken(found[1])} {unit}", found


def _sizes(folded: str) -> str:
    command = _SIZES_COMMAND.search(folded)
    if command is None:
        return folded
    base = 1000 if command["si"] else 1024
    # `du -s` without -h counts KiB blocks; `ls -l` and the clouds' `du` print bytes
    raw = 1024 if command["du"] and not re.search(r"[hb]", command["du"]) else 1
    line_end = folded.find("\n", command.end())
    line_end = len(folded) if line_end < 0 else line_end
    inline = folded[command.end() : line_end]
    lines = folded[line_end + 1 :].split("\n") if line_end < len(folded) else []
    taken = 0
    sizes: list[tuple[str, float]] = []
    for line in lines:
        row = _LS_LINE.match(line) or _DU_LINE.match(line)
        if row is None:
            if re.match(r"^\s*total\s+\S+\s*$", line):
                taken += 1
                continue
            break
        taken += 1
        sizes.append((row["name"], _bytes(row["size"], base, raw)))
    if not sizes:  # "o `du -sh tickets/` mostra 768M": the size in the same line
        found = _HUMAN_SIZE.search(inline)
        if found is None:
            return folded
        said = f"{amount_said(_bytes(found[0], base, raw) / 2**20)} mib no total"
        rest = inline[found.end() :]
        return f"{folded[: command.start()]}{said}{rest}{folded[line_end:]}"
    totals = [size for name, size in sizes if name == "total"]
    kept = [size for name, size in sizes if name != "total" and not _HELD_OUT.search(name)]
    total = totals[-1] if totals and not kept else sum(kept or [s for _, s in sizes])
    said = f"{amount_said(total / 2**20)} mib no total"
    if any(_TABLE_FILE.search(name) for name, _size in sizes):
        said += " em jsonl"  # a table's lines are its records
    after = "\n".join(lines[taken:])
    return f"{folded[: command.start()]}{said}{inline}\n{after}"


def _bytes(said: str, base: int, raw: int) -> float:
    """ "3.2g", "750m", "400000000": a size as `du`/`ls` print it, in bytes."""
    found = re.fullmatch(r"(\d+(?:[.,]\d+)?)\s?([kmgt])?(?:i?b)?", said.strip())
    if found is None:
        return 0.0
    value = read_amount(found[1])
    return value * base ** _POWERS[found[2]] if found[2] else value * raw


def _objects(folded: str) -> str:
    """`aws s3 ls --summarize`: the objects and their total size."""
    found = _OBJECTS.search(folded)
    if found is None:
        return folded
    unit = found["unit"] if found["unit"] and found["unit"] != "bytes" else ""
    size = read_amount(found["size"]) * (2 ** (10 * ("kmgt".index(unit[0]) + 1)) if unit else 1)
    size = float(found["exact_bytes"]) if found["exact_bytes"] else size
    objects = found["exact_objects"] or respoken(found["objects"])
    said = f"{objects} arquivos, {amount_said(size / 1e6)} mb no total"
    return f"{folded[: found.start()]}{said}{folded[found.end() :]}"


def _jq(folded: str) -> str:
    """`jq length` counts an array's items; a mean of string lengths is characters."""

    def said(match: re.Match[str]) -> str:
        program = match["program"]
        if re.search(r"\|\s*length\s*\]?\s*\|\s*add\s*/\s*length", program):
            return f"{respoken(match['value'])} caracteres cada\n"
        if re.search(r"\blength\b", program):
            return f"{respoken(match['value'])} registros\n"
        return match[0]

    return _JQ.sub(said, folded)
