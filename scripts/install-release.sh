#!/bin/sh
# Installs the Kassa release whose tarballs sit beside this script into the folder given (created when
# missing), with production dependencies only: `npm install --omit=dev <release>/*.tgz` in a project of
# its own. The container image (Dockerfile) and the release test (server/test/release) run this same
# script; `kassa` is then <folder>/node_modules/.bin/kassa.
#
#   sh <release>/install.sh /opt/kassa
set -eu
release=$(cd "$(dirname "$0")" && pwd)
target=${1:?usage: install.sh <folder>}
mkdir -p "$target"
cd "$target"
[ -f package.json ] || printf '{ "name": "kassa-install", "private": true }\n' > package.json
npm install --omit=dev --no-audit --no-fund --prefer-offline "$release"/*.tgz
