"""Deadlines as calendar times in São Paulo, read the way a Brazilian client means them.

"até sexta" is this Friday at the end of the working day (18h), or next Friday when it is already
Friday after hours; "amanhã de manhã" is 9h, "segunda cedo" 8h, "em 3 dias úteis" skips weekends
and national holidays (the `holidays` package); explicit dates ("20/12", "15 de janeiro") go to
dateparser. "pra ontem", "urgente" and "o mais rápido possível" are urgency, not a date.
"""

import re
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import dateparser

from bot.assistant.reader.calendar_days import (
    CLIENT_ZONE,
    END_OF_DAY,
    MONTH_NUMBERS,
    PARTS_OF_DAY,
    WEEKDAYS,
    black_friday,
    business_day,
    carnival,
    day_of_month,
    next_month,
    working_day,
)
from bot.assistant.reader.calendar_days import EN_MONTH_NAMES as _EN_MONTHS
from bot.assistant.reader.calendar_days import MONTH_NAMES as _MONTHS
from bot.assistant.reader.client_calendar import client_week, describes_week
from bot.assistant.reader.cues import negated
from bot.assistant.reader.deadline_choice import chosen
from bot.assistant.reader.deadline_clock import clients_clock, clock_time, end_of_today, same_hour
from bot.assistant.reader.deadline_formats import formatted
from bot.assistant.reader.deadline_roll import rolled
from bot.assistant.reader.deadline_said import understood
from bot.assistant.reader.deadline_shift import LEAD, ZONE, ZONES, Deadline, from_now, lead_time
from bot.assistant.reader.email_dates import from_emails
from bot.assistant.reader.opening_hours import opening_as_hour

