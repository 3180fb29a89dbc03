#!/usr/bin/env bash
# Builds the Debian package: build/<preset>/package/paa-harvester_<version>_amd64.deb, and prints
# its path. PRESET defaults to release; scripts/test.sh packages its own build instead of
# building a second time. Its Depends come from dpkg-shlibdeps (CPACK_DEBIAN_PACKAGE_SHLIBDEPS).
#   scripts/package.sh [PRESET]
#   sudo apt-get install ./build/release/package/paa-harvester_*_amd64.deb
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$PAA_ROOT"

preset=${1:-release}
paa_install_deps
paa_log "building ($preset)"
paa_build "$preset"
dir="$PAA_ROOT/build/$preset"
rm -f "$dir"/package/paa-harvester_*.deb
paa_log "packaging (cpack: generator and folder from cmake/PaaInstall.cmake)"
if ! (cd "$dir" && cpack >"$dir/package.log" 2>&1); then
  cat "$dir/package.log" >&2
  paa_log "cpack failed; full log: $dir/package.log"
  exit 1
fi
deb=$(ls "$dir"/package/paa-harvester_*_amd64.deb)
paa_log "built $deb"
echo "$deb"
