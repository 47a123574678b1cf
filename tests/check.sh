# shellcheck shell=sh
# check.sh: what the shell tests share, sourced first (`. "$(dirname "$0")/check.sh"`): their
# counts and one assertion; each test prints the closing line "$passed passed, $failed failed".
passed=0 failed=0
check() { # check NAME COMMAND...: one assertion
    name=$1; shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL $name"; fi
}
