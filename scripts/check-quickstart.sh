#!/usr/bin/env bash
# The README's first Quickstart command on a fresh clone, as a new user runs it, with a
# throw-away npm prefix so the machine is left as it was. Then:
#   - the install printed no warning (a user reads WARN as "something is broken") and no
#     "Update available" box (pnpm checks once a day, outside CI: the install runs with CI
#     unset and a fresh pnpm cache, where pnpm keeps the day's check);
#   - `gong` and `gong-rpc` run from another directory;
#   - `pnpm gong …` in the checkout prints only gong's own output (no pnpm banner, no
#     ELIFECYCLE line) and keeps gong's exit code;
#   - `install-cli --remove` takes both binaries off the PATH again.
# It works on its own clone: building there never touches the dist/ folders that a test
# run in this checkout is using. Prints one "quickstart: N passed, N failed" line.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
passed=0 failed=0
check() { # name, then a command that must succeed
  local name=$1
  shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)) && echo "quickstart: FAIL $name" >&2; fi
}

git clone -q "$root" "$fresh/gong"
export NPM_CONFIG_PREFIX="$fresh/prefix" PATH="$fresh/prefix/bin:$PATH"
version=$(node -p 'require(process.argv[1]).version' "$fresh/gong/apps/cli/package.json")
rpc_version=$(node -p 'require(process.argv[1]).version' "$fresh/gong/apps/rpc/package.json")

install_log="$fresh/install.log"
check "install and install-cli" \
  bash -c "cd '$fresh/gong' && (env -u CI XDG_CACHE_HOME='$fresh/cache' npx -y pnpm@10.34.9 install --frozen-lockfile >'$install_log' 2>&1 || { cat '$install_log' >&2; false; }) && npx -y pnpm@10.34.9 install-cli >/dev/null"
check "install prints no warning (WARN line, Warning box or Update available box)" \
  bash -c "if grep -E 'WARN|Warning|Update available' '$install_log' >&2; then exit 1; fi"
check "gong --version from another directory" \
  bash -c "cd / && [ \"\$(gong --version)\" = '$version' ]"
check "gong-rpc --version and --help from another directory" \
  bash -c "cd / && [ \"\$(gong-rpc --version)\" = '$rpc_version' ] && gong-rpc --help | grep -q -- '--acp'"
check "pnpm gong --version prints only the version" \
  bash -c "cd '$fresh/gong' && out=\$(npx -y pnpm@10.34.9 gong --version 2>/dev/null) && [ \"\$out\" = '$version' ]"
check "pnpm gong keeps the exit code and adds no ELIFECYCLE line" \
  bash -c "cd '$fresh/gong' && err=\$(npx -y pnpm@10.34.9 gong --contnue 2>&1 >/dev/null | grep -v '^npm warn'); code=\$?; npx -y pnpm@10.34.9 gong --contnue >/dev/null 2>&1; [ \$? = 2 ] && [ \"\$err\" = 'gong: unknown option --contnue (did you mean --continue?). Run gong --help for usage.' ]"
check "install-cli --remove takes gong and gong-rpc off the PATH" \
  bash -c "cd '$fresh/gong' && npx -y pnpm@10.34.9 install-cli --remove >/dev/null && cd / && ! command -v gong >/dev/null && ! command -v gong-rpc >/dev/null"

echo "quickstart: $passed passed, $failed failed"
[ "$failed" = 0 ]
