"""Commercial questions a Brazilian client asks (nota fiscal, validity, payment and installments,
the set-up fee, the contract and what a machine failure costs, business hours, who we are, other
clients' prices), matched by explicit rules and answered from the company's data file; every
answer ends by pointing to the commercial team. An insult alone gets one calm line."""

import re
from collections.abc import Callable
from datetime import UTC, datetime

from babel.lists import format_list

from bot.assistant.commercial_cues import (
    ABUSE,
    ACCOUNTS,
    ASKS_SOMETHING,
    BILLING,
    CANCELLATION,
    CLOUD_WANTED,
    CLOUDS,
    CONTRACT,
    CPU_ONLY,
    DATA_TRANSFER,
    DISCOUNT,
    FOREIGN_CHARGES,
    HOSTING,
    HOURS,
    IDENTITY,
    INSTALLMENTS,
    INVOICE,
    INVOICES_AS_DATA,
    NOT_OUR_DISCOUNT,
    NOT_SERVICE,
    ON_PREMISES,
    OTHER_CLIENTS,
    PAYMENT,
    PDF,
    PUBLIC_SECTOR,
    RESULTS,
    SCOPE,
    SECURITY,
    SERVICE,
    SETUP,
    STORAGE,
    TAXES,
    TRIAL,
    VALIDITY,
)
from bot.sales.company import Company, load_company
from locales import N_, _, locale
from quoting.constraints import PROVIDER_NAMES
from quoting.pricing import load_pricing
from quoting.units import format_brl

SOURCE_TITLE = "Condições comerciais da infrabot"
SOURCE_FILE = "bot/sales/data/company.toml"


# The company file's texts (payment terms, the invoice, the contract, the set-up fee...) are
# messages of the catalogs (locales/babel.cfg), shown with _(): the packaged text in the client's
# language, and an operator's own override as written.


def _invoice(company: Company) -> str:
    invoice = company.invoice
    if not invoice.issued:
        return _("Não emitimos nota fiscal.")
    return _("Sim. A {registration} emite {kind} {when}.").format(
        registration=company.identity.registration, kind=_(invoice.kind), when=_(invoice.when)
    )


def _validity(company: Company) -> str:
    validity = _(
        "A cotação vale {days} dias a partir da emissão; cada cotação traz a data-limite "
        '("válido até dd/mm/aaaa").'
    ).format(days=company.validity_days)
    return f"{validity} {_(company.quote.validity_note)}"


def _methods(methods: list[str]) -> str:
    said = [_(method) for method in methods]
    if len(said) == 1:
        return said[0]
    return _("{first} ou {last}").format(first=", ".join(said[:-1]), last=said[-1])


def _payment(company: Company) -> str:
    payment, identity = company.payment, company.identity
    where = [_("chave PIX {key}").format(key=identity.pix_key)] if identity.pix_key else []
    if identity.bank_account:
        where += [_("TED para {account}").format(account=identity.bank_account)]
    accounts = ""
    if where:
        accounts = " " + _("Dados para o pagamento: {accounts}.").format(accounts="; ".join(where))
    terms = _(payment.terms)
    due = _("{terms}, por {methods}, com vencimento em {days} dias.").format(
        terms=f"{terms[0].upper()}{terms[1:]}",
        methods=_methods(payment.methods),
        days=payment.due_days,
    )
    invoice = _("A nota fiscal sai {when}.").format(when=_(company.invoice.when))
    return f"{due}{accounts} {_(payment.currency_note)} {invoice}"


def _setup(company: Company) -> str:
    tiers = "; ".join(f"{format_brl(fee.brl)} ({_(fee.label)})" for fee in company.setup_fees)
    fee = _(
        "A taxa de configuração é o {short}. O valor segue o tamanho do ambiente: {tiers}."
    ).format(short=_(company.setup_fee.short), tiers=tiers)
    return f"{fee} {_(company.setup_fee.detail)}"


def _discount(_company: Company) -> str:
    return _(
        "Descontos (por volume, contrato mais longo ou uso recorrente) são negociados caso a caso "
        "pela nossa equipe comercial e entram na proposta, já no total."
    )


