#!/usr/bin/env bash
# Installs what the in-VS-Code tests need, from the npm registry and Debian's packages only:
# Debian's chromium (driven by playwright-core), and code-server 4.100.3 (VS Code 1.100.3, the
# newest that runs on Node 20) into .e2e/code-server. Idempotent: skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/../.."
DEST=${CODE_SERVER_DIR:-$PWD/.e2e/code-server}
VERSION=4.100.3

# Debian's chromium, ripgrep and libkrb5-dev (the list and the reasons: scripts/ensureSystem.mjs).
node scripts/ensureSystem.mjs e2e

if [ -x "$DEST/node_modules/.bin/code-server" ] && XDG_CONFIG_HOME="$DEST/.xdg" "$DEST/node_modules/.bin/code-server" --version 2>/dev/null | grep -q "^$VERSION"; then
  echo "code-server $VERSION already installed in $DEST"
  exit 0
fi
mkdir -p "$DEST" && cd "$DEST"
[ -f package.json ] || echo '{"name":"approvals-gate-e2e-host","private":true}' > package.json
# @vscode/ripgrep's postinstall would download rg; it first looks in this cache, seeded with Debian's rg.
export TMPDIR="$DEST/.tmp"; mkdir -p "$TMPDIR"
cache="$TMPDIR/vscode-ripgrep-cache-1.15.11"; mkdir -p "$cache"; staging=$(mktemp -d)
cp "$(command -v rg)" "$staging/rg"
tar czf "$cache/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$staging" rg; rm -rf "$staging"
# Native addons (argon2, node-pty) build against this Node's own headers when a package ships
# them: nothing is downloaded, whatever the user's npm configuration (a new HOME has none).
if [ -z "${npm_config_nodedir:-}" ] && [ -f "$(dirname "$(dirname "$(command -v node)")")/include/node/node.h" ]; then
  export npm_config_nodedir="$(dirname "$(dirname "$(command -v node)")")"
fi
# unsafe_perm: code-server's postinstall refuses root without it; yes: node-pty's postinstall uses npx.
npm_config_unsafe_perm=true npm_config_yes=true npm install --no-audit --no-fund --loglevel=error "code-server@$VERSION"
XDG_CONFIG_HOME="$DEST/.xdg" ./node_modules/.bin/code-server --version