_PART = "|".join(sorted((re.escape(p) for p in PARTS_OF_DAY), key=len, reverse=True))
_WEEKDAYS = "|".join(WEEKDAYS)
_DAY = re.compile(
    r"\b(?:"
    r"(?P<after>depois de amanha|day after tomorrow)|(?P<tomorrow>amanha|tomorrow)|"
    r"(?P<today>hoje|today|ainda hoje|tonight)|"
    r"(?P<ash>(?:n?a )?quarta(?:-feira)? de cinzas|ash wednesday)|"
    rf"(?:(?:n?[oa] |this |(?P<next>next |proxim[oa] )|essa |esta )?(?P<weekday>{_WEEKDAYS})"
    # "by Friday week", "Monday week" (British): a week after the coming one
    r"(?:[- ]feira)?(?:(?P<next_weeks> da semana que vem| da proxima semana| (?:of )?next week)|"
    r"(?P<week_after> week(?! \d))|(?P<following> que vem))?)|"
    r"(?P<business>\d{1,3}) dias? uteis|(?P<business_en>\d{1,3}) (?:business|working) days?|"
    r"(?P<next_business>(?:o )?proximo dia util|next business day)|"
    # "no primeiro dia útil depois do Ano Novo"
    r"(?P<first_after_new_year>(?:o )?primeiro dia util (?:depois|apos) d[oa] (?:ano[- ]novo|"
    r"reveillon|virada))|"
    r"(?P<business_weeks>\d{1,2}) (?:semanas? uteis|semana util|business weeks?)|"
    r"(?P<month_end>(?:o )?(?:fim|final|virada) do mes(?P<next_month> que vem| seguinte)?|"
    r"end of (?:the )?(?P<next_month_en>next )?month|"
    # "até o final de janeiro", "end of January": that month's last day
    rf"(?:o )?(?:fim|final) de (?P<named_month>{_MONTHS})|end of (?P<named_month_en>{_MONTHS}))|"
    r"(?P<black_friday>black friday)|"
    r"(?P<week_end>(?:o )?(?:fim|final) (?:da|desta|dessa) semana"
    r"(?P<next_week_end> que vem| seguinte)?|"
    r"end of (?:the )?week|(?:o )?fim de semana|(?:ainda )?n?(?:essa|esta) semana|this week)|"
    r"(?P<carnival>carnaval|carnival)|"
    rf"(?P<nth>primeiro|segundo|terceiro|quarto|quinto|sexto|setimo|oitavo|nono|decimo|1o?|2o?|3o?|"
    rf"4o?|5o?|6o?|7o?|8o?|9o?|10o?) dia util (?:de |do mes de )?(?P<first_business>{_MONTHS})|"
    # "até o último dia útil do ano", "fim do trimestre"
    r"(?P<last_business>(?:o )?ultimo dia util do (?:ano|mes))|"
    r"(?P<quarter_end>(?:o )?(?:fim|final) do trimestre|end of (?:the )?quarter)|"
    r"(?P<week_start>(?:comeco|inicio) da (?:semana que vem|proxima semana)|early next week)|"
    r"(?P<next_week>semana que vem|proxima semana|next week)|"
    r"(?P<christmas>natal|christmas)|"
    r"(?P<new_year>ano[- ]novo|reveillon|virada do ano|(?:(?<=da )|(?<=ate a ))virada(?! d)|"
    r"new year|"
    r"(?:fim|final) do ano|end of (?:the )?year|apagar das luzes)|"
    r"(?P<mid_month>(?:a )?(?:metade|meio) do mes|mid-?month)|"
    rf"(?P<explicit>\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?|\d{{1,2}} de (?:{_MONTHS})(?: de \d{{4}})?|"
    rf"(?:{_MONTHS}) \d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}} (?:{_EN_MONTHS}))|"
    rf"dia (?P<day>\d{{1,2}})(?![/\d])(?! de (?:{_MONTHS}))"
    r"(?P<daynext_month> do mes que vem| do proximo mes| do mes seguinte| of next month)?|"
    r"the (?P<day_en>\d{1,2})(?:st|nd|rd|th)"
    r")\b"
)
_HOUR = re.compile(
    # "quinta que vem, que é às 10h": the hour of the day just named
    # "hj ainda, até as 22h", "hoje mesmo às 20h"
    r"^\s*(?:ainda|mesmo)?\s*,?\s*(?:(?:que|which) (?:e|eh|sera|comeca|is|starts) )?"
    r"(?:(?:as|at|ate as|ate|until|by|a partir das|a las)\s+)?(?:"
    # "7h30", "23h59", "17:00" need no "h" after the minutes
    r"(?P<hour>\d{1,2})(?:[:h](?P<minute>\d{2}))?\s*"
    r"(?:h\b|hs\b|horas\b|hrs?\b|(?P<ampm>am|pm)\b|(?P<daypart>da (?:manha|tarde|noite|madrugada))\b|"  # noqa: E501
    r"(?(minute)(?![\w/])|(?!)))|"
    rf"(?:(?:ate o|ate a|ate|by|until|de|pela|pelo|in the|a|ao|na|no|por volta d[oa])\s+)?"
    rf"(?P<part>{_PART})\b)"
)
# "às 8h de amanhã", "o meio-dia de amanhã", "fim do dia de sexta": the hour said before the day.
_ZONE_NAMES = "|".join(sorted(ZONES, key=len, reverse=True))
_HOUR_BEFORE = re.compile(
    # "Prazo: 22h de sexta", "by 5pm UK time on Friday": the hour needs no "às" when its "h" or
    # "pm" says it, and its clock may be another city's
    rf"(?P<hour>\b(?:[01]?\d|2[0-3])h(?:[0-5]\d)?|\b(?:1[0-2]|0?[1-9])(?::[0-5]\d)?\s*(?:am|pm)|"
    rf"(?:as|at)\s+\d{{1,2}}(?:[:h]\d{{2}}\s*(?:h|hs|am|pm)?|\s*(?:h|hs|horas|am|pm)|"
    rf"\s+da (?:manha|tarde|noite|madrugada))|"
    rf"\b(?:{_PART}))"
    rf"(?:\s+(?:no horario de |horario de |hora de )?(?P<zone>{_ZONE_NAMES})(?:\s+time)?)?"
    rf"\s*,?\s+(?:de\s+|on\s+|of\s+)?$"
)
# "(hoje é segunda)": the client's today, for the weekday their deadline names.
_TODAY_IS = re.compile(
    rf"\b(?:hoje (?:e|eh)|today is) (?:uma? )?(?P<weekday>{'|'.join(WEEKDAYS)})\b"
)
_CONTEXT = re.compile(
    r"\b(?:ate|para|pra|em|by|until|before|antes|prazo|plazo|entregar|entrega|pronto|pronta|terminar|"
    r"termine|acabar|precis\w+|deadline|due|tem que|tenho que|temos que|needs?|need it|rodando|"
    r"concluid\w+|finaliz\w+|pra|due|within|inside|in|dentro de|eod|cob|consegue\w*|"
    r"possible|doable|mostrar|apresent\w*|demonstrar|demo|present\w*|show|limite|no maximo|"
    r"resultados?|quer|querem|queremos|quero|queria|gostaria|wants?|ready|rodad\w*|treinad\w*|"
    r"no later than|at the latest|latest|necesit\w+|listo|lista)\b|\bda\s*\?"
)
# The client's own next step, not the job's deadline.
_CLIENTS_OWN = re.compile(
    r"\b(?:retorno|volto|voltamos|respondo|aviso|decid\w+|te dou|dou um|falo com|conversamos|"
    r"(?<!ate a )(?<!antes da )(?<!para a )reuniao|get back|let you know|circle back|follow up|"
    # "se eu mandar os dados hj ainda, dá pra ter pronto amanhã?": when the data arrives
    r"mand\w* os dados|envi\w* os dados|sub\w* os dados|sobe os dados|send (?:you )?the data)\b"
)
_FROM = re.compile(r"\b(?:a partir de|desde|from|starting)\s*$")
# "a reunião é terça às 15h e quero mostrar o modelo lá": the meeting is when it is due.
_SHOWN = re.compile(r"\b(?:mostrar|apresentar|demonstrar|demo|present|show)\w*")


