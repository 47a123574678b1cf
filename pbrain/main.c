/* pbrain-wuzi: the Gomocup brain.
 *
 * The main thread reads command lines and hands them to a worker thread that runs the protocol
 * (and so every think) in order. The reader acts on two commands itself, even while a think
 * runs: END leaves at once, printing nothing more, and YXSTOP / STOP make the running think
 * answer now. END or end of input right behind commands not yet handled that print something
 * lets those finish first, answered at once, so a script piping a whole session gets every
 * reply; a think that END interrupts otherwise prints nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "demo.h"
#include "engine.h"
#include "gomocup.h"
#include "monotonic.h"
#include "output.h"
#include "platform.h"
#include "reader.h"

/* A command read this close before END, or in the same read(), came with it (a script). */
#define END_BURST_MS 2

typedef struct QueuedLine {
    char *text;        /* NULL: end of input */
    bool too_long;
    int64_t arrived_ms;    /* when it was read: the manager's clock for it started then */
    unsigned long read_number;   /* the reader's read() that completed it */
} QueuedLine;

typedef struct Brain {
    Engine *engine;
    Output output;
    Gomocup session;
    PlatformMutex lock;
    PlatformCond wake;
    QueuedLine *queue;
    size_t head, count, capacity;
    bool busy;         /* the worker is handling a line */
    bool current_replies;           /* that line prints something */
    unsigned long current_read;     /* and came in that read() */
    bool closing;      /* END or end of input seen: every think left answers at once */
    LineReader reader;
} Brain;

/* ---- the queue (callers hold the lock) ---- */

static bool queue_push(Brain *brain, QueuedLine line) {
    if (brain->count == brain->capacity) {
        const size_t capacity = brain->capacity ? 2 * brain->capacity : 64;
        QueuedLine *grown = malloc(capacity * sizeof *grown);
        if (!grown) return false;
        for (size_t i = 0; i < brain->count; i++)
            grown[i] = brain->queue[(brain->head + i) % brain->capacity];
        free(brain->queue);
        brain->queue = grown;
        brain->head = 0;
        brain->capacity = capacity;
    }
    brain->queue[(brain->head + brain->count++) % brain->capacity] = line;
    return true;
}

static QueuedLine queue_pop(Brain *brain) {
    const QueuedLine line = brain->queue[brain->head];
    brain->head = (brain->head + 1) % brain->capacity;
    brain->count--;
    return line;
}

/* A line that prints something and came in one burst with END (the same read(), or within
 * END_BURST_MS before it): a script piping a session, which wants that answer. A think already
 * under way counts only when its command came in END's own read(): its first report can come
 * within END_BURST_MS, and a manager's END then means the answer is no longer wanted. */
static bool burst_expects_reply(const Brain *brain, int64_t end_ms, unsigned long end_read) {
    if (brain->busy && brain->current_replies && brain->current_read == end_read) return true;
    for (size_t i = 0; i < brain->count; i++) {
        const QueuedLine *line = &brain->queue[(brain->head + i) % brain->capacity];
        if (line->text && !gomocup_silent(line->text) &&
            (line->read_number == end_read || line->arrived_ms >= end_ms - END_BURST_MS))
            return true;
    }
    return false;
}

static bool queue_has_stop(const Brain *brain) {
    for (size_t i = 0; i < brain->count; i++) {
        const QueuedLine *line = &brain->queue[(brain->head + i) % brain->capacity];
        if (line->text && gomocup_urgent(line->text) == URGENT_STOP) return true;
    }
    return false;
}

/* ---- the worker ---- */

/* A YXSTOP that arrived while this command waited in the queue is meant for its think. */
static void think_begin(void *context) {
    Brain *brain = context;
    platform_mutex_lock(&brain->lock);
    if (queue_has_stop(brain)) engine_stop(brain->engine);
    platform_mutex_unlock(&brain->lock);
}

