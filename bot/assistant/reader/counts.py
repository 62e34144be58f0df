"""What a message says about its count beyond one figure: the count left after cleaning ("50 mil,
mas depois de limpar sobram uns 35 mil"), two datasets added together ("8 mil contratos + 4 mil
aditivos"), and a volume per day, week or month over a stretch of history ("500 chamados por
dia, dos últimos 60 dias"), whose arithmetic is in `rates`.

A second count often leaves its noun out ("e mais 10 mil de 500 tokens"): `elided_count` makes it
a count of the same records, so the sentence composes as if the noun were there.
"""

import re
from dataclasses import replace

from bot.assistant.reader.added_sets import ADDED, added_set
from bot.assistant.reader.quantity_arithmetic import (
    ARRIVED,
    TIMES,
    Mention,
    load_quantities,
    record_nouns,
    said_amount,
    said_count,
)
from bot.assistant.reader.rates import over_period
from bot.assistant.reader.spans import amount
from locales import _

# "agrupadas em conversas de 10 mensagens": messages counted one by one, trained as conversations.
_GROUPS = r"conversas|dialogos|chats|sessoes|threads|topicos|conversations|sessions|dialogues"
_REGROUPED = re.compile(
    r"\b(?:agrupad|organizad|divid|separad|juntad|grouped|organized|split)\w* "
    rf"(?:em|in|into) (?P<group>{_GROUPS}) "
    r"(?:de|of|com|with) (?:~|cerca de |uns |umas |about )?(?P<size>\d+) "
    r"(?P<turn>mensagens|msgs|turnos|messages|turns)\b|"
    # "vai agrupar por thread, cada thread vira um exemplo, e dá em média 40 mensagens por thread"
    r"\b(?:agrup|organiz|junt|group)\w* (?:por|by|per) (?P<group_by>thread|conversa|topico|sessao|"
    r"chat|conversation|session)\b[^.;!?]{0,80}?(?:~|cerca de |uns |umas |about |media de |"
    r"em media )?(?P<size_by>\d+) (?P<turn_by>mensagens|msgs|turnos|messages|turns) "
    r"(?:por|per|each|cada)\b|"
    # "cada thread vira um exemplo, dá umas 11 mil threads": the groups counted, not their size
    r"\b(?:cada|each) (?:thread|conversa|sessao|chat|topico|conversation|session)\b[^.;!?]{0,30}?"
    r"\b(?:exemplo|example)\b[^.;!?\d]{0,25}?(?P<groups>\d+(?:[.,]\d+)?)(?:\s?(?P<scale>mil|k)\b)? "
    rf"(?P<group_n>{_GROUPS})\b"
)
# What one record's length may be counted in.
_RECORD_LENGTHS = frozenset({"word", "char", "token", "byte"})
# What a turn's length may be counted in.
TURN_PARTS = frozenset({"line", "word", "char", "token"})
# A turn by its name, one or many ("mensagem", "turns", "parágrafos").
_TURN = r"(?:mensage\w*|msgs?|turnos?|falas?|messages?|turns?|paragrafos?|paragraphs?)"
_PER_TURN_BEFORE = re.compile(
    rf"(?:\b(?:cada|each|per|por) {_TURN}|"
    r"\b(?:todas|todos|all|each one)(?: (?:com|de|tem|with|of|has))?)[^.;!?\d]{0,15}$"
)
_TURNS_BETWEEN = re.compile(r"^\s*(?:do|da|dos|das|of|from|by) [a-z]+\s+(?:e|and|\+)\s*$")
_WHOSE = re.compile(r"^\s*(?:do|da|dos|das|of|from|by)\b")
_PER_TURN = re.compile(rf"^\s*(?:por|cada|per|each|/)\s+{_TURN}\b")
# Each group's name as "÷ 10 por conversa" says it.
_ONE_GROUP = {
    "conversas": "conversa", "dialogos": "diálogo", "chats": "chat", "sessoes": "sessão",
    "conversations": "conversation", "sessions": "session", "dialogues": "dialogue",
    "threads": "thread", "topicos": "tópico", "blocos": "bloco",
}  # fmt: skip
# A group named one at a time ("agrupar por thread"): its plural, as the count says it.
_GROUPS_OF = {"thread": "threads", "conversa": "conversas", "topico": "topicos",
              "sessao": "sessoes", "chat": "chats", "conversation": "conversations",
              "session": "sessions"}  # fmt: skip
