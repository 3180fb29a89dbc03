#!/usr/bin/env python3
"""The layout's rules (docs/development.md "Rooms"), checked on the sources:
1. a module includes only its own headers and those of the modules listed before it in
   src/CMakeLists.txt's PAA_MODULES (the order is the dependency order);
2. no include circle between any two files of src/ and include/;
3. a public header (include/paa/...) never includes a module's internal header (src/...);
4. the write side (harvest, expand and what they link) links none of the read side: no
   analysis, topics, watch, history, selection, export, igraph or libpsl;
5. inside export, the rooms of the read pipeline: the shared layer (export's own files and
   pipeline/, rows/, and mind_map/, the drawing the brief and `paa map` share) includes no view; a view (each other folder) includes the shared layer
   and never another view; only the entry (view_registry, export_plan, exporter) includes
   views, and `ExportFormat::` is named only there and in the views' own folders;
6. the CLI (src/cli) includes of paa's headers only the application layer's (paa/app/...), so
   every decision and every store access is app's; the exceptions are listed in cli_may_include.
Exit 1 naming every offending include."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
root = os.path.abspath(root)
cmake = open(os.path.join(root, "src", "CMakeLists.txt")).read()
m = re.search(r"set\(PAA_MODULES ([^)]*)\)", cmake)
if not m:
    sys.exit("src/CMakeLists.txt: no set(PAA_MODULES ...)")
order = m.group(1).split()
rank = {name: i for i, name in enumerate(order)}
include_re = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)

files = []
for top in ("src", "include"):
    for dirpath, _, names in os.walk(os.path.join(root, top)):
        files += [os.path.join(dirpath, n) for n in names if n.endswith((".hpp", ".cpp", ".h"))]


def module_of(path):
    rel = os.path.relpath(path, root).split(os.sep)
    if rel[0] == "src":
        return rel[1]
    if rel[0] == "include" and len(rel) > 3:
        return rel[2]
    return None  # include/paa/error.hpp and the like: below every module


def resolve(path, name):
    for base in (os.path.dirname(path), os.path.join(root, "include")):
        candidate = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(candidate):
            return candidate
    return None  # generated (paa/version.hpp) or a third party's


problems = []
graph = {}
for path in files:
    text = open(path, encoding="utf-8", errors="replace").read()
    mine = module_of(path)
    graph[path] = []
    for name in include_re.findall(text):
        target = resolve(path, name)
        if target is None:
            continue
        graph[path].append(target)
        theirs = module_of(target)
        rel = os.path.relpath(path, root)
        if rel.startswith("include") and os.path.relpath(target, root).startswith("src"):
            problems.append(f"{rel}: a public header includes the internal {os.path.relpath(target, root)}")
        if mine is None or theirs is None or theirs == mine:
            continue
        if mine not in rank or theirs not in rank:
            problems.append(f"{rel}: module '{mine if mine not in rank else theirs}' is not in PAA_MODULES")
        elif rank[theirs] > rank[mine]:
            problems.append(f"{rel}: {mine} includes {name}, of {theirs}, which comes after it in PAA_MODULES")

# Include circles: depth-first search for a back edge.
state = {}
stack = []


def visit(node):
    state[node] = 1
    stack.append(node)
    for nxt in graph.get(node, []):
        if state.get(nxt) == 1:
            cycle = stack[stack.index(nxt):] + [nxt]
            problems.append("include circle: " + " -> ".join(os.path.relpath(p, root) for p in cycle))
        elif nxt not in state:
            visit(nxt)
    stack.pop()
    state[node] = 2


sys.setrecursionlimit(10000)
for node in sorted(graph):
    if node not in state:
        visit(node)

# What each module links (paa_module's DEPS), transitively.
deps = {}
for name in order:
    text = open(os.path.join(root, "src", name, "CMakeLists.txt")).read()
    for target, body in re.findall(r"paa_module\((\w+)(.*?)\)\s*$", text, re.S | re.M):
        d = re.search(r"DEPS(.*)", body, re.S)
        deps[target] = d.group(1).split() if d else []


def linked(target, seen):
    for d in deps.get(target, []):
        if d not in seen:
            seen.add(d)
            linked(d, seen)
    return seen


read_side = {"paa_analysis", "paa_topics", "paa_watch", "paa_history", "paa_selection", "paa_export",
             "${PAA_IGRAPH_LIBRARY}", "${PAA_PSL_LIBRARY}"}
for writer in ("paa_harvest", "paa_expand"):
    if writer not in deps:
        problems.append(f"src/*/CMakeLists.txt: no paa_module({writer} ...)")
    for bad in sorted(linked(writer, set()) & read_side):
        problems.append(f"{writer} links {bad}: the write side needs none of the read side's analysis")

# Rule 5: the export module's rooms.
export_entry = {"view_registry", "export_plan", "exporter"}
# mind_map is the drawing the brief and `paa map` share, not a view of the registry.
export_shared = {"pipeline", "rows", "mind_map"}


def export_room(path):
    rel = os.path.relpath(path, root).split(os.sep)
    if rel[:2] == ["src", "export"]:
        parts = rel[2:]
    elif rel[:3] == ["include", "paa", "export"]:
        parts = rel[3:]
    else:
        return None
    if len(parts) == 1:
        stem = os.path.splitext(parts[0])[0]
        return "entry" if stem in export_entry else "shared"
    return "shared" if parts[0] in export_shared else "view:" + parts[0]


for path in files:
    room = export_room(path)
    if room is None or room == "entry":
        continue
    rel = os.path.relpath(path, root)
    for target in graph[path]:
        theirs = export_room(target)
        if theirs is None or theirs == room or theirs == "shared":
            continue
        what = "the entry" if theirs == "entry" else "the view " + theirs[5:]
        problems.append(f"{rel}: {room.replace(':', ' ')} includes {os.path.relpath(target, root)} ({what})")
    if not room.startswith("view:"):
        text = open(path, encoding="utf-8", errors="replace").read()
        if "ExportFormat::" in re.sub(r"//.*", "", text) and not rel.endswith("export_format.hpp"):
            problems.append(f"{rel}: names ExportFormat:: outside the registry and the views")

# Rule 6: cli binds CLI11 to app and includes no other module. The exceptions are the command
# line's own helpers below every module: --version's text (buildinfo) and `__describe-cli`, which
# reads the CLI11 definitions themselves (clidoc).
cli_may_include = ("paa/app/", "paa/buildinfo/", "paa/clidoc/")
for path in files:
    rel = os.path.relpath(path, root)
    if rel.split(os.sep)[:2] != ["src", "cli"]:
        continue
    for name in include_re.findall(open(path, encoding="utf-8", errors="replace").read()):
        if name.startswith("paa/") and not name.startswith(cli_may_include):
            problems.append(f"{rel}: cli includes {name}; the CLI binds CLI11 to paa/app/* only")

for p in problems:
    print(p)
print(f"{len(files)} files, {len(order)} modules: {'ok' if not problems else f'{len(problems)} problems'}")
sys.exit(1 if problems else 0)
