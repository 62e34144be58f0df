"""An example pasted as typical of the data ("colei um típico, todos têm mais ou menos esse
tamanho"), said as its length: the words it has, or the characters of a JSON line. Its own
numbers and dates ("comprei no dia 10", "desde ontem às 19h") are the example's text, never the
job's figures, so the whole sample is replaced."""

import re

# The client says the example is typical of the rest (text folded: lowercase, no accents).
_TYPICAL = re.compile(
    r"\b(?:tipic[oa]s?|typical|representativ\w*|"
    r"(?:todos|todas|as outras|os outros|the rest|they'?re all|all)\b[^.\n]{0,40}?"
    r"\b(?:esse|este|mesmo|this|that|same) (?:tamanho|size)|"
    r"(?:mais ou menos|about|roughly) (?:assim|desse tamanho|this (?:long|size)))"
)
# The sample: between fences ("```", "---") or the paragraph after the line that announces it.
_FENCED = re.compile(
    r"\n[ \t]*(?:\n[ \t]*)?(?P<fence>```|-{3,}|={3,})[^\n]*\n(?P<body>.+?)\n[ \t]*(?P=fence)", re.S
)
_PARAGRAPH = re.compile(r"\n[ \t]*\n(?P<body>(?:[^\n]*\S[^\n]*\n?){1,30}?)(?=\n[ \t]*\n|\Z)")
_MIN_WORDS = 8


def sample_said(folded: str) -> str:
    """`folded` with a pasted typical example said as its length."""
    typical = _TYPICAL.search(folded)
    if typical is None:
        return folded
    line_end = folded.find("\n", typical.end())
    if line_end < 0:
        return folded
    block = _FENCED.match(folded, line_end) or _PARAGRAPH.match(folded, line_end)
    if block is None:
        return folded
    body = block["body"].strip()
    words = len(body.split())
    if words < _MIN_WORDS:
        return folded
    if body.startswith("{"):  # a JSON line: its characters, keys and quotes included
        said = f"\n\n(uns {len(body)} caracteres cada)\n"
    else:
        said = f"\n\n(uns {words} palavras cada)\n"
    return folded[:line_end] + said + folded[block.end() :]