# Any records put together, N to an example: "juntar de 8 em 8 num exemplo só", "agrupar em
# blocos de 50 linhas", "batch them in groups of 10".
_IN_BLOCKS = re.compile(
    r"\b(?:junt|agrup|concaten|group|batch|bundl|combin|pack)\w*\b[^.;!?\d]{0,25}?"
    r"(?:de (?P<n>\d+) em (?P=n)\b|(?:blocos|lotes|grupos|pacotes|blocks|batches|groups|chunks) "
    r"(?:de|of) (?P<size>\d+)\b|"
    # "vou juntar 40 registros por exemplo"
    r"(?P<per>\d+) [a-z]+ (?:por|per|em cada|in each) (?:exemplo|example)\b)[^.;!?\d]{0,40}"
)
# Between a first count and a second one: the second is what remains after cleaning the first.
_CLEANING = (
    r"limp\w*|dedup\w*|deduplic\w*|filtr\w*|duplicad\w*|remov\w*|tirando|descart\w*|clean\w*|"
    r"filter\w*|duplicates?|"
    # "um .zip de 1,8 GB, descompactado vira 7,2 GB", "3 GB de PDF; depois do OCR, 640 MB"
    r"descompact\w*|descomprim\w*|uncompress\w*|decompress\w*|unzip\w*|extraid\w*|extract\w*|"
    r"ocr|texto puro|plain text"
)
# (A sentence may end in between: "30 mil contratos. Tirando duplicados ficam 24 mil.")
CLEANED = re.compile(rf"^[^\d]{{0,60}}?\b(?:{_CLEANING})\b[^\d]{{0,40}}$")
# Between a first count and a second one that replaces it: a correction ("20 mil (não,
# corrigindo: são 25 mil)"), today's figure after an old one ("tinha 4 mil; a nova tem 12 mil"),
# or the part kept ("40 mil, mas vamos usar só 10 mil").
# Words that say what part of the data is kept ("vamos usar só", "sobram", "we'll keep").
_KEPT = (
    r"us[ae]r\w*|usaremos|aproveit\w*|sobra\w*|resta\w*|mant\w*|keep\w*|kept|usable|only|"
    r"apenas|somente|so"
)
_REPLACING = re.compile(
    r"^[^\d]{0,60}?\b(?:corrig\w*|correcao|alias|na verdade|quer dizer|digo|errei|me enganei|"
    r"actually|i mean|correction|scratch that|nova|novo|new|atual\w*|agora|hoje|now|currently|"
    r"confundi|pera|oops|ops|opa|wait|vamos ter|teremos|vai ter|will have|we'?ll have|"
    # "9.200 commits, mas sem os merges são 8.400": the count less a kind
    rf"vamos usar|{_KEPT}|prestam|sem (?:os|as|o|a)|without(?: the)?)\b[^\d]{{0,40}}$"
)
# "12 mil resumos de ~150 palavras... ops 120 mil": a count corrected right after its length.
_CORRECTED = re.compile(
    r"^[^\d$]{0,25}?\b(?:ops|opa|oops|corrig\w*|correcao|na verdade|quer dizer|digo|errei|"
    r"me enganei|actually|i mean|correction|pera|wait)\b[^\d$]{0,25}$"
)
# After a count: those records stay out of this job ("e 73 livros que não vão entrar agora").
LEFT_OUT = re.compile(
    # not "vão ser só 35 mil, o resto fica de fora": what is left out is the rest
    r"(?:(?!\bresto\b|\brest\b|\bdemais\b)[^.;!?\d]){0,45}?"
    r"\b(?:nao (?:vao |vai |serao |sera )?(?:entrar|entra|entram|usad\w*|"
    r"incluid\w*)|ficam? de fora|ficam fora|won'?t be (?:used|included)|(?:are|is) not (?:used|"
    r"included)|left out|excluded)\b"
)
# After a second count: it is the part trained on ("20 mil vão pra treino e 4 mil pra teste").
TRAINING = re.compile(
    # not "vão entrar mais 10 mil antes do treino": when they arrive
    r"^\s*(?!(?:antes|before|depois|after|ate|until)\b)(?:[a-z]+\s+){0,2}?"
    r"(?:para |pra |pro |de |for |in |to )?(?:o |the )?"
    r"(?:treino|treinamento|training|train)\b"
)
# After a second count: it is held out for validation or testing, not trained on.
_HELD_OUT = re.compile(
    r"^\s*(?:[a-z]+\s+){0,2}?(?:de |para |pra |pro |of |for )?(?:validacao|teste|testes|test|"
    r"validation|eval\w*|holdout|avaliacao)\b"
)
# "10% pra validação": the share of the count that is not trained on.
_SPLIT = re.compile(
    # "10% vai ficar de fora pra validação"
    r"(?P<percent>\d+(?:[.,]\d+)?)\s*%\s*(?:[a-z']+\s+){0,4}?(?:de |para |pra |pro |for |as )?"
    r"(?:validacao|teste|test|validation|eval\w*|holdout|avaliacao)\b|"
    # "split 80/10/10 (treino/validação/teste)": the first share is trained on
    r"\b(?P<kept>\d{2})\s*/\s*\d{1,2}\s*/\s*\d{1,2}\b(?=[^.;!?]{0,30}\b(?:treino|train))|"
    # "split 80/20 treino/teste": the second share is held out.
    r"\b(?P<train>\d{2})\s*/\s*(?P<held>\d{2})\s*%?\s*(?:\(?\s*)?(?:treino|train)"
)
# The share of the count that is kept: "vamos usar só os que têm resposta, que são 25% do total".
_KEPT_SHARE = re.compile(
    # "só vamos usar as de 2020 pra cá, uns 30% do total": a year on the way
    # "we only train on the 4- and 5-star ones, which are 60%": a rating's digit on the way
    rf"\b(?:{_KEPT}|fica\w*)\b(?:[^.;!?\d]|(?<!\d)(?:19|20)\d\d(?!\d)|(?<![\d.,])\d(?![\d.,%]))"
    r"{0,60}?"
    r"(?P<percent>\d+(?:[.,]\d+)?)\s*%"
    r"(?!\s*(?:[a-z']+\s+){0,4}?(?:de |para |pra |for )?(?:validacao|teste|test|validation|eval))"
    # "só 70% do tempo tem fala": a share of each recording (reader/recordings.py)
    r"(?!\s*(?:do tempo|of the time|(?:tem|e|has|is) (?:fala|voz|speech)))"
)
# "75% têm resposta do atendente e só esses entram": the share named, then kept.
_KEPT_AFTER = re.compile(
    r"(?P<percent>\d+(?:[.,]\d+)?)\s*%[^.;!?%\d]{0,60}?(?:\be |,\s*|\band )"
    r"(?:so|apenas|somente|only)\s+(?:esses|essas|estes|estas|eles|elas|these|those|them)\b"
)
_DROPPED_SHARE = re.compile(
    r"(?P<percent>\d+(?:[.,]\d+)?)\s*%\s*(?:deles |delas |of them )?(?:sao |are |is |e )?"
    # "uns 15% das páginas o OCR saiu lixo"
    r"(?:d[aoe]s? [a-z]+ (?:[a-z]+ ){0,3}?(?:saiu|sairam|ficou|ficaram|veio|vieram|e|sao) )?"
    # "um terço é de um formato antigo que vamos descartar"
    r"(?:[^.;!?\d%]{0,40}? (?:que|which|that) (?:vamos|vai|vao|we'll|will be|we will) )?"
    r"(?:duplicad|repetid|lixo|ruido|invalid|descart|removid|vao sair|vai sair|will be removed|"
    r"spam|vai fora|vao fora|jogad|inuteis|inutil|useless|"
    r"dropped|duplicates?|junk|noise)"
)
# What may precede a count whose noun is left out: a joining or remaining word, and "uns"/"~".
_ELIDED_BEFORE = re.compile(
    r"(?:\+|\be mais\b|\bmais\b|\balem d[eoa]s?\b|\bplus\b|\band\b|\bsobra\w*|\bresta\w*|"
    rf"\boutr[oa] (?:de|com)\b|\banother (?:of|with)\b|\bapag\w*|\bexclu\w*|\bdelet\w*|{ARRIVED}|"
    r"\btir(?:ar|amos|aram|ei|ou|em)\b|"
    rf"\bfica\w*|\bleft\b|\bremain\w*|\bvira\w*|\bcai\w* pra\b|\bdown to\b|\b(?:{_CLEANING})\b|"
    r"\bkeep(?:ing)?\b|\bkept\b|\bmant\w*|\baproveit\w*|\busa\w*|\buse\b|\busing\b)"
    r"(?:\s*(?:uns|umas|cerca de|~|about|around|some|mais ou menos|another|outros|outras|other|"
    r"roughly|approximately|aprox\w*|only|so|apenas|so uns))*\s*$"
)
_PART_LENGTHS = frozenset({"word", "token", "char", "page", "line"})
# "~120 palavras de entrada + ~280": the gap after one part's length up to the next one's
_PLUS_PART = re.compile(
    r"(?:\s+(?:de|do|da|of)\s+[a-z]+)?\s*\+\s*(?:[a-z]+\s+){0,4}?(?:(?:de|com|of|with)\s+)?"
    r"(?:~|uns |umas )?\s*"
)
_SENTENCE_END = re.compile(r"[.!?](?!\d)")  # not "1.500"


