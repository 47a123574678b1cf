#!/bin/sh
# make install into a temporary PREFIX, then the installed wuzi-play run from elsewhere, found on
# PATH as a user would run it: it finds the installed pbrain-wuzi and the installed openings
# (nothing of the checkout is on its way). Needs WUZI_PLAYER (the build whose programs are installed).
. "$(dirname "$0")/check.sh"
has() { grep -q -- "$2" "$1"; }
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
make -C "$here" --no-print-directory install PREFIX="$prefix" > "$work/install.txt" 2>&1
check "make install succeeds" [ $? -eq 0 ]
for program in pbrain-wuzi wuzi-tournament wuzi-tune wuzi-play; do
    check "$program is installed" test -x "$prefix/bin/$program"
done
check "the openings are installed" test -f "$prefix/share/wuzi/openings/freestyle-15.txt"
cd "$work" || exit 1
# a balanced opening from the installed files; the installed brain (n1) answers as white
printf 'quit\n' | PATH="$prefix/bin:/usr/bin:/bin" wuzi-play --opening --level n1 --seed 3 > "$work/opening.txt" 2>&1
check "the installed wuzi-play starts from an installed opening" has "$work/opening.txt" "move [3-9] was "
check "and finds no fault" sh -c "! grep -q 'not found' '$work/opening.txt'"
printf 'quit\n' | PATH="$prefix/bin:/usr/bin:/bin" wuzi-play --level n1 --you white > "$work/brain.txt" 2>&1
check "the installed wuzi-play seats the installed pbrain-wuzi" has "$work/brain.txt" "move 1 was "
make -C "$here" --no-print-directory uninstall PREFIX="$prefix" > /dev/null 2>&1
check "make uninstall removes them" test ! -e "$prefix/bin/wuzi-play" -a ! -e "$prefix/share/wuzi"
[ "$failed" -eq 0 ] || { tail -n 5 "$work/install.txt"; tail -n 5 "$work/opening.txt"; }
echo "$passed passed, $failed failed"