def read_deadline(text: str, now: datetime) -> Deadline | None:
    """The deadline `text` sets, or None: the first said with "até", "prazo" or "by" ("o piloto
    começa dia 11/01, então preciso até 10/01"), else the first; one in a pasted e-mail counts
    from the day it was sent; working days are the client's."""
    with client_week(text, now.astimezone(CLIENT_ZONE).date()):
        said = same_hour(opening_as_hour(text), now.astimezone(CLIENT_ZONE))
        return rolled(text, from_emails(said, now, _deadline), now)


def _deadline(text: str, now: datetime) -> Deadline | None:
    found = list(_deadlines(text, now))
    counted = formatted(text, now) or _counted_from(text, now) or _after_anchor(text, now)
    counted = counted or from_now(text, now)
    return chosen(text, found, counted) or end_of_today(text, now) or _hour_alone(text, now)


# "os dados chegam amanhã às 9h, e a partir daí temos 48h": counted from a day named before it.
_ANCHORED = re.compile(
    r"\b(?:a partir dai|a partir de entao|a partir dess[ae] (?:data|dia)|dai em diante|"
    r"depois disso|from then(?: on)?|from that (?:point|date|day)|after that)\W+"
    r"(?:\w+\W+){0,3}?(?P<n>\d{1,3})\s*"
    r"(?P<unit>h|hs|horas?|hours?|dias?|days?)(?P<business> uteis| business)?\b"
)


def _after_anchor(text: str, now: datetime) -> Deadline | None:
    said = _ANCHORED.search(text)
    days = list(_DAY.finditer(text, max(0, said.start() - 80), said.start())) if said else []
    if said is None or not days:
        return None
    now = clients_clock(text, now.astimezone(CLIENT_ZONE))
    day = _day(days[-1], now, now.weekday())
    if day is None:
        return None
    hour = _HOUR.match(text[days[-1].end() :])
    moment = datetime.combine(day, clock_time(hour) if hour else END_OF_DAY, CLIENT_ZONE)
    if said["business"]:  # "a partir daí, 10 dias úteis": working days after that day
        moment = datetime.combine(business_day(day, int(said["n"])), END_OF_DAY, CLIENT_ZONE)
    else:
        moment += timedelta(hours=int(said["n"]) * (24 if said["unit"][0] == "d" else 1))
    hours = max(1.0, round((moment - now).total_seconds() / 3600, 1))
    return Deadline(moment, hours, days[-1].start(), said.end(), understood(moment, hours, False))


