#!/usr/bin/env bash
# Installs infrabot with its development tools and runs the linters and the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh dev
.venv/bin/ruff check .
.venv/bin/mypy
.venv/bin/pytest -n 2 --dist loadgroup "$@"
