"""Data sizes pasted as tool output, said again as the prose the reader reads: `wc -l
treino.jsonl` → "48000 registros", `du -sh dados/` → "3.2 gib no total", a SQL `COUNT(*)` and
`AVG(LENGTH(corpo))` → "52340 registros", "1840 caracteres cada", pandas' `df.shape` → the rows.

Works on folded text (lower case, no accents), before numbers are read.
"""

import re

_PROMPT = re.compile(r"(?m)^[ \t]*[$#%>]+[ \t]+(?=[a-z])")
# `wc -l` counts lines; in a table file each line is one record.
_WC = re.compile(r"\bwc\s+-(?P<flag>[lwcm])\b")
_WC_UNIT = {"w": "palavras no total", "c": "bytes", "m": "caracteres no total"}
_TABLE_FILE = re.compile(r"\.(?:jsonl?|csv|tsv|parquet)\b|\b(?:jsonl|csv|tsv)\b")
# A result said after the command: "48000 treino.jsonl", "deu 48.213", "3000 total".
_RESULT = re.compile(r"(?<![\w.,/-])(\d+(?:[.,]\d+)*)(?![\w.,]*[a-z_/-])")
_FILE_AFTER = re.compile(r"[ \t]*(?:total\b|[\w./-]+\.\w+\b)?")
_TOTAL_LINE = re.compile(r"(?m)^\s*(\d+(?:[.,]\d+)*)\s+total\s*$")

