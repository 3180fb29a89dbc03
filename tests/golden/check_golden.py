#!/usr/bin/env python3
"""Every view of paa against its reference output (tests/golden/README.md).

usage: check_golden.py PAA [--write] [--only NAME ...] [--keep DIR] [--scripts DIR]

Copies the golden stores (tests/fixtures/golden/stores) to a scratch folder, runs each case of
tests/golden/cases.tsv there with PAA, and compares what it wrote with tests/golden/expected:
byte for byte (a workbook cell for cell, a folder file by file), after the one normalisation of
what changes with every build (the commit in a version string) or every run (a report's
generated_at). --write records the outputs as the new references instead.

The report's page scripts are not references of their own: their parts (src/export/html/report/js)
are joined as the build joins them (assemble.cmake), and where an output holds a joined script
(a report folder's common.js and folder.js, the single file's inline scripts) it must be that
script as it is; it is compared as a marker, so the references hold the data alone. --scripts
DIR takes the joined scripts from DIR instead (to record references with an older binary).

Cases run in order on the same stores, and a case can read what the cases before it left: the
kept analysis, whose topic ids a later view keeps (questions-hl). --only NAME checks the named
cases but runs every case before the last of them.
"""
import argparse
import difflib
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
STORES = ROOT / "tests/fixtures/golden/stores"
EXPECTED = HERE / "expected"
TEXT_COPY_LIMIT = 48 * 1024  # references up to this size are kept as text, to show a diff
# A report folder's page assets other than the scripts are these files as they are: their
# references are the sources.
REPORT_ASSETS = ROOT / "src/export/html/report"
SCRIPTS = ("common.js", "report.js", "folder.js")

STORE_TOKENS = {
    "plain": "plain.db",
    "expanded": "expanded.db",
    "history": "history.db",
    "shard0": "shards-shard-0-of-2.db",
    "shard1": "shards-shard-1-of-2.db",
}
FOLDER_BYTES = re.compile(rb'"bytes":([0-9]+)')
GENERATED_AT = re.compile(rb'"generated_at": ?[0-9]+')
# `paa status --json`'s kept analyses depend on which views the cases before asked (each keeps
# one) and when: their own test is tests/e2e (KeptAnalysisE2E).
KEPT_ANALYSES = re.compile(rb'"analyses":\[.*?\]\}$', re.S)
VERSION = re.compile(rb"(paa(?:-harvester)?\)? [0-9]+\.[0-9]+\.[0-9]+(?:, commit |[ -]))([0-9a-f]{7,40})(-dirty)?")


def joined_scripts(scratch, source):
    """{name: bytes} of the report's scripts: joined from their parts, or those in `source`."""
    if source:
        return {n: (Path(source) / n).read_bytes() for n in SCRIPTS}
    out = scratch / "report-js"
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run(["cmake", f"-DDIR={REPORT_ASSETS}", f"-DJS_OUT={out}", "-P", str(REPORT_ASSETS / "assemble.cmake")],
                   check=True)
    return {n: (out / n).read_bytes() for n in SCRIPTS}


def normalise(name, data, scripts):
    """What changes with every build or run, made constant; the page's scripts as markers."""
    parts = name.split("/")
    if len(parts) == 2 and parts[1] in ("common.js", "folder.js") and data == scripts[parts[1]]:
        return f"<paa:{parts[1]}>\n".encode()  # a report folder's page script
    if len(parts) == 2 and parts[1] == "paa-report.json":
        # The folder's size counts its scripts: the data's bytes, then the scripts' as a marker.
        scripts_bytes = len(scripts["common.js"]) + len(scripts["folder.js"])
        data = FOLDER_BYTES.sub(lambda m: f'"bytes":{int(m.group(1)) - scripts_bytes}+<paa:scripts>'.encode(), data)
    if name.endswith(".html"):
        for n in ("common.js", "report.js"):
            data = data.replace(b"<script>\n" + scripts[n] + b"</script>", f"<script>\n<paa:{n}>\n</script>".encode())
    data = VERSION.sub(rb"\1<commit>", data)
    if name.endswith((".out", ".json")):
        data = KEPT_ANALYSES.sub(rb'"analyses":<kept>}', data)
    return GENERATED_AT.sub(rb'"generated_at":0', data)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def text_copies():
    """{SHA-256: a file holding those bytes}: the kept references, then the report's assets (a
    folder output equal to one of those is not kept again)."""
    files = [p for p in sorted(EXPECTED.rglob("*")) if p.is_file() and p.name != "manifest.json"] if EXPECTED.exists() else []
    files += sorted(p for p in REPORT_ASSETS.iterdir() if p.is_file() and p.suffix not in {".cmake"})
    return {sha256(p.read_bytes()): p for p in reversed(files)}


def workbook_cells(path):
    """A workbook as its sheets' cells (values and types), independent of the file's zip metadata."""
    import openpyxl  # Debian's python3-openpyxl

    book = openpyxl.load_workbook(path)
    sheets = []
    for ws in book.worksheets:
        rows = [[None if c.value is None else [c.data_type, str(c.value)] for c in row] for row in ws.iter_rows()]
        sheets.append({"title": ws.title, "rows": rows})
    return json.dumps(sheets, ensure_ascii=False, indent=0).encode()


