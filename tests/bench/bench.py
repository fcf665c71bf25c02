#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# `build-aux/dev bench`: Landpartie against a bare GTK 4 window (tests/bench/hello) on this
# machine, as ratios, with issue 14's targets: start-up to the first frame with GL and with
# cairo, peak memory, frame times (p50/p95) of the cross drag, a resize sweep, route-row
# updates and the map hover with both renderers (and of the bare window changing one label,
# all of its pixels, or its size: the renderer's floor on this display, and whether it redraws
# only what changed; a missed frame target says when that floor explains it), resident
# memory over 50 computer-only games in the window (the median of three runs), the main loop during autosaves on a slow disk, and the simulator's table. Medians of RUNS alternating runs (app, hello, app, hello …). Writes bench.json.
# --smoke: one run of everything, no targets (the test suite runs it so the bench can't rot).
# Needs a display (build-aux/dev bench starts Xvfb).
import argparse, json, os, statistics, subprocess, sys, tempfile, time

p = argparse.ArgumentParser()
p.add_argument("--build", required=True)
p.add_argument("--runs", type=int, default=7)
p.add_argument("--smoke", action="store_true")
p.add_argument("--json", default="bench.json")
p.add_argument("--only", default="startup,frames,games,autosave,sim,history",
               help="comma-separated parts to run (default: all)")
args = p.parse_args()
build = os.path.abspath(args.build)
runs = 1 if args.smoke else max(args.runs, 7)
ONLY = set(args.only.split(","))

# LANDPARTIE_BENCH_APP / _SIM: another build's program, for a before/after table.
APP = os.environ.get("LANDPARTIE_BENCH_APP", os.path.join(build, "tests", "bench",
                                                          "landpartie-bench"))
HELLO = os.path.join(build, "tests", "bench", "hello")
SIM = os.environ.get("LANDPARTIE_BENCH_SIM", os.path.join(build, "tests", "bench", "bench-sim"))
SAVE = os.path.join(build, "tests", "bench", "bench-save")
HISTORY = os.path.join(build, "tests", "bench", "bench-history")
SIM_PROGRAM = os.environ.get("LANDPARTIE_BENCH_SIM_PROGRAM", os.path.join(build, "src", "landpartie-sim"))
SHIM = os.path.join(build, "tests", "core", "slow-fsync.so")
SAVES = os.path.join(build, "tests", "app", "lp-demo-save")

# Issue 14's targets; the benchmark judges, the test suite does not.
TARGETS = {"startup_gl": 1.3, "startup_cairo": 2.0, "frame_p95_ms": 8.0, "save_block_ms": 2.0,
           "games_rss_growth_mb": 1.0, "history_load_ms": 200}
SCENARIOS = ["cross-drag", "cross-drag-big", "resize", "route-row", "map-hover"]
GAMES = 50
GAME_RUNS = 3

failures = []


def check(name, ok):
    if not ok and not args.smoke:
        failures.append(name)
    return "" if args.smoke else ("ok" if ok else "MISSED")


