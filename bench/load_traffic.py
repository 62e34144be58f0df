"""What bench/telegram_load.py sends and how it reads the replies: a Poisson stream of client
messages (guidance questions, jobs to quote and follow-ups to them, spread over many chats), a
burst of messages at the same instant, and, from the fake Bot API's record, the time from each
update to its reply, replies lost or sent twice, and whether each chat was answered in order."""

import asyncio
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from bench.load_cluster import Cluster, update

# Written for this bench (none comes from the evaluation sets): what clients ask and describe.
QUESTIONS = [
    "Posso migrar de GPU para TPU depois?",
    "Qual a diferença entre LoRA e QLoRA?",
    "Quantas épocas uso com 5 mil exemplos?",
    "Preciso de quanta memória para treinar um modelo de 7B?",
    "Os meus dados podem ficar no Brasil durante o treino?",
    "O que é fine-tuning e quando vale a pena?",
    "Qual o tamanho de sequência ideal para instruções curtas?",
    "Spot ou sob demanda, qual é melhor para treinar?",
]
JOBS = [
    "QLoRA do llama 3 8b com 5 mil exemplos",
    "LoRA de um Mistral 7B com 20 mil exemplos",
    "fine-tuning completo de um modelo de 1B com 50 milhões de tokens",
    "LoRA do llama 3 70b com 10 mil exemplos de 800 tokens",
]
FOLLOW_UPS = ["e com QLoRA?", "e com 3 épocas?", "e se forem 40 mil exemplos?", "e em GPU?"]
QUESTION_SHARE = 0.6
# Every reply of a quote shows the price in reais; a guidance answer cites its sources.
QUOTE_MARK = "R$"


@dataclass
class Sent:
    chat: int
    update_id: int
    kind: str  # "pergunta", "job", "seguimento"
    text: str


@dataclass
class Outcome:
    messages: int
    latencies_ms: list[float]
    lost: int
    doubled: int
    out_of_order: int  # chats whose replies came in another order than their messages
    drained_s: float  # first post to last reply
    cpu_ms: float  # CPU time of the bot processes per message
    chroma_cpu_ms: float  # CPU time of the Chroma server per message

    def percentile(self, share: float) -> float:
        if not self.latencies_ms:
            return float("nan")
        ordered = sorted(self.latencies_ms)
        return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]

    @property
    def p50(self) -> float:
        return statistics.median(self.latencies_ms) if self.latencies_ms else float("nan")


def poisson(
    cluster: Cluster, rate: float, seconds: float, chats: int, seed: int, first_chat: int
) -> tuple[list[tuple[float, dict[str, Any]]], list[Sent]]:
    """Arrival times of a Poisson stream at `rate` messages per second for `seconds`, each from
    a chat drawn at random: 60% guidance questions, the rest jobs, or follow-ups to a chat's job."""
    draw = random.Random(seed)
    schedule: list[tuple[float, dict[str, Any]]] = []
    sent: list[Sent] = []
    has_job: set[int] = set()
    at = draw.expovariate(rate)
    while at < seconds:
        chat = first_chat + draw.randrange(chats)
        if draw.random() < QUESTION_SHARE:
            kind, text = "pergunta", draw.choice(QUESTIONS)
        elif chat in has_job and draw.random() < 0.5:
            kind, text = "seguimento", draw.choice(FOLLOW_UPS)
        else:
            kind, text = "job", draw.choice(JOBS)
            has_job.add(chat)
        update_id = cluster.update_id()
        schedule.append((at, update(update_id, chat, text)))
        sent.append(Sent(chat, update_id, kind, text))
        at += draw.expovariate(rate)
    return schedule, sent


def burst(
    cluster: Cluster, messages: int, first_chat: int
) -> tuple[list[tuple[float, dict[str, Any]]], list[Sent]]:
    """`messages` at the same instant: each chat sends a question, then a job."""
    schedule: list[tuple[float, dict[str, Any]]] = []
    sent: list[Sent] = []
    for number in range(messages):
        chat = first_chat + number // 2
        kind, text = ("pergunta", QUESTIONS[0]) if number % 2 == 0 else ("job", JOBS[0])
        update_id = cluster.update_id()
        schedule.append((0.0, update(update_id, chat, text)))
        sent.append(Sent(chat, update_id, kind, text))
    return schedule, sent


def run(
    cluster: Cluster,
    schedule: list[tuple[float, dict[str, Any]]],
    sent: list[Sent],
    patience_s: float = 30.0,
) -> Outcome:
    """Deliver the schedule, wait for the replies (until none arrives for `patience_s`), and
    match them to the messages chat by chat. Order is checked on chats that sent the burst's
    pair (its question's answer has no price; its job's quote has one)."""
    fake = cluster.fake
    start = len(fake.sent)
    cpu_before = cluster.cpu()
    posted = asyncio.run(cluster.deliver(schedule))

    chats = {message.chat for message in sent}

    def replies() -> list[dict[str, Any]]:
        """Replies to the messages sent (not a replica's start-up probes or other traffic)."""
        with fake._lock:
            return [
                call
                for call in fake.sent[start:]
                if call["method"] == "sendMessage" and int(call["chat_id"]) in chats
            ]

    needed = Counter(message.chat for message in sent)

    def unanswered() -> int:
        """Messages still without a reply, chat by chat (a reply sent twice answers nothing)."""
        got = Counter(int(call["chat_id"]) for call in replies())
        return sum(max(0, wanted - got[chat]) for chat, wanted in needed.items())

    seen, quiet_since = -1, 0.0
    while unanswered():
        count = len(replies())
        if count != seen:
            seen, quiet_since = count, time.monotonic()
        elif time.monotonic() - quiet_since > patience_s:
            break
        time.sleep(0.05)
    time.sleep(1.0)  # a reply sent twice would come right after the first
    (bots, chroma), (bots_before, chroma_before) = cluster.cpu(), cpu_before
    cpu_ms = (bots - bots_before) * 1000 / len(sent)
    chroma_cpu_ms = (chroma - chroma_before) * 1000 / len(sent)
    by_chat: dict[int, list[dict[str, Any]]] = {}
    for call in replies():
        by_chat.setdefault(int(call["chat_id"]), []).append(call)
    asked: dict[int, list[Sent]] = {}
    for message in sent:
        asked.setdefault(message.chat, []).append(message)
    latencies: list[float] = []
    lost = doubled = out_of_order = 0
    for chat, messages in asked.items():
        answers = sorted(by_chat.get(chat, []), key=lambda call: float(call["_at"]))
        lost += max(0, len(messages) - len(answers))
        doubled += max(0, len(answers) - len(messages))
        for message, answer in zip(messages, answers, strict=False):
            latencies.append((float(answer["_at"]) - posted[message.update_id]) * 1000)
        quoted = [QUOTE_MARK in str(answer.get("text", "")) for answer in answers]
        if [m.text for m in messages] == [QUESTIONS[0], JOBS[0]] and quoted != [False, True]:
            out_of_order += 1
    last = max((float(call["_at"]) for call in replies()), default=min(posted.values()))
    return Outcome(
        messages=len(sent),
        latencies_ms=latencies,
        lost=lost,
        doubled=doubled,
        out_of_order=out_of_order,
        drained_s=last - min(posted.values()),
        cpu_ms=cpu_ms,
        chroma_cpu_ms=chroma_cpu_ms,
    )
