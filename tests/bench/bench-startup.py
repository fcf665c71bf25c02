#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Benchmark: time from start to the first painted frame of the start page, and peak memory,
# against targets. Needs a display (build-aux/dev test provides Xvfb; or xvfb-run).
import os, resource, statistics, subprocess, sys, tempfile, time

TARGET_FIRST_FRAME_S = 1.5   # cairo renderer under Xvfb, 2 cores
TARGET_MAX_RSS_MB = 200

app = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
env = dict(os.environ, LANDPARTIE_BENCH_FIRST_FRAME="1", GSK_RENDERER="cairo",
           GDK_DEBUG="gl-disable", GSETTINGS_BACKEND="memory")
times = []
with tempfile.TemporaryDirectory() as data:
    env["XDG_DATA_HOME"] = data
    for i in range(runs):
        start = time.monotonic()
        subprocess.run([app], env=env, check=True, timeout=60)
        times.append(time.monotonic() - start)
rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
first = statistics.median(times[1:] if len(times) > 1 else times)
ok_time = first <= TARGET_FIRST_FRAME_S
ok_rss = rss_mb <= TARGET_MAX_RSS_MB
print(f"start to first frame: median {first:.3f} s over {len(times)} runs "
      f"(target <= {TARGET_FIRST_FRAME_S} s) {'ok' if ok_time else 'TOO SLOW'}")
print(f"peak resident memory: {rss_mb:.0f} MB (target <= {TARGET_MAX_RSS_MB} MB) "
      f"{'ok' if ok_rss else 'TOO BIG'}")
sys.exit(0 if ok_time and ok_rss else 1)
