#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 35: the program a family runs holds none of the benchmark's code. Reads the symbols
# (nm, nm -D) and the strings of PROGRAM and fails on any name, message or environment
# variable of tests/bench/lp-bench-mode.c; CONTROL (landpartie-bench) must hold every one of
# them, so that a pattern that can no longer match is noticed instead of passing for ever.
# Usage: no-bench-in-landpartie.py PROGRAM CONTROL
import re, subprocess, sys

# What only the benchmark says: its entry point and functions, its environment variables,
# its object data key, the class names of the empty page, and its messages.
PATTERNS = {
    "the entry point lp_bench_mode_start": r"\blp_bench_mode_start\b",
    "an environment variable LANDPARTIE_BENCH_*": r"LANDPARTIE_BENCH_\w+",
    "the line prefix LANDPARTIE_BENCH": r"LANDPARTIE_BENCH ",
    "the data key lp-bench-*": r"\blp-bench-[a-z-]+",
    "the empty page's classes bench-empty-*": r"\bbench-empty-[ab]\b",
    "a message 'bench: …'": r"\bbench: ",
    "the old start-up switch LANDPARTIE_QUIT_AFTER_FIRST_FRAME": None,
}
OLD_SWITCH = r"LANDPARTIE_QUIT_AFTER_FIRST_FRAME"


def text_of(program):
    """Everything a reader of the file finds: static and dynamic symbols, and its strings."""
    parts = []
    for cmd in (["nm", "--defined-only", program], ["nm", "-D", "--defined-only", program],
                ["strings", "-a", "-n", "4", program]):
        out = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
        # A stripped program has no symbol table: nm says so and exits 1; that is no finding.
        if out.returncode != 0 and "no symbols" not in out.stderr:
            sys.exit(f"no-bench-in-landpartie: {' '.join(cmd)} failed: {out.stderr.strip()}")
        parts.append(out.stdout)
    return "\n".join(parts)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: no-bench-in-landpartie.py PROGRAM CONTROL")
    program, control = sys.argv[1:]
    found_in_program = text_of(program)
    found_in_control = text_of(control)
    status = 0
    for what, pattern in PATTERNS.items():
        if pattern is None:
            # Gone from both: the bench's start-up mode is LANDPARTIE_BENCH_FIRST_FRAME now.
            pattern = OLD_SWITCH
        elif not re.search(pattern, found_in_control):
            print(f"not ok: {control} lacks {what}: the check can no longer see it")
            status = 1
        hits = sorted(set(m.group(0) for m in re.finditer(pattern, found_in_program)))
        if hits:
            print(f"not ok: {program} holds {what}: {', '.join(hits)}")
            status = 1
    if status == 0:
        print(f"ok: {program} holds no benchmark symbol, string or variable name "
              f"({len(PATTERNS)} patterns; {control} holds the benchmark's own)")
    return status


sys.exit(main())
