#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Translations are complete: POTFILES.in lists every file with strings, every string of the
# sources is in each language's .po, and no entry is untranslated or fuzzy.
set -uo pipefail
src=$1
cd "$src"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "TAP version 13"
n=0 failed=0
check() {
    n=$((n + 1))
    if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=1; fi
}
build-aux/list-potfiles > "$tmp/POTFILES"
diff -u po/POTFILES.in "$tmp/POTFILES" >&2
check $? "po/POTFILES.in lists every file with translatable strings"
sed "s|^|$src/|" "$tmp/POTFILES" > "$tmp/files"
xgettext --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
    --keyword=g_dngettext:2,3 --keyword=ngettext:1,2 --files-from="$tmp/files" \
    -o "$tmp/landpartie.pot" 2>"$tmp/xgettext.log"
status=$?
cat "$tmp/xgettext.log" >&2
# Warnings are fatal (issue 13): a warning is a string translators get wrong.
if grep -qi "warning" "$tmp/xgettext.log"; then status=1; fi
check $status "xgettext reads every listed file without a warning"
for lang in $(cat po/LINGUAS); do
    msgfmt --check -o /dev/null "po/$lang.po"
    check $? "po/$lang.po passes msgfmt --check"
    stats=$(msgfmt --statistics -o /dev/null "po/$lang.po" 2>&1)
    case $stats in *untranslated*|*fuzzy*) r=1 ;; *) r=0 ;; esac
    check $r "po/$lang.po has no untranslated or fuzzy entry ($stats)"
    msgcmp "po/$lang.po" "$tmp/landpartie.pot" >&2
    check $? "po/$lang.po has every string of the current sources"
done
echo "1..$n"
exit $failed
