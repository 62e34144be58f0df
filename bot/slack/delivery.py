"""The state Slack listeners share: staff checks, private notes, the outbox delivery to Slack."""

from typing import Any

from slack_bolt import Respond
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.assistant.assistant import Assistant
from bot.relay.bridge import Bridge
from bot.relay.outbox import DeliveryFailed, Message
from bot.sales.book import QuoteBook

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
        """Post one outbox message: a lead, a handoff's first message or a reply in its thread."""
        payload = message.payload
        try:
            if message.kind == "thread":
                handoff = self.bridge.handoffs.get(payload["handoff_id"])
                if handoff is None or handoff.thread_ts is None:
                    raise DeliveryFailed("a thread do atendimento não existe", permanent=True)
                self.client.chat_postMessage(
                    channel=handoff.slack_channel,
                    thread_ts=handoff.thread_ts,
                    text=payload["text"],
                    reply_broadcast=bool(payload.get("broadcast")),
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
