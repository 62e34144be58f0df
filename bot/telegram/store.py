"""Telegram's share of the database: updates already handled (so a redelivered update gets one
answer, whichever replica sees it) and python-telegram-bot's persistence (the /cotacao form's
step and answers), instead of a pickle file."""

import asyncio
import json
from copy import deepcopy
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from telegram.ext import BasePersistence, PersistenceInput
from telegram.ext._utils.types import ConversationDict, ConversationKey

from bot.assistant.state import ConversationStore
from bot.db.tables import ConversationRow, HandledUpdate, HandoffRow, PersistedData, QuoteRow
from bot.telegram.inbox import RECEIVED


def recent_updates(
    store: ConversationStore, chat_id: int, sent_at: datetime, seconds: float, update_id: int
) -> int:
    """How many of the chat's messages, up to update `update_id` (Telegram numbers them in
    order), were sent from `seconds` before `sent_at` on, whichever replica received them: by
    the client's clock, so a backlog does not hide a flood."""
    since = sent_at - timedelta(seconds=seconds)
    with Session(store.engine) as session:
        return int(
            session.scalar(
                select(func.count())
                .select_from(HandledUpdate)
                .where(
                    HandledUpdate.chat_id == chat_id,
                    HandledUpdate.sent_at > since,
                    HandledUpdate.update_id <= update_id,
                )
            )
            or 0
        )


def claim_flood_warning(store: ConversationStore, chat_id: int, seconds: float) -> bool:
    """True for the one update, on whichever replica, that should tell a flooding chat to slow
    down; False while a warning given in the last `seconds` still stands."""
    now = datetime.now(UTC)
    try:
        with Session(store.engine) as session, session.begin():
            row = session.get(PersistedData, ("flood", str(chat_id)))
            if row is not None:
                if datetime.fromisoformat(row.data) > now - timedelta(seconds=seconds):
                    return False
                session.delete(row)
                session.flush()
            session.add(PersistedData(kind="flood", key=str(chat_id), data=now.isoformat()))
        return True
    except IntegrityError:  # another replica warned at the same moment
        return False


def prune_updates(store: ConversationStore, older_than: timedelta) -> int:
    """Forget answered updates past the age at which Telegram could still redeliver them."""
    with Session(store.engine) as session, session.begin():
        removed = session.execute(
            delete(HandledUpdate).where(
                HandledUpdate.received_at < datetime.now(UTC) - older_than,
                HandledUpdate.status != RECEIVED,  # an update nobody answered yet stays
            )
        )
        return int(removed.rowcount or 0)  # type: ignore[attr-defined]


def person_conversations(store: ConversationStore, user_id: int) -> list[str]:
    """Every conversation of a person the database knows: their private chat ("telegram:USER")
    and their own conversation in each group ("telegram:GROUP:USER"), wherever a row keeps it
    (the assistant's state, quotes, handoffs)."""
    private, in_groups = f"telegram:{user_id}", f"telegram:%:{user_id}"
    columns = (ConversationRow.id, QuoteRow.client_ref, HandoffRow.conversation_id)
    found = {private}
    with Session(store.engine) as session:
        for column in columns:
            found.update(
                str(value)
                for value in session.scalars(
                    select(column).where(column.like(in_groups)).distinct()
                )
            )
    # LIKE's "%" may span a colon; only "telegram:GROUP:USER" is this person's.
    return sorted(c for c in found if c == private or c.split(":")[2:] == [str(user_id)])


def forget_person(store: ConversationStore, user_id: int) -> int:
    """Delete what Telegram left about a person: their form answers and form steps in every
    chat, and the handled updates and flood mark of their private chat (the chat is the person).
    A group's own rows stay: they belong to every member. Returns the updates removed."""
    with Session(store.engine) as session, session.begin():
        removed = session.execute(delete(HandledUpdate).where(HandledUpdate.chat_id == user_id))
        # The person's form answers ("user") and their private chat's flood mark.
        session.execute(delete(PersistedData).where(PersistedData.key == str(user_id)))
        rows = session.scalars(
            select(PersistedData).where(PersistedData.kind.startswith("conversation:"))
        )
        for row in rows:
            if json.loads(row.key)[1:] == [user_id]:  # the form's key: (chat, user)
                session.delete(row)
        return int(removed.rowcount or 0)  # type: ignore[attr-defined]


