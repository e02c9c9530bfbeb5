#!/usr/bin/env bash
# make e2e: installs Debian's chromium when missing, then checks the viewer in it (scripts/e2e.py) and every
# Mermaid diagram navviz writes with the real Mermaid (scripts/mermaid_check.py).
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
    echo "navviz: chromium is missing; installing Debian's chromium" >&2
    SUDO=""
    if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
status=0
python3 "$(dirname "$0")/e2e.py" "$@" || status=$?
# Every Mermaid diagram navviz writes, through the real Mermaid (from PyPI's pymermaid 1.4.3) in Chromium.
python3 "$(dirname "$0")/mermaid_check.py" "$@" || status=$?
exit $status
