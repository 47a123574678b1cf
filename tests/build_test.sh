#!/bin/sh
# The build itself, in a fresh build folder (unoptimised, to be quick): building a test binary
# keeps its intermediate objects (make prints no `rm` after the work, which would otherwise come
# after `make test`'s count), a second make has nothing to do, and a missing object is remade.
. "$(dirname "$0")/check.sh"
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
target=$work/build/tests/test_reader
build() { make -C "$here" --no-print-directory SANITIZE= OPT=-O0 BUILD="$work/build" "$@"; }
build "$target" > "$work/first.txt" 2>&1
check "a test binary builds in a fresh folder" test -x "$target"
check "its object is kept" test -f "$work/build/tests/test_reader.o"
check "make removes no intermediate file" sh -c "! grep -q '^rm ' '$work/first.txt'"
check "the embedded page's source is kept" test -f "$work/build/play/web_assets.c"
build -q "$target"
check "a second make has nothing to do" [ $? -eq 0 ]
build "$target" > "$work/second.txt" 2>&1
check "and compiles nothing" sh -c "! grep -q -- ' -c ' '$work/second.txt'"
rm -f "$work/build/engine/board.o"
build "$target" > /dev/null 2>&1
check "a missing library object is made again" test -f "$work/build/engine/board.o"
[ "$failed" -eq 0 ] || tail -n 5 "$work/first.txt"
echo "$passed passed, $failed failed"
