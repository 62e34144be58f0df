"""Starting the team's Slack app (slack-bolt): wiring its listeners, Socket Mode or HTTP, health."""

import json
import logging
import os
import signal
import threading
from collections.abc import Callable, Iterable
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server
from wsgiref.types import StartResponse, WSGIEnvironment

from slack_bolt import App
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.adapter.wsgi import SlackRequestHandler
from slack_bolt.error import BoltError
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler

from bot.assistant.assistant import Assistant
from bot.assistant.intent import trained as intents_trained
from bot.ops import logs
from bot.ops.credentials import credential
from bot.ops.errors import ChannelUnavailable
from bot.ops.health import readiness
from bot.ops.logs import handling
from bot.ops.metrics import ERRORS, render
from bot.relay.bridge import Bridge
from bot.relay.followup import FollowUp
from bot.relay.outbox import Outage, poll_seconds
from bot.relay.outbox import lease as outbox_lease
from bot.sales.company import warn_unset_identity
from bot.slack.commands import Commands
from bot.slack.delivery import SlackBridgeApp
from bot.slack.handoff import Handoff
from bot.slack.launch_plans import LaunchPlans
from bot.slack.leads import Leads
from bot.slack.modals import Modals
from bot.slack.replays import once

# What the outbox's lookup before a resend reads (public and private channels).
HISTORY_SCOPES = frozenset({"channels:history", "groups:history"})
log = logging.getLogger("infrabot.slack")
DEFAULT_API_URL = "https://slack.com/api/"
# Slack's own requests are small (a modal's submission is a few KB; events and commands less):
# anything past this is no request of Slack's.
MAX_BODY_BYTES = 1024 * 1024
# Every Web API call ends within this (slack_sdk's default is 30 s): a Slack that accepts and
# never answers fails the start-up with one line, or leaves the message queued in the outbox.
TIMEOUT_S = 10


def api_url() -> str:
    url = os.environ.get("INFRABOT_SLACK_API_URL") or DEFAULT_API_URL
    return url if url.endswith("/") else f"{url}/"


def register(app: App, shared: SlackBridgeApp) -> None:
    """Each Slack command, button, modal and event to its listener."""
    commands, leads = Commands(shared), Leads(shared)
    modals, handoff = Modals(shared), Handoff(shared)
    app.command("/cotacao")(commands.quote_command)
    app.command("/pergunta")(commands.question_command)
    app.command("/encerrar")(commands.close_command)
    app.action("quote_share")(commands.share)
    app.action("quote_alternatives")(commands.alternatives)
    app.action("quote_save")(modals.save_open)
    app.action("quote_plan")(LaunchPlans(shared).send_plan)
    app.view("quote_save")(modals.save_submit)
    app.action("lead_take")(leads.take)
    app.action("lead_adjust")(leads.adjust_open)
    app.view("lead_adjust")(modals.adjust_submit)
    app.action("handoff_close")(handoff.close_button)
    app.event("message")(handoff.message)


def build_app(
    assistant: Assistant, bridge: Bridge, token: str, signing_secret: str | None
) -> tuple[App, SlackBridgeApp]:
    client = WebClient(
        token=token,
        base_url=api_url(),
        timeout=TIMEOUT_S,
        retry_handlers=[RateLimitErrorRetryHandler(max_retry_count=2)],
    )
    try:
        app = _app(client, signing_secret)
    except (SlackApiError, OSError) as error:  # auth.test at start: bad token, no network
        reason = error.response.get("error") if isinstance(error, SlackApiError) else error
        raise ChannelUnavailable(
            f"não consegui entrar no Slack em {api_url()} ({reason})"
        ) from error
    except BoltError as error:  # auth.test answered, refusing the token (revoked, invalid)
        raise ChannelUnavailable(
            "o Slack recusou o token de SLACK_BOT_TOKEN (revogado ou inválido): gere outro no "
            "painel do app e reinicie"
        ) from error
    warn_missing_history(client)
    shared = SlackBridgeApp(assistant, bridge, client)
    if signing_secret is not None:  # HTTP mode: signed requests, which a replay could repeat
        app.middleware(once(assistant.store.engine))
    register(app, shared)
    app.error(_on_error)
    return app, shared


def warn_missing_history(client: WebClient) -> None:
    """Without the history scopes the outbox cannot look up a message that may have gone out
    before a crash: it sends it again, and a handoff's opening becomes a second thread whose
    first one staff may still answer. Said once at start, where the operator looks."""
    try:
        headers = client.auth_test().headers
    except (SlackApiError, OSError):
        return  # Bolt's own auth.test just passed; a hiccup now is not worth stopping for
    granted = next((v for k, v in headers.items() if k.lower() == "x-oauth-scopes"), None)
    if not isinstance(granted, str):
        return  # a token whose scopes Slack does not list (a test double, an older API)
    missing = sorted(HISTORY_SCOPES - {scope.strip() for scope in granted.split(",")})
    if missing:
        ERRORS.labels("slack_sem_escopo").inc()
        log.error(
            "o app do Slack não tem os escopos %s: depois de uma queda, um lead ou a abertura "
            "de um atendimento pode sair duas vezes (duas threads); adicione-os e reinstale o app",
            ", ".join(missing),
        )


