# Wuzi: `make` builds pbrain-wuzi and wuzi-tournament; `make test` runs every test.
# CC=clang make works too; SANITIZE=1 adds -fsanitize=address,undefined.

CC ?= cc
OPT ?= -O2
CFLAGS_BASE = -std=c17 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -pthread -g $(OPT)
ifeq ($(SANITIZE),1)
CFLAGS_BASE += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
BUILD ?= build/sanitize
else
BUILD ?= build
endif
ALL_CFLAGS = $(CFLAGS_BASE) $(CFLAGS) -Iengine -Iprotocol -Itournament -Itests
LDLIBS = -pthread -lm

ENGINE_SRC = $(wildcard engine/*.c)
PROTOCOL_SRC = $(wildcard protocol/*.c)
TOURNAMENT_SRC = $(wildcard tournament/*.c)
TEST_SRC = $(wildcard tests/test_*.c)
TEST_HELPERS = $(filter-out $(TEST_SRC), $(wildcard tests/*.c))

ENGINE_OBJ = $(ENGINE_SRC:%.c=$(BUILD)/%.o)
PROTOCOL_OBJ = $(PROTOCOL_SRC:%.c=$(BUILD)/%.o)
PBRAIN_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(wildcard pbrain/*.c))
TOURNAMENT_OBJ = $(TOURNAMENT_SRC:%.c=$(BUILD)/%.o)
TOURNAMENT_LIB_OBJ = $(filter-out $(BUILD)/tournament/main.o, $(TOURNAMENT_OBJ))
TEST_HELPER_OBJ = $(TEST_HELPERS:%.c=$(BUILD)/%.o)
TEST_BIN = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
TEST_TOOLS = $(wildcard tests/tools/*.c)
TEST_TOOL_BIN = $(TEST_TOOLS:tests/tools/%.c=$(BUILD)/tests/tools/%)

ifeq ($(SANITIZE),1)
BRAIN = $(BUILD)/pbrain-wuzi
RUNNER = $(BUILD)/wuzi-tournament
else
BRAIN = pbrain-wuzi
RUNNER = wuzi-tournament
endif

.PHONY: all test clean demo bench openings
all: $(BRAIN) $(RUNNER)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/libwuzi.a: $(ENGINE_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BRAIN): $(PBRAIN_OBJ) $(PROTOCOL_OBJ) $(BUILD)/libwuzi.a
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

$(RUNNER): $(TOURNAMENT_OBJ) $(BUILD)/libwuzi.a
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/tests/%.o $(TEST_HELPER_OBJ) $(PROTOCOL_OBJ) $(TOURNAMENT_LIB_OBJ) $(BUILD)/libwuzi.a
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

$(BUILD)/tests/tools/%: $(BUILD)/tests/tools/%.o
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

# The tactics benchmark (not a test) drives the engine's threat search directly.
$(BUILD)/tests/tools/tactics: $(BUILD)/tests/tools/tactics.o $(BUILD)/libwuzi.a
	$(CC) $(ALL_CFLAGS) $^ -o $@ $(LDLIBS)

# Tests find the programs through these variables, so the sanitizer build tests its own.
test: $(BRAIN) $(RUNNER) $(TEST_BIN) $(TEST_TOOL_BIN)
	@WUZI_BRAIN=$(abspath $(BRAIN)) WUZI_RUNNER=$(abspath $(RUNNER)) \
	 WUZI_TOOLS=$(abspath $(BUILD)/tests/tools) sh tests/run.sh $(TEST_BIN)

demo: $(BRAIN)
	./$(BRAIN) demo

bench: $(BRAIN)
	./$(BRAIN) bench

# Regenerates tournament/openings/ with Wuzi's current search (a few minutes).
openings: $(RUNNER)
	sh tournament/make_openings.sh $(RUNNER)

clean:
	rm -rf build pbrain-wuzi wuzi-tournament

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
