"""E-mails pasted into a message, each with the date its header says it was sent: a deadline
written inside one ("em 5 dias úteis a partir de hoje", "até amanhã às 17h") counts from that
date, not from the moment the client pasted it. The client's own words come first."""

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from babel.dates import format_date
from dateparser.date import DateDataParser

from bot.assistant.reader.calendar_days import CLIENT_ZONE
from bot.assistant.reader.deadline_said import understood
from bot.assistant.reader.deadline_shift import Deadline
from locales import _, locale


@dataclass(frozen=True)
class Sent:
    """One pasted e-mail: where its header starts, its text (from after the header to the next
    header) and when it was sent, on the client's clock."""

    header: int
    start: int
    end: int
    at: datetime


# "Enviado: quarta-feira, 2 de dezembro de 2026 18:05", "Date: seg., 30 de nov. de 2026 às
# 15:12", "Em qui., 3 de dez. de 2026 às 08:12, Diego escreveu:", "On Mon, Nov 30, 2026 at 3:12
# PM, Ana wrote:" (text already folded: lowercase, no accents).
_HEADER = re.compile(
    r"(?m)^[>\s]*(?:(?P<field>enviad[oa](?: em)?|date|data|sent)\s*:|(?:em|on)\b)\s*"
    r"(?P<when>[^\n]{8,90}?)(?P<wrote>,\s*[^,\n]{2,60}\s(?:escreveu|wrote)\s*:?)?\s*$"
)
_YEAR = re.compile(r"\b20\d\d\b")
# A header's date is always written out in full: no relative words to try ("há 2 dias").
_HEADER_DATES = DateDataParser(
    languages=["pt", "en"], settings={"DATE_ORDER": "DMY", "PARSERS": ["absolute-time"]}
)


def sent_emails(text: str) -> list[Sent]:
    """Each pasted e-mail whose header dates it, in the order they appear (a reply thread puts
    the newest on top)."""
    headers: list[tuple[int, int, datetime]] = []
    for header in _HEADER.finditer(text):
        if not (header["field"] or header["wrote"]) or not _YEAR.search(header["when"]):
            continue
        parsed = _HEADER_DATES.get_date_data(header["when"]).date_obj
        if parsed is None:
            continue
        # "Sent: Tue, 1 Dec 2026 16:00:00 +0000": on the sender's clock, turned into ours
        at = parsed.astimezone(CLIENT_ZONE) if parsed.tzinfo else parsed.replace(tzinfo=CLIENT_ZONE)
        headers.append((header.start(), header.end(), at))
    ends = [start for start, _end, _at in headers[1:]] + [len(text)]
    return [
        Sent(start, end, after, at) for (start, end, at), after in zip(headers, ends, strict=False)
    ]


def from_emails(
    text: str, now: datetime, read: Callable[[str, datetime], Deadline | None]
) -> Deadline | None:
    """`read`'s deadline in the client's own words; else the first one an e-mail sets, counted
    from the day it was sent, while it is still ahead."""
    emails = sent_emails(text)
    own = text
    for email in emails:
        own = own[: email.header] + " " * (email.end - email.header) + own[email.end :]
    found = read(own, now)
    if found or not emails:
        return found
    for email in emails:
        inside = " " * email.start + text[email.start : email.end]
        said = read(inside, min(email.at, now))  # a header dated ahead of now is a typo
        if said is None or said.at <= now:
            continue
        hours = max(1.0, round((said.at - now).total_seconds() / 3600, 1))
        sent = format_date(min(email.at, now), "dd/MM", locale=locale())
        note = (
            understood(said.at, hours, False).removesuffix(".")
            + " "
            + _("(contado a partir do e-mail de {day}).").format(day=sent)
        )
        return Deadline(said.at, hours, said.start, said.end, note)
    return None


def hours_since_sent(text: str, position: int, now: datetime) -> float:
    """How long ago the e-mail holding `position` was sent: "em 3 dias" written there counts
    from then."""
    for email in sent_emails(text):
        if email.start <= position < email.end and email.at < now:
            return (now - email.at).total_seconds() / 3600
    return 0.0
