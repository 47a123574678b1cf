/* brain_process: one brain as a child process talking through pipes — the one module that
 * starts brains for the tournament runner, the play board, the protocol tests and the tactics
 * benchmark.
 *
 * A brain runs `/bin/sh -c CMD` in its own process group, so that stopping it also stops
 * whatever it started. Its stdin and stdout are pipes; its stderr goes to a chosen descriptor
 * (by default the log file, else /dev/null), never into the protocol. Lines are read with a
 * deadline and a cancel flag, so no wait can last for ever. Stopping sends END, gives the brain
 * a grace period to leave, then kills the whole process group and reaps the child: no zombie
 * is left behind. Times are on monotonic_ms(). */
#ifndef WUZI_BRAIN_PROCESS_H
#define WUZI_BRAIN_PROCESS_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "monotonic.h"

#define BRAIN_LINE_MAX 8192

typedef struct BrainProcess {
    char name[64];
    pid_t pid;          /* 0 while not running */
    int to_fd, from_fd; /* the brain's stdin (we write) and stdout (we read) */
    char buffer[BRAIN_LINE_MAX];
    size_t length;
    bool eof;
    bool discarding; /* skipping the rest of an overlong line */
    bool verbatim;   /* lines as sent (only the line ending cut), empty ones too: for tests */
    bool exited;     /* reaped by brain_wait_exit; brain_stop then only closes */
    int log_fd;      /* -1: no log */
    int stderr_fd;   /* -1: the log, or /dev/null without one */
    int64_t log_start_ms;
    const atomic_bool *cancel; /* set by Ctrl-C: every read gives up at once */
    int exit_status;           /* waitpid status of the last process stopped, -1 if none */
} BrainProcess;

typedef enum BrainRead { BRAIN_READ_OK, BRAIN_READ_TIMEOUT, BRAIN_READ_EOF, BRAIN_READ_CANCELLED } BrainRead;

/* A stopped brain called `name`; log_fd (or -1) receives its I/O and stderr; cancel may be NULL. */
void brain_init(BrainProcess *brain, const char *name, int log_fd, int64_t log_start_ms,
                const atomic_bool *cancel);
/* Start `command` under /bin/sh. False only if pipes or fork fail; a command that cannot be
 * executed shows up as end of output on the first read. */
bool brain_start(BrainProcess *brain, const char *command);
bool brain_running(const BrainProcess *brain);
/* Send one line (CR LF is added). False if the brain is gone or does not take input in time. */
bool brain_send(BrainProcess *brain, const char *line);
bool brain_sendf(BrainProcess *brain, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* Send bytes exactly as given (mixed line endings, partial or overlong lines). */
bool brain_send_raw(BrainProcess *brain, const char *bytes, size_t size);
/* The next non-empty line, CR and trailing blanks stripped (verbatim: any line, as sent), cut
 * to `size` - 1 characters. */
BrainRead brain_read(BrainProcess *brain, char *line, size_t size, int64_t deadline_ms);
/* Close the brain's stdin: it sees end of input. */
void brain_close_input(BrainProcess *brain);
/* Wait up to timeout_ms for the brain to exit by itself; true once it has (exit_status set). */
bool brain_wait_exit(BrainProcess *brain, int timeout_ms);
/* Stop a running brain: END, up to grace_ms for it to close its output (0: no END, kill at
 * once), then SIGKILL to its process group and waitpid. Safe to call on a stopped brain. */
void brain_stop(BrainProcess *brain, int grace_ms);
/* The exit code of the last process stopped or waited for; -1 if it was killed or none was. */
int brain_exit_code(const BrainProcess *brain);
/* True if the last process stopped exited by itself with status 127 or 126: the shell could not
 * run the command (not found, or found but not executable). */
bool brain_command_failed(const BrainProcess *brain);
/* Write a note to the brain's log, if any. */
void brain_log(BrainProcess *brain, const char *direction, const char *text);

#endif
