"""Hours of transcribed speech said with one recording's length: "800 horas de ligações
transcritas, as ligações duram ~4 minutos" is 12.000 examples of ~4 minutes each, not one
undivided total; the share of a recording that is speech ("só 60% tem fala"); hours said as a sum
("as legendas dos 180 vídeos, que somam 95 horas"); subtitles of one video in two languages."""

import re

from bot.assistant.reader.measured import SizeFields
from bot.assistant.reader.quantity_arithmetic import (
    TIMES,
    Mention,
    load_quantities,
    said_amount,
    said_result,
    to_tokens,
    tokens_per_word,
)
from bot.assistant.reader.spans import number
from locales import _


def recordings(chains: list[list[Mention]]) -> tuple[float, float, str] | None:
    """The examples, each one's tokens and the arithmetic, where `chains` hold hours of speech
    in all and the minutes of one recording; None otherwise."""
    hours = next((c[0] for c in chains if c[0].unit == "audio_hour"), None)
    each = next((c[0] for c in chains if c[0].unit == "minute"), None)
    if hours is None or each is None or not 0 < each.value < hours.value * 60:
        return None
    examples = hours.value * 60 / each.value
    tokens, steps = to_tokens([each])
    said = _("{hours} h ÷ ~{minutes} min por gravação = {count} gravações").format(
        hours=said_amount(hours.value),
        minutes=said_amount(each.value),
        count=said_amount(examples),
    )
    return examples, tokens, f"{said} {TIMES} {said_result(tokens, steps, 'each')}"


# "só 60% tem fala de verdade", "40% é silêncio e música de espera", "metade do tempo é o cliente
# esperando": only the speech is transcribed into words.
_SILENCE = (
    r"(?:so |apenas |just |only )?(?:[a-z]+ ){0,3}?(?:silencio|musica|vinheta|espera|esperando|"
    r"hold|silence|music|ruido|noise|waiting)"
)
_SPEECH = re.compile(
    r"\b(?P<speech>\d{1,2})\s*%(?: do tempo| of the time)? (?:tem|e|eh|com|de|is|has) "
    r"(?:fala|voz|conversa|speech)|"
    # "só metade do tempo tem fala"
    r"\b(?P<half_speech>metade|half) (?:do tempo|da duracao|of the time) (?:tem|e|eh|com|is|has) "
    r"(?:fala|voz|conversa|speech)|"
    rf"\b(?P<silence>\d{{1,2}})\s*%[^.;!?%\d]{{0,30}}?\b(?:e|eh|de|is|sao|are|fica) {_SILENCE}|"
    r"\b(?P<half>metade|half)"
    r"(?: do tempo| da duracao| of the time| (?:dos|das|de cada|of) [a-z]+)? "
    rf"(?:e|eh|is|fica|sao|are) {_SILENCE}"
)


def speech_share(text: str) -> float:
    """The share of the recorded time that is speech; 1 when none is said."""
    said = _SPEECH.search(text)
    if said is None:
        return 1.0
    if said["half"] or said["half_speech"]:
        return 0.5
    return int(said["speech"]) / 100 if said["speech"] else 1 - int(said["silence"]) / 100


# "as legendas dos 180 vídeos, que somam 95 horas": the hours of speech, said as their sum.
_SUMMED_HOURS = re.compile(
    r"\b(?:somam|somando|totalizam|totalizando|no total|ao todo|total de|add up to|in total)\s+"
    r"(?:uns |umas |cerca de |~|about |around )?(?P<hours>\d+(?:[.,]\d+)?)\s*(?:horas|h|hours)\b"
)


def with_summed_hours(text: str, mentions: list[Mention]) -> list[Mention]:
    """`mentions`, with the hours of speech said as a sum where no other hours of speech are."""
    found = _SUMMED_HOURS.search(text)
    if found is None or any(m.unit == "audio_hour" for m in mentions):
        return mentions
    hours = number(found["hours"]) or 0.0  # "somam 1.800 horas": eighteen hundred
    summed = Mention(hours, "audio_hour", "horas", found.start("hours"), found.end())
    return sorted([*mentions, summed], key=lambda m: m.start)


# "cada aula tem legenda em português e em inglês": two tracks of the same speech.
_TWO_TRACKS = re.compile(
    r"\blegend\w* (?:em|in) (?P<one>portugues|ingles|espanhol) e (?:em |in )?"
    r"(?P<other>portugues|ingles|espanhol)\b|"
    r"\bsubtitles? in (?P<one_en>portuguese|english|spanish) and (?P<other_en>portuguese|english|"
    r"spanish)\b"
)
# "cada legenda vai ser um exemplo separado": each track its own example.
_APART = re.compile(r"\b(?:separad\w*|cada legenda (?:vai ser|e|sera) um exemplo|each subtitle)\b")


def two_tracks(size: SizeFields, text: str) -> None:
    """Subtitles of the same video in two languages, in place: both tracks in one example, or one
    example each where the client says so, each language with its own tokens per word."""
    found = _TWO_TRACKS.search(text)
    if found is None or not size.tokens_per_example or not size.examples:
        return
    said = [found["one"] or found["one_en"], found["other"] or found["other_en"]]
    factors = [_per_word(language) for language in said]
    words = size.tokens_per_example / tokens_per_word()
    if _APART.search(text):
        size.examples *= 2
        size.tokens_per_example = round(words * sum(factors) / 2, 1)
        step = _("{count} exemplos, um por legenda (duas línguas), de ~{tokens} tokens em média")
    else:
        size.tokens_per_example = round(words * sum(factors), 1)
        step = _("duas legendas por vídeo (duas línguas): ~{tokens} tokens cada")
    size.arithmetic += "; " + step.format(
        count=said_amount(size.examples), tokens=said_amount(size.tokens_per_example)
    )


def _per_word(language: str) -> float:
    english = language.startswith(("ingl", "engl"))
    return load_quantities().get("tokens_per_english_word" if english else "tokens_per_word").value
