"""Sales quotes as business records: numbered, versioned, audited, with a lifecycle and roles.

A quote is created from a job spec by a staff member; each revision re-runs the engine and keeps
the earlier ones; every action lands in an audit trail. Two staff members revising the same
quote at once cannot overwrite each other: the row carries a version, and the second write is
refused with a pt-BR "recarregue" error.
"""

import os
import secrets
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import flag_modified
from sqlalchemy.orm.exc import StaleDataError

from bot.db.tables import NAME_LIMIT, EventRow, QuoteRow, RevisionRow
from bot.sales.errors import QuoteBookError, QuoteConflict
from bot.sales.ptax import day_rate
from quoting.jobspec import JobSpec, normalize
from quoting.pricing import LineItem
from quoting.quote import Quote, build_quote
from quoting.units import format_number, round_brl

BOT_ACTOR = "infrabot"
Status = Literal["rascunho", "enviada", "aceita", "recusada", "expirada"]
Role = Literal["vendas", "gerente"]
OPEN: tuple[str, ...] = ("rascunho", "enviada")


class Staff(BaseModel):
    """Who may do what: identities from INFRABOT_STAFF and the discount limit of `vendas`."""

    roles: dict[str, Role]
    discount_limit_pct: Decimal

    @classmethod
    def from_environment(cls) -> "Staff":
        """INFRABOT_STAFF="local=gerente,local:ana=gerente,telegram:111=vendas,slack:U0123=…";
        a terminal account (`local:<conta>`) not listed has the role of `local`. Without
        INFRABOT_STAFF (a developer's machine) every terminal account is `vendas`; with it, only
        the accounts it lists (or `local`, for all) are staff: on a shared server any other OS
        account would read every client's contacts. INFRABOT_DISCOUNT_LIMIT sets the `vendas`
        cap (%). Telegram identities are user ids."""
        configured = os.environ.get("INFRABOT_STAFF") or ""
        # "infrabot" is the assistant itself, recording the quotes it gives clients in chat.
        roles: dict[str, Role] = {BOT_ACTOR: "vendas"}
        if not configured.strip():
            roles["local"] = "vendas"
        for entry in filter(None, configured.split(",")):
            identity, _, role = entry.strip().rpartition("=")
            if role not in ("vendas", "gerente") or not identity:
                raise QuoteBookError(
                    f"INFRABOT_STAFF inválido em '{entry}': use identidade=vendas|gerente"
                )
            roles[identity] = role  # type: ignore[assignment]
        limit = Decimal(os.environ.get("INFRABOT_DISCOUNT_LIMIT") or "10")
        return cls(roles=roles, discount_limit_pct=limit)

    def role(self, actor: str) -> Role:
        if actor not in self.roles and actor.startswith("local:") and "local" in self.roles:
            return self.roles["local"]
        if actor not in self.roles and actor.startswith("local:"):
            raise QuoteBookError(
                f"A conta {actor} não está em INFRABOT_STAFF: as cotações são só da equipe "
                "comercial."
            )
        if actor not in self.roles:
            raise QuoteBookError("Este comando é só para a equipe comercial.")
        return self.roles[actor]


class QuoteRecord(BaseModel):
    number: str
    token: str
    client: str
    contact: str | None
    client_ref: str | None
    status: Status
    revision: int
    version: int
    valid_until: datetime
    created_at: datetime
    discount_pct: Decimal
    total_brl: Decimal
    terms: str | None = None
    spec: dict[str, Any]
    quote: Quote
    history: list[dict[str, Any]]

    @property
    def owner(self) -> str | None:
        """Who took the quote over (the last "assumida" event), if anyone."""
        taken = [event["por"] for event in self.history if event["acao"] == "assumida"]
        return taken[-1] if taken else None


def percent(value: Decimal) -> str:
    return f"{format_number(value, 0 if value == value.to_integral() else 1)}%"


def _conflict(number: str) -> QuoteConflict:
    return QuoteConflict(f"A cotação {number} mudou desde que você a abriu; recarregue.")


