#!/usr/bin/env python3
"""Man pages and bash completion from the command line itself.

Each program prints its CLI11 definition as JSON (`paa __describe-cli`, see
include/paa/clidoc/describe.hpp). From that JSON and the hand-written prose in docs/man/*.md this
script writes, at build time:

  man   paa.1, paa-<command>.1 for each command, paa-emulator.1: NAME, SYNOPSIS and OPTIONS come
        from the JSON (a flag cannot be missing), DESCRIPTION, EXIT STATUS, EXAMPLES... from the prose.
  bash  one completion script per program: commands, flags per command, the values of flags with a
        fixed set of choices, job files (*.toml) for the JOB argument, files and folders where a
        value is a path.
  docs  the synopses in docs/*.md (the fenced block between `<!-- synopsis: paa export -->` and
        `<!-- /synopsis -->`): checked against the programs (ctest CliDoc.DocsSynopses), or
        rewritten with --write.

Python 3 standard library only. The functions are pure (JSON and text in, text out) so that
tests/clidoc/clidoc_test.py can test them without a build.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field

DESCRIBE_COMMAND = "__describe-cli"
PROJECT = "paa-harvester"


# --------------------------------------------------------------------------------------------
# The JSON, read


def describe(program: str) -> dict:
    """Runs PROGRAM __describe-cli and returns its JSON."""
    try:
        out = subprocess.run([program, DESCRIBE_COMMAND], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise SystemExit(f"clidoc: cannot describe {program}: {e}")
    return json.loads(out)


@dataclass
class Page:
    """One man page: paa (with its command list), paa-run, ..., paa-emulator."""

    name: str  # "paa-run"
    command: list[str]  # ["paa", "run"]
    cli: dict  # the JSON of that (sub)command
    commands: list[dict] = field(default_factory=list)  # a program's subcommands


def pages_of(program_json: dict) -> list[Page]:
    """The program's own page, then one page per subcommand."""
    name = program_json["name"]
    pages = [Page(name, [name], program_json, commands=program_json["subcommands"])]
    for sub in program_json["subcommands"]:
        pages.append(Page(f"{name}-{sub['name']}", [name, sub["name"]], sub))
    return pages


def option_names(cli: dict) -> list[str]:
    """Every option name of one command: ["-h", "--help", "--store", ...]."""
    return [n for o in cli["options"] for n in o["names"]]


def long_name(option: dict) -> str:
    longs = [n for n in option["names"] if n.startswith("--")]
    return longs[0] if longs else option["names"][0]


# --------------------------------------------------------------------------------------------
# What a value is: shown in the synopsis and used by the completion

# Values that are paths, by option or argument name (CLI11 only knows "TEXT"); anything else
# that is TEXT gets no completion, numbers none, sets their choices.
PATH_HINTS = {
    "--store": "dir",
    "--into": "dir",
    "--analysis": "dir",
    "stores": "dir",
    "--output": "file",
    "--ca-file": "file",
    "--cert": "file",
    "--key-file": "file",
    "--keys": "file",
    "--log": "file",
    "--port-file": "file",
    "job": "job",
}
METAVARS = {"dir": "DIR", "file": "FILE", "job": "JOB"}
# What a TEXT value means, by option name, where the type says only TEXT.
TEXT_METAVARS = {
    "--job": "NAME", "--q": "Q", "--hl": "HL", "--gl": "GL", "--city": "CITY",
    "--from": "POINT", "--to": "POINT", "--at": "POINT", "--base-url": "URL",
    "--partition-by": "hl,gl", "--part-size": "SIZE", "--refresh-after": "DURATION", "--outage-wait": "DURATION",
    "--older-than": "DURATION", "--shard": "I/N", "--key": "KEY", "--bind": "ADDRESS",
    "--since": "POINT", "--domain": "DOMAIN", "--topic": "ID",
}


def value_kind(item: dict) -> str:
    """'choices', 'job' (a *.toml job file), 'file', 'dir', 'number' or 'text'."""
    if item.get("choices"):
        return "choices"
    key = long_name(item) if "names" in item else item["name"].lower()
    if key in PATH_HINTS:
        return PATH_HINTS[key]
    validators = item.get("validators", [])
    if "FILE" in validators or item.get("type") in ("FILE", "PATH", "PEM"):
        return "file"
    if "DIR" in validators or item.get("type") == "DIR":
        return "dir"
    if item.get("type") in ("INT", "UINT", "FLOAT", "NUMBER") or any("[" in v for v in validators):
        return "number"
    return "text"


