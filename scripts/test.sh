#!/usr/bin/env bash
# Installs infrabot with its development tools and runs the linters and the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh dev
.venv/bin/ruff check .
.venv/bin/mypy
# Whole files per worker: the end-to-end modules run their processes once and in order.
.venv/bin/pytest -n 2 --dist loadfile "$@"