def elided_count(
    text: str, start: int, end: int, value: float, mentions: list[Mention]
) -> Mention | None:
    """A number with no unit after a count of records in the same sentence, joined to it by "+",
    "e mais", "sobram", ...: a count of the same records."""
    earlier = next((m for m in reversed(mentions) if m.unit == "record"), None)
    if earlier is None:
        return None
    last = mentions[-1]
    plus = _PLUS_PART.fullmatch(text, last.end, start)
    if last.unit in _PART_LENGTHS and last.start > earlier.start and plus:
        return Mention(value, last.unit, last.noun, start, end)  # "~120 palavras de entrada + ~280"
    if value < 50:
        return None
    gap = text[earlier.end : start]
    after = text[end:]
    split = TRAINING.match(after) or _HELD_OUT.match(after)  # "20 mil vão pra treino"
    # "12 mil resumos de ~150 palavras... ops 120 mil": corrected after the length
    replaced = _REPLACING.match(gap) or (
        last.end > earlier.end and _CORRECTED.match(text[last.end : start]) and len(gap) <= 100
    )
    if not (_ELIDED_BEFORE.search(gap) or split or replaced) or len(gap) > 100:
        return None
    if _SENTENCE_END.search(gap) and not (
        split or replaced or re.search(rf"\b(?:{_CLEANING})\b", gap)
    ):
        return None
    return Mention(value, "record", earlier.noun, start, end)


