#!/usr/bin/env bash
# Creates .venv and installs infrabot into it. torch comes first and pinned: the CPU build of
# 2.13.0 lies on this machine's disk, while an unpinned torch (pulled by sentence-transformers)
# would download ~3 GB of CUDA wheels.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
python3 -m venv .venv
.venv/bin/pip install --quiet --upgrade pip
.venv/bin/pip install --quiet torch==2.13.0
.venv/bin/pip install --quiet -e ".${extras:+[$extras]}"
