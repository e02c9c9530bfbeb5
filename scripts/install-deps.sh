#!/usr/bin/env bash
# Installs what navviz needs when it is missing: Graphviz's C libraries (libgvc, libcgraph) and, on
# Linux, fonts with Arial's metrics (Liberation Sans), so that diagram text is measured with the font
# a browser draws it with.
set -euo pipefail
packages=()
if ! pkg-config --exists libgvc 2>/dev/null; then
    packages+=(libgraphviz-dev pkg-config)
fi
if [ "$(uname)" = Linux ] && ! fc-match -f '%{family}' Arial 2>/dev/null | grep -qiE 'arial|liberation sans|arimo'; then
    packages+=(fonts-liberation)
fi
[ ${#packages[@]} -eq 0 ] && exit 0
echo "navviz: installing ${packages[*]}" >&2
if command -v apt-get >/dev/null 2>&1; then
    SUDO=""
    if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null
elif command -v brew >/dev/null 2>&1; then
    brew install graphviz pkg-config
else
    echo "navviz: install Graphviz's development files (libgvc) with your package manager" >&2
    exit 1
fi
pkg-config --exists libgvc
