"""How the count changes after it is said: more sets added ("outra de 15 mil"), records taken out
("a gente tirou uns 2 mil duplicados"), records added each month since a base ("começou com 10 mil
e entram 1.500 por mês; já são 11 meses"), a subsample ("só 1 em cada 4"), copies kept once
("every page shows up about 3 times ... we'll dedupe"), augmentation ("cada par vai virar 3
exemplos") and synthetic data up to a total ("até chegar a 24 mil"). Each change is one step of
the arithmetic the reply shows."""

import re
from dataclasses import replace

from bot.assistant.reader.quantity_arithmetic import (
    ARRIVED,
    TIMES,
    Mention,
    said_amount,
    said_count,
)
from bot.assistant.reader.rates import rate_words, unit_days
from bot.assistant.reader.spans import amount
from locales import _
from quoting.units import format_number

# Right before a later count: it is taken out of the first.
_REMOVED = re.compile(
    r"\b(?:tir\w*|remov\w*|descart\w*|exclu\w*|apag\w*|jog\w* fora|removed|dropped|deleted|"
    r"threw out|we'll drop)\s+(?:uns |umas |~|cerca de |mais ou menos |about |around |some )?$"
)
_PERIODS = r"mes|meses|semanas?|dias?|anos?|months?|weeks?|days?|years?"
# "entram umas 1.500 por mês", "we add 2k a week": records that keep coming.
_GROWTH = re.compile(
    r"\b(?:entr\w*|cheg\w*|cresc\w*|nov[oa]s|adicion\w*|ganh\w*|soma\w*|add|get|come in|"
    r"arrive)\s+(?:uns |umas |~|cerca de |mais |about |around |another )?"
    r"(?P<n>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k)\b)?\s+(?:[a-z]+\s+)?"
    r"(?:por|/|a cada|ao|per|every|a|an)\s+(?P<unit>mes|semana|dia|ano|month|week|day|year)\b"
)
# "já são 11 meses", "faz 8 meses", "for 6 months now": how long they have been coming.
_SINCE = re.compile(
    rf"\b(?:ja sao|ja faz|faz|ha|desde ha|for|over the last|nos ultimos)\s+(?P<n>\d+)\s+"
    rf"(?P<unit>{_PERIODS})\b"
)
# "só 1 em cada 4", "only 1 in every 10": a subsample.
_ONE_IN = re.compile(r"\b1 (?:em|a|de|in|out of)(?: cada| every)? (?P<n>\d+)\b")
# "every page shows up about 3 times ... we'll dedupe": each record that many times, kept once.
_REPEATED = re.compile(
    r"\b(?:every|each|cada|tod[oa])\s+[a-z]+\s+(?:shows up|appears|aparece|vem|esta|is there|"
    r"se repete|repete|is repeated)\s+(?:about |around |umas |uns |cerca de |~)?(?P<n>[2-9]|1\d)"
    r"\s*(?:times|vezes|x)\b"
)
_DEDUPED = re.compile(
    r"\b(?:dedup\w*|deduplic\w*|duplicad\w*|repetid\w*|unique|unicos|unicas|uma vez so|once)\b"
)
# "... é duplicata e sai", "is junk": the one in each N is taken out, not kept.
_OUT = re.compile(
    r"\s*(?:e|sao|is|are|vai|vao|tem que|has to)?\s*(?:uma? )?(?:duplicad\w*|duplicata\w*|"
    r"repetid\w*|lixo|ruido|invalid\w*|descart\w*|removid\w*|sai|sair|fora|spam|duplicates?|"
    r"junk|noise|dropped|removed|tossed)\b"
)
# "cada par vai virar 3 exemplos", "each one becomes 5 samples": augmentation.
_VARIANTS = (
    r"(?:exemplos|examples|variacoes|variations|versoes|versions|amostras|samples|parafrases|"
    r"paraphrases|reescritas|rewrites)"
)
_AUGMENTED = re.compile(
    r"\b(?:vai virar|vao virar|vira|viram|vai gerar|vao gerar|gera|geram|becomes?|will become|"
    rf"turns? into|will turn into)\s+(?P<n>\d+)\s+{_VARIANTS}\b|"
    # "vamos gerar 20 paráfrases de cada uma", "generate 5 variations of each"
    rf"\b(?:gerar|criar|fazer|generate|create|write)\s+(?P<each>\d+)\s+{_VARIANTS}\s+"
    r"(?:de|para|por|pra|for|of|per)\s+(?:cada|each)\b"
)
# "... e treinar com as paráfrases e as originais juntas": the originals stay beside them.
_ORIGINALS_KEPT = re.compile(
    r"\b(?:(?:e|mais|com|junto com|plus|and|with) (?:as |os |the )?originais|originais juntas|"
    r"(?:and|plus|with) the originals)\b"
)

