#!/usr/bin/env bash
# ctest CliDoc.BashCompletion: sources the generated completion scripts in bash and asks them what
# Tab offers for a few command lines, as readline would (COMP_WORDS, COMP_CWORD).
# Usage: completion_test.sh COMPLETION_DIR PAA PAA_EMULATOR
set -uo pipefail
dir=$1
paa_json=$("$2" __describe-cli) || { echo "FAIL: $2 __describe-cli"; exit 1; }
emulator_json=$("$3" __describe-cli) || { echo "FAIL: $3 __describe-cli"; exit 1; }
# shellcheck source=/dev/null
source "$dir/paa"
# shellcheck source=/dev/null
source "$dir/paa-emulator"

checks=0 failures=0

# offers LINE: what Tab offers at the end of LINE, one per line, sorted. Words split at spaces and
# around '=' like readline's COMP_WORDBREAKS.
offers() {
  local line=$1 spec fn
  read -ra COMP_WORDS <<<"${line//=/ = }"
  [[ $line == *" " ]] && COMP_WORDS+=("")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE=$line COMP_POINT=${#line}
  spec=$(complete -p "${COMP_WORDS[0]}") || return 1
  fn=${spec#*-F }; fn=${fn%% *}
  COMPREPLY=()
  "$fn" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]:-}"
  ((${#COMPREPLY[@]})) && printf '%s\n' "${COMPREPLY[@]}" | sort
  return 0
}

# expect LINE WORD...: Tab offers exactly these words (none: nothing).
expect() {
  local line=$1; shift
  local got want
  got=$(offers "$line")
  want=$( (($#)) && printf '%s\n' "$@" | sort)
  checks=$((checks + 1))
  if [[ $got != "$want" ]]; then
    failures=$((failures + 1))
    printf 'FAIL: "%s<Tab>"\n  expected: %s\n  got:      %s\n' "$line" "${want//$'\n'/ }" "${got//$'\n'/ }"
  fi
}

# expect_has LINE WORD...: Tab offers at least these words.
expect_has() {
  local line=$1; shift
  local got w
  got=$(offers "$line")
  for w in "$@"; do
    checks=$((checks + 1))
    if ! grep -qxF -- "$w" <<<"$got"; then
      failures=$((failures + 1))
      printf 'FAIL: "%s<Tab>" does not offer %s (offers: %s)\n' "$line" "$w" "${got//$'\n'/ }"
    fi
  done
}

checks=$((checks + 2))
[[ $(complete -p paa) == "complete -F _paa paa" ]] || { failures=$((failures + 1)); echo "FAIL: complete -p paa: $(complete -p paa)"; }
[[ $(complete -p paa-emulator) == "complete -F _paa_emulator paa-emulator" ]] ||
  { failures=$((failures + 1)); echo "FAIL: complete -p paa-emulator: $(complete -p paa-emulator)"; }

# Commands (the hidden __describe-cli is never offered) and the program's own flags.
expect "paa " analyze barrier brief check diff export get map merge notify prune run status topics
expect "paa s" status
expect "paa __"
expect "paa --v" --version
expect "paa -" -h --help --version

# Flags per command, values with a fixed set of choices, --flag=value.
expect "paa run --c" --ca-file --concurrency
expect "paa run --store out/x.db --c" --ca-file --concurrency
expect "paa export --format " csv domains edges failures failures-jsonl html json jsonl locale-pairs locales questions related stability topic-changes topics topics-jsonl xlsx
expect "paa export --format j" json jsonl
expect "paa export --format=c" csv
expect "paa export --format=" csv domains edges failures failures-jsonl html json jsonl locale-pairs locales questions related stability topic-changes topics topics-jsonl xlsx
expect "paa run --on-quota " stop wait
expect "paa brief --format " html jsonld md
expect "paa run --progress b" bar
expect "paa analyze --progress " auto bar log none
expect "paa status --j" --json
expect "paa get --hl "
expect "paa run --concurrency "
expect "paa-emulator --fault-r" --fault-reset
expect "paa-emulator --hostile-" --hostile-rate
expect_has "paa-emulator " --listen --cert --fault-500

# Paths: job files (*.toml) and folders for JOB, folders for --store, any file for -o.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/jobs.d" "$work/out"
touch "$work/coffee.toml" "$work/tea.toml" "$work/list.txt"
cd "$work" || exit 1
expect "paa run " coffee.toml jobs.d out tea.toml
expect "paa check c" coffee.toml
expect "paa barrier c" coffee.toml
expect "paa status t" tea.toml
expect "paa run coffee.toml --store " jobs.d out
expect "paa export --store o" out
expect "paa merge --into o" out
expect "paa merge --into all.db " jobs.d out
expect "paa export -o " coffee.toml jobs.d list.txt out tea.toml
expect "paa-emulator --cert l" list.txt
expect_has "paa run coffee.toml " --store --concurrency --help

# Every flag of every command completes: a flag added to the CLI is in the script without
# anyone writing it.
while read -r command flags; do
  # shellcheck disable=SC2086
  expect_has "paa $command --" $flags
done < <(jq -r '.subcommands[] | .name + " " + ([.options[].names[] | select(startswith("--"))] | join(" "))' <<<"$paa_json")
# shellcheck disable=SC2046
expect_has "paa-emulator --" $(jq -r '[.options[].names[] | select(startswith("--"))] | join(" ")' <<<"$emulator_json")

echo "$((checks - failures)) passed, $failures failed"
((failures == 0))
