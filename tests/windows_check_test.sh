#!/bin/sh
# The Windows check's own test: with a stand-in for wine (tests/tools/fake_wine.sh) and files
# that carry only a PE header, it must skip a 32-bit .exe when wine cannot run 32-bit programs,
# run it when wine can, and fail an .exe that answers differently or not at all.
# usage: tests/windows_check_test.sh (WUZI_BRAIN: the Linux brain; default ./pbrain-wuzi)
cd "$(dirname "$0")/.." || exit 1
brain=${WUZI_BRAIN:-$PWD/pbrain-wuzi}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() {   # check NAME CONDITION...: one assertion
    name=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
    else
        echo "FAIL: $name"
        sed 's/^/    /' "$work/out"
        failed=$((failed + 1))
    fi
}

# An "executable" with only what the check reads: the DOS header's pointer at offset 60 to
# "PE\0\0", then the machine field (little-endian).
pe_file() {   # pe_file PATH MACHINE_LOW_BYTE MACHINE_HIGH_BYTE (octal escapes)
    { printf 'MZ'; head -c 58 /dev/zero; printf '\100\000\000\000PE\000\000'"$2$3"; } >"$1"
}
pe_file "$work/wuzi32.exe" '\114' '\001'    # 0x014c: i386
pe_file "$work/wuzi64.exe" '\144' '\206'    # 0x8664: x86-64

# run_check EXE [VAR=VALUE...]: the check over two quick sessions, output to $work/out.
run_check() {
    exe=$1
    shift
    : >"$work/runs"
    env WINE="$PWD/tests/tools/fake_wine.sh" WINEPREFIX="$work/prefix" FAKE_WINE_BRAIN="$brain" \
        FAKE_WINE_LOG="$work/runs" SESSIONS="manager greedy" "$@" \
        sh tests/windows_check.sh "$brain" "$exe" >"$work/out" 2>&1
}
has() { grep -q "$1" "$work/out"; }
ran() { grep -q "$1" "$work/runs"; }
not() { ! "$@"; }

run_check "$work/wuzi32.exe" FAKE_WINE_32=0
status=$?
check "a 32-bit .exe without 32-bit wine is skipped, passing" [ $status -eq 0 ]
check "the skip says why" has "SKIP: wuzi32.exe: this wine cannot start 32-bit programs"
check "a skipped .exe is not started" not ran wuzi32.exe

run_check "$work/wuzi32.exe" FAKE_WINE_32=1
status=$?
check "a 32-bit .exe with 32-bit wine is run and passes" [ $status -eq 0 ]
check "both sessions compared" has "2 passed, 0 failed"
check "the 32-bit .exe was started" ran wuzi32.exe

run_check "$work/wuzi32.exe" FAKE_WINE_32=1 FAKE_WINE_BRAIN=true
status=$?
check "a 32-bit .exe that prints nothing fails when wine can run it" [ $status -ne 0 ]
check "silence is not taken for a skip" not has SKIP

run_check "$work/wuzi64.exe" FAKE_WINE_SED='s/^OK$/OKAY/'
status=$?
check "an .exe whose answers differ fails" [ $status -ne 0 ]
check "the difference is shown" has "replies differ from the Linux build's"

run_check "$work/wuzi64.exe"
status=$?
check "a 64-bit .exe that answers as the Linux build passes" [ $status -eq 0 ]

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
