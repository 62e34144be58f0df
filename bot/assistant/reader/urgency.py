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
