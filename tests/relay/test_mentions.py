"""A client's Telegram name or text never pings anyone on Slack: leads, handoff threads and their
notification texts carry it escaped."""

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from bot.assistant.state import ConversationState, ConversationStore
from bot.relay.bridge import Bridge, BridgeSettings
from bot.relay.outbox import Message
from bot.sales.book import QuoteBook, Staff
from quoting.jobspec import JobSpec

NAME = "<!channel> Ana <@U0BOSS> <!subteam^S1|time> <https://x.example|clique>"


def _texts(payload: Any) -> list[str]:
    """Every string Slack would render: `text` fields at any depth."""
    if isinstance(payload, dict):
        return [t for key, value in payload.items() for t in _texts(value)] + (
            [payload["text"]] if isinstance(payload.get("text"), str) else []
        )
    if isinstance(payload, list):
        return [t for item in payload for t in _texts(item)]
    return []


def test_lead_and_handoff_posts_escape_the_client(tmp_path: Path) -> None:
    engine = ConversationStore(f"sqlite:///{tmp_path / 'relay.db'}").engine
    bridge = Bridge(engine, BridgeSettings(leads_channel="C1", handoff_channel="C2"))
    book = QuoteBook(engine, Staff(roles={"telegram:7": "vendas"}, discount_limit_pct=Decimal(5)))
    record = book.create(JobSpec(model="llama-3-8b", method="qlora"), NAME, "telegram:7")
    assert bridge.post_lead(record, NAME)
    state = ConversationState(id="telegram:7")
    state.remember("cliente", "oi <!here> tudo bem?")
    handoff = bridge.open_handoff("telegram:7", 7, NAME, state)
    assert handoff is not None
    bridge.client_said(handoff, "k1", NAME, "<!everyone> urgente")
    posted: list[Message] = []
    while bridge.outbox.pump("slack", posted.append):
        pass
    assert {m.kind for m in posted} >= {"post", "handoff_open", "thread"}
    texts = [text for message in posted for text in _texts(message.payload)]
    assert any("Ana" in text for text in texts)
    for text in texts:
        assert "<!" not in text and "<@" not in text and "<http" not in text, json.dumps(text)
