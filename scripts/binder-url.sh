#!/usr/bin/env bash
# Print the Binder link that opens the landing page, for the GitHub repository that `origin` names.
#   bash scripts/binder-url.sh [remote]        (default remote: origin)
# Reads https://github.com/OWNER/REPO(.git), git@github.com:OWNER/REPO(.git) and
# ssh://git@github.com/OWNER/REPO(.git); prints
#   https://mybinder.org/v2/gh/OWNER/REPO/HEAD?urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb
# Exit status 1 with a sentence when there is no such remote or it is not on GitHub.
set -euo pipefail
remote="${1:-origin}"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! url="$(git remote get-url "$remote" 2>/dev/null)"; then
    echo "binder-url: this repository has no remote named '$remote'; push it to GitHub and add it (git remote add $remote https://github.com/OWNER/REPO) to get a Binder link." >&2
    exit 1
fi
re='^(https://|ssh://git@|git@)github\.com[:/]([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)$'
path="${url%/}"
path="${path%.git}"
if [[ ! "$path" =~ $re ]]; then
    echo "binder-url: the remote '$remote' ($url) is not a GitHub repository; Binder's gh/ links need one." >&2
    exit 1
fi
echo "https://mybinder.org/v2/gh/${BASH_REMATCH[2]}/${BASH_REMATCH[3]}/HEAD?urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb"
