"""A database error names no personal data: its text does not quote the statement's values."""

from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bot.assistant.state import ConversationStore
from bot.db.tables import HandoffRow


def test_an_integrity_error_does_not_quote_the_values(tmp_path: Path) -> None:
    engine = ConversationStore(f"sqlite:///{tmp_path / 'p.db'}").engine
    with pytest.raises(IntegrityError) as failed, Session(engine) as session:
        # No opened_at: NOT NULL fails, with the client's conversation and chat among the values.
        session.add(
            HandoffRow(
                conversation_id="telegram:Joana-5550123",
                chat_id=5550123,
                status="aberto",
                slack_channel="C1",
            )
        )
        session.commit()
    assert "Joana" not in str(failed.value) and "5550123" not in str(failed.value)
