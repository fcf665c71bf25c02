#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The lessons' texts (issue 33): src/app/lp-lesson-strings.c, which carries them to xgettext,
is what build-aux/lesson-strings makes of data/lessons/*.json, and every text (each step's, each
seat's name) has a German translation in po/de.po or in a po/pending-*.po not merged yet."""

import glob
import json
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def po_entries(path):
    """{msgid: msgstr} of a PO file (no plurals or contexts needed here)."""
    out, field = {}, None
    msgid = msgstr = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("msgctxt"):
                field = "ctxt"
            elif line.startswith("msgid "):
                if msgid is not None and msgstr is not None:
                    out[msgid] = msgstr
                msgid, msgstr, field = json.loads(line[6:]), None, "id"
            elif line.startswith("msgstr "):
                msgstr, field = json.loads(line[7:]), "str"
            elif line.startswith('"') and field == "id":
                msgid += json.loads(line)
            elif line.startswith('"') and field == "str":
                msgstr += json.loads(line)
    if msgid is not None and msgstr is not None:
        out[msgid] = msgstr
    return out


def main():
    failures = []
    check = subprocess.run([sys.executable, os.path.join(ROOT, "build-aux", "lesson-strings"),
                            "--check"], capture_output=True, text=True)
    if check.returncode != 0:
        failures.append(check.stderr.strip())
    german = {}
    for path in [os.path.join(ROOT, "po", "de.po")] + sorted(
            glob.glob(os.path.join(ROOT, "po", "pending-*.po"))):
        german.update({k: v for k, v in po_entries(path).items() if v})
    lessons = sorted(glob.glob(os.path.join(ROOT, "data", "lessons", "*.json")))
    if not lessons:
        failures.append("no lesson in data/lessons")
    n = 0
    for path in lessons:
        with open(path, encoding="utf-8") as f:
            lesson = json.load(f)
        texts = [p["name"] for p in lesson["deal"]["players"]] + \
                [s["text"] for s in lesson["steps"]]
        for text in texts:
            n += 1
            if text not in german:
                failures.append("%s: no German for %r" % (os.path.basename(path), text))
    for f in failures:
        print("FAIL: " + f)
    print("%d lesson texts in %d lessons checked" % (n, len(lessons)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
