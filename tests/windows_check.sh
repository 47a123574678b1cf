#!/bin/sh
# Windows check (`make check-windows`): runs the cross-compiled .exe under wine on core Gomocup
# sessions sent with CR LF line ends, as Piskvork sends them, and compares the replies line by
# line with the Linux build's. Most sessions are deterministic (one search thread; timeout_turn
# 0, a fixed-depth level or a reference level), so moves and search reports must agree too; two
# run two threads (winpthreads) on forced replies and an END during a think, and drop MESSAGE
# lines. The .exe writes CR LF (standard output stays in text mode, the Windows convention), so
# CRs are checked, then dropped before comparing.
# Skips, passing, when wine is not installed; a 32-bit .exe is skipped when this wine cannot
# start 32-bit programs (Debian: wine32:i386), which is asked of wine once, by starting its own
# 32-bit cmd.exe — never guessed from an .exe's silence, which is a failure like any other.
#
# usage: tests/windows_check.sh LINUX_BRAIN EXE...
# env:   WINE (the wine command), WINEPREFIX (default build/windows/wineprefix),
#        SESSIONS (the sessions to run, default all; tests/windows_check_test.sh runs a few)
set -u
cd "$(dirname "$0")/.." || exit 1
if [ $# -lt 2 ]; then
    echo "usage: $0 LINUX_BRAIN EXE..." >&2
    exit 2
fi
linux=$1
shift

if [ -z "${WINE:-}" ]; then
    for candidate in wine wine64 /usr/lib/wine/wine64 /usr/lib/wine/wine; do
        if command -v "$candidate" >/dev/null 2>&1; then
            WINE=$candidate
            break
        fi
    done
fi
if [ -z "${WINE:-}" ]; then
    echo "SKIP: windows check: wine is not installed (Debian: apt-get install wine64 wine)"
    exit 0
fi
# wine keeps a server per prefix; our private prefix's server is ours to stop at the end.
server=true
if [ -z "${WINEPREFIX:-}" ]; then
    WINEPREFIX=$PWD/build/windows/wineprefix
    server=$(command -v wineserver || command -v /usr/lib/wine/wineserver64 || echo true)
fi
WINEDEBUG=${WINEDEBUG:--all}
export WINEPREFIX WINEDEBUG

work=$(mktemp -d)
trap 'rm -rf "$work"; "$server" -k >/dev/null 2>&1' EXIT
limit=""
command -v timeout >/dev/null 2>&1 && limit="timeout 120"

failed=0
passed=0
fail() {
    echo "FAIL: $*"
    failed=$((failed + 1))
}

# ---- the sessions: options on the first line, then the commands ----

session_manager() {   # what Piskvork sends, no command-line options, a static choice per move
    cat <<'EOF'

ABOUT
INFO timeout_match 180000
INFO time_left 180000
INFO max_memory 350000000
INFO game_type 1
INFO rule 0
INFO thread_num 1
INFO timeout_turn 0
START 15
BEGIN
TURN 8,8
TURN 6,6
TAKEBACK 6,6
TURN 6,8
RESTART
BOARD
7,7,2
8,8,1
7,8,2
7,9,2
7,6,2
DONE
START 1000
FROB 1,2
TURN 99,99
RECTSTART 20,15
INFO rule 1
BOARD
DONE
YXBOARD
10,7,1
10,8,2
DONE
YXSHOWFORBID
END
EOF
}

session_depth() {   # a real search to a fixed depth, renju, one thread
    cat <<'EOF'
--level depth2 --threads 1
START 15
INFO rule 4
INFO timeout_turn 5000
BOARD
7,7,2
7,8,1
8,8,2
6,6,1
9,9,2
DONE
TURN 10,9
RESTART
BEGIN
TURN 6,7
YXBOARD
7,7,1
0,0,2
8,7,1
14,14,2
9,8,1
0,14,2
9,9,1
14,0,2
DONE
YXSHOWFORBID
BOARD
7,7,1
0,0,2
8,7,1
14,14,2
9,8,1
0,14,2
9,9,1
14,0,2
DONE
END
EOF
}

session_greedy() {   # a reference level, exactly five on the Gomocup freestyle board
    cat <<'EOF'
--level greedy --seed 7
START 20
INFO rule 1
BEGIN
TURN 11,11
TURN 9,9
TURN 12,12
TURN 8,12
SWAP2BOARD
DONE
END
EOF
}

session_threads() {   # two search threads (winpthreads); each reply is forced: block, win
    cat <<'EOF'

START 15
INFO thread_num 2
INFO timeout_turn 2000
BOARD
5,5,2
4,5,1
6,5,2
10,10,1
7,5,2
11,11,1
8,5,2
DONE
BOARD
5,9,1
0,0,2
6,9,1
14,0,2
7,9,1
0,14,2
8,9,1
14,14,2
DONE
END
EOF
}

session_stop() {   # END while a long think runs: leave at once, print nothing more
    cat <<'EOF'

START 15
INFO thread_num 2
INFO timeout_turn 60000
BOARD
7,7,2
8,8,1
6,8,2
DONE
@sleep 4
END
EOF
}

session_eof() {   # Piskvork's batch mode closes the input without END: answer, then leave
    cat <<'EOF'

INFO timeout_turn 0
START 20
TURN 10,10
EOF
}

# Sessions whose search reports depend on the threads' timing: their MESSAGE lines are dropped.
timed_sessions=" threads stop "

# feed SESSION: the session's commands with CR LF, each stretch in one write as a script pipes
# it; "@sleep N" pauses the input N seconds.
feed() {
    "session_$1" | tail -n +2 | {
        burst=""
        while IFS= read -r line; do
            case $line in
                "@sleep "*) printf '%s' "$burst"; burst=""; sleep "${line#@sleep }" ;;
                *) burst="$burst$line$(printf '\r')
" ;;
            esac
        done
        printf '%s' "$burst"
    }
}

