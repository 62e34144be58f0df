"""The team's Slack app (slack-bolt): /cotacao and /pergunta, leads to take over and adjust, and
the handoff threads where staff answer Telegram clients.

Run with `infrabot slack` (Socket Mode, SLACK_APP_TOKEN) or `infrabot slack --http --port P`
(Events API, requests signed with SLACK_SIGNING_SECRET). The app also delivers the outbox's Slack
messages (leads, handoff threads), so they wait in the database while Slack is down.
"""

import json
import logging
import os
import signal
import threading
from collections.abc import Callable, Iterable
from decimal import Decimal, InvalidOperation
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server
from wsgiref.types import StartResponse, WSGIEnvironment

from pydantic import ValidationError
from slack_bolt import Ack, App, Respond
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.adapter.wsgi import SlackRequestHandler
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler

from bot.assistant.assistant import Assistant
from bot.assistant.composer import proposal_text
from bot.ops import logs
from bot.ops.credentials import credential
from bot.ops.errors import ChannelUnavailable
from bot.ops.health import readiness
from bot.ops.logs import handling
from bot.ops.metrics import ERRORS, QUOTES, render
from bot.ops.ptax import day_rate
from bot.relay import slack_posts
from bot.relay.bridge import Bridge
from bot.relay.outbox import DeliveryFailed, Message, poll_seconds
from bot.sales.book import QuoteBook
from bot.sales.errors import QuoteBookError
from bot.slack import views as slack_views
from knowledge.lexical import fold
from quoting.errors import QuotingError
from quoting.jobspec import JobSpec, normalize
from quoting.quote import Quote, build_quote
from quoting.units import format_brl

log = logging.getLogger("infrabot.slack")
DEFAULT_API_URL = "https://slack.com/api/"
CLOSE_WORDS = {"encerrar", "/encerrar"}
STAFF_ONLY = "Só a equipe comercial cadastrada (INFRABOT_STAFF) pode fazer isso."
# Errors about the message itself: retrying sends the same refusal back.
PERMANENT_ERRORS = {
    "channel_not_found",
    "not_in_channel",
    "is_archived",
    "invalid_blocks",
    "msg_too_long",
    "no_text",
    "thread_not_found",
}


def api_url() -> str:
    url = os.environ.get("INFRABOT_SLACK_API_URL") or DEFAULT_API_URL
    return url if url.endswith("/") else f"{url}/"


def _unescape(text: str) -> str:
    """Slack sends &, < and > escaped; the client reads plain text."""
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def _discount(typed: str) -> Decimal:
    try:
        value = Decimal(typed.replace("%", "").replace(",", ".").strip() or "0")
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite():  # "NaN" and "Infinity" parse, and break every comparison
        raise ValueError("Use um número, por exemplo 5 ou 7,5.")
    return value


