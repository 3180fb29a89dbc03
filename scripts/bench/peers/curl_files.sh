#!/usr/bin/env bash
# curl_files.sh BASE_URL QUERIES CONCURRENCY OUT_DIR [CA_FILE]: what a user with curl writes to
# fetch every query of a list (one per line) from the People Also Ask service and keep each
# answer: one `curl --parallel --compressed` over a config file (-K) holding one url/output pair
# per query, each body written to its own file OUT_DIR/NNNNNNN.json. The API key comes from
# PAA_API_KEY (into the config file, not onto the command line); CA_FILE, if given, is the CA
# trusted (--cacert; verification stays on). Queries go out with hl=en&gl=us, percent-encoded
# like `paa run` sends them. --fail: an HTTP error is a failed transfer (no file kept for it);
# the exit status is curl's.
#
# The two steps can run apart, so that a benchmark times curl alone:
#   curl_files.sh config BASE_URL QUERIES OUT_DIR >list.curlrc   (makes OUT_DIR too)
#   curl_files.sh run CONCURRENCY list.curlrc [CA_FILE]
set -euo pipefail

write_config() {
  local base=$1 queries=$2 out=$3
  : "${PAA_API_KEY:?set PAA_API_KEY}"
  mkdir -p "$out"
  # The header once (it applies to every URL of the file), then a url/output pair per query.
  python3 - "$base" "$queries" "$out" "$PAA_API_KEY" <<'PY'
import sys
from urllib.parse import quote
base, queries, out, key = sys.argv[1:5]
w = sys.stdout.write
w(f'header = "x-api-key: {key}"\n')
with open(queries, encoding="utf-8") as f:
    for i, line in enumerate(f):
        q = line.strip()
        if q:
            w(f'url = "{base}/alsoask?q={quote(q, safe="")}&hl=en&gl=us"\n')
            w(f'output = "{out}/{i:07d}.json"\n')
PY
}

run_curl() {
  local concurrency=$1 config=$2 ca=${3:-}
  local ca_args=()
  [ -n "$ca" ] && ca_args=(--cacert "$ca")
  exec curl --parallel --parallel-max "$concurrency" --compressed --fail --silent --show-error --no-progress-meter \
    "${ca_args[@]}" -K "$config"
}

case ${1:-} in
  config) [ $# -eq 4 ] || { echo "usage: curl_files.sh config BASE_URL QUERIES OUT_DIR" >&2; exit 2; }
          write_config "$2" "$3" "$4" ;;
  run)    [ $# -ge 3 ] || { echo "usage: curl_files.sh run CONCURRENCY CONFIG [CA_FILE]" >&2; exit 2; }
          run_curl "$2" "$3" "${4:-}" ;;
  *)      [ $# -ge 4 ] || { echo "usage: curl_files.sh BASE_URL QUERIES CONCURRENCY OUT_DIR [CA_FILE]" >&2; exit 2; }
          config="${4%/}.curlrc"
          write_config "$1" "$2" "$4" >"$config"
          run_curl "$3" "$config" "${5:-}" ;;
esac
