"""The bridge between the client's Telegram chat and the team's Slack: what goes where.

Both apps use it. The Telegram app posts leads and opens handoffs; the Slack app relays staff
replies and closes handoffs. Nothing is sent from here: every message is queued in the outbox and
delivered by the app that holds the destination's token, so a platform that is down only delays.
"""

import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from pydantic import BaseModel
from sqlalchemy.engine import Engine

from bot.assistant.composer import option_text
from bot.assistant.state import ConversationState
from bot.ops.errors import BadSetting
from bot.relay import notices, slack_posts
from bot.relay.handoff import Handoff, Handoffs
from bot.relay.outbox import Outbox
from bot.sales.book import QuoteRecord
from bot.sales.company import load_company
from bot.sales.hours import BusinessHours
from locales import N_, Language, _, current, speaking
from quoting.quote import Quote

CLOSED_FOR_CLIENT = N_(
    "O atendimento com a nossa equipe foi encerrado. Se precisar, continuo por aqui: descreva o "
    "job ou faça uma pergunta."
)


class BridgeSettings(BaseModel):
    leads_channel: str | None = None
    handoff_channel: str | None = None
    # Working time (business hours) a handoff may wait for its first staff reply before the
    # thread is reminded, and then before the client is told of the delay.
    remind_after: timedelta = timedelta(minutes=15)
    tell_client_after: timedelta = timedelta(minutes=30)

    @classmethod
    def from_environment(cls) -> "BridgeSettings":
        return cls(
            leads_channel=os.environ.get("INFRABOT_SLACK_LEADS_CHANNEL") or None,
            handoff_channel=os.environ.get("INFRABOT_SLACK_HANDOFF_CHANNEL") or None,
            remind_after=_minutes("INFRABOT_HANDOFF_REMIND_MINUTES", 15),
            tell_client_after=_minutes("INFRABOT_HANDOFF_CLIENT_NOTICE_MINUTES", 30),
        )


def _minutes(name: str, default: float) -> timedelta:
    raw = os.environ.get(name) or str(default)
    try:
        minutes = float(raw.replace(",", "."))
    except ValueError:
        minutes = -1.0
    if not 0 < minutes <= 7 * 24 * 60:  # also refuses nan
        raise BadSetting(f"{name} deve ser um número de minutos entre 0 e 10080 (veio {raw!r})")
    return timedelta(minutes=minutes)


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
    def __init__(
        self,
        engine: Engine,
        settings: BridgeSettings | None = None,
        hours: BusinessHours | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.settings = settings or BridgeSettings.from_environment()
        self.hours = hours or load_company().hours
        self.clock = clock
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
        self,
        conversation_id: str,
        chat_id: int,
        client: str,
        state: ConversationState,
        language: Language | None = None,
    ) -> Handoff | None:
        """Hand the chat to the team: a thread in the handoff channel with the conversation so
        far, and the client told when the team answers and how to come back to the bot. None when
        no handoff channel is configured (the bot only says it will call someone). The client is
        spoken to in `language` (the one being spoken by default), now and for the rest of the
        handoff."""
        channel = self.settings.handoff_channel
        if channel is None:
            return None
        now = self.clock()
        language = language or current()
        handoff, new = self.handoffs.open(conversation_id, chat_id, channel, now, language)
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
            with speaking(language):
                notice, button = notices.opening(self.hours, now), notices.leave_button()
            self.to_client(
                chat_id, f"handoff:{handoff.id}:aberto:cliente", notice, buttons=[button]
            )
        return handoff

    def client_said(self, handoff: Handoff, key: str, client: str, text: str) -> None:
        """What the client writes during a handoff, into the thread."""
        self.to_thread(handoff, key, f"*{slack_posts.escape(client)}:* {slack_posts.escape(text)}")

    def client_left(self, conversation_id: str, client: str) -> bool:
        """The client goes back to the bot: the handoff closes and the thread is told. False
        when the chat had no open handoff. The client is told in the language being spoken."""
        handoff = self.handoffs.active(conversation_id)
        if handoff is None or not self.handoffs.close(handoff.id, conversation_id):
            return False
        self.to_client(
            handoff.chat_id, f"handoff:{handoff.id}:saiu:cliente", _(notices.LEFT_FOR_CLIENT)
        )
        self.to_thread(handoff, f"handoff:{handoff.id}:saiu:thread", notices.left_thread(client))
        return True

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
        the order staff wrote them (`written_at`: the Slack message's timestamp). The signature
        in the client's language; the text as staff wrote it."""
        with speaking(self.handoffs.language(handoff.id)):
            signed = _("{name} (equipe infrabot): {text}").format(name=name, text=text)
        self.to_client(handoff.chat_id, key, signed, written_at)
        self.handoffs.stamp(handoff.id, "answered_at", self.clock())

    def close(self, handoff: Handoff, actor: str, name: str) -> bool:
        """Give the chat back to the bot, telling the client and the thread; False when it was
        already closed."""
        if not self.handoffs.close(handoff.id, actor):
            return False
        with speaking(self.handoffs.language(handoff.id)):
            closed = _(CLOSED_FOR_CLIENT)
        self.to_client(handoff.chat_id, f"handoff:{handoff.id}:encerrado:cliente", closed)
        self.to_thread(
            handoff,
            f"handoff:{handoff.id}:encerrado:thread",
            f"Atendimento encerrado por {name}. O bot voltou a responder.",
        )
        return True

    def to_client(
        self,
        chat_id: int,
        key: str,
        text: str,
        written_at: float | None = None,
        buttons: list[tuple[str, str]] | None = None,
    ) -> bool:
        """A message to the client's chat; `buttons`: (label, callback data), one per row."""
        payload: dict[str, object] = {"chat_id": chat_id, "text": text}
        if buttons:
            payload["buttons"] = [list(button) for button in buttons]
        return self.outbox.put(
            "telegram", telegram_stream(chat_id), key, "message", payload, written_at
        )

    def to_thread(self, handoff: Handoff, key: str, text: str, broadcast: bool = False) -> bool:
        """A message in the handoff's thread; `broadcast` also shows it in the channel."""
        payload: dict[str, object] = {"handoff_id": handoff.id, "text": text}
        if broadcast:
            payload["broadcast"] = True
        return self.outbox.put("slack", handoff_stream(handoff.id), key, "thread", payload)


def _quote_summary(state: ConversationState) -> str | None:
    if not state.last_quote:
        return None
    return option_text(Quote.model_validate(state.last_quote).recommendation)
