#!/usr/bin/env bash
# Installs and runs infrabot: the Telegram bot when TELEGRAM_BOT_TOKEN is set, the terminal
# otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
exec .venv/bin/infrabot start "$@"
