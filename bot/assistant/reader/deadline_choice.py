"""Which of the dates a message says is its deadline: the one marked as such ("até", "prazo",
"antes do dia 20") over one only mentioned ("o contrato vence dia 22"), and never the day the
model will be used on ("o piloto começa na segunda") while another is said."""

import re

from bot.assistant.reader.deadline_shift import Deadline

# Right before a day the model will be used on, not the deadline when another is said.
_USE_DAY = re.compile(
    r"\b(?:usar|testar|comec\w*|entra\w* em producao|go live|launch\w*|use it)\b[^.;!?]{0,15}$"
)
# Right before the date that is the deadline itself.
_MARKED = re.compile(
    r"\b(?:ate|until|by|prazo|deadline|entrega\w*|entregue|antes d[oae]s?|due|no maximo|"
    r"dentro d[oae]s?|within|"
    r"no later than|limite(?: mesmo)?"
    # "até as 3 da madrugada de sábado": the hour between the mark and its day
    r"(?: e)?)\b\W*(?:(?:as|a|at) \d{1,2}(?:h\d{0,2}|:\d\d)?"
    r"(?: da (?:manha|tarde|noite|madrugada))?\s+(?:de |do |on )?)?(?:(?:o|a|no|na|dia|the|em) )?$"
)


def _before(text: str, deadline: Deadline, pattern: re.Pattern[str], width: int) -> bool:
    return bool(pattern.search(text[max(0, deadline.start - width) : deadline.start]))


def chosen(text: str, found: list[Deadline], counted: Deadline | None) -> Deadline | None:
    """The deadline among the days `found` and the one `counted` in a format of its own."""
    used = [d for d in found if _before(text, d, _USE_DAY, 40)]
    found = [d for d in found if d not in used] or found
    marked = [d for d in found if _before(text, d, _MARKED, 40)]
    if counted is None:
        return next(iter(marked or found), None)
    others = [d for d in found if d.start >= counted.end or d.end <= counted.start]
    apart = [d for d in marked if d in others]
    if apart and not _before(text, counted, _MARKED, 40):
        return apart[0]
    return others[0] if others and _before(text, counted, _USE_DAY, 40) else counted
