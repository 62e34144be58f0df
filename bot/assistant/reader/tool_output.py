"""Data sizes pasted as tool output, said again as the prose the reader reads: `wc -l
treino.jsonl` → "48000 registros", `du -sh dados/` → "3277 mib no total", a SQL `COUNT(*)` and
`AVG(LENGTH(corpo))` → "52340 registros de 1840 caracteres cada", pandas' `df.shape` and
`.describe()`, a Hugging Face card's train split, `aws s3 ls --summarize`, `jq length`.

Works on folded text (lower case, no accents), before numbers are read. What each tool prints and
what it counts is its documentation's: `du -h` and `ls -lh` print powers of 1024 (`--si`: of
1000), `ls -l` bytes, `wc` lines, words and bytes in that order.
"""

import re
from collections.abc import Callable

_NUMBER = r"\d+(?:[.,]\d+)*"
# "{'train_runtime': 16342.1, 'train_samples': 12000, 'epoch': 3.0}": what a run already did.
_RUN_LOG = re.compile(r"\{[^{}]*['\"]train_(?:runtime|samples_per_second|loss)['\"][^{}]*\}")
_PROMPT = re.compile(r"(?m)^[ \t]*(?:>>>|[$#%>]+)[ \t]+(?=[a-z(])")

# `wc -l` counts lines; in a table file each line is one record. Not "o wc do escritório".
_WC = re.compile(r"\bwc\b(?:\s+-(?P<flag>[lwcm])\b)?")
_WC_UNIT = {"w": "palavras no total", "m": "caracteres no total"}
_PIPED = re.compile(r"\b(?P<tool>ls|find|cat)\b[^\n|]*\|\s*$")
_TABLE_FILE = re.compile(r"\.(?:jsonl?|csv|tsv|parquet)\b|\b(?:jsonl|csv|tsv)\b")
_WC_TRIPLE = re.compile(rf"(?<![\w.,])({_NUMBER})\s+({_NUMBER})\s+({_NUMBER})(?![\w.,])")
_RESULT = re.compile(rf"(?<![\w.,/-])({_NUMBER})(?![\w.,]*[a-z_/-])")
_TOTAL_LINE = re.compile(rf"(?m)^\s*({_NUMBER})\s+total\s*$")
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

# SQL aggregates, two levels of nesting inside: "avg(length(corpo))".
_AGGREGATE = re.compile(
    r"\b(?P<fn>count|avg|mean|sum)\s*\((?P<arg>(?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)"
)
_SQL_NUMBER = re.compile(rf"(?<![\w.,(])({_NUMBER})(?![\w(])")
# Numbers of the query itself, not its result: "where ano >= 2020", "limit 100", "(1 row)".
_QUERY_NUMBER = re.compile(r"(?:(?<!-)>=?|<=?|!=|(?<![<>!])=|\blimit|\btop|\binterval|'|\")\s*$")
_ROWS_AFTER = re.compile(r"\s*(?:rows?|linhas?|registros?)\)")
_SQL_END = re.compile(r"\(\d+ (?:rows?|linhas?)\)")
# A printed result row: "radiologia | 12000 | 3200", " 52340", "-------+------".
_TABLE_ROW = re.compile(r"^\s*(?:[^|\n]*\|[^\n]*|[\d.,\s]+|[-+\s]+|[a-z_ |]+)$")