def _commit(session: Session, number: str) -> None:
    """Commit, turning a lost race on the row's version into the pt-BR conflict error."""
    try:
        session.commit()
    except StaleDataError as error:
        raise _conflict(number) from error


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _with_discount(quote: Quote, discount_pct: Decimal) -> Quote:
    """The engine's quote with a commercial discount as its own line. The discount comes off the
    price before the company's own output taxes, which are then due on the discounted invoice (an
    unconditional discount lowers their base): the tax lines shrink with it and still add up."""
    if not discount_pct:
        return quote
    own_taxes = [tax for tax in quote.taxes if tax.applies_to == "invoice"]
    tax_lines = {
        tax.name: next(i for i in quote.line_items if i.description.startswith(f"{tax.name} ("))
        for tax in own_taxes
    }
    taxed = [line.description for line in tax_lines.values()]
    priced = [item for item in quote.line_items if item.description not in taxed]
    before_taxes = sum((item.total_brl for item in priced), Decimal(0))
    discount = -round_brl(before_taxes * discount_pct / 100)
    line = LineItem(
        description=f"Desconto comercial ({percent(discount_pct)})",
        quantity=Decimal(1),
        unit="un",
        unit_price_brl=discount,
        total_brl=discount,
    )
    invoice = (before_taxes + discount) / (1 - sum((tax.rate for tax in own_taxes), Decimal(0)))
    amounts = {tax.name: round_brl(invoice * tax.rate) for tax in own_taxes}
    items = [
        *priced,
        line,
        *(
            tax_lines[name].model_copy(update={"unit_price_brl": amount, "total_brl": amount})
            for name, amount in amounts.items()
        ),
    ]
    taxes = [
        tax.model_copy(update={"total_brl": amounts[tax.name]}) if tax.name in amounts else tax
        for tax in quote.taxes
    ]
    total = sum((item.total_brl for item in items), Decimal(0))
    recommendation = quote.recommendation.model_copy(update={"total_brl": total})
    return quote.model_copy(
        update={
            "line_items": items,
            "taxes": taxes,
            "total_brl": total,
            "recommendation": recommendation,
        }
    )


def _printable(text: str) -> str:
    """A name or contact as a person typed it, without control characters: PostgreSQL refuses a
    NUL in text, which would lose the record (a Telegram first name may carry one)."""
    return "".join(ch for ch in text if ch.isprintable() or ch == " ")


