#!/usr/bin/env python3
"""Unit tests of tools/clidoc.py's pure functions (ctest CliDoc.Generator)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
import clidoc  # noqa: E402


def option(*names, flag=False, type_="TEXT", choices=(), validators=(), default="", required=False, desc="D"):
    return {"names": list(names), "flag": flag, "type": "" if flag else type_, "choices": list(choices),
            "validators": list(validators), "default": default, "required": required, "repeatable": False,
            "group": "Options", "description": desc}


PROGRAM = {
    "name": "paa", "description": "paa: harvest things.", "footer": "",
    "options": [option("-h", "--help", flag=True), option("--version", flag=True)],
    "positionals": [],
    "subcommands": [{
        "name": "export", "description": "Write results", "footer": "", "subcommands": [],
        "positionals": [],
        "options": [option("-h", "--help", flag=True), option("--store", required=True),
                    option("--format", choices=["jsonl", "csv"]), option("-o", "--output"),
                    option("--depth", type_="INT", default="3"), option("--force", flag=True)],
    }],
}


class Troff(unittest.TestCase):
    def test_escapes_backslashes_hyphens_and_leading_dots(self):
        self.assertEqual(clidoc.escape("a\\b --x"), "a\\eb \\-\\-x")
        self.assertEqual(clidoc.escape(".hidden\n'quote\nok"), "\\&.hidden\n\\&'quote\nok")

    def test_inline_markdown_becomes_fonts(self):
        self.assertEqual(clidoc.inline("run `paa run` *now* or **never**"),
                         "run \\fBpaa run\\fR \\fInow\\fR or \\fBnever\\fR")

    def test_blocks_paragraphs_code_bullets_definitions(self):
        text = clidoc.blocks(["One", "line.", "", "    code -x", "", "- item", "", "term", ": meaning"])
        self.assertEqual(text.split("\n"), [
            ".PP", "One line.", ".PP", ".RS 4", ".nf", "code \\-x", ".fi", ".RE",
            ".IP \\(bu 2", "item", ".TP", "term", "meaning"])


class Prose(unittest.TestCase):
    def test_sections_and_option_notes(self):
        prose = clidoc.parse_prose("# title\n\n## DESCRIPTION\n\nText.\n\n## OPTIONS\n\nIntro.\n\n### --force\nReally.\n")
        self.assertEqual([t for t, _ in prose.sections], ["DESCRIPTION", "OPTIONS"])
        self.assertEqual(prose.option_notes, {"--force": ["Really."]})

    def test_text_before_a_section_is_an_error(self):
        with self.assertRaises(ValueError):
            clidoc.parse_prose("stray text\n## DESCRIPTION\n")

    def test_problems_name_missing_description_and_unknown_flags(self):
        page = clidoc.pages_of(PROGRAM)[1]
        prose = clidoc.parse_prose("## EXAMPLES\n\nUse --gone.\n\n## OPTIONS\n\n### --nope\nx\n")
        problems = clidoc.prose_problems(page, prose, clidoc.program_options(PROGRAM))
        self.assertEqual(len(problems), 3, problems)
        self.assertIn("DESCRIPTION", problems[0])
        self.assertIn("--nope", problems[1])
        self.assertIn("--gone", problems[2])


class Pages(unittest.TestCase):
    def test_one_page_per_program_and_command(self):
        self.assertEqual([p.name for p in clidoc.pages_of(PROGRAM)], ["paa", "paa-export"])

    def test_a_command_page_has_every_option_with_its_choices_and_default(self):
        page = clidoc.pages_of(PROGRAM)[1]
        text = clidoc.render_page(page, clidoc.parse_prose("## DESCRIPTION\n\nExports.\n"), "9.9")
        for needle in ["\\fB\\-\\-store\\fR \\fIDIR\\fR", "\\fB\\-o\\fR, \\fB\\-\\-output\\fR \\fIFILE\\fR",
                       "\\fB\\-\\-format\\fR \\fIjsonl|csv\\fR", "One of: \\fBjsonl\\fR, \\fBcsv\\fR",
                       "Default: \\fB3\\fR", "\\fB\\-\\-force\\fR", ".SH NAME\npaa\\-export \\- write results",
                       '"paa-harvester 9.9"', ".SH DESCRIPTION\n.PP\nExports."]:
            self.assertIn(needle, text)

    def test_the_program_page_lists_its_commands(self):
        text = clidoc.render_page(clidoc.pages_of(PROGRAM)[0], clidoc.parse_prose("## DESCRIPTION\n\nX.\n"), "1")
        self.assertIn(".SH COMMANDS\n.TP\n\\fBexport\\fR\nWrite results. See \\fBpaa\\-export\\fR(1).", text)
        self.assertIn("paa \\- harvest things", text)


class Completion(unittest.TestCase):
    def test_value_kinds(self):
        sub = PROGRAM["subcommands"][0]["options"]
        kinds = {clidoc.long_name(o): clidoc.value_kind(o) for o in sub if not o["flag"]}
        self.assertEqual(kinds, {"--store": "dir", "--format": "choices", "--output": "file", "--depth": "number"})
        self.assertEqual(clidoc.value_kind({"name": "JOB", "type": "TEXT"}), "job")
        self.assertEqual(clidoc.value_kind(option("--cert-chain", validators=["FILE"])), "file")

    def test_script_completes_choices_and_registers_the_function(self):
        script = clidoc.render_bash(PROGRAM)
        self.assertIn('export:--format) _paa_words "jsonl csv" ;;', script)
        self.assertIn("export:-o|export:--output) _paa_files ;;", script)
        self.assertTrue(script.rstrip().endswith("complete -F _paa paa"))

    def test_words_that_bash_would_split_are_refused(self):
        with self.assertRaises(ValueError):
            clidoc.bash_words(["a b"])


class Synopses(unittest.TestCase):
    def test_required_plain_optional_bracketed_choices_joined_and_wrapped(self):
        export = PROGRAM["subcommands"][0]
        text = clidoc.markdown_synopsis(export, ["paa", "export"], width=40)
        self.assertEqual(text, "paa export --store DIR\n"
                               "           [--format jsonl|csv]\n"
                               "           [-o|--output FILE]\n"
                               "           [--depth N] [--force]")

    def test_a_stale_block_is_named_and_rewritten_and_an_unknown_command_reported(self):
        commands = clidoc.commands_of(PROGRAM)
        doc = ("intro\n<!-- synopsis: paa export -->\n```\npaa export --store DIR\n```\n<!-- /synopsis -->\n"
               "<!-- synopsis: paa nosuch -->\n```\nx\n```\n<!-- /synopsis -->\n")
        new, problems = clidoc.sync_synopses(doc, commands)
        self.assertEqual(problems, ["the section of 'paa export' does not mention --store, --format, --output, "
                                    "--depth, --force",
                                    "the synopsis of 'paa export' differs from `paa export --help` "
                                    "(regenerate: tools/clidoc.py docs --write ...)",
                                    "unknown command 'paa nosuch'"])
        self.assertIn("[--format jsonl|csv] [-o|--output FILE] [--depth N] [--force]", new)
        again, problems = clidoc.sync_synopses(new, commands)
        self.assertEqual(problems[-1], "unknown command 'paa nosuch'")
        self.assertEqual(again, new)

    def test_an_option_the_section_never_names_is_reported(self):
        commands = clidoc.commands_of(PROGRAM)
        synopsis = clidoc.markdown_synopsis(PROGRAM["subcommands"][0], ["paa", "export"])
        doc = (f"<!-- synopsis: paa export -->\n```\n{synopsis}\n```\n<!-- /synopsis -->\n"
               "`--store DIR`, `--format F`, `-o FILE` and `--depth N`.\n\n## Next\n`--force` elsewhere\n")
        _, problems = clidoc.sync_synopses(doc, commands)
        self.assertEqual(problems, ["the section of 'paa export' does not mention --force"])


if __name__ == "__main__":
    unittest.main()
