#!/usr/bin/env python3
"""folder_expect.py DIR: what tests/e2e/check_report_folder.cjs "timing" needs of a report folder
(its key count, its last key, words to search), read from the folder's own data files: the bench
times the page, the e2e test checks its answers against the store."""
import json
import sys
from pathlib import Path


def payload(path: Path, head: str):
    text = path.read_text(encoding="utf-8")
    start = text.index(head) + len(head)
    return json.loads(text[start:text.rindex(");")])


def chunk(root: Path, kind: str, n: int, per_folder: int) -> Path:
    return root / "data" / kind / str(n // per_folder) / f"{n}.js"


root = Path(sys.argv[1])
summary = payload(root / "data/report.js", "paaReport(")
per_folder = summary["folder_files"]
count = summary["keys"]["count"]
last_page = (count - 1) // summary["keys"]["per_page"]
last = payload(chunk(root, "keys", last_page, per_folder), f'paaData("keys",{last_page},')[-1]
# A question from the middle of the list: its words find it among few others.
q_pages = summary["questions"]["pages"]
middle = q_pages // 2
question = payload(chunk(root, "questions", middle, per_folder), f'paaData("questions",{middle},')[0][0]
print(json.dumps({
    "keys": count,
    "last_key": {"q": last[0], "hl": last[1], "gl": last[2], "city": last[3]},
    "search": {"words": question, "question": question, "matches": None},
}))
