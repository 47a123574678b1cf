#!/bin/sh
# A stand-in for wine, for the Windows check's own test (tests/windows_check_test.sh). An .exe is
# "run" as FAKE_WINE_BRAIN with the .exe's arguments, its output passed through the sed script
# FAKE_WINE_SED (to make answers differ) and given CR LF line ends, as the real .exe writes them.
# Wine's own 32-bit cmd.exe, the check's probe, answers only when FAKE_WINE_32=1.
case $1 in
    'C:\windows\syswow64\cmd.exe')
        if [ "${FAKE_WINE_32:-0}" = 1 ]; then
            shift 2
            printf '%s\r\n' "$*"
            exit 0
        fi
        echo "wine: failed to open \"C:\\windows\\syswow64\\cmd.exe\": c0000135" >&2
        exit 53 ;;
    cmd) exit 0 ;;
    *.exe)
        echo "$1" >>"${FAKE_WINE_LOG:-/dev/null}"
        shift
        "${FAKE_WINE_BRAIN:?}" "$@" | sed -e "${FAKE_WINE_SED:-}" -e 's/$/\r/' ;;
    *) echo "fake wine: cannot run $1" >&2; exit 1 ;;
esac
