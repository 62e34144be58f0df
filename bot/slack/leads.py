"""The buttons on a lead: Assumir takes it over, Ajustar opens its adjust modal."""

from typing import Any

from slack_bolt import Ack

from bot.relay import slack_posts
from bot.sales.errors import QuoteBookError
from bot.slack import views as slack_views
from bot.slack.delivery import SlackBridgeApp


class Leads:
    def __init__(self, shared: SlackBridgeApp) -> None:
        self.shared = shared

    def take(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        user = self.shared.staff_member(body)
        if user is None:
            return
        try:
            record = self.shared.book.assign(action["value"], f"slack:{user}")
        except QuoteBookError as refused:
            self.shared.tell(body, str(refused))
            return
        self.shared.client.chat_update(
            channel=body["channel"]["id"],
            ts=body["message"]["ts"],
            text=slack_posts.lead_text(record, record.client),
            blocks=slack_posts.lead_blocks(record, record.client),
        )

    def adjust_open(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        if self.shared.staff_member(body) is None:
            return
        try:
            record = self.shared.book.get(action["value"])
        except QuoteBookError as refused:
            self.shared.tell(body, str(refused))
            return
        self.shared.client.views_open(
            trigger_id=body["trigger_id"], view=slack_views.adjust_modal(record)
        )