_PANDAS_ROWS = re.compile(
    rf"\.shape\b[^(]{{0,30}}\(\s*({_NUMBER})\s*,\s*\d+\s*\)|"
    rf"\blen\(\s*(?:df|dataset|ds|data|train)\w*\s*\)[^\d\n]{{0,20}}({_NUMBER})|"
    rf"\brangeindex:\s*({_NUMBER})\s+entries"
)
# "df['n_tokens'].mean()", "df.texto.str.len().mean()", "...str.split().str.len().mean()"
_PANDAS_MEAN = re.compile(
    r"(?:\[['\"](?P<column>[\w ]+)['\"]\]|\.(?P<attr>[a-z_]\w*))?(?P<how>(?:\.str\.(?:split\(\)\."
    rf"(?:str\.len|apply\(len\))|len)\(\))?)\.mean\(\)[^\d]{{0,20}}(?P<value>{_NUMBER})"
)
_DESCRIBE = re.compile(
    rf"\bcount\s+(?P<count>{_NUMBER})\s+mean\s+(?P<mean>{_NUMBER})"
    rf"[\s\S]*?(?:dtype: \w+|max\s+{_NUMBER})"
)
_DESCRIBED = re.compile(r"\[['\"](?P<column>[\w ]+)['\"]\]\.describe\(\)|\bname: (?P<name>\w+)")

# A Hugging Face card's train split: "- name: train / num_bytes: N / num_examples: M".
_CARD_TRAIN = re.compile(
    r"-\s*name:\s*train\s+(?:num_bytes:\s*(?P<bytes>\d+)\s+num_examples:\s*(?P<rows>\d+)|"
    r"num_examples:\s*(?P<rows2>\d+)\s+num_bytes:\s*(?P<bytes2>\d+))"
)
_CARD_LINE = re.compile(
    r"(?m)^[ \t]*(?:-\s*)?(?:dataset_info|features|splits|name|dtype|num_bytes|num_examples|"
    r"download_size|dataset_size|config_name|data_files|path|split)\b.*$\n?"
)
_OBJECTS = re.compile(
    rf"\btotal objects:\s*(?P<objects>{_NUMBER})\s+total size:\s*(?P<size>{_NUMBER})[ \t]*"
    r"(?P<unit>bytes|kib|mib|gib|tib)?(?=\s|$)"
)
# A markdown table pasted from a spreadsheet: a column of counts, maybe one of lengths.
_TABLE_BLOCK = re.compile(r"(?m)(?:^[ \t]*\|.*\|[ \t]*(?:\n|$)){3,}")
_COUNT_HEADER = re.compile(
    r"\b(?:qtd|qtde|quantidade|exemplos|examples|count|n|docs?|documentos|registros|linhas|rows|"
    r"amostras|samples|pares|pairs|itens|items|volume|total)\b"
)
_LENGTH_HEADER = re.compile(
    r"\b(?P<unit>palavras|words|tokens|paginas|pages|caracteres|characters|chars)\b"
)
# A Python session: "len(lens)" then "120000", "sum(lens)" then "96000000".
_PYTHON = re.compile(
    rf"\b(?P<fn>len|sum|max|min)\((?P<arg>[\w.]+)\)[ \t]*\n\s*(?P<value>{_NUMBER})[ \t]*(?=\n|$)"
)
_TOKENIZED = re.compile(r"\btok\w*\(|input_ids|\btokens?\b|tokenizer")
# "df['split'].value_counts()": the training part of a split column.
_SPLIT_COUNTS = re.compile(
    rf"\btrain\s+(?P<train>{_NUMBER})\s+(?:valid\w*|val|test|dev)\s+{_NUMBER}"
)
# "files=14 rows=210000 tokens_total=63000000 avg_tokens=300 p99=2048": a counting script's line.
_KEY_VALUES = re.compile(r"\b[a-z_]+\s*=\s*\d[\d.,]*(?:[ \t,;|]+[a-z_0-9]+\s*=\s*\d[\d.,]*)+")
_KEY_VALUE = re.compile(r"\b(?P<key>[a-z_0-9]+)\s*=\s*(?P<value>\d[\d.,]*)")
_KEY_SAID = {
    "registros": re.compile(r"^(?:n_|num_)?(?:rows|examples|count|samples|linhas|exemplos|"
                            r"registros)$"),
    "tokens no total": re.compile(r"^(?:tokens_total|total_tokens|num_tokens|n_tokens|tokens)$"),
    "tokens cada": re.compile(r"^(?:avg|mean|media)_tokens|tokens_(?:avg|mean|media)$"),
    "palavras cada": re.compile(r"^(?:avg|mean|media)_(?:words|palavras)$"),
    "palavras no total": re.compile(r"^(?:words|palavras|total_words|words_total)$"),
}  # fmt: skip
_JQ = re.compile(r"\bjq\b(?P<program>[^\n]*)\n\s*(?P<value>\d+(?:\.\d+)?)\s*(?:\n|$)")


