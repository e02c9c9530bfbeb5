#!/usr/bin/env bash
# Installs Graphviz's C libraries (libgvc, libcgraph) when pkg-config cannot find them.
set -euo pipefail
if pkg-config --exists libgvc 2>/dev/null; then
    exit 0
fi
echo "navviz: libgraphviz-dev is missing; installing it" >&2
if command -v apt-get >/dev/null 2>&1; then
    SUDO=""
    if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libgraphviz-dev pkg-config >/dev/null
elif command -v brew >/dev/null 2>&1; then
    brew install graphviz pkg-config
else
    echo "navviz: install Graphviz's development files (libgvc) with your package manager" >&2
    exit 1
fi
pkg-config --exists libgvc