def metavar(item: dict) -> str:
    """The placeholder for a value: FILE, DIR, N, jsonl|json|csv, TEXT."""
    kind = value_kind(item)
    if kind == "choices":
        return "|".join(item["choices"])
    if kind in METAVARS:
        return METAVARS[kind]
    if kind == "number":
        return "N"
    if "names" in item and long_name(item) in TEXT_METAVARS:
        return TEXT_METAVARS[long_name(item)]
    return item.get("type") or "VALUE"


# --------------------------------------------------------------------------------------------
# troff


def escape(text: str) -> str:
    """Plain text as troff text: backslashes, hyphens (so flags copy as ASCII), leading dots."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join(("\\&" + line) if line.startswith((".", "'")) else line for line in text.split("\n"))


_INLINE = re.compile(r"`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*")


def inline(text: str) -> str:
    """Markdown's `code`, **bold** and *italic* as troff fonts; everything else escaped."""
    out, pos = [], 0
    for m in _INLINE.finditer(text):
        out.append(escape(text[pos : m.start()]))
        if m.group(1) is not None or m.group(2) is not None:
            out.append("\\fB" + escape(m.group(1) or m.group(2)) + "\\fR")
        else:
            out.append("\\fI" + escape(m.group(3)) + "\\fR")
        pos = m.end()
    out.append(escape(text[pos:]))
    return "".join(out)


@dataclass
class Prose:
    """A docs/man/*.md file: its sections in order, and per-option additions to OPTIONS."""

    sections: list[tuple[str, list[str]]]  # (TITLE, lines)
    option_notes: dict[str, list[str]]  # "--store" -> lines


def parse_prose(text: str) -> Prose:
    """`## TITLE` starts a section; inside `## OPTIONS`, `### --flag` adds text to that flag."""
    sections: list[tuple[str, list[str]]] = []
    notes: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = []
            sections.append((line[3:].strip().upper(), current))
        elif line.startswith("### ") and sections and sections[-1][0] == "OPTIONS":
            current = notes.setdefault(line[4:].strip(), [])
        elif line.startswith("# ") and not sections:
            continue  # a title line for people reading the Markdown
        elif current is not None:
            current.append(line)
        elif line.strip():
            raise ValueError(f"text before the first '## SECTION': {line!r}")
    return Prose(sections, notes)


def blocks(lines: list[str]) -> str:
    """A small Markdown subset as man(7) requests: paragraphs, `    code`, `- bullets`, and
    definition lists (a line, then lines starting with ': ')."""
    out: list[str] = []
    para: list[str] = []
    i = 0

    def flush() -> None:
        if para:
            out.append(".PP")
            out.append(inline(" ".join(s.strip() for s in para)))
            para.clear()

    while i < len(lines):
        line = lines[i]
        if not line.strip():
            flush()
            i += 1
        elif line.startswith("    "):
            flush()
            code = []
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                code.append(lines[i][4:])
                i += 1
            while code and not code[-1].strip():
                code.pop()
            out += [".PP", ".RS 4", ".nf", escape("\n".join(code)), ".fi", ".RE"]
        elif line.startswith("- "):
            flush()
            item = [line[2:]]
            i += 1
            while i < len(lines) and lines[i].startswith("  ") and lines[i].strip():
                item.append(lines[i].strip())
                i += 1
            out += [".IP \\(bu 2", inline(" ".join(item))]
        elif i + 1 < len(lines) and lines[i + 1].startswith(": "):
            flush()
            out += [".TP", inline(line.strip())]
            i += 1
            text = []
            while i < len(lines) and (lines[i].startswith(": ") or lines[i].startswith("  ")) and lines[i].strip():
                text.append(lines[i][2:].strip())
                i += 1
            out.append(inline(" ".join(text)))
        else:
            para.append(line)
            i += 1
    flush()
    return "\n".join(out)