# run PROGRAM SESSION OUT: stdout to OUT, stderr to OUT.err, seconds taken to OUT.time.
run() {
    program=$1
    session=$2
    out=$3
    options=$("session_$session" | head -n 1)
    start=$(date +%s)
    # shellcheck disable=SC2086  # the options are words
    case $program in
        *.exe) feed "$session" | $limit "$WINE" "$program" $options >"$out" 2>"$out.err" ;;
        *) feed "$session" | $limit "$program" $options >"$out" 2>"$out.err" ;;
    esac
    status=$?
    echo $(($(date +%s) - start)) >"$out.time"
    return $status
}

# Search reports (MESSAGE lines) carry the machine's speed and the time taken: masked.
normalise() {
    case $timed_sessions in
        *" $1 "*) grep -v '^MESSAGE' ;;
        *) sed -e 's/ nps [0-9][0-9]*/ nps _/' -e 's/ time [0-9][0-9]*/ time _/' ;;
    esac
}

# The machine field of the PE header, as a decimal number (od's hex output is zero-padded).
PE_I386=332     # 0x14c
pe_machine() {
    offset=$(od -An -tu4 -j60 -N4 "$1" | tr -d ' ')
    od -An -tu2 -j$((offset + 4)) -N2 "$1" | tr -d ' '
}

# wine creates its prefix on first use and says so on stderr: do that once, quietly.
"$WINE" cmd /c exit >/dev/null 2>&1 || true
# Can this wine run 32-bit programs? Its own 32-bit cmd.exe answers only where it can.
wine32=no
if "$WINE" 'C:\windows\syswow64\cmd.exe' /c echo wuzi32 2>/dev/null | grep -q wuzi32; then
    wine32=yes
fi

sessions=${SESSIONS:-manager depth greedy threads stop eof}
for session in $sessions; do
    run "$linux" "$session" "$work/linux-$session.raw"
    normalise "$session" <"$work/linux-$session.raw" >"$work/linux-$session"
    if [ ! -s "$work/linux-$session" ]; then
        fail "the Linux build printed nothing for session $session"
    fi
done
# Unheard, END would leave the stop session's think running for half its minute.
late_seconds=12
[ ! -f "$work/linux-stop.raw.time" ] || [ "$(cat "$work/linux-stop.raw.time")" -lt $late_seconds ] || fail "the Linux build took too long to leave on END"

for exe in "$@"; do
    name=$(basename "$exe")
    if [ ! -f "$exe" ]; then
        fail "$name: no such file (run make windows)"
        continue
    fi
    machine=$(pe_machine "$exe")
    if [ "${machine:-0}" -eq $PE_I386 ] && [ $wine32 = no ]; then
        echo "SKIP: $name: this wine cannot start 32-bit programs (Debian: dpkg --add-architecture i386, then apt-get install wine32:i386)"
        continue
    fi
    for session in $sessions; do
        out="$work/$name-$session"
        run "$exe" "$session" "$out"
        status=$?
        [ "$status" -eq 0 ] || fail "$name, session $session: exit status $status"
        if [ -s "$out.err" ]; then
            fail "$name, session $session: wrote to stderr:"
            head -n 5 "$out.err" | sed 's/^/    /'
        fi
        # Every line ends in CR LF, and that is the only CR.
        lines=$(awk 'END { print NR }' "$out")
        crlf=$(grep -c "$(printf '\r')\$" "$out")
        crs=$(tr -cd '\r' <"$out" | wc -c | tr -d ' ')
        if [ "$lines" -ne "$crlf" ] || [ "$crs" -ne "$lines" ]; then
            fail "$name, session $session: $lines lines, $crlf end in CR LF, $crs CRs in all"
        fi
        if [ "$session" = stop ] && [ "$(cat "$out.time")" -ge $late_seconds ]; then
            fail "$name: END heard during a think only after $(cat "$out.time") s"
        fi
        tr -d '\r' <"$out" | normalise "$session" >"$out.lf"
        if cmp -s "$work/linux-$session" "$out.lf"; then
            echo "ok: $name, session $session: $(awk 'END { print NR }' "$out.lf") lines as the Linux build's"
            passed=$((passed + 1))
        else
            fail "$name, session $session: replies differ from the Linux build's (< Linux, > Windows)"
            diff "$work/linux-$session" "$out.lf" | head -n 20 | sed 's/^/    /'
        fi
    done
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
