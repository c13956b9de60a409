#!/usr/bin/env bash
# Installs the agent CLIs that the 'agents (real CLIs)' test stage drives offline
# (test/agents/, test/support/agents/): Claude Code, Gemini CLI, Codex and Copilot CLI, pinned,
# from the npm registry into .agents/ (gitignored). Idempotent: skips when all four are there at
# these versions. ~20 s cold, ~1 GB in .agents/node_modules (claude, codex and copilot are native
# binaries, 190-370 MB each), and 235 MB in .agents/copilot-cache: copilot unpacks the package
# inside its binary on its first start (`copilot --version` does it here, offline), by default
# into $HOME/.cache/copilot/pkg; the tests point COPILOT_PKG_CACHE_HOME at this one instead.
# Not --ignore-scripts: Claude Code's postinstall puts its native binary in place, and without it
# `claude` prints "Error: claude native binary not installed." npm's EBADENGINE warning
# (claude-code wants node >= 22) is harmless for the same reason.
set -euo pipefail
cd "$(dirname "$0")/../.."
DEST=${AGENTS_DIR:-$PWD/.agents}
# The pins: scripts/agents/agent-clis.json (the tests read the same file).
mapfile -t PINS < <(node -e 'for (const [n, v] of Object.entries(require(process.argv[1]))) console.log(`${n}@${v}`)' "$PWD/scripts/agents/agent-clis.json")

installed_version() {  # $1 = package name -> its version in $DEST, or nothing
  local pkg="$DEST/node_modules/$1/package.json"
  [ -f "$pkg" ] && node -e 'process.stdout.write(require(process.argv[1]).version)' "$pkg" 2>/dev/null || true
}

up_to_date() {
  local pin name version
  for pin in "${PINS[@]}"; do
    name=${pin%@*} version=${pin##*@}
    [ "$(installed_version "$name")" = "$version" ] || return 1
  done
  # Claude Code's postinstall must have put the native binary in place (the package's own
  # bin/claude.exe is a stub that only prints an error).
  "$DEST/node_modules/.bin/claude" --version 2>/dev/null | grep -qF "$(installed_version @anthropic-ai/claude-code) (Claude Code)" || return 1
  # Copilot's native binary comes in an optional dependency (@github/copilot-linux-x64 here).
  copilot_version | grep -qF "Copilot CLI $(installed_version @github/copilot)." || return 1
}

copilot_version() {  # also unpacks copilot's package into $DEST/copilot-cache, once
  env -i PATH="$PATH" HOME="$DEST/copilot-cache" COPILOT_PKG_CACHE_HOME="$DEST/copilot-cache" \
    COPILOT_AUTO_UPDATE=false COPILOT_OFFLINE=true node "$DEST/node_modules/.bin/copilot" --version 2>/dev/null < /dev/null
}

if up_to_date; then
  echo "agent CLIs already installed in $DEST: ${PINS[*]}"
  exit 0
fi
mkdir -p "$DEST" && cd "$DEST"
[ -f package.json ] || echo '{"name":"approvals-gate-agent-clis","private":true}' > package.json
npm install --no-audit --no-fund --loglevel=error "${PINS[@]}"
cd - >/dev/null
up_to_date || { echo "install-agent-clis: ${PINS[*]} not all in place in $DEST after npm install" >&2; exit 1; }
echo "claude $("$DEST/node_modules/.bin/claude" --version), gemini $(node "$DEST/node_modules/.bin/gemini" --version), $(node "$DEST/node_modules/.bin/codex" --version), $(copilot_version | head -1)"
