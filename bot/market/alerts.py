"""What the staff reads about a refresh, in pt-BR plain text: the terminal report of
`infrabot catalog refresh`, and the alert for the staff's Slack channel when a source failed or a
price moved by more than MOVE_LIMIT (nothing to say otherwise)."""

from decimal import Decimal
from pathlib import Path

from bot.market.refresh import MOVE_LIMIT, Change, Refresh
from quoting.units import format_date, format_number, today_in_brazil

_PRICE_NAMES = {"on_demand_per_hour": "sob demanda", "spot_per_hour": "spot"}
_SYMBOLS = {"USD": "US$", "BRL": "R$"}


def change_line(change: Change) -> str:
    """ "aws/sa-east-1/g5.xlarge, sob demanda: US$ 1,710 → US$ 1,900 (+11,1%)" """
    symbol = _SYMBOLS.get(change.currency, change.currency)
    name = f"{change.key}, {_PRICE_NAMES[change.price]}"
    after = f"{symbol} {_price(change.after)}"
    if change.before is None or change.move is None:
        return f"{name}: {after} (novo)"
    percent = (change.move * 100).quantize(Decimal("0.1")) + 0  # + 0: no "-0,0"
    sign = "+" if percent > 0 else ""
    moved = f"{sign}{format_number(percent, 1)}%"
    return f"{name}: {symbol} {_price(change.before)} → {after} ({moved})"


def _price(value: Decimal) -> str:
    """At least 3 decimals, and every one the source gave: 92,4672 → 92,467 must not read as
    no change."""
    exponent = value.normalize().as_tuple().exponent
    places = -exponent if isinstance(exponent, int) else 0
    return format_number(value, max(3, places))


def report_lines(result: Refresh) -> list[str]:
    """Every source read or failed, every change (moves beyond the limit flagged), the offers
    left as they were and why."""
    lines = [f"Fonte {name}: {count} preços lidos." for name, count in result.read.items()]
    lines += [f"Falhou: {failure.source}: {failure.reason}" for failure in result.failures]
    for change in result.changes:
        flag = f"  ← variação acima de {_limit()}" if change.beyond_limit else ""
        lines.append(f"Alterado: {change_line(change)}{flag}")
    lines += [f"Sem preço nas fontes (mantido): {key}" for key in result.unpriced]
    lines += [f"Sem fonte (preços mantidos): {provider}" for provider in result.uncovered]
    lines += [f"Ignorado: {reason}" for reason in result.refused]
    if result.read and not result.changes:
        lines.append("Nenhum preço mudou.")
    return lines


def alert_lines(result: Refresh, snapshot: Path | None) -> list[str]:
    """The Slack alert, line by line; empty when every source answered and nothing moved beyond
    the limit. `snapshot` is None when nothing was written."""
    moves = result.moves
    if not result.failures and not moves:
        return []
    lines = [f"Atualização do catálogo de preços ({format_date(today_in_brazil())}):"]
    lines += [
        f"• Fonte com falha: {failure.source}: {failure.reason}" for failure in result.failures
    ]
    lines += [f"• Variação acima de {_limit()}: {change_line(change)}" for change in moves]
    if snapshot is None:
        lines.append("Nenhum snapshot gravado: as cotações seguem com o catálogo anterior.")
    else:
        lines.append(f"As cotações já usam o snapshot {snapshot.name}; confira antes de fechar.")
    return lines


def _limit() -> str:
    return f"{format_number(MOVE_LIMIT * Decimal(100), 0)}%"