# "vamos gerar dados sintéticos até chegar a 24 mil no total": the total trained on.
_GENERATED_TO = re.compile(
    r"\b(?:ger[ao]\w*|sintetic\w*|synthe\w*|augment\w*|generat\w*)\b"
    r"[^.!?]{0,80}?\b(?:ate (?:chegar a|completar|bater|atingir|fechar)|ate|up to|to reach|"
    r"until we reach|(?:e |a meta e )?chegar (?:a|em)|"
    r"(?:pra|para) (?:chegar|ficar) (?:a|em|com)|totalizando|chegando a)\s+(?:uns |~|cerca de )?"
    r"(?P<n>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k)\b)?(?!\s*(?:de )?(?:reais|dolares|dollars))"
)

# Right before a third or later count: it is added too ("uma de 40 mil, outra de 25 mil e outra
# de 15 mil").
_ALSO = re.compile(
    r"(?:\+|\be mais\b|\bmais\b|\boutr[oa] (?:de|com)\b|\banother (?:of|with)\b|\bplus\b|"
    rf"{ARRIVED})"
    r"[^.!?\d]{0,12}$"
)


def _more(text: str, main: list[Mention], chains: list[list[Mention]]) -> str:
    later = [c for c in chains if c is not main and c[0].unit == "record"]
    added = [c for c in later if c[0].start > main[0].start and _ALSO.search(text[: c[0].start])]
    if not added:
        return ""
    for chain in added:
        chains.remove(chain)
        if len(main) == 1:  # "... e outra de 15 mil, todas de ~90 palavras": the length said last
            main.extend(chain[1:])
    said = " + ".join([said_count(main[0]), *(said_count(c[0]) for c in added)])
    main[0] = replace(main[0], value=main[0].value + sum(c[0].value for c in added))
    return f"{said} = {said_count(main[0])}"


def _removed(text: str, main: list[Mention], chains: list[list[Mention]]) -> str:
    later = [c for c in chains if c is not main and c[0].unit == "record"]
    for chain in later:
        if chain[0].start > main[0].start and _REMOVED.search(text[: chain[0].start]):
            return _less(main, chains, chain, _("{count} - {less} removidos"))
    return ""


def _less(main: list[Mention], chains: list[list[Mention]], chain: list[Mention], said: str) -> str:
    """`main`'s count less `chain`'s (no count of its own), said as `said` ("{count} - {less}
    removidos"); "" where nothing would be left."""
    chains.remove(chain)
    left = main[0].value - chain[0].value
    if left <= 0:
        return ""
    step = said.format(count=said_count(main[0]), less=said_amount(chain[0].value))
    main[0] = replace(main[0], value=left)
    return f"{step} = {said_count(main[0])}"


# "mas 2 mil perguntas estão nas duas (vamos deixar só uma cópia)": counted twice, kept once.
_IN_BOTH = re.compile(
    r"\s+(?:[a-z]+\s+)?(?:estao|aparecem|se repetem|repetem|sao as mesmas|existem|are|appear)\s+"
    r"(?:nas (?:duas|2)|em ambas|nos (?:dois|2)|em ambos|in both)\b"
)


# "8 mil são spam e 5 mil ficaram sem resposta, e 2 mil estão nas duas ... tira os dois":
# two groups left out that share some records (inclusion-exclusion).
_OVERLAP = re.compile(
    r"(?P<n>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k)\b)?\s+(?:[a-z]+\s+){0,2}?"
    r"(?:estao|cairam|caem|aparecem|sao|ficaram|foram marcad[oa]s|are|fall|fell|were|appear)\s+"
    r"(?:em |in |on )?(?:nas 2|nos 2|ambas|ambos|both|as 2|os 2)\b"
)
_GROUP = re.compile(
    r"(?P<n>\d+(?:[.,]\d+)*)(?:\s*(?P<scale>mil|k)\b)?(?!\s*(?:palavras|words|tokens))"
)
_DROP_BOTH = re.compile(
    r"\b(?:tir\w*|remov\w*|descart\w*|exclu\w*|ficam so|nenhum|resto|the rest|drop\w*|"
    r"only (?:the )?(?:ones|those)|neither)\b"
)