def run_first_frame(cmd, gl, data_home):
    env = dict(os.environ, LANDPARTIE_BENCH_FIRST_FRAME="1", GSETTINGS_BACKEND="memory",
               XDG_DATA_HOME=data_home, NO_AT_BRIDGE="1")
    env.pop("GSK_RENDERER", None)
    env.pop("GDK_DEBUG", None)
    if not gl:
        env.update(GSK_RENDERER="cairo", GDK_DEBUG="gl-disable")
    start = time.monotonic()
    proc = subprocess.Popen([cmd], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        raise SystemExit(f"bench: {cmd} exited with status {status}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def startup(data_home):
    out = {}
    for renderer, gl in (("gl", True), ("cairo", False)):
        app, hello = [], []
        run_first_frame(APP, gl, data_home)  # warm the caches of both, uncounted
        run_first_frame(HELLO, gl, data_home)
        for _ in range(runs):
            app.append(run_first_frame(APP, gl, data_home))
            hello.append(run_first_frame(HELLO, gl, data_home))
        med = lambda rows, i: statistics.median(r[i] for r in rows)
        out[renderer] = {
            "app_ms": med(app, 0) * 1000, "hello_ms": med(hello, 0) * 1000,
            "ratio": statistics.median(a[0] / h[0] for a, h in zip(app, hello)),
            "app_cpu_ms": med(app, 1) * 1000, "hello_cpu_ms": med(hello, 1) * 1000,
            "app_rss_mb": med(app, 2), "hello_rss_mb": med(hello, 2),
            "rss_ratio": med(app, 2) / med(hello, 2),
        }
    return out


def app_env(data_home, gl, **extra):
    env = dict(os.environ, GSETTINGS_BACKEND="memory", XDG_DATA_HOME=data_home, NO_AT_BRIDGE="1",
               **extra)
    env.pop("GSK_RENDERER", None)
    env.pop("GDK_DEBUG", None)
    if not gl:
        env.update(GSK_RENDERER="cairo", GDK_DEBUG="gl-disable")
    return env


def bench_line(cmd, env, timeout):
    """The app's one "LANDPARTIE_BENCH {json}" line, or None (the app cannot run it)."""
    try:
        out = subprocess.run([cmd], env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    for line in out.stdout.splitlines():
        if line.startswith("LANDPARTIE_BENCH "):
            data = json.loads(line[len("LANDPARTIE_BENCH "):])
            return None if data.get("not_measured") else data
    return None


def frames(data_home):
    out = {}
    count = "20" if args.smoke else "180"
    for renderer, gl in (("gl", True), ("cairo", False)):
        # The yardsticks first (hello.c): the bare window with one small label changing every
        # frame, what any change costs with this renderer on this display; with its whole
        # background changing, what a full repaint costs (the two together tell whether the
        # renderer redraws only what changed); and in the app's resize sweep, what a full
        # repaint at a new size costs.
        for program, scenario in ([(HELLO, "label"), (HELLO, "repaint"), (HELLO, "resize")] +
                                  [(APP, s) for s in SCENARIOS]):
            rows = []
            for _ in range(1 if args.smoke else 3):
                env = app_env(data_home, gl, LANDPARTIE_BENCH_FRAMES=scenario,
                              LANDPARTIE_BENCH_FRAME_COUNT=count)
                row = bench_line(program, env, 120)
                if row is None:
                    break
                rows.append(row)
            key = (f"{scenario} {renderer}" if program == APP else
                   f"bare-window {renderer}" if scenario == "label" else
                   f"bare-{scenario} {renderer}")
            out[key] = None if not rows else {
                "p50_ms": statistics.median(r["p50_ms"] for r in rows),
                "p95_ms": statistics.median(r["p95_ms"] for r in rows),
                "cpu_p50_ms": statistics.median(r["cpu_p50_ms"] for r in rows),
                "cpu_p95_ms": statistics.median(r["cpu_p95_ms"] for r in rows),
                "runs": rows,
            }
    return out


def games_memory():
    """GAME_RUNS runs of the games: one run's growth is noisy (twice as much from one run to
    the next, as the computer's games and glibc's heap fall), so the figures are the run
    whose growth is the median, with every run's growth beside it."""
    n = 4 if args.smoke else GAMES
    measured = []
    for _ in range(1 if args.smoke else GAME_RUNS):
        with tempfile.TemporaryDirectory() as run_home:
            row = bench_line(APP, app_env(run_home, False, LANDPARTIE_BENCH_GAMES=str(n)),
                             1800)
        if row is None:
            return None
        measured.append(games_run(row))
    ranked = sorted(measured, key=lambda m: m["growth_mb"])
    median = dict(ranked[len(ranked) // 2])
    median["runs_growth_mb"] = [m["growth_mb"] for m in measured]
    median["runs_heap_growth_mb"] = [m["heap_growth_mb"] for m in measured]
    return median


def games_run(row):
    rss = row["rss_kb"]
    heap = row.get("heap_kb") or [0] * len(rss)
    # The first games fill caches that are meant to stay (fonts, card pictures, page
    # classes): growth is counted after two games of each kind. The growth from the first
    # game and over the second half are shown too: a cache levels off, a leak keeps climbing.
    base = min(6, len(rss)) - 1
    half = len(rss) // 2
    return {"games": row["games"], "games_finalized": row.get("games_finalized"),
            "rss_kb": rss, "heap_kb": heap, "baseline_game": base + 1,
            "start_mb": rss[base] / 1024, "end_mb": rss[-1] / 1024,
            "growth_mb": (rss[-1] - rss[base]) / 1024,
            "growth_from_first_mb": (rss[-1] - rss[0]) / 1024,
            "half_game": half + 1,
            "growth_second_half_mb": (rss[-1] - rss[half]) / 1024,
            "heap_growth_mb": (heap[-1] - heap[base]) / 1024,
            "heap_growth_second_half_mb": (heap[-1] - heap[half]) / 1024,
            "rss_anon_kb": row.get("rss_anon_kb"), "rss_file_kb": row.get("rss_file_kb"),
            "cycle_growth_mb": cycle_growth(rss),
            "by_kind": by_kind(row.get("kinds"), rss, heap)}


def by_kind(kinds, rss, heap):
    """Each kind's games alone (the kinds take turns): resident and heap from its second game
    to its last. A kind that grows by itself has a leak or a cache of its own; when none does
    and the whole still grows, the growth is in what the pages share (font and glyph caches)."""
    names = kinds.split(",") if kinds else []
    out = {}
    for k, name in enumerate(names):
        r, h = rss[k::len(names)], heap[k::len(names)]
        if len(r) >= 3:
            out[name] = {"games": len(r), "rss_growth_mb": (r[-1] - r[1]) / 1024,
                         "heap_growth_mb": (h[-1] - h[1]) / 1024}
    return out


def cycle_growth(rss):
    """Games 6 and 50 are of different kinds (the kinds take turns), and each kind's page has
    its own size at its end: the mean of the last three games (one of each kind) against
    the mean of games 4-6 compares like with like."""
    if len(rss) < 9:
        return None
    return (statistics.mean(rss[-3:]) - statistics.mean(rss[3:6])) / 1024


def print_startup(s):
    for r, key in (("gl", "startup_gl"), ("cairo", "startup_cairo")):
        x = s[r]
        print(f"start-up to first frame, {r:5}: {x['app_ms']:6.0f} ms vs bare window "
              f"{x['hello_ms']:6.0f} ms = {x['ratio']:.2f}x (target <= {TARGETS[key]}x) "
              f"{check(key, x['ratio'] <= TARGETS[key])}")
        print(f"  cpu {x['app_cpu_ms']:.0f} ms vs {x['hello_cpu_ms']:.0f} ms; peak RSS "
              f"{x['app_rss_mb']:.0f} MB vs {x['hello_rss_mb']:.0f} MB = {x['rss_ratio']:.2f}x")


def print_frames(frames_out):
    for key, x in frames_out.items():
        if x is None:
            print(f"frames {key:22}: not measured")
            continue
        line = (f"frames {key:22}: p50 {x['p50_ms']:6.1f} ms, p95 {x['p95_ms']:6.1f} ms "
                f"(cpu {x['cpu_p50_ms']:5.1f} / {x['cpu_p95_ms']:5.1f} ms)")
        scenario, renderer = key.split()
        if scenario.startswith("bare-"):
            # The yardsticks have no target: they are the floor the app's frames stand on.
            what = {"bare-window": "one label changing", "bare-repaint": "all of it changing",
                    "bare-resize": "resized"}[scenario]
            print(f"{line} (the bare window, {what}: the renderer's floor)")
            whole = (repaints_whole_window(frames_out, renderer)
                     if scenario == "bare-resize" else None)
            if whole is not None:
                print(f"  {renderer} on this display " +
                      ("repaints the whole window for any change" if whole else
                       "redraws only what changed"))
            continue
        bare = (frames_out.get(f"bare-resize {renderer}") if scenario == "resize" else
                frames_out.get(f"bare-window {renderer}"))
        floor = (f" = {x['p95_ms'] / bare['p95_ms']:.1f}x the bare window's p95"
                 if bare and bare["p95_ms"] > 0 else "")
        ok = x['p95_ms'] <= TARGETS['frame_p95_ms']
        # Why a target is missed, where the yardsticks say it: not the verdict, which stays.
        why = ""
        if not ok and not args.smoke:
            if bare and bare["p95_ms"] > TARGETS["frame_p95_ms"]:
                why = ": the bare window's own p95 is above the target"
            elif repaints_whole_window(frames_out, renderer):
                why = ": each changed frame is a full repaint of the page here"
        print(f"{line}{floor} (target p95 <= {TARGETS['frame_p95_ms']} ms) "
              f"{check('frames ' + key, ok)}{why}")


def repaints_whole_window(frames_out, renderer):
    """Whether this renderer, on this display, repaints the whole window when one label
    changes: then a label's frame costs about as much as a frame that changes every pixel
    (half of it or more), where a renderer that redraws only the damage is many times faster.
    None when a yardstick is missing."""
    label = frames_out.get(f"bare-window {renderer}")
    whole = frames_out.get(f"bare-repaint {renderer}")
    if not label or not whole or whole["p50_ms"] <= 0:
        return None
    return label["p50_ms"] >= 0.5 * whole["p50_ms"]


def print_games(m):
    print(f"resident memory over {m['games']} computer-only games: {m['start_mb']:.1f} MB "
          f"after game {m['baseline_game']}, {m['end_mb']:.1f} MB at the end: growth "
          f"{m['growth_mb']:+.2f} MB (target <= {TARGETS['games_rss_growth_mb']} MB) "
          f"{check('games_rss_growth_mb', m['growth_mb'] <= TARGETS['games_rss_growth_mb'])}")
    print(f"  resident from game 1: {m['growth_from_first_mb']:+.2f} MB; from game "
          f"{m['half_game']}: {m['growth_second_half_mb']:+.2f} MB; heap in use (mallinfo2) "
          f"from game {m['baseline_game']}: {m['heap_growth_mb']:+.2f} MB, from game "
          f"{m['half_game']}: {m['heap_growth_second_half_mb']:+.2f} MB")
    if len(m.get("runs_growth_mb", [])) > 1:
        print("  the median of %d runs; each run resident %s MB, heap %s MB" % (
            len(m["runs_growth_mb"]),
            " / ".join(f"{g:+.2f}" for g in m["runs_growth_mb"]),
            " / ".join(f"{g:+.2f}" for g in m["runs_heap_growth_mb"])))
    if m.get("cycle_growth_mb") is not None:
        print(f"  mean of the last three games (one of each kind) against games 4-6: "
              f"{m['cycle_growth_mb']:+.2f} MB")
    anon, files = m.get("rss_anon_kb"), m.get("rss_file_kb")
    if anon and files:
        b = m["baseline_game"] - 1
        print(f"  resident from game {m['baseline_game']}: anonymous "
              f"{(anon[-1] - anon[b]) / 1024:+.2f} MB, mapped files "
              f"{(files[-1] - files[b]) / 1024:+.2f} MB")
    if m.get("by_kind"):
        print("  each kind from its second game to its last: " + "; ".join(
            f"{name} resident {k['rss_growth_mb']:+.2f} MB, heap {k['heap_growth_mb']:+.2f} MB"
            for name, k in m["by_kind"].items()))
    print(f"  models finalized: {m['games_finalized']} of the {m['games'] - 1} games left "
          f"behind")


def run_tool(cmd, name, result_key, result, env=None, targets=True):
    with tempfile.NamedTemporaryFile(suffix=".json") as f:
        full = cmd + ["--json", f.name] + ([] if targets else ["--no-targets"])
        out = subprocess.run(full, env=env, capture_output=True, text=True)
        print(out.stdout.strip())
        if out.returncode != 0 and name is not None:
            check(name, False)
        result[result_key] = json.load(open(f.name))


def main():
    result = {"runs": runs, "smoke": args.smoke}
    if "startup" in ONLY:
        with tempfile.TemporaryDirectory() as data_home:
            # Three saves present, as a family that plays all three games has.
            if os.path.exists(SAVES):
                subprocess.run([SAVES, os.path.join(data_home, "landpartie"),
                                "buxtehude", "minden", "aufachse"], check=True,
                               stdout=subprocess.DEVNULL)
            result["startup"] = startup(data_home)
        print_startup(result["startup"])

    # Frame times come from the GDK frame clock in the app's test mode (tests/bench/lp-bench-mode.c in landpartie-bench,
    # LANDPARTIE_BENCH_FRAMES=<scenario>): p50/p95 of one run each, medians over the runs.
    if "frames" in ONLY:
        with tempfile.TemporaryDirectory() as data_home:
            result["frames"] = frames(data_home)
        print_frames(result["frames"])

    # Memory over many computer-only games in the real window (LANDPARTIE_BENCH_GAMES=<n>).
    if "games" in ONLY:
        m = result["games_memory"] = games_memory()
        if m is not None:
            print_games(m)

    if "autosave" in ONLY:
        env = dict(os.environ, LD_PRELOAD=SHIM, LP_SLOW_FSYNC_MS="40")
        run_tool([SAVE, "--seconds", "0.3" if args.smoke else "3"], None, "autosave", result,
                 env=env)
        check("save_block_ms",
              result["autosave"]["save_call_max_ms"] <= TARGETS["save_block_ms"])

    if "sim" in ONLY:
        run_tool([SIM, "--seconds", "0.05" if args.smoke else "1.5"], "simulator", "simulator",
                 result, targets=not args.smoke)

    # Issue 15: the statistics page opens a history of 10,000 games (made by landpartie-sim
    # --history) in under 200 ms: reading, checking every line, aggregating.
    if "history" in ONLY:
        run_tool([HISTORY, "--sim", SIM_PROGRAM, "--games", "300" if args.smoke else "10000",
                  "--runs", "1" if args.smoke else "7"], "history_load_ms", "history", result,
                 targets=not args.smoke)

    result["missed"] = failures
    with open(args.json, "w") as f:
        json.dump(result, f, indent=2)
    print(f"wrote {args.json}" + ("" if args.smoke else
                                  f"; targets missed: {', '.join(failures) or 'none'}"))
    return 1 if failures else 0


sys.exit(main())
