#!/usr/bin/env bash
# One command for a newcomer on a fresh Debian machine: install what is missing,
# build everything, and build and run a real sample (make demo).
set -eu
cd "$(dirname "$0")/.."
if ! command -v make >/dev/null || ! command -v gcc >/dev/null; then
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make gcc
  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq make gcc; fi
fi
scripts/deps.sh
make -j"$(nproc)" all
make demo
