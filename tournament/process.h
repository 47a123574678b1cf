/* process: one brain as a child process talking through pipes.
 *
 * A brain runs `/bin/sh -c CMD` in its own process group, so that stopping it also stops
 * whatever it started. Its stdin and stdout are pipes; its stderr goes to the log file (with
 * -log) or /dev/null, never into the protocol. Lines are read with a deadline and a cancel
 * flag, so no wait can last for ever. Stopping sends END, gives the brain a grace period to
 * leave, then kills the whole process group and reaps the child: no zombie is left behind. */
#ifndef WUZI_PROCESS_H
#define WUZI_PROCESS_H

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#define BRAIN_LINE_MAX 4096

typedef struct Brain {
    char name[64];
    pid_t pid;          /* 0 while not running */
    int to_fd, from_fd; /* the brain's stdin (we write) and stdout (we read) */
    char buffer[BRAIN_LINE_MAX];
    size_t length;
    bool eof;
    bool discarding; /* skipping the rest of an overlong line */
    int log_fd;      /* -1: no log */
    int64_t log_start_ms;
    const atomic_bool *cancel; /* set by Ctrl-C: every read gives up at once */
    int exit_status;           /* waitpid status of the last process stopped, -1 if none */
} Brain;

typedef enum ReadStatus { READ_OK, READ_TIMEOUT, READ_EOF, READ_CANCELLED } ReadStatus;

/* Milliseconds on a monotonic clock. */
int64_t clock_ms(void);

/* A stopped brain called `name`; log_fd (or -1) receives its I/O and stderr; cancel may be NULL. */
void brain_init(Brain *brain, const char *name, int log_fd, int64_t log_start_ms,
                const atomic_bool *cancel);
/* Start `command` under /bin/sh. False only if pipes or fork fail; a command that cannot be
 * executed shows up as end of output on the first read. */
bool brain_start(Brain *brain, const char *command);
bool brain_running(const Brain *brain);
/* Send one line (CR LF is added). False if the brain is gone or does not take input in time. */
bool brain_send(Brain *brain, const char *line);
bool brain_sendf(Brain *brain, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* The next non-empty line, CR and trailing blanks stripped, cut to `size` - 1 characters.
 * `deadline_ms` is on clock_ms(). */
ReadStatus brain_read(Brain *brain, char *line, size_t size, int64_t deadline_ms);
/* Stop a running brain: END, up to grace_ms for it to close its output (0: no END, kill at
 * once), then SIGKILL to its process group and waitpid. Safe to call on a stopped brain. */
void brain_stop(Brain *brain, int grace_ms);
/* True if the last process stopped exited by itself with status 127: the shell could not run
 * the command (not found, not executable). */
bool brain_command_failed(const Brain *brain);
/* Write a note to the brain's log, if any. */
void brain_log(Brain *brain, const char *direction, const char *text);

#endif