def run_ids(paa, scratch, env):
    out = {}
    for token, folder in STORE_TOKENS.items():
        r = subprocess.run([paa, "status", "--store", f"stores/{folder}", "--json"], cwd=scratch,
                           capture_output=True, check=True, env=env)
        out[token] = [run["run_id"] for run in json.loads(r.stdout).get("runs", [])]
    return out


def expand(args, runs):
    def store(m):
        return "stores/" + STORE_TOKENS[m.group(1)]

    def run(m):
        return runs[m.group(1)][int(m.group(2))]

    args = re.sub(r"\{run:(\w+):(\d+)\}", run, args)
    return re.sub(r"\{(\w+)\}", store, args)


def outputs_of(case_name, kind, target, scratch, stdout):
    """{relative name: bytes} of what the case wrote."""
    if kind == "stdout":
        return {f"{case_name}.out": stdout}
    path = scratch / target
    if kind == "file":
        return {f"{case_name}{path.suffix}": path.read_bytes()}
    if kind == "xlsx":
        return {f"{case_name}.cells.json": workbook_cells(path)}
    if kind == "folder":
        files = {}
        for f in sorted(p for p in path.rglob("*") if p.is_file()):
            files[f"{case_name}/{f.relative_to(path).as_posix()}"] = f.read_bytes()
        return files
    raise SystemExit(f"cases.tsv: {case_name}: unknown output '{kind}'")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("paa")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--keep")
    parser.add_argument("--scripts")
    a = parser.parse_args()
    paa = str(Path(a.paa).resolve())
    manifest_path = EXPECTED / "manifest.json"
    manifest = {} if a.write or not manifest_path.exists() else json.loads(manifest_path.read_text())
    cases = []
    for line in (HERE / "cases.tsv").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, output, args = line.split("\t")
        kind, _, target = output.partition(" ")
        cases.append((name, kind, target, args))
    if a.only:
        missing = set(a.only) - {c[0] for c in cases}
        if missing:
            raise SystemExit(f"--only: no such case: {' '.join(sorted(missing))}")
        # The cases before the last one named still run, unchecked: a case can read what they
        # left in the stores (the kept analysis, whose topic ids a later view keeps).
        last = max(i for i, c in enumerate(cases) if c[0] in a.only)
        cases = cases[:last + 1]

    scratch = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="paa-golden-"))
    if scratch.exists():
        shutil.rmtree(scratch / "stores", ignore_errors=True)
    (scratch / "stores").mkdir(parents=True, exist_ok=True)
    for store in STORES.iterdir():
        shutil.copytree(store, scratch / "stores" / store.name)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAA_")}
    env["TZ"] = "UTC"
    runs = run_ids(paa, scratch, env)
    scripts = joined_scripts(scratch, a.scripts)

    failures = []
    written = {}
    if a.write and not a.only and EXPECTED.exists():
        shutil.rmtree(EXPECTED)  # every reference anew: none left from a removed case
    copies = text_copies()  # after the clean-up above: with --write, the report's assets only
    for name, kind, target, args in cases:
        argv = [paa] + shlex.split(expand(args, runs))
        if target:
            shutil.rmtree(scratch / target, ignore_errors=True) if (scratch / target).is_dir() else (
                (scratch / target).unlink(missing_ok=True))
        r = subprocess.run(argv, cwd=scratch, capture_output=True, env=env)
        if r.returncode != 0:
            failures.append(f"{name}: exit {r.returncode}: {r.stderr.decode(errors='replace').strip()[:400]}")
            continue
        if a.only and name not in a.only:
            continue
        outputs = {k: normalise(k, v, scripts) for k, v in outputs_of(name, kind, target, scratch, r.stdout).items()}
        if a.write:
            written[name] = {k: sha256(v) for k, v in outputs.items()}
            for k, v in outputs.items():
                copy = EXPECTED / k
                if len(v) <= TEXT_COPY_LIMIT and sha256(v) not in copies:
                    copy.parent.mkdir(parents=True, exist_ok=True)
                    copy.write_bytes(v)
                    copies[sha256(v)] = copy
            continue
        want = manifest.get(name)
        if want is None:
            failures.append(f"{name}: no reference (run with --write to record one)")
            continue
        got = {k: sha256(v) for k, v in outputs.items()}
        if got == want:
            continue
        lines = [f"{name}: differs from its reference"]
        for k in sorted(set(got) | set(want)):
            if got.get(k) == want.get(k):
                continue
            if k not in got:
                lines.append(f"  {k}: missing")
            elif k not in want:
                lines.append(f"  {k}: not in the reference")
            else:
                lines.append(f"  {k}: changed")
                reference = copies.get(want[k])
                if reference is not None:
                    diff = difflib.unified_diff(reference.read_text(errors="replace").splitlines(),
                                                outputs[k].decode(errors="replace").splitlines(),
                                                "reference", "now", lineterm="", n=1)
                    lines.extend("    " + d for d in list(diff)[:40])
        failures.append("\n".join(lines))

    if a.write:
        EXPECTED.mkdir(parents=True, exist_ok=True)
        if not a.only:
            manifest = written
        else:
            manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
            manifest.update(written)
        manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    if not a.keep:
        shutil.rmtree(scratch, ignore_errors=True)
    checked = len(set(a.only)) if a.only else len(cases)
    if failures:
        print("\n".join(failures), file=sys.stderr)
        print(f"{len(failures)} of {checked} cases differ", file=sys.stderr)
        return 1
    print(f"{checked} cases {'written' if a.write else 'match their references'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
