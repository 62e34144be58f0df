"""A compressed file's size with its ratio: "o .gz tem 750 MB; o gzip comprime esse texto umas 4
vezes" is 3 GB of text, "taxa de compressão 5:1, arquivo final de 240 MB" is 1,2 GB. The size is
said again uncompressed, so the quantity reader counts the text's tokens. Works on folded text."""

import re

from bot.assistant.reader.spans import number

_RATIO = re.compile(
    r"\b(?:taxa|razao|ratio|indice) de compress\w*\s*(?:de\s*|of\s*|:\s*)?(?:~|uns |umas )?"
    r"(?P<r>\d+(?:[.,]\d+)?)\s*(?::\s*1|x|para 1|to 1)\b|"
    r"\b(?:comprim|compact|compress)\w*[^.;!?\d]{0,40}?(?:~|uns |umas |about |around )?"
    r"(?P<times>\d+(?:[.,]\d+)?)\s*(?:vezes|x|times|fold)\b|"
    r"\b(?P<ratio>\d+(?:[.,]\d+)?)\s*:\s*1\b(?=[^.;!?]{0,20}\bcompress)"
)
_SIZE = re.compile(r"\b(?P<n>\d+(?:[.,]\d+)?)\s?(?P<unit>kb|mb|gb|tb)\b")


def uncompressed(folded: str) -> str:
    """`folded` with the one file size it gives multiplied by the compression ratio it says."""
    ratio = _RATIO.search(folded)
    sizes = list(_SIZE.finditer(folded))
    if ratio is None or len(sizes) != 1:
        return folded
    factor = number(ratio["r"] or ratio["times"] or ratio["ratio"]) or 1
    size = number(sizes[0]["n"])
    if size is None or not 1 < factor <= 20:  # no text compresses more than ~20 times
        return folded
    said = f"{size * factor:g} {sizes[0]['unit']} de texto"
    # The ratio is dropped, so its number is no count.
    folded = folded[: ratio.start()] + " " + folded[ratio.end() :]
    sizes = list(_SIZE.finditer(folded))
    return folded[: sizes[0].start()] + said + folded[sizes[0].end() :]
