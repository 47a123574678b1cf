# Wuzi: `make` builds pbrain-wuzi, wuzi-tournament, wuzi-tune and wuzi-play; `make test` runs every test.
# CC=clang make works too; SANITIZE=1 adds -fsanitize=address,undefined.

CC ?= cc
OPT ?= -O3
CFLAGS_BASE = -std=c17 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -pthread -g $(OPT)
ifeq ($(SANITIZE),1)
CFLAGS_BASE += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
BUILD ?= build/sanitize
else ifeq ($(SANITIZE),thread)
CFLAGS_BASE += -fsanitize=thread -fno-omit-frame-pointer
BUILD ?= build/tsan
else
BUILD ?= build
endif
ALL_CFLAGS = $(CFLAGS_BASE) $(CFLAGS)
LDLIBS = -pthread -lm

# Two libraries and four programs. engine/ (libwuzi.a) knows the game; match/ (libmatch.a) plays
# one game between brains: what the runner, the play board, the tuner and the tactics tool share.
# Each program links engine, match and its own folder, never another program's objects, and
# sees only those folders' headers. The tests may link any module.
ENGINE_SRC = $(wildcard engine/*.c)
MATCH_SRC = $(wildcard match/*.c)
PROTOCOL_SRC = $(wildcard protocol/*.c)
TOURNAMENT_SRC = $(wildcard tournament/*.c)
TUNE_SRC = $(wildcard tune/*.c)
PLAY_SRC = $(wildcard play/*.c)
WEB_FILES = $(wildcard play/web/*.html play/web/*.css play/web/*.js)
TEST_SRC = $(wildcard tests/test_*.c)
TEST_HELPERS = $(filter-out $(TEST_SRC), $(wildcard tests/*.c))

ENGINE_OBJ = $(ENGINE_SRC:%.c=$(BUILD)/%.o)
MATCH_OBJ = $(MATCH_SRC:%.c=$(BUILD)/%.o)
PROTOCOL_OBJ = $(PROTOCOL_SRC:%.c=$(BUILD)/%.o)
PBRAIN_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(wildcard pbrain/*.c))
TOURNAMENT_OBJ = $(TOURNAMENT_SRC:%.c=$(BUILD)/%.o)
TOURNAMENT_LIB_OBJ = $(filter-out $(BUILD)/tournament/main.o, $(TOURNAMENT_OBJ))
TUNE_OBJ = $(TUNE_SRC:%.c=$(BUILD)/%.o)
TUNE_LIB_OBJ = $(filter-out $(BUILD)/tune/main.o, $(TUNE_OBJ))
# The page's files become C arrays (play/tools/embed_web), compiled in like any source.
PLAY_OBJ = $(PLAY_SRC:%.c=$(BUILD)/%.o) $(BUILD)/play/web_assets.o
PLAY_LIB_OBJ = $(filter-out $(BUILD)/play/main.o, $(PLAY_OBJ))
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)
TEST_HELPER_OBJ = $(TEST_HELPERS:%.c=$(BUILD)/%.o)
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_TOOLS = $(wildcard tests/tools/*.c)
TEST_TOOL_OBJ = $(TEST_TOOLS:%.c=$(BUILD)/%.o)
TEST_TOOL_BIN = $(TEST_TOOLS:tests/tools/%.c=$(BUILD)/tests/tools/%)

# The headers each folder may include.
$(ENGINE_OBJ): INCLUDES = -Iengine
$(MATCH_OBJ): INCLUDES = -Iengine -Imatch
$(PROTOCOL_OBJ) $(PBRAIN_OBJ): INCLUDES = -Iengine -Iprotocol
$(TOURNAMENT_OBJ): INCLUDES = -Iengine -Imatch -Itournament
$(TUNE_OBJ): INCLUDES = -Iengine -Imatch -Itune
$(PLAY_OBJ): INCLUDES = -Iengine -Imatch -Iplay
$(TEST_OBJ) $(TEST_HELPER_OBJ) $(TEST_TOOL_OBJ): INCLUDES = -Iengine -Imatch -Iprotocol -Itournament -Itune -Iplay -Itests

ifneq ($(SANITIZE),)
BRAIN = $(BUILD)/pbrain-wuzi
RUNNER = $(BUILD)/wuzi-tournament
TUNER = $(BUILD)/wuzi-tune
PLAYER = $(BUILD)/wuzi-play
else
BRAIN = pbrain-wuzi
RUNNER = wuzi-tournament
TUNER = wuzi-tune
PLAYER = wuzi-play
endif

.PHONY: all test test-threads test-cluster clean demo bench openings tune order train install uninstall
all: $(BRAIN) $(RUNNER) $(TUNER) $(PLAYER)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(INCLUDES) -MMD -MP -c $< -o $@

$(BUILD)/libwuzi.a: $(ENGINE_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libmatch.a: $(MATCH_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BRAIN): $(PBRAIN_OBJ) $(PROTOCOL_OBJ) $(BUILD)/libwuzi.a
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

$(RUNNER): $(TOURNAMENT_OBJ) $(BUILD)/libmatch.a $(BUILD)/libwuzi.a
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

$(TUNER): $(TUNE_OBJ) $(BUILD)/libmatch.a $(BUILD)/libwuzi.a
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/play/tools/embed_web: play/tools/embed_web.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $< -o $@

$(BUILD)/play/web_assets.c: $(WEB_FILES) $(BUILD)/play/tools/embed_web
	$(BUILD)/play/tools/embed_web $@ $(WEB_FILES)

$(BUILD)/play/web_assets.o: $(BUILD)/play/web_assets.c
	$(CC) $(ALL_CFLAGS) $(INCLUDES) -c $< -o $@

$(PLAYER): $(PLAY_OBJ) $(BUILD)/libmatch.a $(BUILD)/libwuzi.a
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(TEST_HELPER_OBJ) $(PROTOCOL_OBJ) $(TOURNAMENT_LIB_OBJ) $(TUNE_LIB_OBJ) $(PLAY_LIB_OBJ) $(BUILD)/libmatch.a $(BUILD)/libwuzi.a
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/tests/tools/%: $(BUILD)/tests/tools/%.o
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

# The tactics benchmark (not a test) drives the engine's threat search directly, and makes VCT
# sets from the runner's games (match/pgn_reader reads them).
$(BUILD)/tests/tools/tactics: $(BUILD)/tests/tools/tactics.o $(BUILD)/libmatch.a $(BUILD)/libwuzi.a
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

# Keep the intermediates (the test objects, the embedded page): deleting them made the next
# `make test` recompile everything, and make's `rm` line came after the tests' count. Named one
# by one: a bare .SECONDARY would make every missing object count as up to date.
.SECONDARY: $(TEST_BIN:%=%.o) $(TEST_HELPER_OBJ) $(TEST_TOOL_BIN:%=%.o) $(BUILD)/play/web_assets.c

# Tests find the programs through these variables, so the sanitizer build tests its own.
test: $(BRAIN) $(RUNNER) $(TUNER) $(PLAYER) $(TEST_BIN) $(TEST_TOOL_BIN)
	@WUZI_BRAIN=$(abspath $(BRAIN)) WUZI_RUNNER=$(abspath $(RUNNER)) WUZI_PLAYER=$(abspath $(PLAYER)) \
	 WUZI_TUNER=$(abspath $(TUNER)) WUZI_TOOLS=$(abspath $(BUILD)/tests/tools) WUZI_SANITIZE=$(SANITIZE) \
	 sh tests/run.sh $(TEST_BIN) \
	 tests/windows_check_test.sh tests/match_scripts_test.sh tests/shard_merge_test.sh tests/make_tune_test.sh \
	 tests/make_train_test.sh \
	 tests/play_browser_test.sh tests/build_test.sh tests/install_test.sh

# A one-node SLURM cluster started for the test (root, slurm-wlm and munge; .ci/run installs them).
test-cluster: $(BRAIN) $(RUNNER)
	@WUZI_BRAIN=$(abspath $(BRAIN)) WUZI_RUNNER=$(abspath $(RUNNER)) sh tests/run.sh tests/slurm_test.sh

# The tests that run threads (search helpers, the brain's reader and worker, the watchdog, the
# web board's server, the terminal board's line reader) under ThreadSanitizer:
# make SANITIZE=thread test-threads
THREAD_TESTS = $(BUILD)/tests/test_search $(BUILD)/tests/test_engine $(BUILD)/tests/test_protocol \
	$(BUILD)/tests/test_analysis $(BUILD)/tests/test_play_server $(BUILD)/tests/test_play_terminal
test-threads: $(BRAIN) $(PLAYER) $(THREAD_TESTS) $(TEST_TOOL_BIN)
	@WUZI_BRAIN=$(abspath $(BRAIN)) WUZI_PLAYER=$(abspath $(PLAYER)) WUZI_TOOLS=$(abspath $(BUILD)/tests/tools) \
	 WUZI_SANITIZE=$(SANITIZE) TSAN_OPTIONS=halt_on_error=1 sh tests/run.sh $(THREAD_TESTS)

# make install [PREFIX=/usr/local] [DESTDIR=]: the four programs (the web page is built into
# wuzi-play) into PREFIX/bin, and what wuzi-play reads, the opening files, into
# PREFIX/share/wuzi/openings, where an installed wuzi-play looks for them (play/program_files.c).
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
OPENINGS_DIR = $(DESTDIR)$(PREFIX)/share/wuzi/openings
install: $(BRAIN) $(RUNNER) $(TUNER) $(PLAYER)
	install -d $(BINDIR) $(OPENINGS_DIR)
	install -m 755 $(BRAIN) $(RUNNER) $(TUNER) $(PLAYER) $(BINDIR)
	install -m 644 tournament/openings/*.txt $(OPENINGS_DIR)

uninstall:
	rm -f $(addprefix $(BINDIR)/,pbrain-wuzi wuzi-tournament wuzi-tune wuzi-play)
	rm -rf $(DESTDIR)$(PREFIX)/share/wuzi

demo: all
	./$(BRAIN) demo

bench: $(BRAIN)
	./$(BRAIN) bench

# The generated files from one round of self-play (tune/round.sh; about 52 CPU minutes, played
# once for both): the evaluation's weights, and the move order's tables (docs/tuning.md).
tune: $(BRAIN) $(RUNNER) $(TUNER)
	sh tune/make_tune.sh

order: $(BRAIN) $(RUNNER) $(TUNER)
	sh tune/make_order.sh

# The network from a round of self-play at fixed nodes, each position labelled with its game's
# result and a fixed-depth search's score (docs/tuning.md): minutes by default, the committed
# network's budget with the settings its header names.
train: $(BRAIN) $(RUNNER) $(TUNER)
	sh tune/make_train.sh

# Regenerates tournament/openings/ with Wuzi's current search (a few minutes).
openings: $(RUNNER)
	sh tournament/make_openings.sh $(RUNNER)

clean:
	rm -rf build pbrain-wuzi wuzi-tournament wuzi-tune wuzi-play

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# ---- Windows (issue 5): cross-compiled with Debian's mingw-w64, static, so only Windows' own
# DLLs are needed. The 64-bit name contains 64, as Gomocup asks. Only the brain is built: the
# tournament runner is POSIX-only. A separate make per target keeps each one's objects apart.
WIN_DIR = build/windows
WIN64_EXE = $(WIN_DIR)/pbrain-wuzi64.exe
WIN32_EXE = $(WIN_DIR)/pbrain-wuzi.exe
# Linux gives threads 8 MiB of stack; Windows gives less unless the executable asks for more.
# -s: the shipped .exe carries no debug symbols.
WIN_LDLIBS = -static -s -pthread -lm -Wl,--stack,8388608
WIN_CFLAGS = $$(CFLAGS_BASE) $$(CFLAGS)
DIST_ZIP = dist/wuzi.zip

.PHONY: windows windows64 windows32 check-windows dist
windows: windows64 windows32

windows64:
	$(MAKE) CC=x86_64-w64-mingw32-gcc SANITIZE= BUILD=$(WIN_DIR)/x86_64 BRAIN=$(WIN64_EXE) \
	 ALL_CFLAGS='$(WIN_CFLAGS)' LDLIBS="$(WIN_LDLIBS)" $(WIN64_EXE)

windows32:
	$(MAKE) CC=i686-w64-mingw32-gcc SANITIZE= BUILD=$(WIN_DIR)/i686 BRAIN=$(WIN32_EXE) \
	 ALL_CFLAGS='$(WIN_CFLAGS)' LDLIBS="$(WIN_LDLIBS)" $(WIN32_EXE)

# Runs both .exe under wine against the Linux build; skips when wine is missing.
check-windows: windows $(BRAIN)
	sh tests/windows_check.sh $(abspath $(BRAIN)) $(WIN64_EXE) $(WIN32_EXE)

# A Gomocup submission: the executables at the top of the zip, no folders.
dist: windows
	@mkdir -p $(dir $(DIST_ZIP))
	rm -f $(DIST_ZIP)
	zip -j -X $(DIST_ZIP) $(WIN64_EXE) $(WIN32_EXE)
