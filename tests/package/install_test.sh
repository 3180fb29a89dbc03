#!/usr/bin/env bash
# The Debian package on this machine, as a user would meet it: apt-get installs it (resolving its
# computed dependencies), `paa --version`, `paa check` on the installed example job, a harvest of it
# against the installed paa-emulator (over TLS with its --make-certs certificates, and over plain
# HTTP), `man -w paa` and the completion work, and apt-get remove leaves none of its files behind.
# Needs root (or sudo without a password) and changes the system's packages: scripts/test.sh runs
# it only then, and holds /tmp/paa-apt.lock from install to removal so that two checkouts on one
# machine take turns.
#   tests/package/install_test.sh build/dev/package/paa-harvester_<version>_amd64.deb
set -euo pipefail
deb=$(realpath "$1")
[ -f "$deb" ] || { echo "install_test: no package at $1" >&2; exit 1; }

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  sudo -n true 2>/dev/null || { echo "install_test: needs root or passwordless sudo" >&2; exit 1; }
  sudo=(sudo -n)
fi
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -qq -o Dpkg::Use-Pty=0)

step() { printf '  package: %s\n' "$*" >&2; }
fail() { printf 'install_test: FAIL: %s\n' "$*" >&2; exit 1; }

exec 9>/tmp/paa-apt.lock
flock 9

installed=
work=$(mktemp -d)
emulator_pid=
stop_emulator() {
  if [ -n "$emulator_pid" ]; then kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true; fi
  emulator_pid=
}
cleanup() {
  stop_emulator
  rm -rf "$work"
  if [ -n "$installed" ]; then "${apt[@]}" remove paa-harvester >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

# start_emulator NAME ARGS...: the installed paa-emulator on a free loopback port, in $port.
start_emulator() {
  local name=$1 _; shift
  /usr/bin/paa-emulator --listen 127.0.0.1:0 --port-file "$work/$name.port" --key package-test-key "$@" \
    >/dev/null 2>"$work/$name.err" &
  emulator_pid=$!
  for _ in $(seq 400); do [ -s "$work/$name.port" ] && break; sleep 0.05; done
  [ -s "$work/$name.port" ] || { cat "$work/$name.err" >&2; fail "paa-emulator $* did not start"; }
  port=$(cat "$work/$name.port")
}

version=$(dpkg-deb -f "$deb" Version)
depends=$(dpkg-deb -f "$deb" Depends)
step "$(basename "$deb"): version $version, depends on: $depends"
[[ $depends == *libc6* ]] || fail "Depends was not computed by dpkg-shlibdeps (no libc6): $depends"

step "apt-get install ./$(basename "$deb")"
installed=1
"${apt[@]}" install "$deb" >/tmp/paa-package-install.log 2>&1 || { cat /tmp/paa-package-install.log >&2; fail "apt-get install"; }
mapfile -t files < <(dpkg -L paa-harvester | while read -r f; do [ -f "$f" ] || [ -L "$f" ] && echo "$f"; done)
step "installed ${#files[@]} files"

[ "$(command -v paa)" = /usr/bin/paa ] || fail "paa is not /usr/bin/paa but '$(command -v paa)'"
out=$(/usr/bin/paa --version) || fail "paa --version exited $?"
[[ $out =~ ^paa\ \(paa-harvester\)\ ${version}(-[0-9]+)?,\ commit\ [0-9A-Za-z._+-]+,\ analysis\ [0-9]+$ ]] || fail "paa --version: '$out'"
step "$out"
out=$(/usr/bin/paa-emulator --version) || fail "paa-emulator --version exited $?"
step "$out"

example=/usr/share/doc/paa-harvester/examples/example.toml
out=$(/usr/bin/paa check "$example") || fail "paa check $example exited $?"
grep -q '^unique keys    59 after normalisation' <<<"$out" || fail "paa check $example printed: $out"
step "paa check $example: $(grep '^unique keys' <<<"$out")"

# The package's own route to the local service (docs/emulator.md "Quick start"): certificates from
# paa-emulator --make-certs and a harvest over TLS trusting only their CA, then plain HTTP.
/usr/bin/paa-emulator --make-certs "$work/certs" >"$work/make-certs.out" || fail "paa-emulator --make-certs exited $?"
[ "$(stat -c %a "$work/certs/server.key")" = 600 ] || fail "server.key is not mode 600"
start_emulator tls --cert "$work/certs/server.pem" --key-file "$work/certs/server.key"
out=$(PAA_API_KEY=package-test-key /usr/bin/paa run "$example" --store "$work/tls.db" --rate 0 --progress none \
  --base-url "https://localhost:$port/api" --ca-file "$work/certs/ca.pem" 2>&1) || fail "paa run over TLS: $out"
stop_emulator
n=$(/usr/bin/paa export --store "$work/tls.db" --format jsonl | wc -l)
[ "$n" -eq 59 ] || fail "paa run over TLS stored $n results, not 59"
step "paa-emulator --make-certs, then paa run --ca-file ca.pem over TLS: $n results"
start_emulator plain --plain
out=$(PAA_API_KEY=package-test-key /usr/bin/paa run "$example" --store "$work/plain.db" --rate 0 --progress none \
  --base-url "http://127.0.0.1:$port/api" 2>&1) || fail "paa run over plain HTTP: $out"
stop_emulator
n=$(/usr/bin/paa export --store "$work/plain.db" --format jsonl | wc -l)
[ "$n" -eq 59 ] || fail "paa run over plain HTTP stored $n results, not 59"
step "paa-emulator --plain, then paa run --base-url http://...: $n results"

for page in paa paa-run paa-check paa-status paa-get paa-export paa-emulator; do
  path=$(man -w "$page") || fail "man -w $page found nothing"
  [[ $path == /usr/share/man/man1/$page.1* ]] || fail "man -w $page: $path"
done
man -P cat paa-run 2>/dev/null | grep -q -- '--max-searches' || fail "man paa-run does not show --max-searches"
step "man -w paa: $(man -w paa)"

completion=/usr/share/bash-completion/completions/paa
# shellcheck disable=SC2016
out=$(bash -c 'source "$1"; COMP_WORDS=(paa ex); COMP_CWORD=1; _paa; echo "${COMPREPLY[*]}"' _ "$completion") ||
  fail "sourcing $completion"
[ "$out" = export ] || fail "completion of 'paa ex': '$out'"
for f in /usr/share/doc/paa-harvester/README.md /usr/share/doc/paa-harvester/spec/people-also-ask-service.md \
         /usr/share/bash-completion/completions/paa-emulator /usr/bin/paa-emulator; do
  [ -f "$f" ] || fail "$f is not installed"
done

step "apt-get remove paa-harvester"
"${apt[@]}" remove paa-harvester >/tmp/paa-package-remove.log 2>&1 || { cat /tmp/paa-package-remove.log >&2; fail "apt-get remove"; }
installed=
status=$(dpkg-query -W -f='${db:Status-Status}' paa-harvester 2>/dev/null || true)
[ -z "$status" ] || [ "$status" = not-installed ] || fail "after apt-get remove, dpkg says: $status"
left=()
for f in "${files[@]}"; do [ -e "$f" ] || [ -L "$f" ] && left+=("$f"); done
[ ${#left[@]} -eq 0 ] || fail "left behind: ${left[*]}"
[ ! -e /usr/share/doc/paa-harvester ] || fail "left behind: /usr/share/doc/paa-harvester/"
! command -v paa >/dev/null || fail "paa still on PATH: $(command -v paa)"
step "removed; none of the ${#files[@]} files is left"
echo "package install test: 1 passed, 0 failed"