def _outside_both(text: str, main: list[Mention], chains: list[list[Mention]]) -> str:
    both = _OVERLAP.search(text, main[0].end)
    if both is None or not _DROP_BOTH.search(text, both.end()):
        return ""
    groups = list(_GROUP.finditer(text, main[0].end, both.start()))[-2:]
    if len(groups) < 2:
        return ""
    first, second = (amount(g["n"], g["scale"]) for g in groups)
    shared = amount(both["n"], both["scale"])
    left = main[0].value - (first + second - shared)
    if not 0 < left < main[0].value or shared > min(first, second):
        return ""
    for chain in [
        c for c in chains if c is not main and groups[0].start() <= c[0].start < both.end()
    ]:
        chains.remove(chain)
    said = _("{count} - ({first} + {second} - {both} nos dois)").format(
        count=said_count(main[0]),
        first=said_amount(first),
        second=said_amount(second),
        both=said_amount(shared),
    )
    main[0] = replace(main[0], value=left)
    return f"{said} = {said_count(main[0])}"


def _in_both(text: str, main: list[Mention], chains: list[list[Mention]]) -> str:
    later = [c for c in chains if c is not main and c[0].start > main[0].start]
    for chain in later:
        if _IN_BOTH.match(text, chain[0].end) or _IN_BOTH.match(text, chain[-1].end):
            return _less(main, chains, chain, _("{count} - {less} repetidos"))
    return ""


def _grown(text: str, main: list[Mention], chains: list[list[Mention]]) -> str:
    growth = _GROWTH.search(text, main[0].end)
    since = _SINCE.search(text, growth.end()) if growth else None
    if growth is None or since is None:
        return ""
    rate = amount(growth["n"], growth["scale"])
    rate_days = unit_days(growth["unit"])
    periods = int(since["n"]) * unit_days(since["unit"]) / rate_days
    for chain in [c for c in chains if growth.start("n") <= c[0].start < growth.end()]:
        chains.remove(chain)  # "entram 1.500 conversas por mês": the rate is no count of its own
    said = _("{count} + {rate} por {unit} {times} {periods}").format(
        count=said_count(main[0]),
        rate=said_amount(rate),
        unit=rate_words(rate_days)[0],
        times=TIMES,
        periods=said_amount(periods),
    )
    main[0] = replace(main[0], value=main[0].value + rate * periods)
    return f"{said} = {said_count(main[0])}"


# "em 2025 aumentou 20% e esse ano mais 10% em cima disso", "it has shrunk by 15%": the count as it
# is now, each change on top of the one before.
_PERCENT_CHANGE = re.compile(
    r"\b(?:(?P<up>aument\w+|cresc\w+|subiu|grew|increased|went up|entr\w* mais|vem mais|"
    r"cheg\w* mais|mais|more)|"
    r"(?P<down>caiu|diminuiu|encolheu|reduziu|shrunk|shrank|decreased|dropped|went down))"
    r"(?: by| em)?(?: uns| umas| ~| cerca de| about)? ?(?P<percent>\d{1,3}(?:[.,]\d+)?)\s?%"
    r"|\b(?P<percent_after>\d{1,3}(?:[.,]\d+)?)\s?% (?P<side>a mais|a menos|more|fewer|less)\b"
)
# "mais 20% de validação": a share set apart, not more records
_SET_APART = re.compile(r"\s*(?:de |for |pra |para )?(?:nao|valid|teste|test)\w*")
# A share of a price or of each record's length is no change in the count: "o tokenizer do Llama dá
# uns 25% a mais", "um orçamento 20% a mais".
_NOT_THE_COUNT = re.compile(
    r"r\$|us\$|\$|preco|custo|orcamento|valor|price|cost|budget|desconto|token|palavra|caracter|"
    r"tamanho|length|size|words|chars"
)


def _percent_changed(text: str, main: list[Mention], chains: list[list[Mention]]) -> str:
    sentence_end = re.search(r"(?<!\d)[.!?\n](?!\d)", text[main[0].end :])
    end = main[0].end + (sentence_end.end() if sentence_end else len(text))
    end = min(len(text), end + 120)  # the change may come in the next sentence
    changes = [
        c
        for c in _PERCENT_CHANGE.finditer(text, main[0].end, end)
        if not _NOT_THE_COUNT.search(text, max(0, c.start() - 40), c.end() + 20)
        and not _SET_APART.match(text, c.end())
    ]
    if not changes:
        return ""
    value, said = main[0].value, said_count(main[0])
    for change in changes:
        percent = float((change["percent"] or change["percent_after"]).replace(",", "."))
        down = change["down"] or change["side"] in ("a menos", "fewer", "less")
        value *= 1 - percent / 100 if down else 1 + percent / 100
        said += f" {'-' if down else '+'} {format_number(percent, 0)}%"
    main[0] = replace(main[0], value=round(value))
    return f"{said} = {said_count(main[0])}"