def synopsis_item(option: dict) -> str:
    names = "|".join(f"\\fB{escape(n)}\\fR" for n in option["names"])
    text = names if option["flag"] else f"{names} \\fI{escape(metavar(option))}\\fR"
    if option.get("repeatable"):
        text += "..."
    return text if option["required"] else f"[{text}]"


def render_synopsis(page: Page) -> str:
    parts = [f"\\fB{escape(' '.join(page.command))}\\fR"]
    if page.commands:
        parts.append("[\\fB\\-\\-help\\fR] [\\fB\\-\\-version\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]")
    else:
        for p in page.cli["positionals"]:
            name = f"\\fI{escape(p['name'].upper())}\\fR"
            parts.append(name if p["required"] else f"[{name}]")
        for o in page.cli["options"]:
            if o["names"] in (["-h", "--help"], ["--help"]):
                continue
            parts.append(synopsis_item(o))
    return ".SH SYNOPSIS\n.nh\n.ad l\n" + " ".join(parts) + "\n.ad\n.hy"


# --------------------------------------------------------------------------------------------
# Synopses in the Markdown docs


def markdown_synopsis(cli: dict, command: list[str], width: int = 100) -> str:
    """`paa export [JOB] [--store DIR]... --format jsonl|json [--job NAME] ...`, wrapped at
    `width` with continuation lines indented under the first argument."""
    items = []
    for p in cli["positionals"]:
        name = p["name"].upper()
        if p.get("repeatable"):
            name += "..."
        items.append(name if p["required"] else f"[{name}]")
    for o in cli["options"]:
        if o["names"] in (["-h", "--help"], ["--help"]):
            continue
        names = "|".join(o["names"])
        text = names if o["flag"] else f"{names} {metavar(o)}"
        if o.get("repeatable"):
            text += "..."
        items.append(text if o["required"] else f"[{text}]")
    head = " ".join(command)
    indent = " " * (len(head) + 1)
    lines, line = [], head
    for item in items:
        if len(line) + 1 + len(item) > width and line.strip() != head:
            lines.append(line)
            line = indent + item
        else:
            line += " " + item
    lines.append(line)
    return "\n".join(lines)


SYNOPSIS_BLOCK = re.compile(
    r"(<!-- synopsis: (?P<command>[a-z0-9 -]+?) -->\n```\n)(?P<body>.*?)(\n```\n<!-- /synopsis -->)", re.S)


def commands_of(program_json: dict) -> dict[str, tuple[dict, list[str]]]:
    """"paa export" -> (its JSON, ["paa", "export"]), and the program itself."""
    name = program_json["name"]
    out = {name: (program_json, [name])}
    for sub in program_json["subcommands"]:
        out[f"{name} {sub['name']}"] = (sub, [name, sub["name"]])
    return out


def undocumented_options(cli: dict, section: str) -> list[str]:
    """The options of `cli` that `section` (the page's text after the synopsis, up to its next
    heading) never mentions by any of their names; --help needs no words."""
    mentioned = set(re.findall(r"(?<![\w-])(-{1,2}[A-Za-z][A-Za-z0-9-]*)", section))
    return [long_name(o) for o in cli["options"]
            if o["names"] not in (["-h", "--help"], ["--help"]) and not mentioned.intersection(o["names"])]


def section_after(text: str, end: int) -> str:
    """From `end` to the next heading of level 1 or 2."""
    nxt = re.search(r"\n#{1,2} ", text[end:])
    return text[end:end + nxt.start()] if nxt else text[end:]


def sync_synopses(text: str, commands: dict) -> tuple[str, list[str]]:
    """The text with every marked synopsis regenerated, and a problem line per block that was
    stale, names an unknown command, or is followed by a section that leaves an option unsaid."""
    problems = []
    for m in SYNOPSIS_BLOCK.finditer(text):
        if m.group("command") in commands:
            missing = undocumented_options(commands[m.group("command")][0], section_after(text, m.end()))
            if missing:
                problems.append(f"the section of '{m.group('command')}' does not mention {', '.join(missing)}")

    def replace(m: re.Match) -> str:
        command = m.group("command")
        if command not in commands:
            problems.append(f"unknown command '{command}'")
            return m.group(0)
        cli, words = commands[command]
        body = markdown_synopsis(cli, words)
        if body != m.group("body"):
            problems.append(f"the synopsis of '{command}' differs from `{command} --help` "
                            "(regenerate: tools/clidoc.py docs --write ...)")
        return m.group(1) + body + m.group(4)

    return SYNOPSIS_BLOCK.sub(replace, text), problems