class SlackBridgeApp:
    """The listeners; each one acknowledges Slack first and answers in pt-BR."""

    def __init__(self, assistant: Assistant, bridge: Bridge, client: WebClient) -> None:
        self.assistant = assistant
        self.bridge = bridge
        self.book = QuoteBook(assistant.store.engine)
        self.client = client
        self._names: dict[str, str] = {}

    def is_staff(self, user: str) -> bool:
        return f"slack:{user}" in self.book.staff.roles

    def name(self, user: str) -> str:
        """The staff member's name as the client will read it (users.info, cached)."""
        if user not in self._names:
            try:
                profile = self.client.users_info(user=user)["user"]
                found = profile.get("real_name") or profile.get("name") or user
            except SlackApiError:
                found = user
            self._names[user] = str(found)
        return self._names[user]

    def _staff_member(self, body: dict[str, Any]) -> str | None:
        """The Slack user behind a click when they are staff; otherwise they are told so."""
        user = str(body["user"]["id"])
        if self.is_staff(user):
            return user
        self._tell(body, STAFF_ONLY)
        return None

    def _tell(self, body: dict[str, Any], text: str) -> None:
        """A private note to whoever clicked or typed, where they are."""
        channel = (body.get("channel") or {}).get("id")
        user = (body.get("user") or {}).get("id")
        if channel and user:
            self.client.chat_postEphemeral(channel=channel, user=user, text=text)

    def _private(
        self, command: dict[str, Any], respond: Respond, text: str, blocks: list[Any] | None = None
    ) -> None:
        """The answer to a slash command, seen only by who typed it. Where the app is not in the
        channel (a DM, a private channel) Slack refuses that, and the command's response URL
        takes it instead."""
        try:
            self.client.chat_postEphemeral(
                channel=command["channel_id"], user=command["user_id"], text=text, blocks=blocks
            )
        except SlackApiError:
            respond(text=text, blocks=blocks, response_type="ephemeral")

    # --- slash commands
    def quote_command(self, ack: Ack, command: dict[str, Any], respond: Respond) -> None:
        ack()
        user = command["user_id"]
        text = (command.get("text") or "").strip()
        if not text:
            self._private(
                command, respond, "Descreva o job: `/cotacao LoRA de Llama 3 8B, 20 mil exemplos`."
            )
            return
        conversation = f"slack:{user}"
        reply = self.assistant.reply(conversation, text)
        if reply.quote is None:
            blocks = slack_views.answer_blocks(reply)
        else:
            spec = self.assistant.job_spec(conversation)
            blocks = slack_views.quote_blocks(
                Quote.model_validate(reply.quote),
                normalize(spec),
                spec.model_dump(mode="json", exclude_none=True),
                shared_by=None,
            )
        self._private(command, respond, reply.answer.split("\n", 1)[0], blocks)

    def question_command(self, ack: Ack, command: dict[str, Any], respond: Respond) -> None:
        ack()
        text = (command.get("text") or "").strip()
        if not text:
            self._private(command, respond, "Escreva a pergunta: `/pergunta posso usar TPU?`.")
            return
        reply = self.assistant.reply(f"slack:{command['user_id']}", text)
        self._private(
            command, respond, reply.answer.split("\n", 1)[0], slack_views.answer_blocks(reply)
        )

    def close_command(self, ack: Ack) -> None:
        # Slack does not say which thread a slash command was typed in.
        ack(
            "Para encerrar um atendimento, escreva `encerrar` na thread dele ou use o botão "
            "“Encerrar atendimento” na primeira mensagem da thread."
        )

    # --- buttons on a private quote
    def share(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        spec = JobSpec.model_validate_json(action["value"])
        job = normalize(spec)
        quote = build_quote(job, fx=day_rate())
        self.client.chat_postMessage(
            channel=body["channel"]["id"],
            text=f"Cotação compartilhada por {self.name(body['user']['id'])}",
            blocks=slack_views.quote_blocks(quote, job, {}, shared_by=body["user"]["id"]),
        )

    def save_open(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        if self._staff_member(body) is None:
            return
        self.client.views_open(
            trigger_id=body["trigger_id"], view=slack_views.save_modal(action["value"])
        )

    def save_submit(self, ack: Ack, body: dict[str, Any], view: dict[str, Any]) -> None:
        user = body["user"]["id"]
        client = slack_views.submitted(view, "cliente")
        contact = slack_views.submitted(view, "contato") or None
        try:
            spec = JobSpec.model_validate_json(view["private_metadata"])
            record = self.book.create(spec, client, f"slack:{user}", contact=contact)
        except (QuotingError, ValidationError) as refused:
            ack(response_action="errors", errors={"cliente": str(refused)[:150]})
            return
        QUOTES.labels("slack").inc()
        ack()
        self.client.chat_postMessage(
            channel=user,
            text=f"Cotação {record.number} salva para {record.client}: "
            f"{format_brl(record.total_brl)}. "
            f"Use `infrabot quotes send {record.number}` ou o Telegram para enviar.",
        )

    # --- leads
    def take(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        user = self._staff_member(body)
        if user is None:
            return
        try:
            record = self.book.assign(action["value"], f"slack:{user}")
        except QuoteBookError as refused:
            self._tell(body, str(refused))
            return
        self.client.chat_update(
            channel=body["channel"]["id"],
            ts=body["message"]["ts"],
            text=slack_posts.lead_text(record, record.client),
            blocks=slack_posts.lead_blocks(record, record.client),
        )

    def adjust_open(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        if self._staff_member(body) is None:
            return
        try:
            record = self.book.get(action["value"])
        except QuoteBookError as refused:
            self._tell(body, str(refused))
            return
        self.client.views_open(trigger_id=body["trigger_id"], view=slack_views.adjust_modal(record))

    def adjust_submit(self, ack: Ack, body: dict[str, Any], view: dict[str, Any]) -> None:
        """Revise discount and terms, mark the quote sent and deliver it to the client's chat."""
        actor = f"slack:{body['user']['id']}"
        number = view["private_metadata"]
        try:
            discount = _discount(slack_views.submitted(view, "desconto"))
            record = self.book.revise(
                number, actor, discount_pct=discount, terms=slack_views.submitted(view, "condicoes")
            )
            record = self.book.send(number, actor)
        except (ValueError, QuotingError) as refused:
            ack(response_action="errors", errors={"desconto": str(refused)[:150]})
            return
        ack()
        ref = record.client_ref or ""
        if ref.startswith("telegram:"):
            self.bridge.to_client(
                int(ref.split(":", 1)[1]),
                f"proposta:{record.number}:{record.revision}",
                proposal_text(record),
            )
            said = "vai para o chat do cliente no Telegram"
        else:
            said = "está marcada como enviada; o cliente não está no Telegram, envie o PDF"
        self.client.chat_postMessage(
            channel=body["user"]["id"],
            text=f"{record.number}, revisão {record.revision} "
            f"({format_brl(record.total_brl)}), {said}.",
        )

    # --- handoff threads
    def close_button(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        user = self._staff_member(body)
        if user is None:
            return
        handoff = self.bridge.handoffs.get(int(action["value"]))
        if handoff is None or not self.bridge.close(handoff, f"slack:{user}", self.name(user)):
            self._tell(body, "Este atendimento já estava encerrado.")

    def message(self, event: dict[str, Any]) -> None:
        """A message in a handoff thread: a staff reply to relay, or `encerrar`."""
        thread = event.get("thread_ts")
        # Bots (this one included: its relays of the client come back as events), edits and
        # the thread's first message are not replies.
        if event.get("subtype") or event.get("bot_id") or not thread or thread == event.get("ts"):
            return
        handoff = self.bridge.handoffs.by_thread(event["channel"], thread)
        if handoff is None or not handoff.is_open:
            return
        user = event.get("user", "")
        if not self.is_staff(user):
            self.client.chat_postEphemeral(
                channel=event["channel"], user=user, thread_ts=thread, text=STAFF_ONLY
            )
            return
        text = _unescape(event.get("text") or "").strip()
        if fold(text) in CLOSE_WORDS:
            self.bridge.close(handoff, f"slack:{user}", self.name(user))
            return
        if text:
            key = f"slack:{event['channel']}:{event['ts']}"
            self.bridge.staff_said(handoff, key, self.name(user), text, float(event["ts"]))

    # --- outbox delivery
    def deliver(self, message: Message) -> None:
        payload = message.payload
        try:
            if message.kind == "thread":
                handoff = self.bridge.handoffs.get(payload["handoff_id"])
                if handoff is None or handoff.thread_ts is None:
                    raise DeliveryFailed("a thread do atendimento não existe", permanent=True)
                self.client.chat_postMessage(
                    channel=handoff.slack_channel, thread_ts=handoff.thread_ts, text=payload["text"]
                )
                return
            posted = self.client.chat_postMessage(
                channel=payload["channel"], text=payload["text"], blocks=payload.get("blocks")
            )
            if message.kind == "handoff_open":
                self.bridge.handoffs.set_thread(payload["handoff_id"], str(posted["ts"]))
        except SlackApiError as error:
            code = str(error.response.get("error") or error.response.status_code)
            raise DeliveryFailed(code, permanent=code in PERMANENT_ERRORS) from error
        except OSError as error:  # connection refused, reset, timeout
            raise DeliveryFailed(str(error)) from error

    def register(self, app: App) -> None:
        app.command("/cotacao")(self.quote_command)
        app.command("/pergunta")(self.question_command)
        app.command("/encerrar")(self.close_command)
        app.action("quote_share")(self.share)
        app.action("quote_save")(self.save_open)
        app.view("quote_save")(self.save_submit)
        app.action("lead_take")(self.take)
        app.action("lead_adjust")(self.adjust_open)
        app.view("lead_adjust")(self.adjust_submit)
        app.action("handoff_close")(self.close_button)
        app.event("message")(self.message)


def build_app(
    assistant: Assistant, bridge: Bridge, token: str, signing_secret: str | None
) -> tuple[App, SlackBridgeApp]:
    client = WebClient(
        token=token,
        base_url=api_url(),
        retry_handlers=[RateLimitErrorRetryHandler(max_retry_count=2)],
    )
    try:
        app = _app(client, signing_secret)
    except (SlackApiError, OSError) as error:  # auth.test at start: bad token, no network
        reason = error.response.get("error") if isinstance(error, SlackApiError) else error
        raise ChannelUnavailable(
            f"não consegui entrar no Slack em {api_url()} ({reason})"
        ) from error
    listeners = SlackBridgeApp(assistant, bridge, client)
    listeners.register(app)
    app.error(_on_error)
    return app, listeners


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
    app: App, listeners: SlackBridgeApp
) -> Callable[[WSGIEnvironment, StartResponse], Iterable[bytes]]:
    """Slack's requests at /slack/events; /healthz, /readyz and /metrics for operators."""
    slack = SlackRequestHandler(app)

    def application(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO")
        if path == "/healthz":
            start_response("200 OK", [("Content-Type", "application/json")])
            return [json.dumps({"status": "ok"}).encode()]
        if path == "/readyz":
            state = readiness(listeners.assistant.store.engine, listeners.assistant.retriever)
            start_response(
                "200 OK" if state.ready else "503 Service Unavailable",
                [("Content-Type", "application/json")],
            )
            return [state.model_dump_json().encode()]
        if path == "/metrics":
            body, content_type = render(listeners.bridge.outbox.depth)
            start_response("200 OK", [("Content-Type", content_type)])
            return [body]
        with handling():
            return slack(environ, start_response)

    return application


def _outbox_worker(listeners: SlackBridgeApp, stop: threading.Event) -> None:
    while not stop.is_set():
        try:
            listeners.bridge.outbox.pump("slack", listeners.deliver)
        except Exception:  # a database hiccup: the messages stay queued for the next round
            log.exception("falha ao esvaziar a fila de saída do Slack")
        stop.wait(poll_seconds())


def run(token: str, http: bool, port: int) -> None:
    logs.configure()
    signing_secret = credential("SLACK_SIGNING_SECRET")
    app_token = None if http else credential("SLACK_APP_TOKEN")
    assistant = Assistant.from_environment(dense="background")
    app, listeners = build_app(assistant, Bridge(assistant.store.engine), token, signing_secret)
    stop = threading.Event()
    worker = threading.Thread(target=_outbox_worker, args=(listeners, stop), daemon=True)
    worker.start()
    if http:
        server = make_server("0.0.0.0", port, wsgi(app, listeners), _Server, _QuietHandler)

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
