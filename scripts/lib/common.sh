# Shared by the scripts: dependency install (Debian packages only) and the build.
# shellcheck shell=bash

PAA_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# Never libboost-dev / libboost-all-dev: those are Boost 1.74 and clash with 1.81.
PAA_PACKAGES=(
  g++ make cmake ninja-build ccache pkg-config git
  libboost1.81-dev libboost-json1.81-dev libboost-system1.81-dev libboost-url1.81-dev
  libssl-dev librocksdb-dev libsnappy-dev liblz4-dev libzstd-dev libbz2-dev zlib1g-dev libdeflate-dev
  libgtest-dev libgmock-dev libicu-dev libcli11-dev libtomlplusplus-dev libspdlog-dev libfmt-dev
  libxlsxwriter-dev libstemmer-dev libigraph-dev libpsl-dev libjemalloc-dev
  libcairo2-dev libpango1.0-dev fonts-dejavu-core libzip-dev libexpat1-dev
  openssl ca-certificates curl jq sqlite3 python3
  parallel python3-yaml universal-ctags
  man-db dpkg-dev file
)

# Each line says how long the script has run: CI's log then shows where its time went.
paa_log() { printf '==> [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2; }

# Installs the packages in "$@" that are missing; silent when all are present.
paa_install_packages() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  paa_log "installing missing packages: ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

paa_install_deps() { paa_install_packages "${PAA_PACKAGES[@]}"; }

# Test-only tools from npm (tests/tools/package.json, pinned by its lock: DuckDB for the
# partitioned dataset, puppeteer-core to drive Chromium through the HTML report, typescript and
# eslint for the report's JavaScript, ctest's ReportJs.*) into build/npm; silent when that lock
# is installed already.
paa_install_npm_tools() {
  command -v npm >/dev/null || paa_install_packages nodejs npm
  local dir="$PAA_ROOT/build/npm"
  local lock="$PAA_ROOT/tests/tools/package-lock.json"
  if [ -d "$dir/node_modules" ] && cmp -s "$lock" "$dir/installed-lock.json"; then
    return 0
  fi
  paa_log "installing test tools from npm (tests/tools/package.json)"
  mkdir -p "$dir"
  cp "$PAA_ROOT/tests/tools/package.json" "$lock" "$dir/"
  # `npm install` rather than `npm ci`: the lock leaves out other platforms' optional binaries,
  # which some npm versions' `ci` then refuses. The lock still pins every version installed.
  (cd "$dir" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
  cp "$lock" "$dir/installed-lock.json"
}

# What the report tests look at the exports with (tests/export): openpyxl and LibreOffice read
# the xlsx workbook, headless Chromium (driven by puppeteer-core, one of the npm tools) loads
# the HTML report.
PAA_REPORT_TEST_PACKAGES=(python3-openpyxl libreoffice-calc-nogui chromium python3-pil poppler-utils)
paa_install_report_test_deps() {
  paa_install_packages "${PAA_REPORT_TEST_PACKAGES[@]}"
  paa_install_npm_tools
}

# A throwaway API key for the local emulator: PREFIX and 12 random hex digits.
paa_random_key() { printf '%s-%s' "$1" "$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"; }

# paa_wait_port PORT_FILE ERR_FILE: waits (up to 20 s) for a just-started paa-emulator to write
# its port, and prints it; if it never does, shows its stderr and fails.
paa_wait_port() {
  local _
  for _ in $(seq 400); do [ -s "$1" ] && break; sleep 0.05; done
  [ -s "$1" ] || { cat "$2" >&2; paa_log "paa-emulator did not start"; return 1; }
  cat "$1"
}

# Keeps ccache hits across PCH and timestamp changes.
export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime

# paa_build PRESET [targets...]: configure, then build quietly (errors still shown).
paa_build() {
  local preset=$1; shift
  local dir="$PAA_ROOT/build/$preset"
  mkdir -p "$PAA_ROOT/build"
  # Configure every time: cheap when cached, and it picks up modules added since.
  if ! (cd "$PAA_ROOT" && cmake --preset "$preset" >"$dir.configure.log" 2>&1); then
    cat "$dir.configure.log" >&2
    paa_log "configure failed ($preset)"
    return 1
  fi
  local targets=()
  [ $# -gt 0 ] && targets=(--target "$@")
  local log="$dir/build.log"
  if ! (cd "$PAA_ROOT" && cmake --build --preset "$preset" "${targets[@]}" >"$log" 2>&1); then
    grep -E -B2 -A12 'error|FAILED' "$log" | head -150 >&2
    paa_log "build failed ($preset); full log: $log"
    return 1
  fi
}

# paa_ctest PRESET [ctest args...]: one ctest pass, with a JUnit report in build/PRESET/. Lists
# the tests that did not run; fails the pass for a disabled test that tests/disabled.txt does
# not list and, with CI=true, for any test skipped (GTEST_SKIP: a missing browser, LibreOffice,
# ...) or not run. A pass that selects tests (-R, -E, -L) does not judge the list's other lines.
paa_ctest() {
  local preset=$1; shift
  local junit="$PAA_ROOT/build/$preset/ctest-junit.xml" rc=0 flags=()
  local selects=' -(R|E|L|-tests-regex|-exclude-regex|-label-regex|-label-exclude)'  # ctest's selections
  rm -f "$junit"
  (cd "$PAA_ROOT" && ctest --preset "$preset" --output-junit "$junit" "$@") || rc=$?
  [ "${CI:-}" = "true" ] && flags+=(--strict)
  [[ " $* " =~ $selects ]] || flags+=(--complete)
  if [ ! -s "$junit" ]; then
    paa_log "ctest ($preset) wrote no JUnit report"
    return 1
  fi
  (cd "$PAA_ROOT" && python3 scripts/lib/ctest_not_run.py "$junit" tests/disabled.txt "${flags[@]}") || {
    paa_log "tests that did not run ($preset): see above"
    rc=1
  }
  return "$rc"
}
