"""Signed Slack requests act once. A request's signature covers its timestamp and body, so a
replay within Slack's five-minute window carries the same one: it is answered 200 with nothing
done (one log line), after bolt has checked the signature (an unsigned request records nothing)."""

import hashlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from slack_bolt import BoltRequest, BoltResponse
from sqlalchemy import delete
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bot.db.tables import SlackRequest

log = logging.getLogger("infrabot.slack")
# Bolt refuses a timestamp older than five minutes; a little more covers clock skew.
KEEP = timedelta(minutes=10)


def first_time(engine: Engine, signature: str) -> bool:
    """Record the request's signature; False when it was recorded before (a replay)."""
    now = datetime.now(UTC)
    key = hashlib.sha256(signature.encode()).hexdigest()
    try:
        with Session(engine) as session, session.begin():
            session.execute(delete(SlackRequest).where(SlackRequest.received_at < now - KEEP))
            session.add(SlackRequest(signature=key, received_at=now))
        return True
    except IntegrityError:
        return False


def once(engine: Engine) -> Callable[..., BoltResponse]:
    """A bolt middleware: a replayed signed request stops here."""

    def middleware(req: BoltRequest, next: Callable[[], BoltResponse]) -> BoltResponse:
        signature = (req.headers.get("x-slack-signature") or [""])[0]
        if signature and not first_time(engine, signature):
            log.warning("pedido do Slack repetido (mesma assinatura): ignorado")
            return BoltResponse(status=200, body="")
        return next()

    return middleware
