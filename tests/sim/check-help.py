#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""landpartie-sim's --help and its manual page say the same, and say all of it (issue 34):
--help prints src/sim/usage.txt byte for byte; the page has the same description, options
and exit codes; every option of the sim's option table is documented and nothing else is;
the exit codes the sim really gives are the documented ones.

    check-help.py SIM USAGE.TXT PAGE.6 MAIN.C [MORE.C…]

MAIN.C and MORE.C hold the sim's option tables (src/sim/main.c, src/sim/sim-net.c).
"""
import os
import re
import subprocess
import sys
import tempfile

sim, usage_path, page_path = sys.argv[1:4]
source_paths = sys.argv[4:]
n = 0
failed = False


def check(ok, what, detail=''):
    global n, failed
    n += 1
    print(('ok %d - %s' if ok else 'not ok %d - %s') % (n, what), flush=True)
    if not ok:
        failed = True
        for line in str(detail).splitlines():
            print('# ' + line)


def run(*args):
    return subprocess.run([sim, *args], capture_output=True, text=True)


def help_sections(text):
    """{heading: [(term, description)]} of the help text's entry sections, and its prose."""
    sections, prose, heading = {}, [], None
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if not line.strip())
    for line in lines[start:]:
        if not line.strip():
            continue
        if not line.startswith(' ') and line.endswith(':'):
            heading = line[:-1].upper()
            sections[heading] = []
        elif heading is None:
            prose.append(line.strip())
        elif re.match(r'  \S.*?  +\S', line) and not line.startswith('   '):
            term, desc = re.match(r'  (\S.*?)  +(\S.*)$', line).groups()
            sections[heading].append([term, desc])
        else:
            sections[heading][-1][1] += ' ' + line.strip()
    return sections, ' '.join(prose)


def unroff(s):
    s = re.sub(r'\\f[BIRP]', '', s)
    return s.replace('\\-', '-').replace('\\e', '\\').replace('\\&', '')


def page_sections(text):
    sections, heading, lines = {}, None, text.splitlines()
    prose = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith('.SH '):
            heading = unroff(line[4:]).strip('"')
            sections.setdefault(heading, [])
        elif line == '.TP':
            sections[heading].append([unroff(lines[i + 1]), unroff(lines[i + 2])])
            i += 2
        elif heading == 'DESCRIPTION' and not line.startswith('.'):
            prose.append(unroff(line))
        i += 1
    return sections, ' '.join(prose)


print('TAP version 13')
with open(usage_path, encoding='utf-8') as f:
    usage = f.read()
with open(page_path, encoding='utf-8') as f:
    page = f.read()
main_c = ''
for path in source_paths:
    with open(path, encoding='utf-8') as f:
        main_c += f.read()

for flag in ('--help', '-h'):
    r = run(flag)
    check(r.returncode == 0 and r.stdout == usage and r.stderr == '',
          'landpartie-sim %s prints src/sim/usage.txt and exits with 0' % flag,
          'status %d, stderr %r' % (r.returncode, r.stderr))

help_secs, help_prose = help_sections(usage)
page_secs, page_prose = page_sections(page)
check(' '.join(help_prose.split()) == ' '.join(page_prose.split()),
      'the page\'s DESCRIPTION is the help\'s text', '%r\n%r' % (help_prose, page_prose))
for heading in ('OPTIONS', 'EXIT STATUS'):
    want = [(t, ' '.join(d.split())) for t, d in help_secs.get(heading, [])]
    got = [(t, ' '.join(d.split())) for t, d in page_secs.get(heading, [])]
    check(want and want == got, 'the page\'s %s are the help\'s' % heading,
          'help: %r\npage: %r' % (want, got))

documented = set()
for term, _ in help_secs.get('OPTIONS', []):
    documented.update(w.rstrip(',') for w in term.split() if w.startswith('--'))
# The option table of main.c: {"players", 0, 0, G_OPTION_ARG_CALLBACK, ...}.
table = {'--' + name for name in re.findall(r'\{"([a-z][a-z-]*)", *0, *[^,]+, *G_OPTION_ARG_',
                                            main_c)}
check(table and table | {'--help'} == documented,
      'every option of the sim\'s option table is documented, and only those',
      'table: %s\ndocumented: %s' % (sorted(table), sorted(documented)))

documented_codes = {int(t) for t, _ in help_secs.get('EXIT STATUS', []) if t.isdigit()}
with tempfile.TemporaryDirectory() as tmp:
    observed = {}
    observed[0] = run('minden', '--players', '2', '--seed', '1')
    observed[1] = run('minden', '--players', '2', '--seed', '1',
                      '--log', os.path.join(tmp, 'no-such-folder', 'log.jsonl'))
    observed[2] = run('minden', '--players', '2', '--seed', '1', '--no-such-option')
    # 3 and 4: a joiner refused by a host, and one whose host never answers.
    env = dict(os.environ, XDG_STATE_HOME=tmp)
    host = subprocess.Popen([sim, 'host', 'minden', '--players', '2', '--levels',
                             'remote,easy', '--seed', '1', '--port', '0', '--code', '111111'],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=env)
    port = None
    for line in host.stderr:
        m = re.search(r'on port (\d+)', line)
        if m:
            port = m.group(1)
            break
    observed[3] = subprocess.run([sim, 'join', 'ws://127.0.0.1:%s/ws' % port, '--code',
                                  '222222', '--level', 'easy'], capture_output=True,
                                 text=True, env=env, timeout=60)
    host.kill()
    host.wait()
    observed[4] = subprocess.run([sim, 'join', 'ws://127.0.0.1:%s/ws' % port, '--code',
                                  '111111', '--level', 'easy', '--patience', '1'],
                                 capture_output=True, text=True, env=env, timeout=60)
for code, r in observed.items():
    check(r.returncode == code and code in documented_codes,
          'exit status %d happens and is documented' % code,
          'got %d; documented %s; stderr %r' % (r.returncode, sorted(documented_codes),
                                               r.stderr))
check(observed[2].stderr.endswith('\n\n' + usage),
      'a usage error prints the problem, then the help text, on stderr', observed[2].stderr)
check(documented_codes == set(observed), 'no exit status is documented that never happens',
      sorted(documented_codes))

print('1..%d' % n)
sys.exit(1 if failed else 0)
