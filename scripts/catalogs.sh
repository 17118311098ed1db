#!/usr/bin/env bash
# The message catalogs of cardlab/locale/ (see cardlab/i18n.py).   Usage: bash scripts/catalogs.sh [update|compile]
#
#   update   extract every marked sentence from cardlab/ into cardlab/locale/cardlab.pot (babel.cfg says
#            where) and merge it into each language's .po; new sentences arrive untranslated, to be written
#            by a translator (tests/test_i18n.py fails until every one is), then `compile`
#   compile  (default) write each .po's .mo beside it: the wheel ships them (package-data), the editable
#            install reads them in place (scripts/setup.sh runs this), the static site's wheel packs them
#
# Needs Babel (pinned in the test extra; requirements/test.lock). The .mo files are kept in the repository
# too, so a build from a checkout needs no Babel; tests/test_i18n.py fails when one is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel=${PYBABEL:-.venv/bin/pybabel}
locale=cardlab/locale
mkdir -p "$locale"
languages=(fr it)

case "${1:-compile}" in
  update)
    PYTHONPATH=scripts "$pybabel" extract -F babel.cfg -k mark:1c,2 --add-location=file --sort-by-file --no-wrap \
      --project=cardlab --copyright-holder="the cardlab authors" -o "$locale/cardlab.pot" .
    for lang in "${languages[@]}"; do
      po="$locale/$lang/LC_MESSAGES/cardlab.po"
      if [ -f "$po" ]; then
        "$pybabel" update --no-wrap --no-fuzzy-matching -D cardlab -i "$locale/cardlab.pot" -d "$locale" -l "$lang"
      else
        "$pybabel" init --no-wrap -D cardlab -i "$locale/cardlab.pot" -d "$locale" -l "$lang"
      fi
    done
    ;;
  compile)
    for lang in "${languages[@]}"; do
      "$pybabel" compile --statistics -D cardlab -d "$locale" -l "$lang"
    done
    ;;
  *) echo "usage: $0 [update|compile]" >&2; exit 2 ;;
esac
