"""The lengths of an example's parts said after its first one: a pair's answer ("pergunta de ~80
palavras e resposta longa, ~400"), a record's fields ("título (~12 palavras), lide (~40) e corpo
(~548)"), a second part named after its length ("~350 palavras de texto mais ~150 de
comentários"). Each is a `Mention` in the unit of the first, so the quantity reader sums them."""

import re
from dataclasses import replace

from bot.assistant.reader.quantity_arithmetic import Mention
from bot.assistant.reader.spans import RECORD_NOUNS, amount

# The second part of a pair, by its name: "pergunta ~80 palavras, resposta ~400".
SECOND_PARTS = (
    r"resposta|answer|saida|output|completion|retorno|comentario|correcao|resolucao|explicacao|"
    r"pergunta|question|instrucao|instruction|entrada|input|"
    r"descricao|corpo|body|texto|gabarito|justificativa|conteudo|solucao|resumo|summary|response|"
    # "o cliente pergunta com ~30 palavras e o técnico responde com ~50": the parts as verbs
    r"respondem?|replies|answers|"
    # "resposta escolhida de ~150 e rejeitada de ~120", "cliente ~15 palavras e atendente ~35"
    r"rejeitad[ao]|escolhid[ao]|preferid[ao]|chosen|rejected|atendente|agente|operador|usuario|"
    r"traducao|translation"
)
_SECOND = re.compile(
    r"^[^.;!?\d]{0,12}?(?:\b(?:e|and|mais|plus|com|with)\s+|\+\s*|[,;]\s*)(?:(?:ja|mas|e)\s+)?"
    r"(?:(?:a|o|as|os|the)\s+(?:[a-z]+\s+)?)?"
    # past a model's size ("a resposta que o 70B vai gerar (~220 palavras)")
    rf"(?:{SECOND_PARTS})s?\b(?:[^.;!?\d]|\d+(?:[.,]\d+)?b\b){{0,35}}?"
    r"(?<![a-z])(?P<number>\d+(?:[.,]\d+)*)(?!\d|\s*b\b)(?:\s*(?P<scale>mil|k)\b)?"
)
# "título (~12 palavras), lide (~40)": the next field's length in parentheses, its unit left out.
# "relato (~150 palavras) + parecer do regulador (~250 palavras)": the unit may be said again.
_FIELD_NEXT = re.compile(
    r"^\s*\)?\s*[,;+]?\s*(?:e |and )?(?:o |a |the )?[a-z]+(?: [a-z]+){0,3}\s*\(\s*"
    r"(?:~|cerca de |uns |umas )?(?P<number>\d+(?:[.,]\d+)*)\s*(?P<unit>[a-z]+)?\s*\)"
)
# "o maior passa de 900": an extreme of the lengths, not another part
_EXTREME = (
    r"[^\d]{0,30}\b(?:maior|menor|maxim\w*|minim\w*|max|min|passa|chega|ultrapassa|largest|"
    r"longest|shortest|biggest|smallest|up to)\b"
)
# "lista de ingredientes de ~60 palavras, modo de preparo de ~220 e a dica do chef de ~40": the
# next part named, then its length with the unit left out.
_NAMED_NEXT = re.compile(
    rf"^(?!{_EXTREME})\s*[,;]\s*(?:e |and )?(?:o |a |os |as |the )?[a-z]+(?: [a-z]+){{0,3}} "
    r"(?:de|com|of|with) (?:~|cerca de |uns |umas |about )?(?P<number>\d+(?:[.,]\d+)*)(?![.,]?\d)"
    r"(?=\s*(?:[,;.)]|\be\b|\band\b|$))|"
    rf"^(?!{_EXTREME})\s+(?:e|and) (?:o |a |os |as |the )?[a-z]+(?: [a-z]+){{0,3}} "
    r"(?:de|com|of|with) (?:~|cerca de |uns |umas |about )?"
    r"(?P<number_and>\d+(?:[.,]\d+)*)(?![.,]?\d)(?=\s*(?:[,;.)]|$))"
)
# "~350 palavras de texto mais ~150 de comentários": the second part's length before its name.
_PLUS_PART = re.compile(
    r"^[^.;!?\d]{0,15}?\b(?:mais|plus|\+)\s*(?:~|uns |umas |cerca de |about )?"
    rf"(?P<number>\d+(?:[.,]\d+)*)\s+(?:de|of)\s+(?:{SECOND_PARTS})s?\b"
)

