"""Data sizes pasted from a query or a notebook, said again as the prose the reader reads: a SQL
`COUNT(*)` and `AVG(LENGTH(corpo))` → "52340 registros de 1840 caracteres cada" (one row per
group), pandas' `df.shape`, `.describe()` and column means, a Python session's `len`/`sum`, a
counting script's `rows=... avg_tokens=...`, a Hugging Face card's train split and a markdown table
of counts and lengths. Works on folded text, before numbers are read.
"""

import re

from bot.assistant.reader.spans import number

NUMBER = r"\d+(?:[.,]\d+)*"
# SQL aggregates, two levels of nesting inside: "avg(length(corpo))".
_AGGREGATE = re.compile(
    r"\b(?P<fn>count|avg|mean|sum)\s*\((?P<arg>(?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)"
)
_SQL_NUMBER = re.compile(rf"(?<![\w.,(])({NUMBER})(?![\w(])")
# Numbers of the query itself, not its result: "where ano >= 2020", "limit 100", "(1 row)".
_QUERY_NUMBER = re.compile(r"(?:(?<!-)>=?|<=?|!=|(?<![<>!])=|\blimit|\btop|\binterval|'|\")\s*$")
_ROWS_AFTER = re.compile(r"\s*(?:rows?|linhas?|registros?)\)")
_RESULT_MARK = re.compile(r";|->|=>|\bdeu\b|\bretorn|\breturned\b|\bgave\b|\bresult")
_SQL_END = re.compile(r"\(\d+ (?:rows?|linhas?)\)")
# A printed result row: "radiologia | 12000 | 3200", " 52340", "-------+------".
_TABLE_ROW = re.compile(r"^\s*(?:[^|\n]*\|[^\n]*|[\d.,\s]+|[-+\s]+|[a-z_ |]+)$")

