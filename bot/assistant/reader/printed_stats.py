"""Statistics a database, file library or labelling tool prints as "key: value" lines, said as the
sizes they count: MongoDB's `db.collection.stats()` ("count: 480000", "avgObjSize: 3840"),
pyarrow's parquet metadata ("num_rows: 96000"), BigQuery's table details ("Number of rows
<tab> 2,350,000", "Total logical bytes <tab> 1.88 GB"), a labelling project's summary ("Tasks:
14.400 · Annotated: 12.960 · Skipped: 1.440": only what was annotated trains). Columns, row
groups, index, physical and storage sizes, and versions count nothing. Works on folded text,
before numbers are read."""

import re

# Two or more lines of "key: number" or "key <tab> number" (quoted keys and trailing commas as
# JSON prints them; a size may carry its unit).
_SIZE = r"\d[\d.,]*(?:[ \t]?[kmgt]i?b)?"
_BLOCK = re.compile(
    rf"(?:^[ \t]*\"?[a-z][a-z_ ]{{1,30}}\"?[ \t]*[:\t][ \t]*{_SIZE},?[ \t]*$\n?){{2,}}", re.M
)
_LINE = re.compile(
    r"^[ \t]*\"?(?P<key>[a-z][a-z_ ]{1,30})\"?[ \t]*[:\t][ \t]*(?P<value>\d[\d.,]*)"
    r"(?P<unit>[ \t]?[kmgt]i?b)?",
    re.M,
)
# "Tasks: 14.400 · Annotated: 12.960 · Skipped: 1.440": pairs on one line, one to a line here
_INLINE = re.compile(
    r"(?m)^[^\n]*?\d[ \t]*[·|,][ \t]*[a-z][a-z_ ]{1,30}[ \t]*:[ \t]*\d[^\n]*?"
    r"[ \t]*[·|,][ \t]*[a-z][a-z_ ]{1,30}[ \t]*:[ \t]*\d[^\n]*$"
)
_DONE = re.compile(r"^(?:annotated|completed|submitted|labell?ed|reviewed)$")
_RECORDS = re.compile(
    r"^(?:count|n_?rows|num_?rows|number of rows|numero de linhas|row_?count|rows|total_?rows|"
    r"num_?examples|tasks|contagem)$"
)
_EACH = re.compile(r"^(?:avg_?obj_?size|avg_?row_?size|avg_?size|average row size)$")
# A spreadsheet's status bar ("Média: 212    Contagem: 31.500    Soma: 6.678.000") and
# PowerShell's Measure-Object: the mean and the sum of a column, in the unit it holds.
_MEAN = re.compile(r"^(?:average|media|mean|avg)$")
_SUM = re.compile(r"^(?:sum|soma)$")
_STATUS_PAIR = re.compile(r"\b(?:media|average|soma|sum|contagem|count)\s*:\s*\d[\d.,]*\d")
_STATUS_BAR = re.compile(rf"{_STATUS_PAIR.pattern}(?:[ \t]*[·|,;]?[ \t]*{_STATUS_PAIR.pattern})+")
_COLUMN_UNITS = (
    (re.compile(r"\bproperty\s*:\s*length\b|\bbytes\b"), "bytes"),
    (re.compile(r"palavras|words"), "palavras"),
    (re.compile(r"caracteres|characters|chars"), "caracteres"),
    (re.compile(r"\btokens\b"), "tokens"),
)
_TOTAL = re.compile(
    r"^(?:size|data_?size|num_?bytes|total_?bytes|total logical bytes|total de bytes logicos)$"
)
# Printed beside the counts, and counting nothing of the data.
_NOTHING = re.compile(
    r"^(?:num_?columns|num_?row_?groups|serialized_?size|format_?version|storage_?size|nindexes|"
    r"total_?index_?size|index_?sizes|capped|scale_?factor|free_?storage_?size|ok|skipped|"
    r"annotations|active logical bytes|total physical bytes|active physical bytes|cancelled|"
    r"pending|discarded|total de bytes fisicos|ns|maximum|minimum|maximo|minimo|property)$"
)


_DATASET_CARD = re.compile(r"\bdataset_info\s*:|\bsplits\s*:")


def _one_per_line(line: str) -> str:
    """ "Print do Label Studio: Tasks: 20000 · Completed: 13600. Só vamos ...": a pair a line."""
    line = re.sub(r"[ \t]*[·|,{}][ \t]*" if "{" in line else r"[ \t]*[·|][ \t]*", "\n", line)
    line = re.sub(r":[ \t]*(?=[a-z][a-z_ ]{1,30}[ \t]*:[ \t]*\d)", ":\n", line)
    return re.sub(r"(\d)\.[ \t]+(?=\D)", r"\1\n", line)


def printed_stats(folded: str) -> str:
    """`folded` with each block of printed statistics said as records and bytes; lines it does not
    know are left for the reader."""
    if _DATASET_CARD.search(folded):  # a card's splits print the same keys: `card` reads them
        return folded
    folded = _INLINE.sub(lambda line: _one_per_line(line[0]), folded)
    folded = _STATUS_BAR.sub(
        lambda bar: "\n" + "\n".join(_STATUS_PAIR.findall(bar[0])) + "\n", folded
    )

    def said(block: re.Match[str]) -> str:
        lines = list(_LINE.finditer(block[0]))
        pairs = [(line["key"].strip(), line) for line in lines]
        near = folded[max(0, block.start() - 200) : block.end() + 60]
        unit = next((name for cue, name in _COLUMN_UNITS if cue.search(near)), None)
        mean = unit is not None and any(_MEAN.match(key) for key, _ in pairs)
        done = any(_DONE.match(key) for key, _ in pairs)
        if not any(_RECORDS.match(k) or _TOTAL.match(k) or _DONE.match(k) for k, _ in pairs):
            return block[0]
        each = any(_EACH.match(key) for key, _ in pairs)
        words = []
        for (key, line), text in zip(pairs, block[0].splitlines(), strict=False):
            value = line["value"].rstrip(",.")
            if _DONE.match(key) or (_RECORDS.match(key) and not done):
                words.append(f"{value} registros")
            elif _EACH.match(key):
                words.append(f"de {value} bytes cada")
            elif _MEAN.match(key) and unit:
                words.append(f"de {value} {unit} cada")
            elif _SUM.match(key) and unit and not mean:
                words.append(f"{value} {unit} no total")
            elif _SUM.match(key) and mean:
                continue
            elif _TOTAL.match(key) and not each:
                words.append(f"{value} {(line['unit'] or 'bytes').strip()} no total")
            elif not (_NOTHING.match(key) or _TOTAL.match(key) or _RECORDS.match(key)):
                words.append(text)
        # the records first: "Soma: 4.860.000 · Contagem: 16.200" is a total over those records
        counted = [w for w in words if w.endswith(" registros")]
        return "\n".join([*counted, *(w for w in words if w not in counted)]) + "\n"

    return _BLOCK.sub(said, folded)