_LANGUAGES = (
    r"(?:em|in|do lado|no lado|do|da|no|na|on the)\s+(?:ingles|portugues|english|portuguese|pt|en|"
    r"espanhol|spanish)\b(?: side)?"
)
# "~30 palavras em português e ~30 em inglês": a translation pair's two sides.
_OTHER_SIDE = re.compile(
    rf"^\s+(?:(?:por|per|cada) [a-z]+\s+)?{_LANGUAGES}\s*(?:\+|,|\be\b|\band\b)"
    rf"\s*(?:~|uns |umas |cerca de |about )?(?P<number>\d+(?:[.,]\d+)*)\s+"
    rf"(?:palavras |words )?{_LANGUAGES}"
)

_SIDE_GAP = re.compile(
    rf"^\s+(?:(?:por|per|cada) [a-z]+\s+)?{_LANGUAGES}\s*(?:\+|,|\be\b|\band\b)\s*"
    rf"(?:~|uns |umas |cerca de |about )?$"
)


def second_lengths(text: str, mentions: list[Mention]) -> None:
    """ "pergunta de ~80 palavras e resposta longa, ~400", "título (~12 palavras), lide (~40) e
    corpo (~548)": the next part's length, in the same unit."""
    for mention in mentions:  # a part found is looked past in turn
        if mention.unit not in ("word", "token", "char", "page", "line"):
            continue
        after = text[mention.end :]
        found = _SECOND.match(after) or _FIELD_NEXT.match(after) or _PLUS_PART.match(after)
        found = found or _OTHER_SIDE.match(after) or _NAMED_NEXT.match(after)
        if found is None:
            continue
        number = "number_and" if found.groupdict().get("number_and") else "number"
        unit = found.groupdict().get("unit")
        if unit and unit[:4] != mention.noun[:4]:  # "(~250 tokens)" after words: not this unit
            continue
        start = mention.end + found.start(number)
        taken = [m for m in mentions if m.start == start]
        if taken and taken[0].unit != "record":
            continue
        for counted in taken:  # "~350 palavras de texto mais ~150 de comentários": no count
            mentions.remove(counted)
        scale = found.groupdict().get("scale") or ""
        value = amount(found[number], scale)
        end = mention.end + found.end()
        second = Mention(value, mention.unit, mention.noun, start, end)
        mentions.insert(mentions.index(mention) + 1, second)


# "enunciado de ~120 palavras e 5 alternativas de ~15 palavras": a part made of several pieces
# (a few: more of them are another set of records).
_PIECES_BEFORE = re.compile(
    # "(~300 palavras), com a correção: 5 comentários de ~40 palavras"
    r"(?:\be\b|\band\b|,|:|\+|\bmais\b|\bplus\b)\s+(?:uns |umas |cerca de |~|about |some )?"
    r"(?P<count>\d{1,2})\s+"
    r"(?!(?:mil|k|mi|milhao|milhoes|thousand|million)\b)(?P<pieces>(?:[a-z-]+\s+){1,2}?)"
    r"(?:de|of|com|with)\s+(?:~|uns |umas |cerca de |about )?$"
)


_RECORDS = frozenset(RECORD_NOUNS)
_FEW_PIECES = 12


def counted_parts(text: str, mentions: list[Mention]) -> None:
    """ "enunciado de ~120 palavras e 5 alternativas de ~15 palavras": a later part of an example
    said as a number of pieces of one length is their product, in place."""
    pieces: list[Mention] = []
    for index, mention in enumerate(mentions):
        earlier = [m for m in mentions[:index] if m.unit == mention.unit]
        found = _PIECES_BEFORE.search(text[max(0, mention.start - 60) : mention.start])
        if (
            not earlier
            or found is None
            or re.search(r"[.;!?]", text[earlier[-1].end : mention.start])
        ):
            continue
        # "e 30 aditivos de 2 páginas" is another set of records, not pieces of one; "e uns 6
        # comentários de ~40 palavras cada" are a ticket's
        if set(found["pieces"].split()) & _RECORDS and int(found["count"]) > _FEW_PIECES:
            continue
        count = int(found["count"])
        start = mention.start - len(text[max(0, mention.start - 60) : mention.start])
        start += found.start("count")
        mentions[index] = replace(mention, value=mention.value * count, start=start, added=True)
        # the count itself, read as records or as a part's length ("com a correção: 5")
        pieces.extend(
            m for m in mentions[:index] if m.start == start and m.unit in ("record", mention.unit)
        )
    for counted in pieces:  # "uns 6 comentários": counted inside the product, not records
        mentions.remove(counted)