_PANDAS_ROWS = re.compile(
    rf"\.shape\b[^(]{{0,30}}\(\s*({NUMBER})\s*,\s*\d+\s*\)|"
    rf"\blen\(\s*(?:df|dataset|ds|data|train)\w*\s*\)[^\d\n]{{0,20}}({NUMBER})|"
    rf"\brangeindex:\s*({NUMBER})\s+entries"
)
# "df['n_tokens'].mean()", "df.texto.str.len().mean()", "...str.split().str.len().mean()"
_PANDAS_MEAN = re.compile(
    r"(?:\[['\"](?P<column>[\w ]+)['\"]\]|\.(?P<attr>[a-z_]\w*))?(?P<how>(?:\.str\.(?:split\(\)\."
    rf"(?:str\.len|apply\(len\))|len)\(\))?)\.mean\(\)[^\d]{{0,20}}(?P<value>{NUMBER})"
)
_DESCRIBE = re.compile(
    rf"\bcount\s+(?P<count>{NUMBER})\s+mean\s+(?P<mean>{NUMBER})"
    rf"[\s\S]*?(?:dtype: \w+|max\s+{NUMBER})"
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
# A markdown table pasted from a spreadsheet: a column of counts, maybe one of lengths.
# Outer pipes are optional: "Tipo | Qtde | Palavras (média)" as a spreadsheet copies it.
_TABLE_BLOCK = re.compile(r"(?m)(?:^[^\n|]*\|[^\n]*(?:\n|$)){3,}")
# Lines a spreadsheet copied: cells split by tabs, the same number on every line.
_TSV_BLOCK = re.compile(r"(?m)(?:^[^\t\n]*\t[^\n]*\n){2,}(?:^[^\t\n]*\t[^\n]*(?:\n|$))")
_RATE_HEADER = re.compile(r"(?:/|\bpor |\bper )\s*(?P<period>mes|dia|semana|ano|month|day|week)\b")
_COUNT_HEADER = re.compile(
    r"\b(?:qtd|qtde|quantidade|exemplos|examples|count|n|docs?|documentos|registros|linhas|rows|"
    r"records|atendimentos|tickets|chamados|conversas|ligacoes|mensagens|e-?mails|arquivos|files|"
    r"amostras|samples|pares|pairs|itens|items|volume|total)\b"
)
_LENGTH_HEADER = re.compile(
    r"\b(?P<unit>palavras|words|tokens|paginas|pages|caracteres|characters|chars)\b"
)
# A Python session: "len(lens)" then "120000", "sum(lens)" then "96000000".
_PYTHON = re.compile(
    rf"\b(?P<fn>len|sum|max|min)\((?P<arg>[\w.]+)\)[ \t]*\n\s*(?P<value>{NUMBER})[ \t]*(?=\n|$)"
)
_TOKENIZED = re.compile(r"\btok\w*\(|input_ids|\btokens?\b|tokenizer")
# "df['split'].value_counts()": the training part of a split column.
_SPLIT_COUNTS = re.compile(rf"\btrain\s+(?P<train>{NUMBER})\s+(?:valid\w*|val|test|dev)\s+{NUMBER}")
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


def read_amount(said: str) -> float:
    """ "52340", "1840.5", "52.340" typed by hand: the reader's own number parsing."""
    return number(said) or 0.0


def respoken(typed: str) -> str:
    """An amount as typed ("52.340", "1840.5"), said again the way the reader reads it."""
    return amount_said(read_amount(typed))


def amount_said(amount: float) -> str:
    """An amount as the reader reads it back: no thousands separator, two decimals at most."""
    return f"{amount:.2f}".rstrip("0").rstrip(".")


def sql(folded: str) -> str:
    """A query's aggregates and the numbers printed for them, in words, one row per group."""
    aggregates = [(m, _aggregate_unit(m)) for m in _AGGREGATE.finditer(folded)]
    # "| COUNT(*) |": mysql prints each aggregate again as its column's header
    aggregates = [
        (m, unit)
        for i, (m, unit) in enumerate(aggregates)
        if unit and all(m[0] != before[0] for before, _unit in aggregates[:i])
    ]
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
            # on the query's own line, only a result said as one ("; -> 52340")
            if not on_line or _RESULT_MARK.search(folded, on_line[0][1], n.start())
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
        " de ".join(f"{respoken(n[1])} {unit}" for n, unit in zip(row, units, strict=False))
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


def pandas(folded: str) -> str:
    """A data frame's rows, a column's mean, `describe()` and the training rows of a split."""

    def rows(match: re.Match[str]) -> str:
        said = next(group for group in match.groups() if group)
        return f" {respoken(said)} registros"

    def mean(match: re.Match[str]) -> str:
        how = match["how"] or ""
        column = "split" if "split" in how else "len" if "len" in how else ""
        unit = _measured(column or match["column"] or match["attr"] or "", "cada")
        return f" {respoken(match['value'])} {unit}" if unit else match[0]

    def described(match: re.Match[str]) -> str:
        named = _DESCRIBED.search(folded)
        above = folded[max(0, match.start() - 80) : match.start()]  # "n_palavras\ncount ..."
        column = (named["column"] or named["name"]) if named else above
        unit = _measured(column, "cada") or "tokens cada"
        return f"{respoken(match['count'])} registros de {respoken(match['mean'])} {unit}"

    folded = _DESCRIBE.sub(described, folded)
    if split := _SPLIT_COUNTS.search(folded):  # the training rows, not the whole frame's
        train = f"{respoken(split['train'])} registros de treino"
        folded = f"{folded[: split.start()]}{train}{folded[split.end() :]}"
        return _PANDAS_MEAN.sub(mean, _PANDAS_ROWS.sub("", folded))
    return _PANDAS_MEAN.sub(mean, _PANDAS_ROWS.sub(rows, folded))


def card(folded: str) -> str:
    """A dataset card's train split: its rows and bytes; the other splits and the compressed
    download sizes are left out."""
    train = _CARD_TRAIN.search(folded)
    if train is None:
        return folded
    rows, size = train["rows"] or train["rows2"], train["bytes"] or train["bytes2"]
    said = f"{rows} registros, {amount_said(int(size) / 1e6)} mb no total\n"
    first = _CARD_LINE.search(folded)
    start = first.start() if first else train.start()
    return f"{folded[:start]}{said}{_CARD_LINE.sub('', folded[start:])}"


def python_session(folded: str) -> str:
    """A Python session's counts: `len(...)` counts records, `sum(...)` of token counts is the
    total; a maximum or minimum is never the size."""
    tokenized = bool(_TOKENIZED.search(folded))

    def said(match: re.Match[str]) -> str:
        value = respoken(match["value"])
        if match["fn"] == "len":
            return f"{value} registros"
        if match["fn"] == "sum" and tokenized:
            return f"{value} tokens no total"
        return "" if match["fn"] in ("max", "min") else match[0]

    return _PYTHON.sub(said, folded)


def table(folded: str) -> str:
    """Each row of a pasted table (markdown, or cells split by tabs as a spreadsheet copies them)
    as "N registros de M palavras cada", rows joined as sets added to each other; a total row is
    not added again."""
    folded = _TSV_BLOCK.sub(lambda block: re.sub(r"(?m)^(.*)$", _as_row, block[0]), folded)
    block = _TABLE_BLOCK.search(folded)
    if block is None:
        return folded
    rows = [
        [cell.strip(" *") for cell in line.strip().strip("|").split("|")]
        for line in block[0].strip().split("\n")
    ]
    header = [cell.replace("_", " ") for cell in rows[0]]  # "media_palavras"
    body = [r for r in rows[1:] if not re.fullmatch(r"[-:| ]*", "".join(r))]
    lengths = [i for i, cell in enumerate(header) if _LENGTH_HEADER.search(cell)]
    counts = [i for i, cell in enumerate(header) if _COUNT_HEADER.search(cell) and i not in lengths]
    if not counts:
        return folded
    unit = _LENGTH_HEADER.search(header[lengths[0]]) if lengths else None
    read = [
        (read_amount(count[0]), read_amount(length[0]) if length else None)
        for row in body
        if len(row) == len(header) and "total" not in row[0]
        if (count := re.fullmatch(NUMBER, row[counts[0]]))
        for length in [re.fullmatch(NUMBER, row[lengths[0]]) if lengths else None]
    ]
    if not read:
        return folded
    said = _said_rows(header, counts[0], unit, read)
    return f"{folded[: block.start()]}{said}\n{folded[block.end() :]}"


def _said_rows(
    header: list[str],
    count: int,
    unit: re.Match[str] | None,
    rows: list[tuple[float, float | None]],
) -> str:
    """The rows as sets added to each other; as one set where the length column holds each
    row's total ("tokens (tiktoken)": 6.000.000 for 15.000 records) or the count is a rate
    ("atendimentos/mês")."""
    rate = _RATE_HEADER.search(header[count])
    per = f" por {rate['period']}" if rate else ""
    sized = [(n, length) for n, length in rows if length is not None]
    totals = bool(sized) and unit is not None and all(length >= 50 * n for n, length in sized)
    if unit is None or not sized or not (rate or totals):
        parts = [
            f"{amount_said(n)} registros{per}"
            + (f" de {amount_said(length)} {unit['unit']} cada" if length and unit else "")
            for n, length in rows
        ]
        return " e mais ".join(parts)
    records = sum(n for n, _length in rows)
    if totals:
        total = sum(length for _n, length in sized)
        return f"{amount_said(records)} registros com {amount_said(total)} {unit['unit']} no total"
    mean = sum(n * length for n, length in sized) / sum(n for n, _length in sized)
    return f"{amount_said(records)} registros{per} de {amount_said(mean)} {unit['unit']} cada"


# `print(dataset)` of Hugging Face datasets: "DatasetDict({ train: Dataset({ features: [...],
# num_rows: 48000 }), test: ... })", the train split's rows.
_DATASET_DICT = re.compile(r"\bdatasetdict\(\{(?:[^{}]|\{[^{}]*\})*\}\)")
_TRAIN_ROWS = re.compile(r"\btrain:\s*dataset\(\{[^{}]*?num[_ ]rows:\s*(?P<rows>\d+)")
# Word's statistics: "Páginas: 1.200 Palavras: 480.000 Caracteres (sem espaços): 2.600.000".
_WORD_STATS = re.compile(
    rf"(?:\b(?:paginas|pages)\s*:?\s*{NUMBER}\s*)?\b(?:palavras|words)\s*:?\s*(?P<words>{NUMBER})"
    r"(?:\s*(?:(?:caracteres|characters)(?: \((?:sem|com) espacos\)| \((?:no|with) spaces\))?|"
    rf"paragrafos|paragraphs|linhas|lines)\s*:?\s*{NUMBER})*"
)
_STATS_SAID = re.compile(r"\b(?:estatisticas|contagem de palavras|word count|statistics)\b")
# "as estatísticas de um dos nossos roteiros (são todos mais ou menos assim)": one document's.
_ONE_DOCUMENT = re.compile(
    r"\b(?:de|do|of) (?:um|uma|one) (?:dos|das|of)\b|"
    r"\b(?:(?:sao|they are|are) )?(?:todos|todas|all) (?:sao )?(?:mais ou menos |more or less |"
    r"roughly )?(?:assim|parecid[oa]s|iguais|nesse padrao|like (?:this|that)|similar)\b"
)


def dataset_dict(folded: str) -> str:
    """A printed `DatasetDict` said as its train split's rows."""

    def said(block: re.Match[str]) -> str:
        train = _TRAIN_ROWS.search(block[0])
        return f"{train['rows']} registros" if train else block[0]

    return _DATASET_DICT.sub(said, folded)


def word_stats(folded: str) -> str:
    """A word processor's statistics said as the words they count."""
    if not _STATS_SAID.search(folded):
        return folded
    each = "cada" if _ONE_DOCUMENT.search(folded) else "no total"
    return _WORD_STATS.sub(lambda found: f"{respoken(found['words'])} palavras {each}", folded)


def _as_row(line: re.Match[str]) -> str:
    return f"| {' | '.join(line[0].split(chr(9)))} |" if line[0].strip() else line[0]


def key_values(folded: str) -> str:
    """ "rows=210000 tokens_total=63000000 avg_tokens=300 p99=2048": the counts and sizes said
    in words; files, percentiles and maxima left out."""

    def said(run: re.Match[str]) -> str:
        words = []
        for pair in _KEY_VALUE.finditer(run[0]):
            unit = next((u for u, key in _KEY_SAID.items() if key.search(pair["key"])), None)
            if unit:
                words.append(f"{respoken(pair['value'])} {unit}")
        return ", ".join(words) if words else run[0]

    return _KEY_VALUES.sub(said, folded)