def cmd_docs(args: argparse.Namespace) -> int:
    commands = {}
    for program in args.program:
        commands.update(commands_of(describe(program)))
    failed = False
    blocks_seen = 0
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        blocks_seen += len(SYNOPSIS_BLOCK.findall(text))
        new, problems = sync_synopses(text, commands)
        if args.write:
            write_if_changed(path, new)
            continue
        for problem in problems:
            print(f"{path}: {problem}", file=sys.stderr)
            failed = True
    if blocks_seen == 0:
        print("clidoc: no synopsis blocks found", file=sys.stderr)
        return 1
    return 1 if failed else 0


def option_facts(option: dict) -> str:
    facts = []
    if option.get("choices"):
        facts.append("One of: " + ", ".join(f"`{c}`" for c in option["choices"]) + ".")
    if option.get("default"):
        facts.append(f"Default: `{option['default']}`.")
    if option.get("required"):
        facts.append("Required.")
    if option.get("repeatable"):
        facts.append("May be given more than once.")
    return " ".join(facts)


def sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def render_options(page: Page, prose: Prose, intro: list[str]) -> str:
    out = [".SH OPTIONS"]
    if intro and any(s.strip() for s in intro):
        out.append(blocks(intro))
    for p in page.cli["positionals"]:
        out += [".TP", f"\\fI{escape(p['name'].upper())}\\fR"]
        out.append(inline(" ".join(filter(None, [sentence(p["description"]), option_facts(p)]))))
    for o in page.cli["options"]:
        names = ", ".join(f"\\fB{escape(n)}\\fR" for n in o["names"])
        if not o["flag"]:
            names += f" \\fI{escape(metavar(o))}\\fR"
        out += [".TP", names, inline(" ".join(filter(None, [sentence(o["description"]), option_facts(o)])))]
        for name in o["names"]:
            if name in prose.option_notes:
                extra = blocks(prose.option_notes[name])
                # Further paragraphs of the same item: indented like the first one.
                out.append(extra.replace(".PP", ".IP"))
    return "\n".join(out)


def render_commands(page: Page) -> str:
    out = [".SH COMMANDS"]
    for sub in page.commands:
        name = f"{page.name}-{sub['name']}"
        out += [".TP", f"\\fB{escape(sub['name'])}\\fR", inline(sentence(sub["description"])) + f" See \\fB{escape(name)}\\fR(1)."]
    return "\n".join(out)


def render_page(page: Page, prose: Prose, version: str) -> str:
    """One man(7) page."""
    description = page.cli["description"]
    if page.commands:  # "paa: harvest ..." -> "harvest ..."
        description = re.sub(r"^\S+:\s*", "", description)
    summary = description.rstrip(".")
    title = page.name.upper()
    out = [
        f'.\\" Generated by tools/clidoc.py from `{" ".join(page.command[:1])} {DESCRIBE_COMMAND}` and docs/man/{page.name}.md; do not edit.',
        f'.TH {escape(title)} 1 "" "{PROJECT} {escape(version)}" "User Commands"',
        ".SH NAME",
        f"{escape(page.name)} \\- {escape(summary[:1].lower() + summary[1:])}",
        render_synopsis(page),
    ]
    titles = [t for t, _ in prose.sections]
    emitted_options = False
    for title_, lines in prose.sections:
        if title_ == "OPTIONS":
            out.append(render_options(page, prose, lines))
            emitted_options = True
            continue
        out.append(f".SH {escape(title_)}")
        out.append(blocks(lines))
        if title_ == "DESCRIPTION" and page.commands:
            out.append(render_commands(page))
        if title_ == "DESCRIPTION" and "OPTIONS" not in titles:
            out.append(render_options(page, prose, []))
            emitted_options = True
    if not prose.sections:
        if page.commands:
            out.append(render_commands(page))
    if not emitted_options:
        out.append(render_options(page, prose, []))
    return "\n".join(s for s in out if s) + "\n"