# "10 dias corridos a partir da aprovação, que sai na segunda (dia 7)": days counted from a day
# named after them.
_COUNTED_FROM = re.compile(
    r"\b(?P<n>\d{1,3}) dias? (?:corridos |(?P<business>uteis ))?"
    r"(?:a partir d|depois d|contando d|apos |after |from )"
)


def _counted_from(text: str, now: datetime) -> Deadline | None:
    said = _COUNTED_FROM.search(text)
    named = _DAY.search(text, said.end(), said.end() + 80) if said else None
    if said is None or named is None or named["today"]:
        return None  # "10 dias corridos a partir de hoje": from now, hour by hour
    now = now.astimezone(CLIENT_ZONE)
    start = _day(named, now, now.weekday())
    if start is None:
        return None
    # "3 dias úteis depois do Ano-Novo": working days after the day named
    end = (
        business_day(start, int(said["n"]))
        if said["business"]
        else start + timedelta(days=int(said["n"]))
    )
    moment = datetime.combine(end, END_OF_DAY, CLIENT_ZONE)
    hours = max(1.0, round((moment - now).total_seconds() / 3600, 1))
    return Deadline(moment, hours, said.start(), named.end(), understood(moment, hours, False))


# "até as 17h", "só preciso do resultado até as 9h": a time of day with no day named is today's,
# or tomorrow's once it has passed.
_HOUR_ALONE = re.compile(r"\b(?<!em )(?:ate|until|by|antes d)\w*\s+(?=(?:as|at)?\s*\d)")


def _hour_alone(text: str, now: datetime) -> Deadline | None:
    for said in _HOUR_ALONE.finditer(text):
        hour = _HOUR.match(text[said.end() :])
        if hour is None or not hour["hour"] or int(hour["hour"]) > 23:
            continue
        now = clients_clock(text, now.astimezone(CLIENT_ZONE))
        moment = datetime.combine(now.date(), clock_time(hour), CLIENT_ZONE)
        moment += timedelta(days=1) if moment <= now else timedelta()
        hours = max(1.0, round((moment - now).total_seconds() / 3600, 1))
        end = said.end() + hour.end()
        return Deadline(moment, hours, said.start(), end, understood(moment, hours, False))
    return None


