#!/usr/bin/env bash
# make-certs.sh [DIR]: a local CA and TLS certificates for paa-emulator (default DIR: certs/ at the repo root).
#   ca.pem/ca.key                  local CA (give ca.pem to the harvester with --ca-file)
#   server.pem/server.key          DNS:localhost, IP:127.0.0.1, signed by the CA
#   wrong-host.pem/.key            DNS:not-localhost.invalid, signed by the CA (hostname-mismatch tests)
#   self-signed.pem/.key           localhost, NOT signed by the CA (untrusted-issuer tests)
#   expired.pem/.key               localhost, signed by the CA, already expired (expiry tests)
# Idempotent: does nothing when every file exists and still verifies as intended. Quiet unless it fails.
# The repository's tests, demo and benchmarks use it for the broken certificates above; an installed
# package has no scripts/: `paa-emulator --make-certs DIR` makes ca.pem, server.pem and server.key.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${1:-$root/certs}
mkdir -p "$dir"
cd "$dir"

valid() {
  local f
  for f in ca server wrong-host self-signed expired; do
    [ -s "$f.pem" ] && [ -s "$f.key" ] || return 1
  done
  # The CA-signed, in-date certificates must verify for at least another day.
  openssl x509 -in ca.pem -noout -checkend 86400 >/dev/null 2>&1 || return 1
  openssl verify -CAfile ca.pem server.pem wrong-host.pem >/dev/null 2>&1 || return 1
  openssl x509 -in server.pem -noout -checkend 86400 >/dev/null 2>&1 || return 1
  # expired.pem must be expired now (checkend 0 fails for an expired certificate).
  ! openssl x509 -in expired.pem -noout -checkend 0 >/dev/null 2>&1 || return 1
}
valid && exit 0

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
newkey() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }

# leaf NAME SAN DAYS: a certificate signed by the local CA. DAYS=-1 gives notAfter one day before notBefore
# (now), i.e. an already expired certificate; OpenSSL 3.0 has no -not_after, and this avoids `openssl ca`.
leaf() {
  local name=$1 san=$2 days=$3 cn=${2#DNS:}
  cn=${cn%%,*}
  newkey "$tmp/$name.key"
  openssl req -new -key "$tmp/$name.key" -subj "/CN=$cn" -out "$tmp/$name.csr" 2>/dev/null
  printf 'subjectAltName=%s\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n' \
    "$san" >"$tmp/$name.ext"
  openssl x509 -req -in "$tmp/$name.csr" -CA "$tmp/ca.pem" -CAkey "$tmp/ca.key" -CAcreateserial \
    -CAserial "$tmp/ca.srl" -days "$days" -sha256 -extfile "$tmp/$name.ext" -out "$tmp/$name.pem" 2>/dev/null
}

newkey "$tmp/ca.key"
openssl req -x509 -new -key "$tmp/ca.key" -sha256 -days 3650 -subj "/CN=paa-emulator local CA" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
  -out "$tmp/ca.pem" 2>/dev/null
leaf server "DNS:localhost,IP:127.0.0.1" 825
leaf wrong-host "DNS:not-localhost.invalid" 825
leaf expired "DNS:localhost,IP:127.0.0.1" -1
newkey "$tmp/self-signed.key"
openssl req -x509 -new -key "$tmp/self-signed.key" -sha256 -days 825 -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -out "$tmp/self-signed.pem" 2>/dev/null

for f in ca server wrong-host self-signed expired; do
  chmod 600 "$tmp/$f.key"
  mv -f "$tmp/$f.key" "$f.key"
  mv -f "$tmp/$f.pem" "$f.pem"
done
valid || { echo "make-certs.sh: generated certificates in $dir do not verify; check the openssl installation" >&2; exit 1; }