def _app(client: WebClient, signing_secret: str | None) -> App:
    return App(
        client=client,
        signing_secret=signing_secret or "",
        # Socket Mode needs no signature: the socket itself is authenticated by the app token.
        request_verification_enabled=signing_secret is not None,
    )


def _on_error(error: Exception, body: dict[str, Any]) -> None:
    ERRORS.labels(type(error).__name__).inc()
    log.error("erro ao tratar um evento do Slack", exc_info=error)


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # request lines carry no value here
        return


def wsgi(
    app: App, shared: SlackBridgeApp
) -> Callable[[WSGIEnvironment, StartResponse], Iterable[bytes]]:
    """Slack's requests at /slack/events; /healthz, /readyz and /metrics for operators."""
    slack = SlackRequestHandler(app)

    def application(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO")
        if path == "/healthz":
            start_response("200 OK", [("Content-Type", "application/json")])
            return [json.dumps({"status": "ok"}).encode()]
        if path == "/readyz":
            state = readiness(
                shared.assistant.store.engine, shared.assistant.retriever, intents_trained()
            )
            start_response(
                "200 OK" if state.ready else "503 Service Unavailable",
                [("Content-Type", "application/json")],
            )
            return [state.model_dump_json().encode()]
        if path == "/metrics":
            body, content_type = render(shared.bridge.outbox.depth)
            start_response("200 OK", [("Content-Type", content_type)])
            return [body]
        length = str(environ.get("CONTENT_LENGTH") or "0")
        if not (length.isascii() and length.isdigit()) or int(length) > MAX_BODY_BYTES:
            # Refused before a byte is read (or logged): 150 MB unsigned bodies used to be read
            # whole, and bolt logged each one.
            log.warning("pedido ao Slack recusado: corpo de %s bytes", length[:20])
            start_response("413 Payload Too Large", [("Content-Type", "text/plain")])
            return [b""]
        stamp = str(environ.get("HTTP_X_SLACK_REQUEST_TIMESTAMP", ""))
        if not (stamp.isascii() and stamp.isdigit()):  # bolt's check raises on it: a 500
            start_response("401 Unauthorized", [("Content-Type", "text/plain")])
            return [b""]
        with handling():
            return slack(environ, start_response)

    return application


def _outbox_worker(shared: SlackBridgeApp, stop: threading.Event) -> None:
    """Deliver the Slack messages and follow up the handoffs nobody answers (the Telegram app
    does it too: either one alone still reminds the team and tells the client)."""
    outage = Outage("falha ao esvaziar a fila de saída do Slack")
    follow_up = FollowUp(shared.bridge)
    while not stop.is_set():
        try:
            follow_up.run()
            shared.bridge.outbox.pump("slack", shared.deliver)
            outage.recovered()
        except Exception:  # a database hiccup: the messages stay queued for the next round
            outage.failed()
        stop.wait(poll_seconds())


def run(token: str, http: bool, port: int) -> None:
    """`infrabot slack`: Socket Mode with SLACK_APP_TOKEN, or with `--http --port P` the Events
    API, requests signed with SLACK_SIGNING_SECRET. Also delivers the outbox's Slack messages
    (leads, handoff threads), so they wait in the database while Slack is down."""
    logs.configure()
    warn_unset_identity()
    outbox_lease()  # a bad setting stops the start, not the outbox worker later
    signing_secret = credential("SLACK_SIGNING_SECRET")
    app_token = None if http else credential("SLACK_APP_TOKEN")
    assistant = Assistant.from_environment(dense="background")
    app, shared = build_app(assistant, Bridge(assistant.store.engine), token, signing_secret)
    stop = threading.Event()
    worker = threading.Thread(target=_outbox_worker, args=(shared, stop), daemon=True)
    worker.start()
    if http:
        server = make_server("0.0.0.0", port, wsgi(app, shared), _Server, _QuietHandler)

        def shutdown(*_: object) -> None:
            stop.set()
            threading.Thread(target=server.shutdown).start()

        signal.signal(signal.SIGTERM, shutdown)
        log.info("Slack (Events API) ouvindo na porta %s", port)
        try:
            server.serve_forever()
        finally:
            server.server_close()
    else:
        assert app_token is not None

        def leave(*_: object) -> None:  # SIGTERM ends like Ctrl+C: the worker finishes first
            raise SystemExit(0)

        signal.signal(signal.SIGTERM, leave)
        try:
            SocketModeHandler(app, app_token).start()  # type: ignore[no-untyped-call]
        except KeyboardInterrupt:
            pass
        finally:
            stop.set()
    worker.join(timeout=10)
    assistant.settle()  # a SIGTERM while the model loads ended in SIGSEGV, not exit 0