def as_prose(folded: str) -> str:
    """`folded` with each tool output it holds replaced by the size it prints, in words."""
    folded = _PROMPT.sub("", folded)  # "$ wc -l": a shell prompt, never a dollar amount
    folded = _RUN_LOG.sub("", folded)  # a past run's trainer log: that run's figures
    rewrites: list[Callable[[str], str]] = [
        _table,
        _card,
        _objects,
        _jq,
        _python,
        _key_values,
        _pandas,
        _sizes,
        _wc,
        _sql,
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


def _value(said: str) -> float:
    """ "52340", "1840.5", and "52.340" typed by hand (thousands, the Brazilian way)."""
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", said):
        return float(re.sub(r"[.,]", "", said))
    return float(said.replace(",", ".", 1) if said.count(",") == 1 else said.replace(",", ""))


def _said(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


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
        lines, size = _said(_value(triple[1])), _said(_value(triple[3]) / 1e6)
        return f"{lines} {'registros' if table else 'linhas'}, {size} mb no total", triple
    found = _TOTAL_LINE.search(block) or _RESULT.search(block)
    if found is None or _SAID_AFTER.match(block, found.end()):
        return "", None  # "wc -m deu 84 milhões de caracteres": already said in words
    if flag == "l" and piped and piped["tool"] in ("ls", "find"):
        unit = "arquivos"  # `ls contratos/ | wc -l`: files, one example each only if said
    else:
        unit = _WC_UNIT.get(flag) or ("registros" if table else "linhas")
    if flag == "c":  # bytes
        return f"{_said(_value(found[1]) / 1e6)} mb no total", found
    return f"{_said(_value(found[1]))} {unit}", found


def _sizes(folded: str) -> str:
    command = _SIZES_COMMAND.search(folded)
    if command is None:
        return folded
    base = 1000 if command["si"] else 1024
    # `du -s` without -h counts KiB blocks; `ls -l` and the clouds' `du` print bytes
    raw = 1024 if command["du"] and "h" not in command["du"] else 1
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
        said = f"{_said(_bytes(found[0], base, raw) / 2**20)} mib no total"
        rest = inline[found.end() :]
        return f"{folded[: command.start()]}{said}{rest}{folded[line_end:]}"
    totals = [size for name, size in sizes if name == "total"]
    kept = [size for name, size in sizes if name != "total" and not _HELD_OUT.search(name)]
    total = totals[-1] if totals and not kept else sum(kept or [s for _, s in sizes])
    said = f"{_said(total / 2**20)} mib no total"
    if any(_TABLE_FILE.search(name) for name, _size in sizes):
        said += " em jsonl"  # a table's lines are its records
    after = "\n".join(lines[taken:])
    return f"{folded[: command.start()]}{said}{inline}\n{after}"


def _bytes(said: str, base: int, raw: int) -> float:
    """ "3.2g", "750m", "400000000": a size as `du`/`ls` print it, in bytes."""
    found = re.fullmatch(r"(\d+(?:[.,]\d+)?)\s?([kmgt])?(?:i?b)?", said.strip())
    if found is None:
        return 0.0
    value = float(found[1].replace(",", "."))
    return value * base ** _POWERS[found[2]] if found[2] else value * raw


def _sql(folded: str) -> str:
    aggregates = [(m, _aggregate_unit(m)) for m in _AGGREGATE.finditer(folded)]
    aggregates = [(m, unit) for m, unit in aggregates if unit]
    if not aggregates:
        return folded
    inside = [(m.start(), m.end()) for m, _ in aggregates]
    units = [unit for _, unit in aggregates]
    numbers: list[re.Match[str]] = []
    line_start = folded.rfind("\n", 0, aggregates[0][0].start()) + 1
    for line in re.finditer(r"(?m)^.*$", folded[line_start:]):
        start, end = line_start + line.start(), line_start + line.end()
        if not line[0].strip():
            continue
        on_line = [a for a in inside if start <= a[0] < end]
        table = bool(_TABLE_ROW.match(line[0]))
        if not on_line and not table and (numbers or start > inside[-1][1]):
            break  # the query and its printed rows are over
        found = [
            n
            for n in _SQL_NUMBER.finditer(folded, on_line[0][1] if on_line else start, end)
            if not any(a <= n.start() < b for a, b in inside)
            and not _QUERY_NUMBER.search(folded, 0, n.start())
            and not _ROWS_AFTER.match(folded, n.end())
        ]
        numbers += found if table else found[: len(on_line)]
    if not numbers:
        return folded
    # One row per group ("GROUP BY categoria"): each row's count and mean, joined as parts.
    rows = [numbers[i : i + len(units)] for i in range(0, len(numbers), len(units))]
    said = " e mais ".join(
        " de ".join(f"{_said(_value(n[1]))} {unit}" for n, unit in zip(row, units, strict=False))
        for row in rows
    )
    ended = _SQL_END.search(folded, numbers[-1].end())
    end = (
        ended.end()
        if ended and "\n" not in folded[numbers[-1].end() : ended.start()].strip()
        else numbers[-1].end()
    )
    return f"{folded[: aggregates[0][0].start()]}{said}{folded[end:]}"


def _aggregate_unit(match: re.Match[str]) -> str:
    """What one aggregate counts, in the reader's words; "" when it counts nothing of the data."""
    fn, arg = match["fn"], match["arg"]
    if fn == "count":
        return "registros"
    return _measured(arg, "no total" if fn == "sum" else "cada")


def _measured(column: str, each: str) -> str:
    """The unit a column or expression measures ("n_tokens", "length(texto)"); "" for none."""
    if "token" in column:
        return f"tokens {each}"
    if re.search(r"palavra|word|split|array_length", column):
        return f"palavras {each}"
    if re.search(
        r"\b(?:length|len|char_length|character_length|octet_length)\b|char|tamanho|len", column
    ):
        return f"caracteres {each}"
    return ""


def _pandas(folded: str) -> str:
    def rows(match: re.Match[str]) -> str:
        said = next(group for group in match.groups() if group)
        return f" {_said(_value(said))} registros"

    def mean(match: re.Match[str]) -> str:
        how = match["how"] or ""
        column = "split" if "split" in how else "len" if "len" in how else ""
        unit = _measured(column or match["column"] or match["attr"] or "", "cada")
        return f" {_said(_value(match['value']))} {unit}" if unit else match[0]

    def described(match: re.Match[str]) -> str:
        named = _DESCRIBED.search(folded)
        column = (named["column"] or named["name"]) if named else ""
        unit = _measured(column, "cada") or "tokens cada"
        return f"{_said(_value(match['count']))} registros de {_said(_value(match['mean']))} {unit}"

    folded = _DESCRIBE.sub(described, folded)
    if split := _SPLIT_COUNTS.search(folded):  # the training rows, not the whole frame's
        train = f"{_said(_value(split['train']))} registros de treino"
        folded = f"{folded[: split.start()]}{train}{folded[split.end() :]}"
        return _PANDAS_MEAN.sub(mean, _PANDAS_ROWS.sub("", folded))
    return _PANDAS_MEAN.sub(mean, _PANDAS_ROWS.sub(rows, folded))


def _card(folded: str) -> str:
    """A dataset card's train split: its rows and bytes; the other splits and the compressed
    download sizes are left out."""
    train = _CARD_TRAIN.search(folded)
    if train is None:
        return folded
    rows, size = train["rows"] or train["rows2"], train["bytes"] or train["bytes2"]
    said = f"{rows} registros, {_said(int(size) / 1e6)} mb no total\n"
    first = _CARD_LINE.search(folded)
    start = first.start() if first else train.start()
    return f"{folded[:start]}{said}{_CARD_LINE.sub('', folded[start:])}"


def _objects(folded: str) -> str:
    """`aws s3 ls --summarize`: the objects and their total size."""
    found = _OBJECTS.search(folded)
    if found is None:
        return folded
    unit = found["unit"] if found["unit"] and found["unit"] != "bytes" else ""
    size = _value(found["size"]) * (2 ** (10 * ("kmgt".index(unit[0]) + 1)) if unit else 1)
    said = f"{_said(_value(found['objects']))} arquivos, {_said(size / 1e6)} mb no total"
    return f"{folded[: found.start()]}{said}{folded[found.end() :]}"


def _jq(folded: str) -> str:
    """`jq length` counts an array's items; a mean of string lengths is characters."""

    def said(match: re.Match[str]) -> str:
        program = match["program"]
        if re.search(r"\|\s*length\s*\]?\s*\|\s*add\s*/\s*length", program):
            return f"{_said(_value(match['value']))} caracteres cada\n"
        if re.search(r"\blength\b", program):
            return f"{_said(_value(match['value']))} registros\n"
        return match[0]

    return _JQ.sub(said, folded)


def _python(folded: str) -> str:
    """A Python session's counts: `len(...)` counts records, `sum(...)` of token counts is the
    total; a maximum or minimum is never the size."""
    tokenized = bool(_TOKENIZED.search(folded))

    def said(match: re.Match[str]) -> str:
        value = _said(_value(match["value"]))
        if match["fn"] == "len":
            return f"{value} registros"
        if match["fn"] == "sum" and tokenized:
            return f"{value} tokens no total"
        return "" if match["fn"] in ("max", "min") else match[0]

    return _PYTHON.sub(said, folded)


def _table(folded: str) -> str:
    """Each row of a pasted table as "N registros de M palavras cada", rows joined as sets
    added to each other; a total row is not added again."""
    block = _TABLE_BLOCK.search(folded)
    if block is None:
        return folded
    rows = [
        [cell.strip(" *") for cell in line.strip().strip("|").split("|")]
        for line in block[0].strip().split("\n")
    ]
    header, body = rows[0], [r for r in rows[1:] if not re.fullmatch(r"[-:| ]*", "".join(r))]
    lengths = [i for i, cell in enumerate(header) if _LENGTH_HEADER.search(cell)]
    counts = [i for i, cell in enumerate(header) if _COUNT_HEADER.search(cell) and i not in lengths]
    if not counts:
        return folded
    unit = _LENGTH_HEADER.search(header[lengths[0]]) if lengths else None
    said: list[str] = []
    for row in body:
        if len(row) != len(header) or "total" in row[0]:
            continue
        count = re.fullmatch(_NUMBER, row[counts[0]])
        if count is None:
            continue
        part = f"{_said(_value(count[0]))} registros"
        length = re.fullmatch(_NUMBER, row[lengths[0]]) if lengths else None
        if length and unit:
            part += f" de {_said(_value(length[0]))} {unit['unit']} cada"
        said.append(part)
    if not said:
        return folded
    return f"{folded[: block.start()]}{' e mais '.join(said)}\n{folded[block.end() :]}"


def _key_values(folded: str) -> str:
    """ "rows=210000 tokens_total=63000000 avg_tokens=300 p99=2048": the counts and sizes said
    in words; files, percentiles and maxima left out."""

    def said(run: re.Match[str]) -> str:
        words = []
        for pair in _KEY_VALUE.finditer(run[0]):
            unit = next((u for u, key in _KEY_SAID.items() if key.search(pair["key"])), None)
            if unit:
                words.append(f"{_said(_value(pair['value']))} {unit}")
        return ", ".join(words) if words else run[0]

    return _KEY_VALUES.sub(said, folded)