def _deadlines(text: str, now: datetime) -> Iterator[Deadline]:
    now = clients_clock(text, now.astimezone(CLIENT_ZONE))
    said = _TODAY_IS.search(text)
    weekday = WEEKDAYS[said["weekday"]] if said else now.weekday()
    for match in _DAY.finditer(text):
        if (said and said.start() <= match.start() < said.end()) or describes_week(
            text, match.start()
        ):
            continue
        # "dia 22 é o deadline": the word that makes it a deadline may come after; "3 dias úteis"
        # is one by itself.
        context = text[max(0, match.start() - 40) : match.end() + 25]
        itself = match["business"] or match["business_en"] or match["business_weeks"]
        other = match["weekday"] and _THE_OTHER.match(text, match.end())  # "não essa, a outra"
        ahead = LEAD.search(re.split(r"[.;!?]", text[match.end() :], maxsplit=1)[0])
        # "antes da parada de fim de ano, que começa dia 21/12": the event's name runs long
        named_before = _BEFORE_DAY.search(text, max(0, match.start() - 80), match.start())
        if not (
            itself or ahead or named_before or _CONTEXT.search(context) or _alone(text, match)
        ) or (negated(text, match.start()) and not other):
            continue
        if itself and _PAST.search(text[max(0, match.start() - 20) : match.start()]):
            continue  # "os últimos 60 dias úteis de prontuário": how much history, not when
        if itself and _LEAD_AFTER.match(text, match.end()):
            continue  # "3 dias úteis antes do dia 18": the lead time of the day named after
        if itself and _NOT_WHEN.match(text, match.end()):
            continue  # "22 dias úteis por mês", "60 dias úteis de histórico": no date
        if _WINDOW_START.search(text, max(0, match.start() - 20), match.start()) and (
            _WINDOW_END.match(text[match.end() :])
        ):
            continue  # "entre o dia 14 e o dia 16": delivered by the window's last day
        if match["today"] and _FROM.search(text[max(0, match.start() - 15) : match.start()]):
            continue  # "10 dias corridos a partir de hoje": where the count starts
        shown = _SHOWN.search(text, match.end(), match.end() + 60)  # "quero mostrar o modelo lá"
        shown = shown or re.search(
            r"\bantes d[aeo]s?\b", text[max(0, match.start() - 45) : match.start()]
        )
        before_it = _BEFORE_IT.match(text, match.end())  # "... e preciso antes dela"
        shown = shown or before_it
        if before_it and LEAD.search(before_it[0]):
            before_it = None  # "2 dias antes disso": the lead time is the whole of it
        if _CLIENTS_OWN.search(text[max(0, match.start() - 30) : match.start()]) and not shown:
            continue  # "te dou um retorno semana que vem": when the client answers, not a deadline
        day = _day(match, now, weekday)
        if day is None:
            continue
        day += timedelta(days=7 if other else 0)
        led = LEAD.search(text, max(0, match.start() - 60), match.start())
        dated = _DAY_NUMBER.match(text, match.end()) if match["weekday"] else None
        dated_day = match["day"] or match["explicit"] or dated
        if dated_day and named_before:
            day -= timedelta(days=0 if led else 1)  # "antes do dia 15": ready on the 14th
        elif before_it and not _HOUR.match(text[dated.end() if dated else match.end() :]):
            day -= timedelta(days=1)  # "na quarta, dia 9, às 15h ... antes disso": 15h itself
        after = _HOUR.match(text[dated.end() if dated else match.end() :])
        before = None if after else _HOUR_BEFORE.search(text, 0, match.start())
        hour = after or (_HOUR.match(before["hour"]) if before else None)
        at_time = clock_time(hour) if hour else END_OF_DAY
        end = (dated.end() if dated else match.end()) + (after.end() if after else 0)
        moment = datetime.combine(day, at_time, CLIENT_ZONE)
        if zone := ZONE.match(text[end:]):  # "Monday 5pm London time": their clock, not ours
            moment = datetime.combine(day, at_time, ZoneInfo(ZONES[zone["zone"]]))
            moment, end = moment.astimezone(CLIENT_ZONE), end + zone.end()
        elif before and before["zone"]:  # "by 5pm UK time on Friday the 11th"
            moment = datetime.combine(day, at_time, ZoneInfo(ZONES[before["zone"]]))
            moment = moment.astimezone(CLIENT_ZONE)
        passed = False
        if match["weekday"] and moment <= now:
            moment += timedelta(days=7)  # "até sexta" said on Friday after hours
            passed = True
        elif moment <= now and match["today"] is None:
            continue
        if match["christmas"] and LEAD.search(text, max(0, match.start() - 40), match.start()):
            moment += timedelta(days=1)  # "uma semana antes do Natal": before the 25th itself
        moment = lead_time(text, match.start(), end, moment)
        hours = max(1.0, round((moment - now).total_seconds() / 3600, 1))
        yield Deadline(moment, hours, match.start(), end, understood(moment, hours, passed))


def _alone(text: str, match: re.Match[str]) -> bool:
    """ "... LoRA no Qwen 2.5 7B. Próxima segunda às 8h.": a date said as a sentence (or the last
    item) of its own in a job is when it is due."""
    # "Full no Gemma 2 2B, 2 épocas, hj à noite.": the last item of the job's list, too
    before = re.split(r"[.;:!?\n,]", text[: match.start()])[-1]
    hour = _HOUR.match(text[match.end() :])
    after = text[match.end() + (hour.end() if hour else 0) :]
    after = after[zone.end() :] if (zone := ZONE.match(after)) else after  # "Monday 9am IST."
    # "Terça tá bom.", "Segunda à noite serve.": the day, and that it will do
    fine = re.match(
        r"\s*,?\s*(?:(?:ta|esta|fica) (?:bom|otimo|de boa)|serve|pode ser|da certo|"
        r"funciona|works|is fine|is ok|ok)\b",
        after,
    )
    return not before.strip() and bool(fine or re.match(r"\s*(?:[.;!\n]|$)", after))