def _split(text: str, main: list[Mention]) -> tuple[list[Mention], str] | None:
    """ "50 mil exemplos, 10% pra validação": the examples trained on are the other 90%; "vamos
    usar só os que têm resposta, que são 25% do total": the 25% kept; "20% são duplicadas e saem,
    e 10% do que sobrar vai pra validação": both, one after the other."""
    shares: list[float] = []
    if kept := _KEPT_SHARE.search(text, main[0].end) or _KEPT_AFTER.search(text, main[0].end):
        shares.append(float(kept["percent"].replace(",", ".")) / 100)
    elif dropped := _DROPPED_SHARE.search(text, main[0].end):  # "uns 15% são duplicados"
        shares.append(1 - float(dropped["percent"].replace(",", ".")) / 100)
    kept_said = len(shares)
    if (split := _SPLIT.search(text, main[0].end)) and split["kept"]:
        shares.append(float(split["kept"]) / 100)
    elif split:
        shares.append(1 - float((split["percent"] or split["held"]).replace(",", ".")) / 100)
    if len(shares) == 2 and kept_said and abs(shares[0] - shares[1]) < 1e-9 and kept:
        shares, kept_said = shares[1:], 0  # "vamos usar 90% pra treino e 10% pra validação"
    if not shares or not all(0 < share < 1 for share in shares):
        return None
    value = main[0].value
    for share in shares:
        value *= share
    trained = replace(main[0], value=value)
    said = said_count(main[0])
    for index, share in enumerate(shares):
        label = _("{share}% aproveitados") if index < kept_said else _("{share}% para treino")
        said += f" {TIMES} " + label.format(share=said_amount(share * 100))
    return [trained, *main[1:]], f"{said} = {said_count(trained)}"


