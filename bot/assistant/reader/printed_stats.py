"""Statistics a database or file library prints as "key: value" lines, said as the sizes they
count: MongoDB's `db.collection.stats()` ("count: 480000", "avgObjSize: 3840"), pyarrow's
parquet metadata ("num_rows: 96000"), BigQuery's table details ("Number of rows: 1.200.000").
Columns, row groups, index and storage sizes, and versions count nothing. Works on folded text,
before numbers are read."""

import re

# Two or more lines of "key: number" (quoted keys and trailing commas as JSON prints them).
_BLOCK = re.compile(
    r"(?:^[ \t]*\"?[a-z][a-z_ ]{1,30}\"?[ \t]*:[ \t]*\d[\d.,]*,?[ \t]*$\n?){2,}", re.M
)
_LINE = re.compile(
    r"^[ \t]*\"?(?P<key>[a-z][a-z_ ]{1,30})\"?[ \t]*:[ \t]*(?P<value>\d[\d.,]*)", re.M
)
_RECORDS = re.compile(
    r"^(?:count|n_?rows|num_?rows|number of rows|row_?count|rows|total_?rows|num_?examples)$"
)
_EACH = re.compile(r"^(?:avg_?obj_?size|avg_?row_?size|avg_?size|average row size)$")
_TOTAL = re.compile(r"^(?:size|data_?size|num_?bytes|total_?bytes|total logical bytes)$")


# Printed beside the counts, and counting nothing of the data.
_NOTHING = re.compile(
    r"^(?:num_?columns|num_?row_?groups|serialized_?size|format_?version|storage_?size|nindexes|"
    r"total_?index_?size|index_?sizes|capped|scale_?factor|free_?storage_?size|ok)$"
)


def printed_stats(folded: str) -> str:
    """`folded` with each block of printed statistics said as records and bytes; lines it does not
    know are left for the reader."""

    def said(block: re.Match[str]) -> str:
        pairs = [
            (line["key"].strip(), line["value"].rstrip(",.")) for line in _LINE.finditer(block[0])
        ]
        if not any(_RECORDS.match(k) or _TOTAL.match(k) for k, _ in pairs):
            return block[0]
        each = any(_EACH.match(k) for k, _ in pairs)
        words = []
        for (key, value), line in zip(pairs, block[0].splitlines(), strict=False):
            if _RECORDS.match(key):
                words.append(f"{value} registros")
            elif _EACH.match(key):
                words.append(f"de {value} bytes cada")
            elif _TOTAL.match(key) and not each:
                words.append(f"{value} bytes no total")
            elif not _NOTHING.match(key) and not _TOTAL.match(key):
                words.append(line)
        return "\n".join(words) + "\n"

    return _BLOCK.sub(said, folded)
