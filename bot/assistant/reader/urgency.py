"""Urgency without a date: "pra ontem", "urgente", "o mais rápido possível", "it's a rush" make the
fastest sensible option the recommendation; "sem pressa" and "não é urgente" never do."""

import re

from bot.assistant.reader.cues import negated

URGENT = re.compile(
    r"\b(?:emergencia\w*|emergency|time[- ]critical|time[- ]sensitive|pra ontem|para ontem|"
    # "a opção que termina mais rápido", "whatever finishes soonest", "prioridade zero"
    r"(?:termin|acab|fica)\w* (?:pronto |pronta )?mais rapid\w*|"
    r"finish\w* (?:soonest|fastest|first)|soonest|fastest|quickest|"
    r"prioridade (?:zero|0|maxima|total|um|1)|top priority|"
    r"tight (?:clock|deadline|timeline|schedule)|as soon as (?:humanly )?possible|"
    r"urgen(?:te|tes|cia|temente|t|tly)|pra ja|para ja|pegando fogo|"
    r"o mais breve|com urgencia|hurry|rush job|urgentissim[oa]s?|o mais rapid[oa]|"
    r"o quanto antes|quanto antes|o mais cedo possivel|asap|as soon as possible|correndo contra|"
    r"com pressa|temos pressa|tenho pressa|estou com pressa|yesterday|right away|imediat\w+|"
    # "é pra agora, não dá pra esperar", "com a maior brevidade possível"
    r"(?:e|eh) (?:pra|para) agora|nao (?:da|podemos|posso|pode) (?:pra |para )?esperar|"
    r"maior brevidade|brevidade possivel|can'?t wait|corda no pescoco|atrasad\w*issim\w*|"
    r"correria|entregar mais cedo|the sooner the better|quanto mais cedo melhor|voando|"
    # "prioridade número um", "tempo é crítico", "quanto mais rápido melhor", "em cima da hora"
    r"prioridade (?:numero )?(?:um|1)|(?:o )?tempo (?:e|eh) critico|"
    r"quanto mais rapid\w* melhor|em cima da hora|(?:it'?s |this is )?a rush\b|"
    r"(?:sair|ficar pronto|terminar|rodar|rodando|funcionando) logo|corre que|"
    r"a toque de caixa|a jato|sem demora|depressa|a mil por hora|no ar ja|fire drill|"
    r"as fast as (?:you|we) can|(?:clima|estado) "
    r"(?:aqui )?(?:e|eh) de incendio|virou prioridade|todo mundo (?:aqui )?(?:ta|esta) cobrando|"
    # an incident's priority: "virou P0 aqui dentro", "this is a Sev1 for us"
    r"p0|sev ?-?[01]|severity ?[01]|prioridade zero)\b"
)
_NOT_URGENT = re.compile(r"\b(?:nao (?:e|eh|tem|ha|esta) (?:nada )?urgen\w+|sem pressa|no rush)\b")


def read_urgency(text: str) -> bool:
    """ "pra ontem", "urgente", "o mais rápido possível": the fastest sensible option wins."""
    found = URGENT.search(text)
    if found is None:
        return False
    return not _NOT_URGENT.search(text) and not negated(text, found.start())


# "o prazo era dia 1º e a gente já estourou", "our deadline was November 30 and we blew past it":
# the date said is behind us; with no new one, the job is late, so urgent.
_MISSED = re.compile(
    # not "a memória estourou": the date is what was missed
    r"\b(?:prazo|data|deadline|entrega|due date)\b[^.!?;]{0,60}?\b(?:ja )?"
    r"(?:estour\w*|passou|venceu|perdemos|missed|blew (?:past|through)|went by)|"
    r"\b(?:perdemos|missed|blew (?:past|through)) (?:o |a |the |our )?(?:prazo|data|deadline|date)|"
    r"\bprazo vencido|\b(?:we'?re|we are|it'?s|this is) (?:already |now )?(?:late|overdue)\b|"
    r"\bpast due\b|\bja estamos atrasad\w*"
)
_NEW_DATE = re.compile(
    r"\b(?:(?:novo prazo|nova data|new (?:deadline|date|due date))\b(?!\s*(?:ainda|yet))|"
    r"agora (?:e|eh|ficou) (?:pra|para|ate))"
)
_NO_NEW_DATE = re.compile(
    r"\b(?:(?:nao|sem|nenhum[a]?) (?:tem |deu |ha |temos )?(?:(?:o |a )?(?:novo prazo|nova data|"
    r"data nova|prazo novo))|no new (?:date|deadline)|without a new date)\b"
)


def missed_deadline(text: str) -> bool:
    """A deadline the client says is already past, with no new date set."""
    if _MISSED.search(text) is None:
        return False
    return bool(_NO_NEW_DATE.search(text)) or not _NEW_DATE.search(text)
