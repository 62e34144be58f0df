"""The save and adjust modals: opening "Salvar como cotação" and what both modals submit."""

from decimal import Decimal, InvalidOperation
from typing import Any

from pydantic import ValidationError
from slack_bolt import Ack

from bot.assistant.composer import proposal_text
from bot.ops.metrics import QUOTES
from bot.relay.bridge import telegram_chat
from bot.relay.slack_posts import escape
from bot.slack import views as slack_views
from bot.slack.delivery import SlackBridgeApp
from quoting.errors import QuotingError
from quoting.jobspec import JobSpec
from quoting.units import format_brl


def _discount(typed: str) -> Decimal:
    try:
        value = Decimal(typed.replace("%", "").replace(",", ".").strip() or "0")
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite():  # "NaN" and "Infinity" parse, and break every comparison
        raise ValueError("Use um número, por exemplo 5 ou 7,5.")
    return value


class Modals:
    def __init__(self, shared: SlackBridgeApp) -> None:
        self.shared = shared

    def save_open(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        if self.shared.staff_member(body) is None:
            return
        self.shared.client.views_open(
            trigger_id=body["trigger_id"], view=slack_views.save_modal(action["value"])
        )

    def save_submit(self, ack: Ack, body: dict[str, Any], view: dict[str, Any]) -> None:
        user = body["user"]["id"]
        client = slack_views.submitted(view, "cliente")
        contact = slack_views.submitted(view, "contato") or None
        try:
            spec = JobSpec.model_validate_json(view["private_metadata"])
            record = self.shared.book.create(spec, client, f"slack:{user}", contact=contact)
        except (QuotingError, ValidationError) as refused:
            ack(response_action="errors", errors={"cliente": str(refused)[:150]})
            return
        QUOTES.labels("slack").inc()
        ack()
        self.shared.client.chat_postMessage(
            channel=user,
            text=f"Cotação {record.number} salva para {escape(record.client)}: "
            f"{format_brl(record.total_brl)}. "
            f"Use `infrabot quotes send {record.number}` ou o Telegram para enviar.",
        )

    def adjust_submit(self, ack: Ack, body: dict[str, Any], view: dict[str, Any]) -> None:
        """Revise discount and terms, mark the quote sent and deliver it to the client's chat."""
        book = self.shared.book
        actor = f"slack:{body['user']['id']}"
        number = view["private_metadata"]
        try:
            discount = _discount(slack_views.submitted(view, "desconto"))
            record = book.revise(
                number, actor, discount_pct=discount, terms=slack_views.submitted(view, "condicoes")
            )
            record = book.send(number, actor)
        except (ValueError, QuotingError) as refused:
            ack(response_action="errors", errors={"desconto": str(refused)[:150]})
            return
        ack()
        chat = telegram_chat(record.client_ref)
        if chat is not None:
            self.shared.bridge.to_client(
                chat,
                f"proposta:{record.number}:{record.revision}",
                proposal_text(record),
            )
            said = "vai para o chat do cliente no Telegram"
        else:
            said = "está marcada como enviada; o cliente não está no Telegram, envie o PDF"
        self.shared.client.chat_postMessage(
            channel=body["user"]["id"],
            text=f"{record.number}, revisão {record.revision} "
            f"({format_brl(record.total_brl)}), {said}.",
        )
