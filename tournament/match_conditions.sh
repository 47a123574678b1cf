# match_conditions.sh: sourced by sprt.sh and ladder.sh — the match conditions they share, so
# that both default to the same game clock and tolerance and say what they used.
# A game clock by default: with only a turn limit a build that thinks far too long on some
# moves would pass unseen. The tolerance is small: it absorbs pipe and scheduling latency only.
tc=10/0.2
tolerance=100
size=15
rule=0
openings=
concurrency=2
runner=./wuzi-tournament

# The options both scripts take (getopts letters c t T s R o r): true if OPT was one of them.
condition_option() {
    case $1 in
    c) concurrency=$2 ;;
    t) tc=$2 ;;
    T) tolerance=$2 ;;
    s) size=$2 ;;
    R) rule=$2 ;;
    o) openings=$2 ;;
    r) runner=$2 ;;
    *) return 1 ;;
    esac
}

# After the options: the rule's name, the default openings file, and checks. $1: script name;
# $2: a prefix whose opening file is preferred when it exists (sprt.sh: "sprt-", openings judged
# balanced by a deeper search, on which fewer game pairs split 1-1 than on the shipped files).
resolve_conditions() {
    case $rule in 0) rule_name=freestyle ;; 1) rule_name=exact-five ;; 4) rule_name=renju ;; *) rule_name=rule$rule ;; esac
    if [ -z "$openings" ] && [ -n "${2:-}" ] && [ -f "$(dirname "$0")/openings/$2$rule_name-$size.txt" ]; then
        openings=$(dirname "$0")/openings/$2$rule_name-$size.txt
    fi
    [ -n "$openings" ] || openings=$(dirname "$0")/openings/$rule_name-$size.txt
    [ -x "$runner" ] || { echo "$1: $runner not found or not executable (run make first)" >&2; exit 2; }
    [ -f "$openings" ] || { echo "$1: no opening file $openings (-o FILE)" >&2; exit 2; }
    conditions="tc=$tc (game clock/move, s), tolerance ${tolerance} ms, ${size}x$size $rule_name, openings $openings"
}