class QuoteBook:
    def __init__(self, engine: Engine, staff: Staff | None = None) -> None:
        self.engine = engine
        self.staff = staff or Staff.from_environment()

    # --- staff actions
    def create(
        self,
        spec: JobSpec,
        client: str,
        actor: str,
        contact: str | None = None,
        client_ref: str | None = None,
        discount_pct: Decimal = Decimal(0),
        priced: Quote | None = None,
    ) -> QuoteRecord:
        """A new quote record for `spec`. `priced` is the quote a client was just shown for it
        (a chat's reply): recorded as shown, not priced again."""
        self._check_discount(actor, discount_pct)
        client, contact = _printable(client), _printable(contact) if contact else contact
        if not client.strip():
            raise QuoteBookError("Informe o nome do cliente (--client).")
        if len(client.strip()) > NAME_LIMIT or len(contact or "") > NAME_LIMIT:
            raise QuoteBookError(
                f"Nome e contato do cliente têm no máximo {NAME_LIMIT} caracteres cada."
            )
        quote = priced or build_quote(normalize(spec), fx=day_rate())
        quote = _with_discount(quote, discount_pct)
        with Session(self.engine) as session, session.begin():
            token = secrets.token_urlsafe(16)
            row = QuoteRow(
                number=f"NOVA-{token}",  # unique until the id gives the real number below
                token=token,
                client=client.strip(),
                contact=contact,
                client_ref=client_ref,
                status="rascunho",
                revision=1,
                valid_until=quote.valid_until,
                created_at=_now(),
            )
            session.add(row)
            session.flush()
            row.number = f"COT-{row.created_at.year}-{row.id:06d}"
            self._add_revision(session, row, spec, quote, discount_pct, actor)
            self._event(session, row, actor, "criada", {"total_brl": str(quote.total_brl)})
            number = row.number
        return self.get(number)

    def revise(
        self,
        number: str,
        actor: str,
        changes: JobSpec | None = None,
        discount_pct: Decimal | None = None,
        expected_version: int | None = None,
        terms: str | None = None,
    ) -> QuoteRecord:
        """A new revision from the last spec plus `changes` (fields given), a discount and/or
        commercial terms; what is not given carries over from the last revision."""
        with Session(self.engine) as session:
            row = self._row(session, number)
            self._expire_if_due(session, row)
            if row.status not in OPEN:
                raise QuoteBookError(
                    f"A cotação {number} está {row.status} e não pode ser revisada."
                )
            if expected_version is not None and row.version != expected_version:
                raise _conflict(number)
            last = self._last_revision(session, row)
            discount = last.discount_pct if discount_pct is None else discount_pct
            self._check_discount(actor, discount)
            spec_data = {**last.spec, **(changes.model_dump(exclude_none=True) if changes else {})}
            spec = JobSpec.model_validate(spec_data)
            quote = _with_discount(build_quote(normalize(spec), fx=day_rate()), discount)
            row.revision += 1
            row.valid_until = quote.valid_until
            kept_terms = last.terms if terms is None else (terms.strip() or None)
            self._add_revision(session, row, spec, quote, discount, actor, kept_terms)
            self._event(
                session,
                row,
                actor,
                "revisada",
                {"revision": row.revision, "total_brl": str(quote.total_brl)},
            )
            _commit(session, number)
        return self.get(number)

    def assign(self, number: str, actor: str) -> QuoteRecord:
        """A staff member takes the quote (a lead) over; refused when someone else has it."""
        self.staff.role(actor)
        with Session(self.engine) as session:
            row = self._row(session, number)
            owner = self._record(session, row).owner
            if owner not in (None, actor):
                raise QuoteBookError(f"A cotação {row.number} já foi assumida por {owner}.")
            if owner is None:
                self._event(session, row, actor, "assumida", {})
                # Bump the row's version so that of two people taking it at once, one loses.
                flag_modified(row, "status")
            _commit(session, number)
        return self.get(number)

    def send(self, number: str, actor: str) -> QuoteRecord:
        return self._move(number, actor, "enviada", allowed_from=("rascunho", "enviada"))

    def accept(self, number: str, actor: str) -> QuoteRecord:
        return self._move(number, actor, "aceita", allowed_from=("enviada",))

    def reject(self, number: str, actor: str) -> QuoteRecord:
        return self._move(number, actor, "recusada", allowed_from=("enviada",))

    def find(self, status: str | None = None) -> list[QuoteRecord]:
        with Session(self.engine) as session:
            rows = list(session.scalars(select(QuoteRow).order_by(QuoteRow.id.desc())))
            for row in rows:
                self._expire_if_due(session, row)
            session.commit()
            numbers = [row.number for row in rows if status is None or row.status == status]
        return [self.get(number) for number in numbers]

    def get(self, number: str) -> QuoteRecord:
        with Session(self.engine) as session:
            row = self._row(session, number)
            if self._expire_if_due(session, row):
                session.commit()
            return self._record(session, row)

    # --- client access
    def for_client(self, client_ref: str, limit: int | None = None) -> list[QuoteRecord]:
        """A client's quotes, newest first (the `limit` newest)."""
        newest = select(QuoteRow.number).where(QuoteRow.client_ref == client_ref)
        with Session(self.engine) as session:
            numbers = list(session.scalars(newest.order_by(QuoteRow.id.desc()).limit(limit)))
        return [self.get(number) for number in numbers]

    def by_token(self, token: str, client_ref: str) -> QuoteRecord | None:
        """The quote behind a public token, only for the client it belongs to."""
        with Session(self.engine) as session:
            row = session.scalars(select(QuoteRow).where(QuoteRow.token == token)).first()
            if row is None or row.client_ref != client_ref:
                return None
            return self._record(session, row)

    def forget_client(self, client_ref: str) -> int:
        """LGPD: detach a client from their quotes (name, contact, chat link); the records stay
        for accounting, anonymised. Returns how many quotes were detached."""
        with Session(self.engine) as session, session.begin():
            rows = list(session.scalars(select(QuoteRow).where(QuoteRow.client_ref == client_ref)))
            for row in rows:
                row.client, row.contact, row.client_ref = "Cliente removido (LGPD)", None, None
                self._event(session, row, "sistema", "anonimizada", {})
            return len(rows)

    # --- internals
    def _check_discount(self, actor: str, discount_pct: Decimal) -> None:
        role = self.staff.role(actor)
        if not Decimal(0) <= discount_pct <= Decimal(100):
            raise QuoteBookError("O desconto deve estar entre 0% e 100%.")
        if discount_pct != discount_pct.quantize(Decimal("0.01")):
            # The column keeps two decimals: 7,555% would be computed and stored differently.
            raise QuoteBookError("O desconto tem no máximo duas casas decimais (ex.: 7,55).")
        if role == "vendas" and discount_pct > self.staff.discount_limit_pct:
            raise QuoteBookError(
                f"Desconto de {percent(discount_pct)} passa do limite de "
                f"{percent(self.staff.discount_limit_pct)} do perfil vendas; peça a um gerente."
            )

    def _move(
        self, number: str, actor: str, status: Status, allowed_from: tuple[str, ...]
    ) -> QuoteRecord:
        self.staff.role(actor)
        with Session(self.engine) as session:
            row = self._row(session, number)
            self._expire_if_due(session, row)
            if row.status == status:  # sending twice is one sending: nothing new to record
                session.commit()
                return self._record(session, row)
            if row.status not in allowed_from:
                session.commit()
                raise QuoteBookError(
                    f"A cotação {number} está {row.status}; não pode ficar {status}."
                )
            row.status = status
            self._event(session, row, actor, status, {})
            _commit(session, number)
        return self.get(number)

    def _row(self, session: Session, number: str) -> QuoteRow:
        row = session.scalars(select(QuoteRow).where(QuoteRow.number == number.upper())).first()
        if row is None:
            raise QuoteBookError(f"Não encontrei a cotação {number}.")
        return row

    def _expire_if_due(self, session: Session, row: QuoteRow) -> bool:
        if row.status in OPEN and _aware(row.valid_until) < _now():
            row.status = "expirada"
            self._event(session, row, "sistema", "expirada", {})
            return True
        return False

    @staticmethod
    def _last_revision(session: Session, row: QuoteRow) -> RevisionRow:
        revision = session.scalars(
            select(RevisionRow)
            .where(RevisionRow.quote_id == row.id)
            .order_by(RevisionRow.revision.desc())
        ).first()
        assert revision is not None
        return revision

    @staticmethod
    def _add_revision(
        session: Session,
        row: QuoteRow,
        spec: JobSpec,
        quote: Quote,
        discount_pct: Decimal,
        actor: str,
        terms: str | None = None,
    ) -> None:
        session.add(
            RevisionRow(
                quote_id=row.id,
                revision=row.revision,
                spec=spec.model_dump(mode="json", exclude_none=True),
                quote=quote.to_json_dict(),
                discount_pct=discount_pct,
                total_brl=quote.total_brl,
                terms=terms,
                created_at=_now(),
                created_by=actor,
            )
        )

    @staticmethod
    def _event(
        session: Session, row: QuoteRow, actor: str, action: str, detail: dict[str, Any]
    ) -> None:
        session.add(EventRow(quote_id=row.id, at=_now(), actor=actor, action=action, detail=detail))

    def _record(self, session: Session, row: QuoteRow) -> QuoteRecord:
        last = self._last_revision(session, row)
        events = session.scalars(
            select(EventRow).where(EventRow.quote_id == row.id).order_by(EventRow.id)
        )
        return QuoteRecord(
            number=row.number,
            token=row.token,
            client=row.client,
            contact=row.contact,
            client_ref=row.client_ref,
            status=row.status,
            revision=row.revision,
            version=row.version,
            valid_until=_aware(row.valid_until),
            created_at=_aware(row.created_at),
            discount_pct=last.discount_pct,
            total_brl=last.total_brl,
            terms=last.terms,
            spec=last.spec,
            quote=Quote.model_validate(last.quote),
            history=[
                {"em": _aware(e.at).isoformat(), "por": e.actor, "acao": e.action, **e.detail}
                for e in events
            ],
        )