_WINDOW_START = re.compile(r"\b(?:entre|between|de|from)\s+(?:o |os |the )?(?:dias? |days? )?$")
_WINDOW_END = re.compile(r"\s*(?:e|and|a|ate|to|-)\s+(?:o |the )?(?:dia |day )?\d")
_THE_OTHER = re.compile(r"\W*(?:nao,? )?(?:a|o|the) (?:outr[ao]|seguinte|next one)\b")
_LEAD_AFTER = re.compile(r"\s+(?:de (?:folga|margem|antecedencia) )?(?:antes|before)\b")
_BEFORE_DAY = re.compile(
    r"\b(?:antes d[oea]|before(?: the)?)\s*(?:dia\s*|day\s*)?$|"
    # "antes do feriado de 8 de dezembro": the day the holiday named falls on
    r"\b(?:antes d[oa]|before the) (?:feriado|holiday|ponte|evento|event)s?(?: d[aeo]s?| of)?\s*$|"
    # "antes do recesso forense, que começa dia 20": the day the event named begins
    # "antes do início do Paulistão, 17 de janeiro": the event, then its date
    # "antes de começar a colheita, dia 11/01"
    r"\b(?:antes d[oae]s?|before the) [a-z ]{3,40},\s*(?:(?:no |em )?dia\s*)?$|"
    r"\b(?:antes d[oa]s?|before the) [a-z ]{3,30},? (?:que|which|that) (?:comec\w*|inici\w*|e|eh|"
    r"cai|sera|starts|begins|is) (?:n?[oa] |on |(?:n?o )?dia )?$"
)
_BEFORE_IT = re.compile(
    r"[^.;!?\n]{0,60}?\b(?:antes (?:dela|dele|disso|desse dia|dessa data)|"
    r"before (?:it|that|then))\b"
)
_NOT_WHEN = re.compile(
    r"\s+(?:(?:por|a|ao|per|each|a cada) (?:mes|month|ano|year|semana|week)|"
    r"(?:de |of )?(?:historico|history|dados|exportad\w*|"
    r"logs?))\b"
)
_PAST = re.compile(r"\b(?:ultim[oa]s|last|past|durante|during|over the)\s+$")


