"""Call-centre and recording figures as the reader counts them: the average handle time of a call
("TMA de 4:12", "AHT 6:40", "TMA 00:03:20") is each transcribed call's length, hours said bare
beside recordings that were transcribed ("os mp3 somam 46 GB e dá umas 400 horas no total") are
hours of audio, and an audio file's bitrate or sample rate ("64 kbps", "16 kHz") is no count."""

import re

_TIME = (
    r"(?P<clock>\d{1,2}:\d{2}(?::\d{2})?)(?:[.,]\d{1,3})?|"
    r"(?P<amount>\d+(?:[.,]\d+)?)\s*(?P<unit>min\w*|s\b|seg\w*|sec\w*)"
)
_HANDLE_TIME = re.compile(
    # "Duration: 00:04:12.00 por ligação" (ffprobe)
    r"\b(?:tma|aht|tempo medio de atendimento|average handl(?:e|ing) time|duration|duracao media)\b"
    r"(?:\s*\([^)]{0,40}\))?,?\s*(?:medio\s*)?(?:(?:e|is|fica)\s+)?(?:de|of|=|:|em torno de|around|"
    r"about)?\s*(?:~|uns |umas |cerca de |about |around )?"
    rf"(?:{_TIME})(?:\s*\((?:hh:)?mm:ss\))?"
)
_RATE = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?\s*(?:kbps|kbit/s|mbps|khz|hz)\b")


def _seconds(found: re.Match[str]) -> float:
    if clock := found["clock"]:
        parts = [int(p) for p in clock.split(":")]
        hours, minutes, seconds = ([0] * (3 - len(parts)) + parts)[-3:]
        return hours * 3600 + minutes * 60 + seconds
    value = float(found["amount"].replace(",", "."))
    return value * 60 if found["unit"].startswith("min") else value


def _as_length(found: re.Match[str]) -> str:
    seconds = _seconds(found)
    return f"cada ligacao dura ~{seconds:.0f} segundos" if seconds else found[0]


# "each episode runs about 1h10": a recording's length, in minutes
_RUNS = re.compile(
    r"\b(runs?|lasts?|dura|duram|tem|has) (about |around |cerca de |uns |~)?(\d{1,2})h(\d{2})\b"
)


_TRANSCRIBED = re.compile(r"\btranscri\w*|\btranscript")
_RECORDED = re.compile(
    r"\b(?:gravac\w*|audios?|podcasts?|episodios|audiencias|ligacoes|mp3|wav|programas|"
    r"recordings|episodes|calls)\b"
)
# "dá umas 400 horas no total", "(mais ou menos 2.400 horas)": not "em 48 horas", "prazo de 72h"
_BARE_HOURS = re.compile(
    r"(?<![\w.,])(?P<hours>\d+(?:[.,]\d+)*)\s*(?:horas|hours)\b(?!\s+(?:de|of|uteis|antes|before)\b)"
)
_WHEN_BEFORE = re.compile(
    r"\b(?:em|daqui a|daqui|ate|prazo de|prazo:?|deadline:?|entrega:?|dentro de|within|in|temos|"
    r"tenho|we have|tops|"
    r"no maximo|de|por)\s+(?:uns |umas |~)?$"
)


def _speech_hours(folded: str) -> str:
    if not (_TRANSCRIBED.search(folded) and _RECORDED.search(folded)):
        return folded
    said = [
        m for m in _BARE_HOURS.finditer(folded) if not _WHEN_BEFORE.search(folded, 0, m.start())
    ]
    for found in reversed(said):
        folded = f"{folded[: found.end()]} de audio{folded[found.end() :]}"
    return folded


def calls_read(folded: str) -> str:
    """ "TMA de 4:12" as "cada ligacao dura ~252 segundos", "runs about 1h10" as "runs about 70
    minutes"; bitrates and sample rates left out."""
    folded = _RUNS.sub(lambda m: f"{m[1]} {m[2] or ''}{60 * int(m[3]) + int(m[4])} minutos", folded)
    folded = _speech_hours(folded)
    return _RATE.sub(" ", _HANDLE_TIME.sub(_as_length, folded))