# `du -sh` and `ls -lh` print sizes in powers of 1024: "3.2G", "850M".
_SIZES_COMMAND = re.compile(r"\b(?:du\s+-\w*h|ls\s+-\w*l\w*h|ls\s+-\w*h\w*l)\w*")
_HUMAN_SIZE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s?([kmgt])(?:i?b)?(?=\s|$|[,;)])")
_POWERS = {"k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
_OUTPUT_LINE = re.compile(
    r"^\s*(?:\d+(?:[.,]\d+)?\s?[kmgt]?\s+\S+|total\s+\S+|[-dl][rwxst-]{9}\S*\s.*)\s*$"
)

# SQL aggregates, one level of nesting inside: "avg(length(corpo))".
_AGGREGATE = re.compile(
    r"\b(?P<fn>count|avg|mean|sum)\s*\((?P<arg>(?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)"
)
_SQL_NUMBER = re.compile(r"(?<![\w.,(])(\d+(?:[.,]\d+)*)(?![\w(])")
# Numbers of the query itself, not its result: "where ano >= 2020", "limit 100", "(1 row)".
_QUERY_NUMBER = re.compile(r"(?:(?<!-)>=?|<=?|!=|(?<![<>!])=|\blimit|\btop|\binterval|'|\")\s*$")
_ROWS_AFTER = re.compile(r"^\s*(?:rows?|linhas?|registros?)\)")
_PANDAS_ROWS = re.compile(
    r"\.shape\b[^\n(]{0,30}\(\s*(\d+(?:[.,]\d+)*)\s*,\s*\d+\s*\)|"
    r"\blen\(\s*(?:df|dataset|ds|data|train)\w*\s*\)[^\d\n]{0,20}(\d+(?:[.,]\d+)*)|"
    r"\brangeindex:\s*(\d+)\s+entries"
)
_PANDAS_MEAN = re.compile(
    r"\.str\.(?P<words>split\(\)\.(?:str\.len|apply\(len\))|len)\(\)\.mean\(\)"
    r"[^\d\n]{0,20}(?P<value>\d+(?:[.,]\d+)*)"
)


def as_prose(folded: str) -> str:
    """`folded` with each tool output it holds replaced by the size it prints, in words."""
    folded = _PROMPT.sub("", folded)  # "$ wc -l": a shell prompt, never a dollar amount
    folded = _pandas(folded)
    folded = _sizes(folded)
    folded = _wc(folded)
    return _sql(folded)


# Lines and statements in a language of their own: commands, queries, their output.
_CODE_LINE = re.compile(
    r"(?im)^[ \t]*(?:[$#%>]+[ \t]+\S.*|(?:select|from|where|group by|order by)\b.*|"
    r"[-+|=\s]+|[\d\s|.,:()-]+(?:rows?|linhas?)?\)?|[-dl][rwxst-]{9}.*|\d+(?:[.,]\d+)?[kmgt]?\s+\S+)$"
)
_STATEMENT = re.compile(r"(?is)\bselect\b.{0,300}?;|\b(?:wc|du|ls)\s+-\w+[^\n.;]*")


def without_code(text: str) -> str:
    """`text` less the tool output it quotes, for a reader of its language."""
    return _STATEMENT.sub(" ", _CODE_LINE.sub("", text))


def _value(said: str) -> float:
    """ "52340", "1840.5", and "52.340" typed by hand (thousands, the Brazilian way)."""
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", said):
        return float(re.sub(r"[.,]", "", said))
    return float(said.replace(",", "."))


def _said(value: float) -> str:
    return f"{value:.0f}" if value >= 10 else f"{value:.2f}".rstrip("0").rstrip(".")


def _wc(folded: str) -> str:
    command = _WC.search(folded)
    if command is None:
        return folded
    block_end = folded.find("$", command.end())
    block = folded[command.end() : block_end if block_end > 0 else len(folded)]
    found = _TOTAL_LINE.search(block) or _RESULT.search(block)
    if found is None:
        return folded
    flag = command["flag"]
    unit = _WC_UNIT.get(flag) or ("registros" if _TABLE_FILE.search(block) else "linhas")
    said = f"{_said(_value(found[1]))} {unit}"
    end = command.end() + found.end()
    if file := _FILE_AFTER.match(folded, end):  # "48000 treino.jsonl": the file it counted
        end = file.end()
    return f"{folded[: command.start()]}{said}{folded[end:]}"


def _sizes(folded: str) -> str:
    command = _SIZES_COMMAND.search(folded)
    if command is None:
        return folded
    line_end = folded.find("\n", command.end())
    lines = folded[line_end + 1 :].split("\n") if line_end >= 0 else []
    taken = [folded[command.end() : line_end if line_end >= 0 else len(folded)]]
    for line in lines:
        if not _OUTPUT_LINE.match(line):
            break
        taken.append(line)
    output = "\n".join(taken)
    sizes = [_value(m[1]) * _POWERS[m[2]] for m in _HUMAN_SIZE.finditer(output)]
    totals = [m for m in _HUMAN_SIZE.finditer(output) if re.match(r"\s+total\b", output[m.end() :])]
    if totals:
        sizes = [_value(totals[-1][1]) * _POWERS[totals[-1][2]]]
    if not sizes:
        return folded
    said = f"{_said(sum(sizes) / 2**20)} mib no total"
    return f"{folded[: command.start()]}{said}\n" + "\n".join(lines[len(taken) - 1 :])


def _sql(folded: str) -> str:
    aggregates = [(m, _aggregate_unit(m)) for m in _AGGREGATE.finditer(folded)]
    aggregates = [(m, unit) for m, unit in aggregates if unit]
    if not aggregates:
        return folded
    inside = [(m.start(), m.end()) for m, _ in aggregates]
    pending: list[str] = []
    said: list[tuple[int, int, str]] = []
    events = sorted(
        [(m.start(), "aggregate", unit) for m, unit in aggregates]
        + [
            (n.start(), "number", n[1])
            for n in _SQL_NUMBER.finditer(folded)
            if not any(start <= n.start() < end for start, end in inside)
            and not _QUERY_NUMBER.search(folded, 0, n.start())
            and not _ROWS_AFTER.match(folded, n.end())
        ]
    )
    for start, kind, what in events:
        if kind == "aggregate":
            pending.append(what)
        elif pending:
            said.append((start, start + len(what), f"{_said(_value(what))} {pending.pop(0)}"))
    said += [(start, end, "consulta") for start, end in inside]
    for start, end, words in sorted(said, reverse=True):
        folded = f"{folded[:start]}{words}{folded[end:]}"
    return folded


def _aggregate_unit(match: re.Match[str]) -> str:
    """What one aggregate counts, in the reader's words; "" when it counts nothing of the data."""
    fn, arg = match["fn"], match["arg"]
    if fn == "count":
        return "registros"
    each = "no total" if fn == "sum" else "cada"
    if re.search(r"token", arg):
        return f"tokens {each}"
    if re.search(r"palavra|word|split|array_length", arg):
        return f"palavras {each}"
    if re.search(r"\b(?:length|len|char_length|character_length|octet_length)\b|char|tamanho", arg):
        return f"caracteres {each}"
    return ""


def _pandas(folded: str) -> str:
    def rows(match: re.Match[str]) -> str:
        said = next(group for group in match.groups() if group)
        return f" {_said(_value(said))} registros"

    def mean(match: re.Match[str]) -> str:
        unit = "palavras" if "split" in match["words"] else "caracteres"
        return f" {_said(_value(match['value']))} {unit} cada"

    return _PANDAS_MEAN.sub(mean, _PANDAS_ROWS.sub(rows, folded))