def prose_problems(page: Page, prose: Prose, all_options: set[str]) -> list[str]:
    """What is wrong between a page's prose and the CLI: no DESCRIPTION, a `### --flag` the
    command does not have, a flag mentioned that no command of the program has."""
    problems = []
    if not any(t == "DESCRIPTION" for t, _ in prose.sections):
        problems.append(f"docs/man/{page.name}.md: no '## DESCRIPTION' section")
    mine = set(option_names(page.cli))
    for flag in prose.option_notes:
        if flag not in mine:
            problems.append(f"docs/man/{page.name}.md: '### {flag}' but `{' '.join(page.command)}` has no {flag}")
    text = "\n".join(line for _, lines in prose.sections for line in lines)
    text += "\n".join(line for lines in prose.option_notes.values() for line in lines)
    for flag in sorted(set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", text))):
        if flag not in all_options:
            problems.append(f"docs/man/{page.name}.md: mentions {flag}, which no command has")
    return problems


def program_options(program_json: dict) -> set[str]:
    names = set(option_names(program_json))
    for sub in program_json["subcommands"]:
        names |= set(option_names(sub))
    return names


def read_prose(prose_dir: str, name: str) -> Prose | None:
    path = os.path.join(prose_dir, f"{name}.md")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        try:
            return parse_prose(f.read())
        except ValueError as e:
            raise SystemExit(f"clidoc: {path}: {e}")


def write_if_changed(path: str, text: str) -> None:
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def cmd_man(args: argparse.Namespace) -> int:
    os.makedirs(args.out, exist_ok=True)
    written = set()
    for program in args.program:
        cli = describe(program)
        for page in pages_of(cli):
            # A command without prose still gets its page (synopsis and options); the test
            # tests/clidoc/man_pages_test.py fails until docs/man/<page>.md is written.
            prose = read_prose(args.prose, page.name) or Prose([], {})
            path = os.path.join(args.out, f"{page.name}.1")
            write_if_changed(path, render_page(page, prose, args.version))
            written.add(os.path.basename(path))
    for stale in os.listdir(args.out):
        if stale.endswith(".1") and stale not in written:
            os.remove(os.path.join(args.out, stale))
    if args.stamp:
        with open(args.stamp, "w", encoding="utf-8") as f:
            f.write("\n".join(sorted(written)) + "\n")
    return 0


# --------------------------------------------------------------------------------------------
# bash completion


def bash_words(words: list[str]) -> str:
    for w in words:
        if not re.fullmatch(r"[A-Za-z0-9_.,:+=/@%-]+", w):
            raise ValueError(f"cannot put {w!r} in a completion word list")
    return " ".join(words)


def bash_value_case(fn: str, item: dict) -> str | None:
    """The completion of one option's value, or None when nothing sensible can be offered."""
    kind = value_kind(item)
    if kind == "choices":
        return f'{fn}_words "{bash_words(item["choices"])}"'
    if kind in ("file", "dir", "job"):
        return f"{fn}_{kind}s"
    return None


def render_bash(program_json: dict) -> str:
    """A completion script for one program: `complete -F _paa paa`."""
    prog = program_json["name"]
    fn = "_" + re.sub(r"\W", "_", prog)
    scopes = [("", program_json)] + [(s["name"], s) for s in program_json["subcommands"]]

    opts_case, value_case, takes_value_case, positional_case = [], [], [], []
    for scope, cli in scopes:
        label = scope or "''"
        opts_case.append(f"    {label}) echo \"{bash_words(option_names(cli))}\" ;;")
        valued = [n for o in cli["options"] if not o["flag"] for n in o["names"]]
        if valued:
            takes_value_case.append(f"    {label}) case $2 in {'|'.join(valued)}) return 0 ;; esac ;;")
        for o in cli["options"]:
            if o["flag"]:
                continue
            action = bash_value_case(fn, o)
            pattern = "|".join(f"{scope}:{n}" for n in o["names"])
            value_case.append(f"    {pattern}) {action or ':'} ;;")
        for index, p in enumerate(cli["positionals"]):
            action = bash_value_case(fn, p) or ":"
            positional_case.append(f"    {scope}:{index}) {action} ;;")
    commands = bash_words([s["name"] for s in program_json["subcommands"]])
    command_choice = ""
    if commands:
        command_choice = f"""  if [[ -z $scope ]]; then
    {fn}_words "{commands}"
    return 0
  fi
"""
    positional_lines = "".join(line + "\n" for line in positional_case)

    return f"""# bash completion for {prog}                                  -*- shell-script -*-
# Generated by tools/clidoc.py from `{prog} {DESCRIBE_COMMAND}`; do not edit.
# shellcheck shell=bash

{fn}_words() {{ mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur"); }}
{fn}_files() {{ compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur"); }}
{fn}_dirs() {{ compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$cur"); }}
# Job files: *.toml, and folders to walk into.
{fn}_jobs() {{
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen -d -- "$cur"; compgen -f -X '!*.toml' -- "$cur")
}}

# {fn}_options SCOPE: the options of the program ('') or of one command.
{fn}_options() {{
  case $1 in
{chr(10).join(opts_case)}
  esac
}}

# {fn}_takes_value SCOPE OPTION: succeeds when OPTION is followed by a value.
{fn}_takes_value() {{
  case $1 in
{chr(10).join(takes_value_case) if takes_value_case else "    *) ;;"}
  esac
  return 1
}}

{fn}() {{
  local cur=${{COMP_WORDS[COMP_CWORD]}} prev='' cword=$COMP_CWORD
  local -a words=("${{COMP_WORDS[@]}}")
  COMPREPLY=()
  # `--format=c`: bash splits it into --format, =, c.
  if [[ $cur == "=" ]]; then
    prev=${{words[cword-1]}}; cur=
  elif (( cword >= 2 )) && [[ ${{words[cword-1]}} == "=" ]]; then
    prev=${{words[cword-2]}}
  elif (( cword >= 1 )); then
    prev=${{words[cword-1]}}
  fi

  # The command, and how many arguments it already has.
  local scope='' nargs=0 i w skip=''
  for (( i = 1; i < cword; i++ )); do
    w=${{words[i]}}
    if [[ -n $skip ]]; then skip=''; continue; fi
    if [[ $w == "=" ]]; then skip=1; continue; fi
    if [[ $w == -* ]]; then
      [[ $w != *=* ]] && {fn}_takes_value "$scope" "$w" && skip=1
      continue
    fi
    if [[ -z $scope && " {commands} " == *" $w "* ]]; then scope=$w; continue; fi
    (( nargs++ ))
  done

  if [[ $prev == -* ]] && {fn}_takes_value "$scope" "$prev"; then
    case "$scope:$prev" in
{chr(10).join(value_case) if value_case else "    *) ;;"}
    esac
    return 0
  fi
  if [[ $cur == -* ]]; then
    {fn}_words "$({fn}_options "$scope")"
    return 0
  fi
{command_choice}  case "$scope:$nargs" in
{positional_lines}    *) {fn}_words "$({fn}_options "$scope")" ;;
  esac
  return 0
}}
complete -F {fn} {prog}
"""


def cmd_bash(args: argparse.Namespace) -> int:
    os.makedirs(args.out, exist_ok=True)
    for program in args.program:
        cli = describe(program)
        write_if_changed(os.path.join(args.out, cli["name"]), render_bash(cli))
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    man = sub.add_parser("man", help="write the man pages")
    man.add_argument("--program", action="append", required=True, help="a built program (repeatable)")
    man.add_argument("--prose", required=True, help="the folder of the hand-written NAME.md")
    man.add_argument("--out", required=True, help="where NAME.1 go")
    man.add_argument("--version", required=True)
    man.add_argument("--stamp", help="a file listing the pages written")
    man.set_defaults(run=cmd_man)
    bash = sub.add_parser("bash", help="write the bash completion scripts")
    bash.add_argument("--program", action="append", required=True)
    bash.add_argument("--out", required=True, help="the folder for one script per program")
    bash.set_defaults(run=cmd_bash)
    docs = sub.add_parser("docs", help="check (or --write) the synopses in Markdown files")
    docs.add_argument("--program", action="append", required=True)
    docs.add_argument("--write", action="store_true", help="rewrite the stale synopses")
    docs.add_argument("files", nargs="+", help="Markdown files")
    docs.set_defaults(run=cmd_docs)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
