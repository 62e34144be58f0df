"""How old a catalog price may be: past STALE_AFTER_DAYS the staff is told (staff_notices, the
`infrabot catalog` listing); the client reads the quote's date and validity, never a request to
check the price with the provider. The prices themselves are refreshed by bot.market."""

from datetime import date

from quoting.catalog import Offer
from quoting.units import format_date

STALE_AFTER_DAYS = 90


def is_stale(as_of: date, today: date) -> bool:
    """A price older than STALE_AFTER_DAYS may no longer be the provider's."""
    return (today - as_of).days > STALE_AFTER_DAYS


def stale_notice(offer: Offer, today: date) -> str | None:
    """For the staff only: the daily refresh did not renew this offer's price."""
    if not is_stale(offer.as_of, today):
        return None
    return (
        f"O preço de {offer.instance_type} ({offer.provider} {offer.region}) é de "
        f"{format_date(offer.as_of)}, há mais de {STALE_AFTER_DAYS} dias: nenhuma fonte o renovou "
        "na atualização diária (infrabot catalog refresh); confira o preço antes de fechar."
    )
