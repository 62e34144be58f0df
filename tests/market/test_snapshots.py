"""Dated snapshots under INFRABOT_HOME/catalog/: written whole, listed newest first, pruned to the
last 30 (never the newest good one); quotes read the newest good snapshot, skip a corrupt one
(logged), fall back to the shipped file, and a running process sees a new one."""

import logging
import os
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from bot.market.points import PricePoint
from bot.market.refresh import apply_points
from bot.market.snapshots import prune, write_snapshot
from quoting.catalog import DEFAULT_CATALOG, Catalog, load_catalog, newest_good_snapshot
from quoting.datafiles import load
from quoting.jobspec import JobSpec, normalize
from quoting.quote import build_quote
from quoting.snapshots import snapshot_dir, snapshot_time, snapshots

MORNING = datetime(2026, 12, 6, 6, 0, tzinfo=UTC)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("INFRABOT_CATALOG")  # the snapshots are what is tested
    monkeypatch.setenv("INFRABOT_HOME", str(tmp_path))
    return tmp_path / "catalog"


def _scaled(factor: str) -> str:
    """The shipped catalog with every price times `factor`, dated today."""
    shipped = load(DEFAULT_CATALOG, Catalog)
    points = [
        PricePoint(
            provider=o.provider,
            region=o.region,
            instance_type=o.instance_type,
            on_demand_per_hour=o.on_demand_per_hour * Decimal(factor),
            currency=o.currency,
            source="https://precos.exemplo.test/tudo",
            as_of=MORNING.date(),
        )
        for o in shipped.offer
    ]
    return apply_points(DEFAULT_CATALOG.read_text(encoding="utf-8"), points)[0]


def _job_total(catalog: Catalog | None = None) -> Decimal:
    job = normalize(JobSpec(model="llama-3-8b", method="lora", examples=5000))
    return build_quote(job, catalog, now=MORNING).total_brl


def test_a_snapshot_is_written_whole_under_infrabot_home_and_named_by_its_time(home: Path) -> None:
    path = write_snapshot("[meta]\n", MORNING)
    assert path == snapshot_dir() / "catalog-2026-12-06T060000Z.toml" and path.parent == home
    assert snapshot_time(path) == MORNING
    assert [p.name for p in home.iterdir()] == [path.name]  # no temporary file left behind
    assert oct(path.stat().st_mode & 0o777) == "0o644"
    later = write_snapshot("[meta]\n", MORNING + timedelta(days=1))
    (home / ".catalog-x.toml.abc.tmp").write_text("meio arquivo")  # a write in progress
    assert snapshots() == [later, path]


def test_quotes_use_the_newest_good_snapshot_and_the_tracked_file_is_untouched(
    home: Path,
) -> None:
    tracked = DEFAULT_CATALOG.read_bytes()
    shipped_total = _job_total()
    path = write_snapshot(_scaled("2"), MORNING)  # a process already running sees it
    assert _job_total() > shipped_total
    assert _job_total() == _job_total(load(path, Catalog))
    [offer, *_] = load_catalog().offer
    assert offer.source == "https://precos.exemplo.test/tudo" and offer.as_of == MORNING.date()
    assert DEFAULT_CATALOG.read_bytes() == tracked


def test_a_corrupt_newest_snapshot_falls_back_to_the_previous_then_to_the_shipped_file(
    home: Path, caplog: pytest.LogCaptureFixture
) -> None:
    shipped = load(DEFAULT_CATALOG, Catalog)
    good = write_snapshot(_scaled("3"), MORNING)
    broken = write_snapshot("[[offer]]\nprovider = ", MORNING + timedelta(days=1))
    negative = _scaled("3").replace("on_demand_per_hour = ", "on_demand_per_hour = -", 1)
    invalid = write_snapshot(negative, MORNING + timedelta(days=2))  # TOML, but not a catalog
    with caplog.at_level(logging.WARNING, logger="quoting.catalog"):
        catalog = load_catalog()
        load_catalog()  # each broken file is logged once, not at every quote
    assert catalog.offer[0].on_demand_per_hour == shipped.offer[0].on_demand_per_hour * 3
    assert newest_good_snapshot() == (good, catalog)
    skipped = [r.getMessage() for r in caplog.records]
    assert len(skipped) == 2 and all("snapshot do catálogo ignorado" in m for m in skipped)
    good.write_text("lixo = ", encoding="utf-8")
    assert load_catalog() == shipped
    assert {broken, invalid} <= set(snapshots())  # skipped, not deleted


def test_an_explicit_path_and_infrabot_catalog_come_before_the_snapshots(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_snapshot(_scaled("2"), MORNING)
    own = tmp_path / "proprio.toml"
    own.write_text(_scaled("5"), encoding="utf-8")
    factor = (
        load_catalog().offer[0].on_demand_per_hour
        / load_catalog(DEFAULT_CATALOG).offer[0].on_demand_per_hour
    )
    assert factor == 2
    assert (
        load_catalog(own).offer[0].on_demand_per_hour
        == 5 * load_catalog(DEFAULT_CATALOG).offer[0].on_demand_per_hour
    )
    monkeypatch.setenv("INFRABOT_CATALOG", str(own))
    assert load_catalog() == load_catalog(own)


def test_prune_keeps_the_last_thirty_and_always_the_newest_good(home: Path) -> None:
    good = write_snapshot(_scaled("1"), MORNING)
    for day in range(1, 36):
        write_snapshot("quebrado = ", MORNING + timedelta(days=day))
    removed = prune()
    left = snapshots()
    assert len(removed) == 5 and len(left) == 31 and left[-1] == good
    assert all(os.path.exists(p) for p in left) and not any(p.exists() for p in removed)
    assert load_catalog().offer[0].as_of == MORNING.date()
    assert prune(keep=2) and snapshots()[-1] == good and len(snapshots()) == 3
