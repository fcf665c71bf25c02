#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The Debian package agrees with the build (issue 34): debian/changelog's version and the
metainfo's newest release are meson.build's version, and debian/control's Build-Depends are
exactly what build-aux/dev installs to build (less build-essential, which Debian assumes).

    check-versions.py SOURCE-DIR MESON-VERSION
"""
import re
import sys
import xml.etree.ElementTree as ET

src, version = sys.argv[1:3]
n = 0
failed = False
# Build-Essential: packages every Debian build has; Policy 4.2 forbids listing them.
BUILD_ESSENTIAL = {'gcc', 'g++', 'libc6-dev', 'make', 'dpkg-dev', 'build-essential'}


def check(ok, what, detail=''):
    global n, failed
    n += 1
    print(('ok %d - %s' % (n, what)) if ok else ('not ok %d - %s # %s' % (n, what, detail)),
          flush=True)
    failed = failed or not ok


def read(path):
    with open(f'{src}/{path}', encoding='utf-8') as f:
        return f.read()


print('TAP version 13')
first = read('debian/changelog').splitlines()[0]
m = re.match(r'landpartie \(([^)]+)\) ', first)
check(m and m.group(1) == version, "debian/changelog's version is meson.build's " + version,
      first)

releases = ET.fromstring(read('data/io.github.landpartie.Landpartie.metainfo.xml.in'))
newest = releases.find('releases/release')
check(newest is not None and newest.get('version') == version,
      "the metainfo's newest release is meson.build's " + version,
      newest.attrib if newest is not None else 'no <release>')

control = read('debian/control')
field = re.search(r'^Build-Depends:(.*?)^(?=\S)', control, re.M | re.S).group(1)
build_depends = {re.match(r'\s*([a-z0-9.+-]+)', d).group(1)
                 for d in field.split(',') if d.strip()}
build_depends.discard('debhelper-compat')
dev = read('build-aux/dev')
build_pkgs = set(re.search(r'^build_pkgs=\(([^)]*)\)', dev, re.M).group(1).split())
check(build_depends == build_pkgs - BUILD_ESSENTIAL,
      "debian/control's Build-Depends are build-aux/dev's build_pkgs, less build-essential",
      'only in control: %s; only in build-aux/dev: %s'
      % (sorted(build_depends - build_pkgs), sorted(build_pkgs - BUILD_ESSENTIAL - build_depends)))
check('debhelper-compat (= 13)' in field, 'debhelper compatibility level 13')

print('1..%d' % n)
sys.exit(1 if failed else 0)
