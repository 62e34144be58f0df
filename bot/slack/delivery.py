"""The state Slack listeners share: staff checks, private notes, the outbox delivery to Slack."""

import logging
from typing import Any

from slack_bolt import Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.assistant.assistant import Assistant
from bot.ops.metrics import OUTBOX_RESENDS
from bot.relay.bridge import Bridge
from bot.relay.outbox import DeliveryFailed, Message
from bot.sales.book import QuoteBook

log = logging.getLogger("infrabot.slack")
# The metadata event every outbox message carries, with its outbox id.
OUTBOX_EVENT = "infrabot_outbox"
# How far the lookup reads: messages since a little before it was queued (clocks differ).
LOOKUP_SLACK_SECONDS = 300.0
LOOKUP_LIMIT = 200
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


class SlackBridgeApp:
    """What every listener uses; each listener acknowledges Slack first and answers in pt-BR."""

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

    def staff_member(self, body: dict[str, Any]) -> str | None:
        """The Slack user behind a click when they are staff; otherwise they are told so."""
        user = str(body["user"]["id"])
        if self.is_staff(user):
            return user
        self.tell(body, STAFF_ONLY)
        return None

    def tell(self, body: dict[str, Any], text: str) -> None:
        """A private note to whoever clicked or typed, where they are."""
        channel = (body.get("channel") or {}).get("id")
        user = (body.get("user") or {}).get("id")
        if channel and user:
            self.client.chat_postEphemeral(channel=channel, user=user, text=text)

    def private(
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

    def deliver(self, message: Message) -> None:
        """Post one outbox message: a lead, a handoff's first message or a reply in its thread.
        Each carries its outbox id in Slack's message metadata; one that may have gone out
        before (its process stopped before marking it) is looked up first and not sent twice,
        and a handoff's first message found there becomes its thread (no second thread)."""
        payload = message.payload
        try:
            if message.kind == "thread":
                handoff = self.bridge.handoffs.get(payload["handoff_id"])
                if handoff is None or handoff.thread_ts is None:
                    raise DeliveryFailed("a thread do atendimento não existe", permanent=True)
                channel, thread = handoff.slack_channel, handoff.thread_ts
            else:
                channel, thread = payload["channel"], None
            found = self._sent_before(message, channel, thread) if message.maybe_sent else None
            if found is None:
                posted = self.client.chat_postMessage(
                    channel=channel,
                    thread_ts=thread,
                    text=payload["text"],
                    blocks=payload.get("blocks"),
                    reply_broadcast=bool(payload.get("broadcast")) or None,
                    metadata={
                        "event_type": OUTBOX_EVENT,
                        "event_payload": _identity(message),
                    },
                )
                found = str(posted["ts"])
            if message.kind == "handoff_open":
                self.bridge.handoffs.set_thread(payload["handoff_id"], found)
        except SlackApiError as error:
            code = str(error.response.get("error") or error.response.status_code)
            raise DeliveryFailed(code, permanent=code in PERMANENT_ERRORS) from error
        except OSError as error:  # connection refused, reset, timeout
            raise DeliveryFailed(str(error)) from error

    def _sent_before(self, message: Message, channel: str, thread: str | None) -> str | None:
        """The ts of this outbox message where it would be, if it went out before. Where Slack
        will not show the history (a scope the app lacks), the message is sent again, counted."""
        try:
            if thread is None:
                page = self.client.conversations_history(
                    channel=channel,
                    oldest=str(message.queued_at - LOOKUP_SLACK_SECONDS),
                    include_all_metadata=True,
                    limit=LOOKUP_LIMIT,
                )
            else:
                page = self.client.conversations_replies(
                    channel=channel, ts=thread, include_all_metadata=True, limit=LOOKUP_LIMIT
                )
        except SlackApiError as error:
            if error.response.status_code >= 500 or error.response.get("error") == "ratelimited":
                raise
            log.warning(
                "não consegui procurar no Slack uma mensagem que pode ter saído; enviada de novo",
                extra={"outbox_id": message.id, "error": error.response.get("error")},
            )
            OUTBOX_RESENDS.labels("slack").inc()
            return None
        for posted in page.get("messages") or []:
            metadata = posted.get("metadata") or {}
            if metadata.get("event_type") == OUTBOX_EVENT and metadata.get(
                "event_payload"
            ) == _identity(message):
                return str(posted["ts"])
        return None


def _identity(message: Message) -> dict[str, Any]:
    """What tells this outbox message from any other in the channel: its id, and when it was
    queued (another database posting to the same channel, a staging one, has the same ids)."""
    return {"outbox_id": message.id, "queued_at": round(message.queued_at, 3)}