def _scaled(text: str, main: list[Mention], chains: list[list[Mention]]) -> str:
    if (repeated := _REPEATED.search(text, main[0].end)) and _DEDUPED.search(text):
        times = int(repeated["n"])
        said = _("{count} ÷ {times} (cópias repetidas)").format(
            count=said_count(main[0]), times=times
        )
        main[0] = replace(main[0], value=main[0].value / times)
        return f"{said} = {said_count(main[0])}"
    if one_in := _ONE_IN.search(text, main[0].end):
        every = int(one_in["n"])
        if every < 2:
            return ""
        if _OUT.match(text, one_in.end()):  # "1 em cada 3 é duplicata e sai": the rest stays
            said = _("{count} - 1 em cada {every}").format(count=said_count(main[0]), every=every)
            main[0] = replace(main[0], value=main[0].value * (every - 1) / every)
        else:
            said = _("{count} ÷ {every} (amostragem)").format(
                count=said_count(main[0]), every=every
            )
            main[0] = replace(main[0], value=main[0].value / every)
        return f"{said} = {said_count(main[0])}"
    if augmented := _AUGMENTED.search(text, main[0].end):
        group = "n" if augmented["n"] else "each"
        times = int(augmented[group]) + bool(_ORIGINALS_KEPT.search(text, augmented.end()))
        for chain in [c for c in chains if c[0].start == augmented.start(group)]:
            chains.remove(chain)  # "vai virar 3 exemplos": no count of its own
        if times < 2:
            return ""
        said = f"{said_count(main[0])} {TIMES} {times}"
        main[0] = replace(main[0], value=main[0].value * times)
        return f"{said} = {said_count(main[0])}"
    return ""


def _generated(text: str, main: list[Mention], chains: list[list[Mention]]) -> str:
    """ "600 exemplos reais ... sintéticos até chegar a 24 mil": the total after generation."""
    generated = _GENERATED_TO.search(text, main[0].end)
    total = amount(generated["n"], generated["scale"]) if generated else 0.0
    if generated is None or total <= main[0].value:
        return ""
    for chain in [c for c in chains if c[0].start == generated.start("n")]:
        chains.remove(chain)
        if len(chain) > 1 and len(main) == 1:  # "a meta é chegar a 40 mil pares, pergunta de ~60"
            main.extend(chain[1:])
    said = _("{count} + sintéticos até {total}").format(
        count=said_count(main[0]), total=said_amount(total)
    )
    main[0] = replace(main[0], value=total)
    return f"{said} = {said_count(main[0])}"


# "a base cresceu 25%", "até o treino entram mais uns 10%": the count grown by a share.
# "cada e-mail aparece em média 3 vezes ... vamos deduplicar": the copies counted once.
_COPIES = re.compile(
    r"\b(?:aparece|aparecem|se repete|se repetem|repete|repetem|appears?|is repeated|repeats?)\s+"
    r"(?:em media |on average |umas |uns |about )?(?P<times>\d{1,3}) ?(?:vezes|x|times)\b"
)


def _shares(text: str, main: list[Mention], chains: list[list[Mention]]) -> str:
    copies = _COPIES.search(text, main[0].end)
    if copies and int(copies["times"]) >= 2:
        times = int(copies["times"])
        said = _("{count} ÷ {times} (cópias)").format(count=said_count(main[0]), times=times)
        main[0] = replace(main[0], value=main[0].value / times)
        return f"{said} = {said_count(main[0])}"
    return ""


def changed_count(text: str, main: list[Mention], chains: list[list[Mention]]) -> str:
    """Apply every later change to the count that heads `main`, in place; how the reply says
    them, or "" when the count stands as said."""
    changes = (
        _more,
        _removed,
        _outside_both,
        _in_both,
        _grown,
        _percent_changed,
        _scaled,
        _generated,
        _shares,
    )
    steps = [change(text, main, chains) for change in changes]
    return "; ".join(step for step in steps if step)
