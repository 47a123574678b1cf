#!/bin/sh
# Runs every test binary given on the command line and adds up their closing lines.
# A binary that crashes or prints no closing line counts as one failure.
passed=0
failed=0
skipped=0
for test in "$@"; do
    name=$(basename "$test")
    out=$("$test" 2>&1)
    status=$?
    summary=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' | tail -n 1)
    printf '%s\n' "$out" | grep -E '^(FAIL|SKIP|NOTE)' | sed "s/^/[$name] /"
    if [ -z "$summary" ]; then
        echo "[$name] FAIL: exited $status without a closing line; last lines:"
        printf '%s\n' "$out" | tail -n 5 | sed "s/^/[$name]   /"
        failed=$((failed + 1))
        continue
    fi
    p=${summary%% passed*}
    f=${summary#*, }; f=${f%% failed*}
    s=0
    case $summary in *skipped) s=${summary##*failed, }; s=${s%% skipped} ;; esac
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "[$name] FAIL: exited $status"
        f=1
    fi
    echo "[$name] $summary"
    passed=$((passed + p))
    failed=$((failed + f))
    skipped=$((skipped + s))
done
if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
