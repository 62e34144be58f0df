"""Two or more separate jobs in one message ("dois jobs: um LoRA no Mistral 7B com 5 mil e-mails
e um full no Qwen 2.5 1.5B com 50 mil títulos, cota cada um"): each quoted on its own data, one
after the other in the reply. A comparison is the same job side by side; these are different
jobs, and a term said for all of them ("os dados ficam no Brasil") goes into each."""

import re
from collections.abc import Callable

from bot.assistant.reader import read_job
from bot.assistant.reader.cues import find_models
from bot.assistant.reader.text import normalize
from bot.assistant.reply import Reply
from locales import _, speaking

# "dois jobs", "two separate jobs", "quote each one", "quanto fica cada um?"
_SEPARATE = re.compile(
    r"\b(?:dois|duas|2|tres|3|two|three) (?:jobs|projetos|treinos|trabalhos|fine-?tunings|"
    r"separate jobs|different jobs)\b|\bjobs? (?:separados|diferentes|distintos)\b|"
    r"\bseparate jobs\b|\b(?:quote|price) each(?: one)?\b|\bcot\w* cada um\b|"
    r"\b(?:quanto|qual o valor|quanto sai|quanto fica)\w* (?:de )?cada (?:um|uma)\b"
)
# Where one job's description ends: a new sentence, line or clause ("..., and a full fine-tune
# of ...", "; o outro ...", "Job 2:").
_BREAK = re.compile(
    # "..., e QLoRA no Qwen 2.5 32B com ...": the next job may start with its method
    r";|\n+|(?<=[.!?])\s+|,?\s+(?:e|and)\s+(?=(?:um|uma|o|a|an?|outro|outra|another|the other)\s|"
    r"(?i:q-?lora|lora|full|fine-?tuning)\b)|"
    r"\b(?:job|projeto|treino|cliente|client)\s?(?:1|2|3|a|b)\s*[:)-]"
)
_DATA = {"examples", "tokens_per_example", "dataset_tokens"}


def separate_jobs(text: str) -> list[str]:
    """Each job's own description, with the terms said for all of them; [] when `text` does not
    hold two separate jobs."""
    if not _SEPARATE.search(normalize(text)):
        return []
    jobs: list[str] = []
    shared: list[str] = []
    for piece in (p.strip() for p in _BREAK.split(text)):
        if not piece:
            continue
        if find_models(normalize(piece)):
            jobs.append(piece)
        elif jobs and _DATA & read_job(piece).slots.keys():
            jobs[-1] = f"{jobs[-1]}, {piece}"  # "... com 5 mil e-mails, ~300 palavras cada"
        else:
            shared.append(piece)  # "Data must stay in Brazil for both."
    if len(jobs) < 2 or not all(_DATA & read_job(job).slots.keys() for job in jobs):
        return []
    return [" ".join([job if job[-1] in ".!?" else f"{job}.", *shared]) for job in jobs]


def each_quoted(jobs: list[str], quote: Callable[[str], Reply]) -> Reply:
    """One reply with each job's quote under its number; the last quote is the one on the table."""
    replies = [quote(job) for job in jobs]
    with speaking(replies[-1].language):
        parts = [
            _("Job {number}: {answer}").format(number=number, answer=reply.answer)
            for number, reply in enumerate(replies, start=1)
        ]
        head = _("Cotei cada job separadamente, cada um com os próprios dados:")
    return replies[-1].model_copy(update={"answer": "\n\n".join([head, *parts])})