def _regrouped(
    text: str, main: list[Mention], chains: list[list[Mention]]
) -> tuple[list[Mention], str] | None:
    """ "75 mil mensagens ..., agrupadas em conversas de 10 mensagens": each conversation is an
    example of 10 messages, each message as long as the message says."""
    if main[0].unit != "record":
        return None
    if main[0].noun in load_quantities().units["turn"].split():
        found = _REGROUPED.search(text, main[0].end)
    else:
        found = _IN_BLOCKS.search(text, main[0].end)
    if found is None:
        return None
    blocks = "n" in found.re.groupindex
    if not blocks and found["groups"]:
        size = main[0].value / amount(found["groups"], found["scale"] or "")
    else:
        size = float(
            found["n"] or found["size"] or found["per"]
            if blocks
            else found["size"] or found["size_by"]
        )
    if size < 1:
        return None  # "conversas de 0 mensagens": the count as written, for the job to refuse
    inside = [c for c in chains if c is not main and found.start() <= c[0].start < found.end()]
    for chain in inside:
        chains.remove(chain)
    # Each message's length: said with the messages, after the groups, or apart.
    said_with = [*main[1:], *(m for c in inside for m in c)]
    lengths = [m for m in said_with if m.unit in _RECORD_LENGTHS]
    if not lengths:  # "média de 20 palavras por mensagem", said apart
        said_apart = next(
            (c for c in chains if c[0].role == "per" and c[0].unit in _RECORD_LENGTHS),
            None,
        )
        if said_apart is not None:
            chains.remove(said_apart)
            lengths = said_apart
    if blocks:
        group, turn = "blocos", main[0].noun
        said = "n" if found["n"] else "size" if found["size"] else "per"
    else:
        group = found["group"] or found["group_n"] or _GROUPS_OF[found["group_by"]]
        said = "size" if found["size"] else "size_by" if found["size_by"] else "groups"
        turn = found["turn"] or found["turn_by"] or main[0].noun
    examples = Mention(main[0].value / size, "record", group, main[0].start, main[0].end)
    turns = Mention(size, "turn", turn, found.start(said), found.end(), "part")
    said = _("{count} ÷ {size} por {group} = {total}").format(
        count=said_count(main[0]),
        size=said_amount(size),
        group=_ONE_GROUP[group],
        total=said_count(examples),
    )
    return [examples, turns, *lengths], said


def adjusted_count(
    text: str, main: list[Mention], chains: list[list[Mention]]
) -> tuple[list[Mention], str]:
    """The chain of the examples' count as the message finally states it, and how the reply
    says that count ("" when it is the first figure as written). Chains folded into it (an
    added dataset, the count after cleaning, a held-out part) are taken out of `chains`."""
    adjusted = over_period(text, main) or _split(text, main) or _regrouped(text, main, chains)
    if adjusted is not None:
        return adjusted
    later = [
        c for c in chains if c is not main and c[0].unit == "record" and c[0].start > main[0].start
    ]
    if not later:
        return main, ""
    second = later[0]
    between = [c for c in chains if main[0].start < c[0].start < second[0].start]
    gap = text[max([main[-1].end, *(c[-1].end for c in between)]) : second[0].start]
    if TRAINING.match(text[second[0].end :]):
        chains.remove(second)
        return [replace(second[0], noun=main[0].noun), *(second[1:] or main[1:])], ""
    # ("cada edição ~40 páginas" after "digitalizadas com OCR": each record's pages, not a count
    # left after cleaning)
    cleaned = CLEANED.match(gap) and second[0].role != "per"
    if cleaned or (_REPLACING.match(gap) and not _HELD_OUT.match(text[second[0].end :])):
        chains.remove(second)
        kept = second if len(second) > 1 else [second[0], *main[1:]]
        kept = [replace(kept[0], noun=main[0].noun), *kept[1:]]
        if not cleaned:
            return kept, ""
        return kept, _("{count} (depois da limpeza)").format(count=said_count(kept[0]))
    if _HELD_OUT.match(text[second[0].end :]):
        # "e mais 5 mil de validação, 300 tokens cada": not trained on; a length said after
        # it is still every example's.
        after: list[Mention] = [replace(part, role="per") for part in second[1:]]
        if after:
            chains[chains.index(second)] = after
        else:
            chains.remove(second)
        if ADDED.match(gap) or second[0].value >= main[0].value:
            return main, ""
        # "dos 50 mil pares, vamos reservar 5 mil pra teste": what is left is trained on; "e
        # outras 1.500 pra teste", "and another 5% of the total for test": each part held out
        held = [second[0].value]
        for other in later[1:]:
            if _HELD_OUT.match(text[other[0].end :]) and other in chains:
                held.append(other[0].value)
                chains.remove(other)
        if (share := _SPLIT.search(text, second[0].end)) and share["percent"]:
            held.append(main[0].value * float(share["percent"].replace(",", ".")) / 100)
        trained = replace(main[0], value=main[0].value - sum(held))
        if trained.value <= 0:
            return main, ""
        said = _("{count} - {held} para teste").format(
            count=said_count(main[0]), held=" - ".join(said_amount(value) for value in held)
        )
        return [trained, *main[1:]], f"{said} = {said_count(trained)}"
    # "6 mil ... e mais 3 mil ... e mais mil ...": each set added in turn
    steps: list[str] = []
    while added := added_set(text, main, chains):
        main, said = added
        steps.append(said)
    return main, "; ".join(steps)


