"""Numbers and names as people type them, said as the reader reads them: shares in words ("só
dois terços têm o texto completo") or as a part of a whole ("5 em cada 8"), vulgar fractions
("¾ têm resposta", "2½ épocas"), a card's name with a gap ("numa A-100", "numa h 100"), a record
of a fixed width ("registro fixo de 80 colunas") and a package's version
pinned ("torch==2.4.1"), which is no number of the job's."""

import re
import unicodedata

# ("e se for só um quarto dos exemplos?" scales the job on the table: a follow-up's own words)
_FRACTIONS = [
    (re.compile(r"\b(?:dois|2) tercos\b(?! d[oa]s?\b)|\btwo thirds\b(?! of)"), "66,6667%"),
    (re.compile(r"\b(?:tres|3) quartos\b(?! d[oa]s?\b)|\bthree quarters\b(?! of)"), "75%"),
    (re.compile(r"\b(?:um|1) terco\b(?! d[oa]s?\b)|\b(?:one|1|a) third\b(?! of)"), "33,3333%"),
    (re.compile(r"\b(?:um|1) quarto\b(?! d[oa]s?\b)|\b(?:one|1|a) quarter\b(?! of)"), "25%"),
    (re.compile(r"\b(?:um|1) quinto\b(?! d[oa]s?\b)|\b(?:one|1|a) fifth\b(?! of)"), "20%"),
    (re.compile(r"\b(?:um|1) decimo\b(?! d[oa]s?\b)|\b(?:one|1|a) tenth\b(?! of)"), "10%"),
]

# "¾", "⅔": a share; after a whole number ("2½"), its fraction.
_VULGAR = re.compile(r"(?<![\d,.])(\d+)?\s?([¼½¾⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞])")
# "5 em cada 8", "3 out of every 4": a share ("1 em cada 4" is a subsample, read as one).
_N_IN_EACH = re.compile(
    r"\b([2-9]|[1-9]\d) (?:em|de|in|out of) (?:cada|every) ([3-9]|[1-9]\d{1,2})\b"
)


def _vulgar(found: re.Match[str]) -> str:
    share = unicodedata.numeric(found[2])
    if found[1]:
        return f"{int(found[1]) + share:g}"
    return f"{100 * share:.4g}%".replace(".", ",")


def _n_in_each(found: re.Match[str]) -> str:
    part, whole = int(found[1]), int(found[2])
    return f"{100 * part / whole:.4g}%".replace(".", ",") if part < whole else found[0]


_PINNED = re.compile(r"\b([a-z][\w.-]*)\s*(?:==|>=|<=|~=|!=)\s*\d+(?:\.\w+)*")
# A record of a fixed width: "registro fixo de 80 colunas" is 80 characters (CNAB's, in restated.py)
_FIXED_WIDTH = re.compile(
    r"\b(?:registros? fixos?|largura fixa|tamanho fixo|fixed[- ]width|fixed[- ]length)"
    r"(?: de| of)? (\d{2,4}) (?:colunas|posicoes|bytes|caracteres|columns|characters|chars)\b"
)
# ("h 100" only after an article: "em 48 h 100 mil exemplos" is hours, then a count)
_CARD_GAP = re.compile(
    r"\b([abhltv])-(100|200|10g?|40s?|4)\b|"
    r"(?:(?<=\bnuma )|(?<=\buma )|(?<=\bna )|(?<=\bcom )|(?<=\bduas )|(?<=\bx ))(h) (100|200)\b"
)


def vulgar_fractions(text: str) -> str:
    """`text` (not yet folded) with each vulgar fraction as a share or a decimal."""
    return _VULGAR.sub(_vulgar, text)


def shares_said(folded: str) -> str:
    """`folded` with each share said in words or as a part of a whole written as a percentage."""
    for said, share in _FRACTIONS:
        folded = said.sub(share, folded)
    return _N_IN_EACH.sub(_n_in_each, folded)


def typed_names(folded: str) -> str:
    """`folded` with versions pinned left out, fixed-width records said in characters and cards'
    names joined."""
    folded = _PINNED.sub(r"\1", folded)
    folded = _FIXED_WIDTH.sub(r"registro de \1 caracteres cada", folded)
    if re.search(r"\b(?:cnab|registros?|layout|posicional|fixed)\b", folded):  # "400 posições"
        folded = re.sub(r"\b(\d+) posicoes\b", r"\1 caracteres", folded)
    return _CARD_GAP.sub(lambda m: (m[1] or m[3]) + (m[2] or m[4]), folded)
