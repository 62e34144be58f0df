"""Handoff threads: staff replies relayed to the client, and `encerrar` or its button to close."""

from typing import Any

from slack_bolt import Ack

from bot.slack.delivery import STAFF_ONLY, SlackBridgeApp
from knowledge.lexical import fold

CLOSE_WORDS = {"encerrar", "/encerrar"}


def _unescape(text: str) -> str:
    """Slack sends &, < and > escaped; the client reads plain text."""
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


class Handoff:
    def __init__(self, shared: SlackBridgeApp) -> None:
        self.shared = shared

    def close_button(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        shared = self.shared
        user = shared.staff_member(body)
        if user is None:
            return
        handoff = shared.bridge.handoffs.get(int(action["value"]))
        if handoff is None or not shared.bridge.close(handoff, f"slack:{user}", shared.name(user)):
            shared.tell(body, "Este atendimento já estava encerrado.")

    def message(self, event: dict[str, Any]) -> None:
        """A message in a handoff thread: a staff reply to relay, or `encerrar`."""
        shared = self.shared
        thread = event.get("thread_ts")
        # Bots (this one included: its relays of the client come back as events), edits and
        # the thread's first message are not replies.
        if event.get("subtype") or event.get("bot_id") or not thread or thread == event.get("ts"):
            return
        handoff = shared.bridge.handoffs.by_thread(event["channel"], thread)
        if handoff is None or not handoff.is_open:
            return
        user = event.get("user", "")
        if not shared.is_staff(user):
            shared.client.chat_postEphemeral(
                channel=event["channel"], user=user, thread_ts=thread, text=STAFF_ONLY
            )
            return
        text = _unescape(event.get("text") or "").strip()
        if fold(text) in CLOSE_WORDS:
            shared.bridge.close(handoff, f"slack:{user}", shared.name(user))
            return
        if text:
            key = f"slack:{event['channel']}:{event['ts']}"
            shared.bridge.staff_said(handoff, key, shared.name(user), text, float(event["ts"]))
