#!/usr/bin/env bash
# Extracts every client message (the code's _() and N_() calls and the answer cards)
# and brings each catalog up to date: new messages arrive untranslated, and until someone translates
# them that language shows the Portuguese. tests/test_locales.py fails while any is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel=.venv/bin/pybabel
[ -x "$pybabel" ] || pybabel=pybabel
pot=$(mktemp --suffix=.pot)
trap 'rm -f "$pot"' EXIT
"$pybabel" extract -F locales/babel.cfg -k N_ --add-location=file --sort-by-file \
    --project=infrabot -o "$pot" .
for po in locales/*/LC_MESSAGES/messages.po; do
    language=$(basename "$(dirname "$(dirname "$po")")")
    "$pybabel" update -i "$pot" -d locales -D messages -l "$language" --no-fuzzy-matching \
        --ignore-obsolete
done