def _contract(company: Company) -> str:
    """The contract is the accepted proposal (company policy); the payment terms come with it."""
    payment = _("O pagamento é {terms}.").format(terms=_(company.payment.terms))
    return f"{_(company.service.contract)} {payment}"


def _policy(name: str) -> Callable[[Company], str]:
    """The company file's answer on one service term ("scope", "billing", ...), as written there."""
    return lambda company: _(getattr(company.service, name))


def _storage(company: Company) -> str:
    return _(company.service.storage).format(days=load_pricing().terms.storage_retention_days)


def _service(company: Company) -> str:
    """What happens if a machine fails mid-training, and how fast we respond (the SLA)."""
    return f"{_(company.service.failure)} {_(company.service.sla)}"


def _clouds(_company: Company) -> str:
    """The clouds the catalog prices; any other is the commercial team's to weigh."""
    names = format_list(list(PROVIDER_NAMES.values()), locale=locale())
    return _(
        "Cotamos nas nuvens do nosso catálogo: {names}, com os preços de cada uma em reais. "
        "Outras nuvens, como Oracle, IBM ou Alibaba, não entram na cotação automática; se a sua "
        "empresa precisa de uma delas, a equipe comercial avalia."
    ).format(names=names)


def _installments(company: Company) -> str:
    payment = company.payment
    return _(
        "Parcelamos em até {count} boletos mensais, sem juros, propostas a partir de {minimum}: "
        "o primeiro no aceite da proposta. Abaixo disso, o pagamento é {terms}."
    ).format(
        count=payment.installments_max,
        minimum=format_brl(payment.installments_min_brl),
        terms=_(payment.terms),
    )


def _other_clients(_company: Company) -> str:
    return _(
        "Não passamos preços, propostas nem nomes de outros clientes: cada proposta é "
        "confidencial, como a sua também é. O que posso fazer é cotar o seu job, com o preço "
        "de cada linha aberto."
    )


# One calm line for an insult, back to the job (no commercial contact after it); shown with _().
ABUSE_REPLY = N_(
    "Sinto muito que a experiência não esteja boa. Se me disser o modelo, os dados e o prazo, "
    "eu refaço a cotação agora, ou peça para falar com um especialista."
)


def _pdf(_company: Company) -> str:
    return _(
        "Sim. Cada cotação vira uma proposta formal em PDF, com o total, a validade e o campo de "
        "aceite para o responsável assinar: no Telegram, o comando /minhas_cotacoes lista as suas "
        "cotações com um botão para baixar o PDF de cada uma."
    )


def _hours(company: Company) -> str:
    return _(
        "Nossa equipe atende {hours}, exceto feriados; fora desse horário, ela responde no "
        "próximo expediente, e neste chat eu respondo a qualquer hora."
    ).format(hours=company.hours.text)


def _contact(company: Company) -> str:
    """The line every commercial answer ends with."""
    return _("Para mais detalhes, fale com a equipe comercial: {contact}.").format(
        contact=company.identity.contact
    )


def no_team_online(now: datetime | None = None) -> str:
    """What a client who asks for a person reads when no one on the team is reachable from the
    chat (no Slack handoff channel): when the team answers, and where to write."""
    company = load_company()
    identity, hours = company.identity, company.hours
    moment = now or datetime.now(UTC)
    if hours.is_open(moment):
        when = _("respondemos nesse horário")
    else:
        when = _("respondemos a partir de {moment}").format(
            moment=hours.when(hours.next_opening(moment), moment)
        )
    return _(
        "No momento não há uma pessoa da equipe neste chat. Nossa equipe atende {hours}: escreva "
        "para {contact}; {when}. Enquanto isso, posso continuar ajudando aqui: descreva o job ou "
        "faça uma pergunta."
    ).format(hours=hours.text, contact=identity.contact, when=when)


# What of the identity the deploy has not set yet (Identity.unset's labels), said whole.
_LATER = {
    ("CNPJ",): N_("O CNPJ é informado pela equipe comercial."),
    ("endereço",): N_("O endereço é informado pela equipe comercial."),
    ("CNPJ", "endereço"): N_("O CNPJ e o endereço são informados pela equipe comercial."),
}