def per_turn(chains: list[list[Mention]], mention: Mention, before: str, after: str) -> bool:
    """Whether `mention` is each turn's length, right after the turns in an example: "6 messages
    per chat, ~15 words per message", "6 turnos, e cada turno tem ~50 palavras", "4 falas do
    cliente e 4 do atendente, todas com umas 30 palavras"."""
    last = chains[-1] if chains else None
    return (
        last is not None
        and last[-1].unit == "turn"
        and mention.unit in TURN_PARTS
        and bool(_PER_TURN.match(after) or _PER_TURN_BEFORE.search(before))
    )


def another_turns(text: str, start: int, end: int, mentions: list[Mention]) -> Mention | None:
    """ "4 falas do cliente e 4 do atendente": the second number counts the same messages."""
    last = mentions[-1] if mentions else None
    if last is None or last.noun not in load_quantities().units["turn"].split():
        return None
    if not _TURNS_BETWEEN.match(text[last.end : start]) or not _WHOSE.match(text[end:]):
        return None
    return Mention(float(text[start:end]), "turn", last.noun, start, end)


_TIMES_LENGTH = re.compile(
    r"^\s*(?:x|\u00d7|\*)\s*(?:~|uns |umas )?\d[\d.,]*\s*(?:mil |k )?"
    r"(?:palavras|tokens|caracteres|paginas|words|pages|characters)\b"
)
_EACH_NAMED = re.compile(r"^\s*,?\s*(?:e |and )?(?:cada|each)\s+(?P<noun>[a-z-]+)")


def counted_by_each(text: str, start: int, end: int, value: float) -> Mention | None:
    """ "tenho umas 8 mil, cada ata tem ~700 palavras": a bare count whose records the next
    words name one by one; "dataset 15k x ~600 palavras": a count times each one's length."""
    if value >= 50 and _TIMES_LENGTH.match(text[end:]):
        return Mention(value, "record", "exemplos", start, end)
    found = _EACH_NAMED.match(text[end:])
    if found is None or value < 50:
        return None
    records = record_nouns()
    noun = next((n for n in (found["noun"] + "s", found["noun"] + "es") if n in records), None)
    if noun is None and found["noun"] in records:
        noun = found["noun"]
    return None if noun is None else Mention(value, "record", noun, start, end)


def length_taken_back(
    text: str, main: list[Mention], sized: list[list[Mention]]
) -> list[Mention] | None:
    """ "ficaram 31 mil atas, não 40 mil ... (older e-mail) são 40 mil atas, ~900 palavras cada":
    the count taken back keeps telling each record's length."""
    for chain in sized:
        said = re.match(r"[\d.,]+(?:\s?(?:mil|k)\b)?", text[chain[0].start :])
        if chain is main or chain[0].noun != main[0].noun or len(main) > 1 or said is None:
            continue
        number = re.escape(said[0])
        if re.search(rf"\b(?:nao|not|em vez d[eoa]s?|instead of)\s+(?:[oa]s\s+)?{number}", text):
            return chain
    return None
