#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Translatable sentences are whole strings (issue 13). Fails when the C sources (and the
phone page's scripts, resources/web/*.js)
- build a _() argument with "+" or g_strconcat(), or g_strconcat() translated pieces;
- mark a piece of a sentence for translation: a msgid with words that starts or ends with a
  space (" and %s", "Turn: "), which a translator cannot put in the right order.
A bare separator such as ", " is no sentence and passes. Known offenders that their owners
still have to rewrite are listed in pieces-allowed.txt ("path: msgid", one a line).

    check-pieces.py SOURCE_ROOT
"""

import os
import re
import subprocess
import sys
import tempfile

root = sys.argv[1] if len(sys.argv) > 1 else "."
os.chdir(root)

KEYWORDS = r"(?:\b_|\bN_|\bC_|\bNC_|\bngettext|\bg_dngettext)"


def c_files():
    for top, suffix in (("src", ".c"), ("resources/web", ".js")):
        for base, _dirs, files in os.walk(top):
            for name in sorted(files):
                if name.endswith(suffix):
                    yield os.path.join(base, name)


def strip_comments(text):
    return re.sub(r"/\*.*?\*/|//[^\n]*", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text,
                  flags=re.S)


def call_args(text, start):
    """The text between the parenthesis at start and its partner."""
    depth, i, in_str = 0, start, False
    while i < len(text):
        c = text[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1:i]
        i += 1
    return text[start + 1:]


def without_strings(text):
    return re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|`(?:\\.|[^`\\])*`', '""', text)


problems = []
for path in c_files():
    text = strip_comments(open(path, encoding="utf-8").read())
    for m in re.finditer(KEYWORDS + r"\s*\(", text):
        args = without_strings(call_args(text, m.end() - 1))
        line = text.count("\n", 0, m.start()) + 1
        if re.search(r'""\s*\+(?!\+)|(?<!\+)\+\s*""', args):
            problems.append("%s:%d: a translated string built with +" % (path, line))
        if "g_strconcat" in args:
            problems.append("%s:%d: a translated string built with g_strconcat()" % (path, line))
        if "`" in call_args(text, m.end() - 1):
            problems.append("%s:%d: a translated template literal" % (path, line))
    for m in re.finditer(r"\bg_strconcat\s*\(", text):
        args = call_args(text, m.end() - 1)
        if re.search(KEYWORDS + r"\s*\(", args):
            line = text.count("\n", 0, m.start()) + 1
            problems.append("%s:%d: g_strconcat() of translated pieces" % (path, line))

# Pieces: msgids with words and a leading or trailing space, from xgettext itself.
allowed = set()
allowed_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pieces-allowed.txt")
if os.path.exists(allowed_path):
    for entry in open(allowed_path, encoding="utf-8"):
        if entry.strip() and not entry.startswith("#"):
            allowed.add(entry.rstrip("\n"))
with tempfile.TemporaryDirectory() as tmp:
    files = subprocess.run(["build-aux/list-potfiles"], check=True, capture_output=True,
                           text=True).stdout.split()
    files = [f for f in files if f.endswith(".c") or f.endswith(".js")]
    pot = os.path.join(tmp, "pieces.pot")
    subprocess.run(["xgettext", "--from-code=UTF-8", "--keyword=_", "--keyword=N_",
                    "--keyword=C_:1c,2", "--keyword=NC_:1c,2", "--keyword=g_dngettext:2,3",
                    "--keyword=ngettext:1,2", "--no-wrap", "-o", pot] + files, check=True)
    where = []
    for entry in open(pot, encoding="utf-8").read().split("\n\n"):
        lines = entry.splitlines()
        where = [w for l in lines if l.startswith("#: ") for w in l[3:].split()]
        for l in lines:
            m = re.match(r'^msgid(?:_plural)? "(.*)"$', l)
            if not m or m.group(1) == "":
                continue
            msgid = m.group(1)
            if re.search(r"[^\W\d_]", msgid) and (msgid[0] == " " or msgid[-1] == " "):
                for w in where:
                    key = "%s: %s" % (w.rsplit(":", 1)[0], msgid)
                    if key not in allowed:
                        problems.append("%s: a piece of a sentence: \"%s\"" % (w, msgid))

print("TAP version 13")
print("1..1")
for p in problems:
    print("# " + p)
print(("not ok" if problems else "ok") + " 1 - translatable sentences are whole strings")
sys.exit(1 if problems else 0)
