"""The day's PTAX from a fake Banco Central on 127.0.0.1: fetched, cached, aged, overridden."""

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from bot.sales import ptax
from bot.sales.ptax import BRASILIA, CachedRate, day_rate, read_cache
from quoting.jobspec import JobSpec
from quoting.quote import quote
from tests.fakes.fake_bcb import FakeBcb

# Thursday 3 Dec 2026, 10h in Brasília: before the day's PTAX (about 13h), so the latest bulletin
# is Wednesday's.
NOW = datetime(2026, 12, 3, 10, 0, tzinfo=BRASILIA)


@pytest.fixture
def bcb(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[FakeBcb]:
    fake = FakeBcb()
    monkeypatch.delenv("INFRABOT_USD_BRL")
    monkeypatch.delenv("INFRABOT_USD_BRL_DATE")
    monkeypatch.setenv("INFRABOT_BCB_API_URL", fake.api_url)
    monkeypatch.setenv("INFRABOT_HOME", str(tmp_path))
    monkeypatch.setattr(ptax, "_last_attempt", None)  # each test is a fresh process
    yield fake
    fake.close()


def _cache(tmp_path: Path, rate: str, as_of: date, fetched_at: datetime) -> None:
    cached = CachedRate(usd_brl=Decimal(rate), as_of=as_of, fetched_at=fetched_at)
    (tmp_path / "ptax.json").write_text(cached.model_dump_json(), encoding="utf-8")


def test_the_latest_ptax_venda_is_fetched_cached_and_not_asked_again(
    bcb: FakeBcb, tmp_path: Path
) -> None:
    bcb.bulletins = [(5.3012, date(2026, 12, 1)), (5.3456, date(2026, 12, 2))]
    rate = day_rate(NOW)
    assert (rate.usd_brl, rate.as_of) == (Decimal("5.3456"), date(2026, 12, 2))
    assert rate.source == "PTAX venda, Banco Central" and not rate.stale and rate.notice is None
    [asked] = bcb.requests
    assert asked["@dataFinalCotacao"] == ["'12-03-2026'"] and asked["$format"] == ["json"]
    assert read_cache() == CachedRate(
        usd_brl=Decimal("5.3456"), as_of=date(2026, 12, 2), fetched_at=NOW
    )
    ptax._last_attempt = None  # even a new process uses a rate fetched minutes ago
    assert day_rate(NOW + timedelta(minutes=20)).usd_brl == Decimal("5.3456")
    assert len(bcb.requests) == 1


def test_the_quote_shows_the_rate_its_date_and_source(bcb: FakeBcb) -> None:
    bcb.bulletins = [(5.3456, date(2026, 12, 2))]
    data = quote(JobSpec(model="llama-3-8b", method="qlora"), fx=day_rate(NOW)).to_json_dict()
    assert data["fx"]["usd_brl"] == 5.3456 and data["fx"]["as_of"] == "2026-12-02"
    assert data["fx"]["source"] == "PTAX venda, Banco Central" and data["fx"]["stale"] is False


def test_offline_the_last_cached_rate_is_used_with_a_notice_of_its_age(
    bcb: FakeBcb, tmp_path: Path
) -> None:
    bcb.failing = True
    _cache(tmp_path, "5.30", date(2026, 11, 30), datetime(2026, 11, 30, 14, tzinfo=BRASILIA))
    rate = day_rate(NOW)
    assert len(bcb.requests) == 1  # it tried
    assert rate.usd_brl == Decimal("5.30") and not rate.stale
    assert rate.notice is not None
    assert "Banco Central não respondeu" in rate.notice
    assert "30/11/2026" in rate.notice and "3 dias úteis" in rate.notice


def test_a_rate_older_than_the_limit_must_be_confirmed(
    bcb: FakeBcb, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bcb.failing = True
    # Wednesday 25/11 -> Thursday 3/12: 26, 27, 30/11, 1, 2 and 3/12 = 6 business days > 3
    _cache(tmp_path, "5.30", date(2026, 11, 25), datetime(2026, 11, 25, 14, tzinfo=BRASILIA))
    rate = day_rate(NOW)
    assert rate.stale and rate.notice is not None and "precisa ser confirmada" in rate.notice
    data = quote(JobSpec(model="llama-3-8b", method="qlora"), fx=rate).to_json_dict()
    assert data["fx"]["stale"] is True
    assert any("precisa ser confirmada" in notice for notice in data["staff_notices"])
    assert not any("câmbio" in notice.lower() for notice in data["notices"])
    monkeypatch.setenv("INFRABOT_FX_MAX_AGE_DAYS", "10")
    monkeypatch.setattr(ptax, "_last_attempt", None)
    assert not day_rate(NOW).stale


def test_at_most_one_request_per_process_when_the_bank_is_down(bcb: FakeBcb) -> None:
    bcb.failing = True
    first = day_rate(NOW)
    second = day_rate(NOW + timedelta(minutes=5))
    assert len(bcb.requests) == 1
    # no PTAX ever cached: the reference rate of pricing.toml, flagged
    assert first == second and first.source == "câmbio de referência de pricing.toml"
    assert first.notice is not None and "Sem PTAX guardada" in first.notice
    bcb.failing = False
    bcb.bulletins = [(5.3456, date(2026, 12, 2))]
    assert day_rate(NOW + timedelta(hours=1)).usd_brl == Decimal("5.3456")  # an hour later


def test_infrabot_usd_brl_overrides_and_an_undated_one_is_called_manual(
    bcb: FakeBcb, monkeypatch: pytest.MonkeyPatch
) -> None:
    bcb.bulletins = [(5.3456, date(2026, 12, 2))]
    monkeypatch.setenv("INFRABOT_USD_BRL", "6,10")
    rate = day_rate(NOW)
    assert rate.usd_brl == Decimal("6.10") and rate.manual and not bcb.requests
    assert "manual" in rate.source.lower() and "sem data" in rate.source
    assert rate.notice is not None and "manualmente" in rate.notice
    monkeypatch.setenv("INFRABOT_USD_BRL_DATE", "2026-12-02")
    dated = day_rate(NOW)
    assert dated.as_of == date(2026, 12, 2) and dated.notice is None and dated.manual


def test_the_quote_command_fetches_once_and_then_reads_its_cache(
    bcb: FakeBcb, tmp_path: Path
) -> None:
    yesterday = date.today() - timedelta(days=1)
    bcb.bulletins = [(5.4321, yesterday)]
    infrabot = Path(sys.executable).with_name("infrabot")
    args = [str(infrabot), "quote", "--model", "llama-3-8b", "--method", "qlora", "--json"]
    for _ in range(2):
        result = subprocess.run(args, capture_output=True, text=True, env=dict(os.environ))
        assert result.returncode == 0, result.stderr
        fx = json.loads(result.stdout)["fx"]
        assert fx["usd_brl"] == 5.4321 and fx["source"] == "PTAX venda, Banco Central"
    assert len(bcb.requests) == 1
    assert (tmp_path / "ptax.json").exists()