def _day(match: re.Match[str], now: datetime, weekday: int) -> date | None:
    today = now.date()
    if match["after"]:
        return today + timedelta(days=2)
    if match["tomorrow"]:
        return today + timedelta(days=1)
    if match["today"]:
        return today
    if match["weekday"] and (day := _DAY_NUMBER.match(match.string, match.end())):
        if day["month"]:  # "Sunday 13 Dec": that day of that month, the next one to come
            return _explicit(f"{day[1]} {day['month']}", now)
        return day_of_month(today, int(day[1]))  # "na sexta, dia 11": that date
    if match["weekday"]:
        if match["next_weeks"]:  # "sexta da semana que vem": that day of next week
            return today + timedelta(days=7 - weekday + WEEKDAYS[match["weekday"]])
        ahead = (WEEKDAYS[match["weekday"]] - weekday) % 7 + (7 if match["week_after"] else 0)
        return today + timedelta(days=ahead or (7 if match["following"] or match["next"] else 0))
    if match["week_start"]:  # "no começo da semana que vem": its Monday
        return today + timedelta(days=7 - weekday)
    if match["next_business"]:
        return business_day(today, 1)
    if match["first_after_new_year"]:
        return business_day(date(today.year, 12, 31), 1)
    if match["business"] or match["business_en"]:
        days = int(match["business"] or match["business_en"])
        # "3 dias úteis contando hoje": today, a working day, is the first of them
        counted = _TODAY_COUNTED.match(match.string, match.end()) and working_day(today)
        return business_day(today, days - 1) if counted else business_day(today, days)
    if match["business_weeks"]:  # "2 semanas úteis": ten working days
        return business_day(today, 5 * int(match["business_weeks"]))
    if named := match["named_month"] or match["named_month_en"]:
        number = MONTH_NUMBERS[named[:3]]
        first = date(today.year + (number < today.month), number, 1)
        return next_month(first) - timedelta(days=1)
    if match["month_end"]:
        month = next_month(today) if match["next_month"] or match["next_month_en"] else today
        return next_month(month) - timedelta(days=1)
    if match["black_friday"]:  # "antes da black friday": ready the day before
        before = re.search(r"\bantes d[aeo]s?\s*$", match.string[: match.start()])
        return black_friday(today) - timedelta(days=1 if before else 0)
    if match["week_end"]:
        friday = today + timedelta(days=(4 - today.weekday()) % 7)
        return friday + timedelta(days=7 if match["next_week_end"] else 0)
    if match["carnival"]:  # "antes do carnaval": the Friday before its Monday
        return carnival(today) - timedelta(days=3)
    if match["ash"]:  # the Wednesday after Carnival's Monday
        return carnival(today) + timedelta(days=2)
    if match["next_week"]:
        return today + timedelta(days=(4 - today.weekday()) % 7 + 7 * (today.weekday() <= 4))
    if match["mid_month"]:  # "até a metade do mês": the 15th
        return day_of_month(today, 15)
    if match["christmas"] or match["new_year"]:
        target = date(today.year, 12, 24 if match["christmas"] else 31)
        return target if target >= today else target.replace(year=today.year + 1)
    if match["daynext_month"]:  # "até o dia 10 do mês que vem"
        return day_of_month(next_month(today), int(match["day"]))
    if match["day"] or match["day_en"]:
        return day_of_month(today, int(match["day"] or match["day_en"]))
    if match["first_business"]:  # "primeiro dia útil de janeiro", "quinto dia útil de janeiro"
        number = MONTH_NUMBERS[match["first_business"][:3]]
        year = today.year + (number <= today.month)
        nth = _ORDINALS.get(match["nth"]) or int(match["nth"].rstrip("o"))
        return business_day(date(year, number, 1) - timedelta(days=1), nth)
    if match["last_business"] or match["quarter_end"]:
        year_end = "ano" in (match["last_business"] or "")
        if match["quarter_end"]:
            last = next_month(date(today.year, 3 * ((today.month - 1) // 3) + 3, 1))
        else:
            last = date(today.year + 1, 1, 1) if year_end else next_month(today)
        due = last - timedelta(days=1)
        while match["last_business"] and not working_day(due):
            due -= timedelta(days=1)
        return due
    return _explicit(match["explicit"], now)


_TODAY_COUNTED = re.compile(
    r",?\s*(?:contando|incluindo|including|counting)(?: com)? (?:o dia de )?(?:hoje|today)\b"
)
_ORDINALS = {"primeiro": 1, "segundo": 2, "terceiro": 3, "quarto": 4, "quinto": 5, "sexto": 6,
             "setimo": 7, "oitavo": 8, "nono": 9, "decimo": 10}  # fmt: skip
# "na sexta, dia 11", "Sunday 13 Dec": the date the weekday falls on (its month, when said)
_DAY_NUMBER = re.compile(
    r",?\s*(?:dia\s+|the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*(?:h\b|hs|horas|:|/|am|pm))"
    rf"(?:\s+(?:de\s+)?(?P<month>{_MONTHS})\b)?"
)


def _explicit(said: str, now: datetime) -> date | None:
    if (us := re.fullmatch(r"(\d{1,2})/(\d{1,2})(/\d{2,4})?", said)) and int(us[2]) > 12:
        said = f"{us[2]}/{us[1]}{us[3] or ''}"  # "by 12/15": month first, the American way
    base = now.replace(tzinfo=None, hour=0, minute=0, second=0, microsecond=0)
    settings = {"RELATIVE_BASE": base, "PREFER_DATES_FROM": "future", "DATE_ORDER": "DMY"}
    parsed = dateparser.parse(said, languages=["pt", "en", "es"], settings=settings)
    return parsed.date() if parsed else None
