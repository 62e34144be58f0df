"""A deadline that falls on a day off, moved the way the client's trade moves it: "se cair em dia
não útil, prorroga pro próximo dia útil", "caiu num domingo, então antecipa pro dia útil
anterior"; a payday on a Saturday is paid the working day before, a bill due on a Sunday is due the
working day after. The time of day stays."""

import re
from dataclasses import replace
from datetime import datetime, timedelta

from bot.assistant.reader.calendar_days import CLIENT_ZONE, working_day
from bot.assistant.reader.deadline_said import understood
from bot.assistant.reader.deadline_shift import Deadline

_DAY_OFF = re.compile(
    r"\b(?:cai\w*|caem|fica|for|e|eh|sera)\b[^.;!?\d]{0,25}\b(?:dia nao util|sabado|domingo|"
    r"fim de semana|feriado)\b|\b(?:se|caso) cair (?:em|num|numa|no|na)\b"
)
_BEFORE = re.compile(
    r"\bantecip\w*|\bdia util anterior\b|\bultimo dia util antes\b|\b(?:dia d[oe] )?pagamento\b|"
    r"\bsalario\b|\bfolha\b"
)
_AFTER = re.compile(
    r"\bprorrog\w*|\bposterg\w*|\b(?:proximo|seguinte) dia util\b|\bdia util seguinte\b|"
    r"\bvencimento\b|\bvence\b"
)


def rolled(text: str, deadline: Deadline | None, now: datetime) -> Deadline | None:
    """`deadline` moved off a day off where the message says how (or its trade does)."""
    if deadline is None or not _DAY_OFF.search(text):
        return deadline
    at = deadline.at.astimezone(CLIENT_ZONE)
    # the client's own words first ("antecipa"), then what the date is (a payday, a bill)
    back, ahead = _BEFORE.search(text), _AFTER.search(text)
    if working_day(at.date()) or not (back or ahead):
        return deadline
    step = -1 if back and (not ahead or back.start() < ahead.start()) else 1
    while not working_day(at.date()):
        at += timedelta(days=step)
    if at <= now:
        return deadline
    hours = max(1.0, round((at - now).total_seconds() / 3600, 1))
    return replace(deadline, at=at, hours=hours, note=understood(at, hours, False))