static void *worker(void *context) {
    Brain *brain = context;
    for (;;) {
        platform_mutex_lock(&brain->lock);
        while (brain->count == 0) platform_cond_wait(&brain->wake, &brain->lock);
        const QueuedLine line = queue_pop(brain);
        brain->busy = true;
        brain->current_read = line.read_number;
        brain->current_replies = line.text && !gomocup_silent(line.text);
        platform_mutex_unlock(&brain->lock);

        if (!line.text) return NULL;   /* end of input: main leaves */
        GomocupStatus status = GOMOCUP_CONTINUE;
        brain->session.line_arrival_ms = line.arrived_ms;
        if (line.too_long)
            gomocup_line_too_long(&brain->session);
        else
            status = gomocup_handle(&brain->session, line.text);
        free(line.text);
        if (status == GOMOCUP_END) {
            output_close(&brain->output);
            platform_exit_now(0);
        }

        platform_mutex_lock(&brain->lock);
        brain->busy = false;
        /* A stop that came while this command ran was served by it (or had nothing to stop). */
        if (!brain->closing) engine_clear_stop(brain->engine);
        platform_mutex_unlock(&brain->lock);
    }
}

/* ---- the reader ---- */

static void enqueue(Brain *brain, const char *text, bool too_long) {
    QueuedLine line = {NULL, too_long, monotonic_ms(), brain->reader.reads};
    if (text && !(line.text = strdup(text))) return;   /* out of memory: drop the line */
    if (!queue_push(brain, line)) free(line.text);
    platform_cond_signal(&brain->wake);
}

/* END, end of input or YXSTOP/STOP, decided on the reading thread; false when the line is
 * for the worker. */
static bool take_urgent(Brain *brain, const char *line, ReadStatus status) {
    const GomocupUrgent urgent = status == READ_EOF ? URGENT_END : gomocup_urgent(line);
    if (urgent == URGENT_NONE || status == READ_TOO_LONG) return false;
    if (urgent == URGENT_STOP) {
        if (brain->busy && brain->count == 0) {
            engine_stop(brain->engine);
            return true;
        }
        return false;   /* queued: a think started for an earlier queued command will see it */
    }
    /* A script's END comes in one burst with the commands before it, which keep their answers;
     * a manager's END after a command it sent earlier means it no longer wants the answer. */
    if (status != READ_EOF && !burst_expects_reply(brain, monotonic_ms(), brain->reader.reads)) {
        output_close(&brain->output);
        platform_exit_now(0);
    }
    brain->closing = true;
    engine_stop(brain->engine);
    enqueue(brain, status == READ_EOF ? NULL : line, false);
    return true;
}

static int serve(Brain *brain) {
    reader_init(&brain->reader, STDIN_FILENO);
    PlatformThread thread;
    /* the worker runs every think: it gets a thinking thread's stack on every platform */
    if (!platform_thread_start(&thread, worker, brain, ENGINE_THREAD_STACK)) return 1;
    for (;;) {
        const char *line;
        const ReadStatus status = reader_next(&brain->reader, &line);
        if (status == READ_LINE && line[0] == '\0') continue;
        platform_mutex_lock(&brain->lock);
        if (!take_urgent(brain, line, status)) enqueue(brain, line, status == READ_TOO_LONG);
        platform_mutex_unlock(&brain->lock);
        if (status == READ_EOF) break;
    }
    platform_thread_join(thread);
    return 0;
}

/* ---- command line ---- */

static void usage(FILE *stream) {
    fprintf(stream,
            "usage: pbrain-wuzi [options]          speak the Gomocup protocol on stdin/stdout\n"
            "       pbrain-wuzi [options] demo [BLACK WHITE]   watch two levels play (default max greedy)\n"
            "       pbrain-wuzi [--eval NAME] bench [DEPTH]   search a fixed set of positions, print nodes/s\n"
            "options:\n"
            "  --level NAME    max (default), depth1..depth30, greedy, n1, n2, n3, n4, n5\n"
            "  --threads N     search threads (INFO thread_num overrides)\n"
            "  --eval NAME     net (default) or tables: the evaluation (bench too)\n"
            "  --connect K     stones in a row that win, 3 to 5 (3 plays tic-tac-toe on START 3)\n"
            "  --seed N        seed for the levels' random tie-breaks\n"
            "  --version       the name and version\n"
            "  -h, --help      this text\n");
}

typedef struct Options {
    const char *level, *eval;
    bool net;                   /* the evaluation `eval` names */
    int threads, connect;
    uint64_t seed;
    bool seeded;
    int first_argument;   /* index of a subcommand, or argc */
} Options;

static bool parse_number(const char *text, long long low, long long high, long long *value) {
    char *end;
    const long long n = strtoll(text, &end, 10);
    if (end == text || *end || n < low || n > high) return false;
    *value = n;
    return true;
}

static bool takes_value(const char *name) {
    return strcmp(name, "--level") == 0 || strcmp(name, "--threads") == 0 || strcmp(name, "--connect") == 0 ||
           strcmp(name, "--seed") == 0 || strcmp(name, "--eval") == 0;
}

