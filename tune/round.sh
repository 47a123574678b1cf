# round.sh: a round of self-play games, the data every learned file is fitted to. Sourced by
# make_tune.sh (the evaluation's weights) and make_order.sh (the move order's tables).
#
# For each rule family: balanced-enough random openings (wuzi-tournament genopenings, fixed
# seeds), then one game of the current build from each, every move limited by nodes (not time),
# one thread: the same build plays the same games on any machine. A family's games stay in
# TUNE_DIR beside a stamp of what made them (the settings and the programs' checksums) and are
# played again only when that changes, so make tune and make order fit the same games.
# Settings (environment): TUNE_DIR (build/tune-games), TUNE_GAMES (freestyle games, 2000; renju
# as many, caro a sixth), TUNE_NODES (nodes a move, 40000), TUNE_SIZE (the board's side, 15;
# another size names its files FAMILYSIZE-…, freestyle20-0), TUNE_CONCURRENCY (2), TUNE_FAMILIES
# (which families to play and fit: "freestyle renju caro"; a family left out keeps the build's
# tables); the programs: TUNE_BRAIN, TUNE_RUNNER (the ones make built); TUNE_CHUNK (games a file:
# unset, a family's games are one file; set, they are played and kept in files of that many,
# chunk i from the openings of seed + 1000 i, so that a round with more games keeps the chunks a
# smaller one played: a long round is played in batches by raising TUNE_GAMES); TUNE_OPENINGS
# (more genopenings settings for every family's openings, e.g. 'offcentre=100 reach=7' for
# openings anywhere on the board, by the edges too; none by default).
dir=${TUNE_DIR:-build/tune-games}
chunk=${TUNE_CHUNK:-}
games=${TUNE_GAMES:-2000}
nodes=${TUNE_NODES:-40000}
board=${TUNE_SIZE:-15}
concurrency=${TUNE_CONCURRENCY:-2}
opening_settings=${TUNE_OPENINGS:-}
families=${TUNE_FAMILIES:-freestyle renju caro}
brain=${TUNE_BRAIN:-$PWD/pbrain-wuzi}
runner=${TUNE_RUNNER:-./wuzi-tournament}
started=$(date +%s)

# family_settings FAMILY: its rule, games, openings' seed, and the depth and margin its openings
# are kept by; fails for a family the round does not know. Freestyle openings are balanced by a
# deeper search: from rougher ones black won 63 % of the games (docs/experiments.md).
family_settings() {
    case $1 in
    freestyle) echo "0 $games 101 6 100" ;;
    renju) echo "4 $games 202 2 300" ;;
    caro) echo "8 $((games / 6)) 303 2 300" ;;
    *) return 1 ;;
    esac
}

# What made a file of games (SETTINGS: the family's, or a chunk's): a different stamp means
# they must be played again.
stamp_of() {
    echo "$1 nodes=$nodes brain=$(cksum <"$brain") runner=$(cksum <"$runner")"
}

# self_play NAME RULE GAMES SEED DEPTH MARGIN: GAMES games into NAME.pgn, one for each opening
# (kept when a DEPTH-ply search scores it within MARGIN). Not both colours: the same build at a
# node limit plays the same game with the colours swapped. Beside the games, NAME.stamp (what
# made them) and NAME.commit (the commit whose build played them).
self_play() {
    name=$1 rule=$2 count=$3 seed=$4 depth=$5 margin=$6
    openings="$dir/openings-$name.txt"
    stamp=$(stamp_of "$rule $count $seed $depth $margin${opening_settings:+ $opening_settings}")
    if [ -f "$dir/$name.pgn" ] && [ "$(cat "$dir/$name.stamp" 2>/dev/null)" = "$stamp" ]; then
        echo "tune: $count $name games kept from $dir"
        return
    fi
    rm -f "$dir/$name.pgn" "$dir/$name.stamp" "$dir/$name.commit"
    # shellcheck disable=SC2086  # TUNE_OPENINGS is a list of settings
    "$runner" genopenings rule="$rule" size="$board" count="$count" seed="$seed" stones=4-6 \
        depth="$depth" margin="$margin" $opening_settings out="$openings" >/dev/null 2>&1
    "$runner" -engine name=a cmd="$brain" -engine name=b cmd="$brain" \
        -each tc=0/60 option.max_node="$nodes" option.thread_num=1 -games "$count" \
        -concurrency "$concurrency" -openings file="$openings" order=sequential -boardsize "$board" \
        -rule "$rule" -pgn "$dir/$name.pgn" >"$dir/$name.out" 2>&1
    echo "$stamp" >"$dir/$name.stamp"
    round_commit >"$dir/$name.commit"
    echo "tune: $count $name games in $(($(date +%s) - started)) s"
}

# family_play FAMILY RULE GAMES SEED DEPTH MARGIN: the family's games, in one file or (with
# TUNE_CHUNK) in chunks; adds their files to `records`.
family_play() {
    # not self_play's names: sh has one set of variables
    family_games=$3 family_seed=$4 family_name=$1
    [ "$board" = 15 ] || family_name=$1$board
    if [ -z "$chunk" ]; then
        shift
        self_play "$family_name" "$@"
        records="$records $dir/$family_name.pgn"
        return
    fi
    index=0
    while [ $((index * chunk)) -lt "$family_games" ]; do
        size=$((family_games - index * chunk))
        [ "$size" -le "$chunk" ] || size=$chunk
        self_play "$family_name-$index" "$2" "$size" $((family_seed + 1000 * index)) "$5" "$6"
        records="$records $dir/$family_name-$index.pgn"
        index=$((index + 1))
    done
}

# round_play: every family's games (checked before any is played: a typo must not cost a
# round); sets `records` to their files.
round_play() {
    for family in $families; do
        family_settings "$family" >/dev/null || {
            echo "tune: unknown family $family (freestyle, renju or caro)" >&2
            exit 2
        }
    done
    mkdir -p "$dir"
    records=""
    for family in $families; do
        # shellcheck disable=SC2046  # the settings are words
        family_play "$family" $(family_settings "$family")
    done
}

# The commit that played the games, in a form that does not depend on tags or on how many
# objects the repository holds.
round_commit() {
    commit=$(git rev-parse --short=12 HEAD 2>/dev/null) || {
        echo 'this build'
        return
    }
    [ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] || commit="$commit-dirty"
    echo "$commit"
}

# extra_note FILES: TUNE_EXTRA as the header names it (more data than the round's own games).
extra_note() {
    [ -z "$1" ] || echo " TUNE_EXTRA='$1'"
}

# round_note COMMAND SCRIPT: the header line that names the command, its settings and the
# build that played the games. TUNE_FAMILIES is named only when not all three.
round_note() {
    case $families in
    "freestyle renju caro") which="" ;;
    *) which="TUNE_FAMILIES='$families' " ;;
    esac
    [ -z "$chunk" ] || which="${which}TUNE_CHUNK=$chunk "
    [ "$board" = 15 ] || which="${which}TUNE_SIZE=$board "
    [ -z "$opening_settings" ] || which="${which}TUNE_OPENINGS='$opening_settings' "
    players=$(round_players)
    [ -z "$players" ] || players=", games played by $players"
    echo "made by $1 ($2): ${which}TUNE_GAMES=$games TUNE_NODES=$nodes${3:-}$players"
}

# The commits that played the round's games (`records`), as each file's .commit says (this
# checkout's for files played before those were kept).
round_players() {
    for record in $records; do
        cat "${record%.pgn}.commit" 2>/dev/null || round_commit
    done | sort -u | tr '\n' ' ' | sed 's/ $//'
}
