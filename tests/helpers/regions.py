"""The catalog's regions in Brazil: where a quote that keeps the data in the country may run."""

from quoting.catalog import load_catalog

BRAZILIAN_REGIONS = frozenset(r.region for r in load_catalog().region if r.country == "BR")