def _identity(company: Company) -> str:
    identity = company.identity
    said = [f"{identity.registration} ({identity.trade_name})"]
    said += [identity.address] if identity.address else []
    unset = tuple(label for label in ("CNPJ", "endereço") if label in identity.unset())
    later = f" {_(_LATER[unset])}" if unset else ""
    hours = _("Atendemos {hours}.").format(hours=company.hours.text)
    return f"{', '.join(said)}.{later} {hours}"


def _mentions_the_fee(folded: str, company: Company) -> bool:
    if SETUP.search(folded):
        return True
    for fee in company.setup_fees:
        whole = f"{int(fee.brl)}" if fee.brl == int(fee.brl) else str(fee.brl).replace(".", ",")
        if "taxa" in folded and re.search(rf"(?<![\d.,]){whole}(?![\d])", folded):
            return True
    return False


_TOPICS: list[tuple[Callable[[str, Company], bool], Callable[[Company], str]]] = [
    (lambda folded, company: _mentions_the_fee(folded, company), _setup),
    (lambda folded, _: bool(INVOICE.search(folded)), _invoice),
    (lambda folded, _: bool(PAYMENT.search(folded)), _payment),
    (lambda folded, _: bool(VALIDITY.search(folded)), _validity),
    (lambda folded, _: bool(IDENTITY.search(folded)), _identity),
    (lambda folded, _: bool(CONTRACT.search(folded)), _contract),
    (lambda folded, _: bool(SCOPE.search(folded)), _policy("scope")),
    (lambda folded, _: bool(CANCELLATION.search(folded)), _policy("cancellation")),
    (lambda folded, _: bool(BILLING.search(folded)), _policy("billing")),
    (lambda folded, _: bool(HOSTING.search(folded)), _policy("hosting")),
    (lambda folded, _: bool(STORAGE.search(folded)), _storage),
    (lambda folded, _: bool(TRIAL.search(folded)), _policy("trial")),
    (lambda folded, _: bool(CPU_ONLY.search(folded)), _policy("cpu_only")),
    (lambda folded, _: bool(DATA_TRANSFER.search(folded)), _policy("data_transfer")),
    (lambda folded, _: bool(TAXES.search(folded)), _policy("taxes")),
    (lambda folded, _: bool(FOREIGN_CHARGES.search(folded)), _policy("foreign_charges")),
    (lambda folded, _: bool(ACCOUNTS.search(folded)), _policy("accounts")),
    (lambda folded, _: bool(PUBLIC_SECTOR.search(folded)), _policy("public_sector")),
    (lambda folded, _: bool(ON_PREMISES.search(folded)), _policy("on_premises")),
    (lambda folded, _: bool(SECURITY.search(folded)), _policy("security")),
    (lambda folded, _: bool(RESULTS.search(folded)), _policy("results")),
    (
        lambda folded, _: bool(
            SERVICE.search(folded)
            and not NOT_SERVICE.search(folded)
            and not CANCELLATION.search(folded)
        ),
        _service,
    ),
    (lambda folded, _: bool(INSTALLMENTS.search(folded)), _installments),
    (lambda folded, _: bool(OTHER_CLIENTS.search(folded)), _other_clients),
    (lambda folded, _: bool(HOURS.search(folded)), _hours),
    (lambda folded, _: bool(CLOUDS.search(folded) and not CLOUD_WANTED.search(folded)), _clouds),
    (lambda folded, _: bool(PDF.search(folded)), _pdf),
    (
        lambda folded, _: bool(DISCOUNT.search(folded) and not NOT_OUR_DISCOUNT.search(folded)),
        _discount,
    ),
]


def commercial_answer(folded: str) -> str | None:
    """The answer to a commercial question (text already folded), ending with the commercial
    team's contact, or None when it is not one."""
    company = load_company()
    folded = INVOICES_AS_DATA.sub("", folded)
    answers = [answer(company) for matches, answer in _TOPICS if matches(folded, company)]
    if answers:
        return " ".join([*answers, _contact(company)])
    insult = ABUSE.search(folded) and not ASKS_SOMETHING.search(folded)
    return _(ABUSE_REPLY) if insult else None