_PART_UNITS = frozenset({"word", "char", "token", "page", "line"})
_OTHER_PART = re.compile(
    # "(~20 palavras, em inglês) mais o diff, que dá ~300 tokens"
    # "(~24 palavras, a gente escreve em português) + diff de ~50 linhas": a remark, then the part
    r"^(?:\s*,?\s*(?:em|in) [a-z]+|\s*,[^()+\n\d]{1,40}(?=\)))?\)?\s*,?\s*"
    r"(?:\+|\be\b|\band\b|\bmais\b|\bplus\b|\bjunto com\b|\balong with\b)\s*"
    r"(?:(?:um|uma|o|a|an?|the|seu|sua)\s+)?[a-z]+(?:\s+[a-z]+){0,5}\s*(?:,?\s+"
    r"(?:de|com|of|with|que tem|which has|tem|que da|que fica|que soma|which is|that is)\s+|"
    # "o diff tem ~30 linhas e a mensagem ~10 palavras": the part's name, then its length
    # "+ a correção por competência (200 palavras)": its length in parentheses
    r"\s*(?=\(|\(?\s*(?:~|uns |umas |cerca de |about )))"
    r"(?:em media |on average )?\(?\s*"
    r"(?:~|uns |umas |cerca de |about )?$"
)
LENGTHS = frozenset({"word", "char", "token", "page", "line", "turn", "minute", "byte"})
# "pergunta ~80 palavras, resposta ~400": the second part of a pair, named in the gap.
_PAIR_GAP = re.compile(rf"^[,;]?[^.;!?\d]{{0,30}}\b(?:{SECOND_PARTS}|solutions|summaries)s?\b")


# "título (~15 palavras), lide (~45 palavras)", "título: ~15, lide: ~45": one record's fields.
_FIELD_GAP = re.compile(
    r"^\)\s*[,;]?\s*(?:e |and )?(?:o |a |the )?[a-z]+(?: [a-z]+){0,3}\s*\(\s*"
    r"(?:~|cerca de |uns |umas |avg |average |mean |media |media de |em media )?$|"
    r"^\s*[,;]\s*(?:o |a |the )?[a-z]+(?: [a-z]+){0,3}\s*:\s*(?:~|cerca de |uns |umas )?$|"
    # ", modo de preparo de ~220 e a dica do chef de ~40": a part's name, then its length
    rf"^(?!{_EXTREME})\s*(?:[,;]\s*(?:e |and )?|(?:e|and) )(?:o |a |os |as |the )?[a-z]+"
    r"(?: [a-z]+){0,3} (?:de|com|of|with|tem|has) (?:~|cerca de |uns |umas |about )?$"
)


def another_part(last: Mention, mention: Mention, gap: str, length: bool) -> bool:
    """Whether `mention`, `gap` after `last`, is one more part of the same example: a pair's
    second length ("pergunta ~80 palavras, resposta ~400"), a record's next field, or a part in
    another unit ("e-mail de ~200 palavras + anexo de 2 páginas"). `length`: `mention` measures
    a length (not a count)."""
    after_part = last.role in ("part", "per")
    # "relato do segurado (~150 palavras) + parecer do regulador (~250 palavras)": two lengths in
    # parentheses, each after its part's name
    named = last.unit in ("word", "token", "char") and ")" in gap and "(" in gap
    after_part = after_part or (named and bool(re.search(r"\+|\b(?:e|and)\b", gap)))
    if mention.unit != last.unit:
        units = {mention.unit, last.unit} <= _PART_UNITS
        return units and after_part and bool(_OTHER_PART.match(gap))
    if last.value >= 1000 * mention.value:  # "9 milhões de caracteres, e cada um com 600"
        return False
    joined = after_part and bool(
        re.search(r"\b(?:e|and|plus|mais)\b|\+", gap) or _FIELD_GAP.match(gap)
    )
    joined = joined or (after_part and mention.added and gap.strip() in (",", ";"))
    joined = joined or bool(_SIDE_GAP.match(gap))
    return length and (joined or bool(_PAIR_GAP.match(gap)))


# "e junto o gabarito", "além do comentário", "plus the maintainer's reply": a part beside the
# ones before, not inside them.
_BESIDE = re.compile(r"\b(?:junto|alem d|fora [oa]|plus|along with|together with|besides)\b")


def added_part(last: Mention, mention: Mention, gap: str) -> bool:
    """Whether `mention`, one more part after `last`, adds to the parts before it rather than
    lengthening the last one: a part in another unit, or one said "junto", "além de"."""
    return mention.unit != last.unit or bool(_BESIDE.search(gap))
