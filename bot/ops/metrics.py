"""Prometheus metrics of one process, served at /metrics by the webhook and Slack servers."""

import logging
from collections.abc import Callable
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest

# Replies from a few milliseconds (quotes) to seconds (an LLM, a slow index).
_LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)

UPDATES = Counter("infrabot_updates", "Updates do Telegram recebidos (sem os repetidos)")
REPLIES = Counter("infrabot_replies", "Respostas do assistente, por intenção", ["intent"])
QUOTES = Counter("infrabot_quotes_created", "Cotações registradas", ["channel"])
REPLY_SECONDS = Histogram(
    "infrabot_reply_seconds",
    "Tempo entre receber a mensagem e enviar a resposta",
    buckets=_LATENCY_BUCKETS,
)
RETRIEVAL_SECONDS = Histogram(
    "infrabot_retrieval_seconds", "Tempo da busca no conhecimento", buckets=_LATENCY_BUCKETS
)
OUTBOX_DEPTH = Gauge("infrabot_outbox_depth", "Mensagens na fila de saída", ["channel"])
OUTBOX_RETRIES = Counter(
    "infrabot_outbox_retries",
    "Entregas da fila de saída que falharam e serão tentadas de novo",
    ["channel"],
)
ERRORS = Counter("infrabot_errors", "Erros, por tipo", ["kind"])
RETAKEN = Counter(
    "infrabot_telegram_retaken",
    "Updates do Telegram retomados de um processo que parou (a resposta pode sair duas vezes)",
)
OUTBOX_RESENDS = Counter(
    "infrabot_outbox_resends",
    "Mensagens da fila de saída enviadas de novo depois de um envio que pode ter acontecido",
    ["channel"],
)

log = logging.getLogger("infrabot.metrics")


def render(outbox_depth: Callable[[Any], int] | None = None) -> tuple[bytes, str]:
    """The metrics page and its content type; the outbox depth is read at scrape time. With the
    database down the page still comes, with the depth last read: an outage is when the other
    metrics matter most."""
    if outbox_depth is not None:
        try:
            for channel in ("slack", "telegram"):
                OUTBOX_DEPTH.labels(channel).set(outbox_depth(channel))
        except Exception as error:  # any driver error: the rest of the page is still good
            ERRORS.labels("metrics_outbox_depth").inc()
            log.warning(
                "métricas sem a fila de saída: o banco não respondeu (%s)", type(error).__name__
            )
    return generate_latest(), CONTENT_TYPE_LATEST
