"""The webhook server (aiohttp) for running the Telegram bot as replicas behind a load balancer:
/telegram takes Telegram's updates (checking the secret-token header), /healthz says the process
is alive, /readyz whether it can answer well (database, vector index, embedding model), /metrics
serves Prometheus. SIGTERM stops taking updates, lets those in flight finish, then exits; so does
a refused setWebhook or token, or a silent Bot API (ChannelUnavailable, see liveness)."""

import asyncio
import logging
import signal
from typing import Any

from aiohttp import web
from sqlalchemy.exc import SQLAlchemyError
from telegram import Update
from telegram.error import TelegramError
from telegram.ext import Application

from bot.assistant.assistant import Assistant
from bot.assistant.intent import trained as intents_trained
from bot.ops.errors import ChannelUnavailable
from bot.ops.health import readiness
from bot.ops.metrics import render
from bot.relay.outbox import Outbox
from bot.telegram.inbox import Inbox, bot_id
from bot.telegram.intake import decode
from bot.telegram.liveness import Liveness, probe, watch

log = logging.getLogger("infrabot.webhook")
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
PATH = "/telegram"


def routes(
    application: Application,  # type: ignore[type-arg]
    assistant: Assistant,
    secret: str,
    inbox: Inbox,
) -> web.Application:
    outbox = Outbox(assistant.store.engine)

    async def receive(request: web.Request) -> web.Response:
        if request.headers.get(SECRET_HEADER) != secret:
            return web.Response(status=403)
        try:
            payload = await request.json()
            if not isinstance(payload, dict):  # "[]" or "1" is no update
                return web.Response(status=400)
        except ValueError:
            return web.Response(status=400)
        # An update this PTB cannot decode is Telegram's all the same: acknowledged (logged by id
        # and skipped), or Telegram would redeliver it and hold back the ones behind it.
        update = decode(payload, application.bot)
        if update is None:
            return web.Response()
        try:
            recorded = await asyncio.to_thread(inbox.record, payload)
        except SQLAlchemyError:
            # Not kept, so not acknowledged: Telegram sends it again.
            log.error("não consegui guardar o update; o Telegram vai reenviá-lo")
            return web.Response(status=503)
        if recorded:
            await application.update_queue.put(update)
        else:  # a redelivery: whoever holds it answers it, or takes it over when they stop
            log.info("update repetido: já está na caixa de entrada")
        return web.Response()

    async def healthz(request: web.Request) -> web.Response:
        return web.json_response({"status": "ok"})

    async def readyz(request: web.Request) -> web.Response:
        state = await asyncio.to_thread(
            readiness, assistant.store.engine, assistant.retriever, intents_trained()
        )
        return web.json_response(state.model_dump(), status=200 if state.ready else 503)

    async def metrics(request: web.Request) -> web.Response:
        body, content_type = await asyncio.to_thread(render, outbox.depth)
        return web.Response(body=body, headers={"Content-Type": content_type})

    server = web.Application()
    server.router.add_post(PATH, receive)
    server.router.add_get("/healthz", healthz)
    server.router.add_get("/readyz", readyz)
    server.router.add_get("/metrics", metrics)
    return server


async def serve(
    application: Application,  # type: ignore[type-arg]
    assistant: Assistant,
    url: str,
    port: int,
    secret: str,
    liveness: Liveness,
) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    inbox = Inbox(assistant.store.engine, bot_id(application.bot.token))
    runner = web.AppRunner(routes(application, assistant, secret, inbox), access_log=None)
    async with application:  # initialize ... shutdown
        await application.start()
        hooks: Any = application
        if hooks.post_init:
            await hooks.post_init(application)
        await runner.setup()
        await web.TCPSite(runner, "0.0.0.0", port).start()
        problem = await _register(application, url, secret, liveness)
        if problem is None:
            log.info("webhook ouvindo", extra={"port": port, "path": PATH})
            # BM25 answers meanwhile; /readyz says "carregando" until the model is warm.
            assistant.retriever.attach_in_background()
            probing = asyncio.create_task(probe(application.bot, liveness))
            problem = await watch(liveness, stop)
            probing.cancel()
        log.info("encerrando: terminando os updates em andamento")
        await runner.cleanup()  # no new updates; the ones queued are still processed below
        await application.stop()
        if hooks.post_stop:
            await hooks.post_stop(application)
    log.info("encerrado", extra={"pendentes": application.update_queue.qsize()})
    if problem:
        raise ChannelUnavailable(problem)


async def _register(
    application: Application,  # type: ignore[type-arg]
    url: str,
    secret: str,
    liveness: Liveness,
) -> str | None:
    """setWebhook, after listening: Telegram starts sending as soon as it is set. Refused, the
    reason (pt-BR) for the process to end with, after a clean stop."""
    try:
        await application.bot.set_webhook(
            url, secret_token=secret, allowed_updates=Update.ALL_TYPES
        )
    except TelegramError as error:  # BadRequest: a URL Telegram will not call; or no answer
        detail = str(error).replace(application.bot.token, "***")
        return liveness.problem() or (f"o Telegram não aceitou o webhook {url} ({detail})")
    return None