_ABSENT = object()


class DatabasePersistence(BasePersistence[dict[Any, Any], dict[Any, Any], dict[Any, Any]]):
    """Form steps and per-user form answers in the database; nothing else is persisted."""

    def __init__(self, store: ConversationStore) -> None:
        super().__init__(
            store_data=PersistenceInput(
                bot_data=False, chat_data=False, user_data=True, callback_data=False
            ),
            # The channel also saves at the end of every update (replicas read the database
            # before each one); this interval is the safety net.
            update_interval=0.5,
        )
        self.store = store
        # What the database holds, so unchanged data (most users never open the form) costs
        # no write; PTB offers every touched user's data at each flush.
        self._written: dict[tuple[str, str], Any] = {}

    def _rows(self, kind: str) -> dict[str, Any]:
        with Session(self.store.engine) as session:
            return {
                row.key: row.data
                for row in session.scalars(select(PersistedData).where(PersistedData.kind == kind))
            }

    def _row(self, kind: str, key: str) -> Any:
        with Session(self.store.engine) as session:
            row = session.get(PersistedData, (kind, key))
            return row.data if row is not None else None

    async def fresh(self, kind: str, key: str) -> Any:
        """What the database holds now: another replica may have moved this chat on since this
        one last saw it."""
        data = await asyncio.to_thread(self._row, kind, key)
        if data is None:
            self._written.pop((kind, key), None)
        else:
            self._written[(kind, key)] = data
        return data

    async def conversation_state(self, name: str, key: ConversationKey) -> object | None:
        state: object | None = await self.fresh(f"conversation:{name}", json.dumps(list(key)))
        return state

    async def _save(self, kind: str, key: str, data: Any) -> None:
        previous = self._written.get((kind, key), _ABSENT)
        # Nothing to write: unchanged, or empty where there was nothing (state 0 is a step).
        if previous == data or (previous is _ABSENT and data in (None, {})):
            return
        await asyncio.to_thread(self._write, kind, key, data)
        self._written[(kind, key)] = data

    def _write(self, kind: str, key: str, data: Any) -> None:
        with Session(self.store.engine) as session, session.begin():
            row = session.get(PersistedData, (kind, key))
            if data is None:
                if row is not None:
                    session.delete(row)
                return
            if row is None:
                session.add(PersistedData(kind=kind, key=key, data=data))
            else:
                row.data = data

    async def get_conversations(self, name: str) -> ConversationDict:
        rows = self._rows(f"conversation:{name}")
        self._written.update({(f"conversation:{name}", key): state for key, state in rows.items()})
        return {tuple(json.loads(key)): state for key, state in rows.items()}

    async def update_conversation(
        self, name: str, key: ConversationKey, new_state: object | None
    ) -> None:
        await self._save(f"conversation:{name}", json.dumps(list(key)), new_state)

    async def get_user_data(self) -> dict[int, dict[Any, Any]]:
        rows = self._rows("user")
        self._written.update({("user", key): value for key, value in rows.items()})
        return {int(key): dict(value) for key, value in rows.items()}

    async def update_user_data(self, user_id: int, data: dict[Any, Any]) -> None:
        await self._save("user", str(user_id), deepcopy(data))

    async def drop_user_data(self, user_id: int) -> None:
        await self._save("user", str(user_id), None)

    async def refresh_user_data(self, user_id: int, user_data: dict[Any, Any]) -> None:
        # PTB calls this before every handler of an update, so a reload here would undo what
        # the update's earlier handlers changed; the channel reloads once, as an update arrives.
        return None

    async def get_chat_data(self) -> dict[int, dict[Any, Any]]:
        return {}

    async def update_chat_data(self, chat_id: int, data: dict[Any, Any]) -> None:
        return None

    async def drop_chat_data(self, chat_id: int) -> None:
        return None

    async def refresh_chat_data(self, chat_id: int, chat_data: dict[Any, Any]) -> None:
        return None

    async def get_bot_data(self) -> dict[Any, Any]:
        return {}

    async def update_bot_data(self, data: dict[Any, Any]) -> None:
        return None

    async def refresh_bot_data(self, bot_data: dict[Any, Any]) -> None:
        return None

    async def get_callback_data(self) -> None:
        return None

    async def update_callback_data(self, data: Any) -> None:
        return None

    async def flush(self) -> None:
        return None
