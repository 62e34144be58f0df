"""The bridge between the client's Telegram chat and the team's Slack: what goes where.

Both apps use it. The Telegram app posts leads and opens handoffs; the Slack app relays staff
replies and closes handoffs. Nothing is sent from here: every message is queued in the outbox and
delivered by the app that holds the destination's token, so a platform that is down only delays.
"""

import os

from pydantic import BaseModel
from sqlalchemy.engine import Engine

from bot.assistant.composer import option_text
from bot.assistant.state import ConversationState
from bot.relay import slack_posts
from bot.relay.handoff import Handoff, Handoffs
from bot.relay.outbox import Outbox
from bot.sales.book import QuoteRecord
from quoting.quote import Quote

CLOSED_FOR_CLIENT = (
    "O atendimento com a nossa equipe foi encerrado. Se precisar, continuo por aqui: descreva o "
    "job ou faça uma pergunta."
)


class BridgeSettings(BaseModel):
    leads_channel: str | None = None
    handoff_channel: str | None = None

    @classmethod
    def from_environment(cls) -> "BridgeSettings":
        return cls(
            leads_channel=os.environ.get("INFRABOT_SLACK_LEADS_CHANNEL") or None,
            handoff_channel=os.environ.get("INFRABOT_SLACK_HANDOFF_CHANNEL") or None,
        )


def telegram_stream(chat_id: int) -> str:
    return f"telegram:{chat_id}"


def telegram_chat(client_ref: str | None) -> int | None:
    """The Telegram chat a client's reference answers in: "telegram:CHAT", or "telegram:GROUP:USER"
    for one member of a group; None for a client outside Telegram."""
    kind, _, rest = (client_ref or "").partition(":")
    try:
        return int(rest.split(":", 1)[0]) if kind == "telegram" else None
    except ValueError:
        return None


def handoff_stream(handoff_id: int) -> str:
    return f"handoff:{handoff_id}"


class Bridge:
    def __init__(self, engine: Engine, settings: BridgeSettings | None = None) -> None:
        self.settings = settings or BridgeSettings.from_environment()
        self.outbox = Outbox(engine)
        self.handoffs = Handoffs(engine)

    # --- from Telegram to Slack
    def post_lead(self, record: QuoteRecord, client: str) -> bool:
        """Show a client's quote to the team; False when no leads channel is configured."""
        channel = self.settings.leads_channel
        if channel is None:
            return False
        return self.outbox.put(
            "slack",
            "slack:leads",
            f"lead:{record.number}",
            "post",
            {
                "channel": channel,
                "text": slack_posts.lead_text(record, client),
                "blocks": slack_posts.lead_blocks(record, client),
            },
        )

    def open_handoff(
        self, conversation_id: str, chat_id: int, client: str, state: ConversationState
    ) -> Handoff | None:
        """Hand the chat to the team: a thread in the handoff channel with the conversation so
        far. None when no handoff channel is configured (the bot only says it will call someone)."""
        channel = self.settings.handoff_channel
        if channel is None:
            return None
        handoff, new = self.handoffs.open(conversation_id, chat_id, channel)
        if new:
            history = [(turn.role, turn.text) for turn in state.history]
            last_quote = _quote_summary(state)
            self.outbox.put(
                "slack",
                handoff_stream(handoff.id),
                f"handoff:{handoff.id}:aberto",
                "handoff_open",
                {
                    "handoff_id": handoff.id,
                    "channel": channel,
                    "text": f"{slack_posts.escape(client)} pediu para falar com uma pessoa",
                    "blocks": slack_posts.handoff_blocks(handoff.id, client, history, last_quote),
                },
            )
        return handoff

    def client_said(self, handoff: Handoff, key: str, client: str, text: str) -> None:
        """What the client writes during a handoff, into the thread."""
        self.outbox.put(
            "slack",
            handoff_stream(handoff.id),
            key,
            "thread",
            {
                "handoff_id": handoff.id,
                "text": f"*{slack_posts.escape(client)}:* {slack_posts.escape(text)}",
            },
        )

    def forget(self, conversation_id: str, chat_id: int | None, quote_numbers: list[str]) -> int:
        """LGPD: the conversation's handoffs, and every message queued or kept for it (to its
        handoff threads, the leads of its quotes, and to the chat when `chat_id` is given: a
        private chat is the person's, a group's is not), pending ones unsent. Returns how many
        messages were removed."""
        handoffs = self.handoffs.forget_chat(conversation_id)
        streams = [handoff_stream(i) for i in handoffs]
        if chat_id is not None:
            streams.append(telegram_stream(chat_id))
        keys = [f"lead:{number}" for number in quote_numbers]
        keys += [f"handoff:{i}" for i in handoffs]
        return self.outbox.forget(streams, keys)

    # --- from Slack to Telegram
    def staff_said(
        self, handoff: Handoff, key: str, name: str, text: str, written_at: float
    ) -> None:
        """A staff reply from the thread to the client's chat, signed with the staff name, in
        the order staff wrote them (`written_at`: the Slack message's timestamp)."""
        self.to_client(handoff.chat_id, key, f"{name} (equipe infrabot): {text}", written_at)

    def close(self, handoff: Handoff, actor: str, name: str) -> bool:
        """Give the chat back to the bot, telling the client and the thread; False when it was
        already closed."""
        if not self.handoffs.close(handoff.id, actor):
            return False
        self.to_client(
            handoff.chat_id, f"handoff:{handoff.id}:encerrado:cliente", CLOSED_FOR_CLIENT
        )
        self.outbox.put(
            "slack",
            handoff_stream(handoff.id),
            f"handoff:{handoff.id}:encerrado:thread",
            "thread",
            {
                "handoff_id": handoff.id,
                "text": f"Atendimento encerrado por {name}. O bot voltou a responder.",
            },
        )
        return True

    def to_client(self, chat_id: int, key: str, text: str, written_at: float | None = None) -> bool:
        return self.outbox.put(
            "telegram",
            telegram_stream(chat_id),
            key,
            "message",
            {"chat_id": chat_id, "text": text},
            written_at,
        )


def _quote_summary(state: ConversationState) -> str | None:
    if not state.last_quote:
        return None
    return option_text(Quote.model_validate(state.last_quote).recommendation)