/* 0: go on; otherwise the exit status (-1: done, status 0). */
static int parse_options(int argc, char **argv, Options *options) {
    *options = (Options){.level = NULL, .eval = NULL, .net = ENGINE_DEFAULT_NET, .threads = 0, .connect = 5, .seed = 1, .seeded = false};
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *name = argv[i];
        if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
            usage(stdout);
            return -1;
        }
        if (strcmp(name, "--version") == 0) {
            printf("%s %s\n", GOMOCUP_NAME, GOMOCUP_VERSION);
            return -1;
        }
        if (!takes_value(name)) {
            fprintf(stderr, "pbrain-wuzi: unknown option %s\n", name);
            usage(stderr);
            return 2;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "pbrain-wuzi: %s wants a value\n", name);
            return 2;
        }
        const char *value = argv[++i];
        long long n = 0;
        if (strcmp(name, "--level") == 0)
            options->level = value;
        else if (strcmp(name, "--eval") == 0 && engine_eval_is_net(value, &options->net))
            options->eval = value;
        else if (strcmp(name, "--threads") == 0 && parse_number(value, 1, 256, &n))
            options->threads = (int)n;
        else if (strcmp(name, "--connect") == 0 && parse_number(value, 3, 5, &n))
            options->connect = (int)n;
        else if (strcmp(name, "--seed") == 0 && parse_number(value, 0, 0x7fffffffffffffffLL, &n)) {
            options->seed = (uint64_t)n;
            options->seeded = true;
        } else {
            fprintf(stderr, "pbrain-wuzi: bad option %s %s\n", name, value);
            usage(stderr);
            return 2;
        }
    }
    options->first_argument = i;
    return 0;
}

static int run_demo(const Options *options, int argc, char **argv) {
    DemoOptions demo;
    demo_defaults(&demo);
    const int first = options->first_argument + 1;
    if (argc - first == 2) {
        demo.black = argv[first];
        demo.white = argv[first + 1];
    } else if (argc != first) {
        usage(stderr);
        return 2;
    }
    demo.connect = options->connect;
    if (options->connect < 5) demo.size = options->connect == 3 ? 3 : 9;
    demo.seed = options->seed;
    demo.pause_ms = platform_is_terminal(STDOUT_FILENO) ? 150 : 0;
    return demo_run(&demo);
}

static int run_brain(const Options *options) {
    /* On the heap: the reader's buffers and the session's BOARD block are large. */
    Brain *brain = calloc(1, sizeof *brain);
    if (!brain || !(brain->engine = engine_new())) {
        free(brain);
        return 1;
    }
    int status = 2;
    if (options->level && !engine_set_level(brain->engine, options->level)) {
        fprintf(stderr, "pbrain-wuzi: unknown level %s\n", options->level);
    } else {
        if (options->eval) engine_set_eval(brain->engine, options->eval);
        if (options->threads) engine_set_threads(brain->engine, options->threads);
        engine_set_connect(brain->engine, options->connect);
        engine_set_seed(brain->engine, options->seed);
        output_init(&brain->output, STDOUT_FILENO);
        gomocup_init(&brain->session, brain->engine, &brain->output);
        brain->session.hooks = (GomocupHooks){think_begin, NULL, brain};
        platform_mutex_init(&brain->lock);
        platform_cond_init(&brain->wake);
        status = serve(brain);
        output_destroy(&brain->output);
    }
    engine_free(brain->engine);
    free(brain->queue);
    free(brain);
    return status;
}

int main(int argc, char **argv) {
    platform_init();
    Options options;
    const int status = parse_options(argc, argv, &options);
    if (status) return status < 0 ? 0 : status;
    if (options.first_argument < argc) {
        const char *command = argv[options.first_argument];
        if (strcmp(command, "demo") == 0) return run_demo(&options, argc, argv);
        if (strcmp(command, "bench") == 0 && argc - options.first_argument <= 2) {
            long long depth = 0;
            const char *text = options.first_argument + 1 < argc ? argv[options.first_argument + 1] : "0";
            if (!parse_number(text, 0, 1000, &depth)) {
                usage(stderr);
                return 2;
            }
            return bench_run(stdout, (int)depth, options.net);
        }
        fprintf(stderr, "pbrain-wuzi: unknown command %s\n", command);
        usage(stderr);
        return 2;
    }
    return run_brain(&options);
}
