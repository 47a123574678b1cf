#include "brain_process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Longest a single poll sleeps, so that a cancel request is noticed quickly. */
#define POLL_SLICE_MS 50
/* How long a brain may leave its input pipe full before we call it dead. */
#define SEND_TIMEOUT_MS 5000

void brain_init(BrainProcess *brain, const char *name, int log_fd, int64_t log_start_ms,
                const atomic_bool *cancel) {
    memset(brain, 0, sizeof *brain);
    snprintf(brain->name, sizeof brain->name, "%s", name);
    brain->to_fd = brain->from_fd = -1;
    brain->exit_status = -1;
    brain->log_fd = log_fd;
    brain->stderr_fd = -1;
    brain->log_start_ms = log_start_ms;
    brain->cancel = cancel;
}

bool brain_running(const BrainProcess *brain) { return brain->pid > 0; }

int brain_exit_code(const BrainProcess *brain) {
    return brain->exit_status != -1 && WIFEXITED(brain->exit_status) ? WEXITSTATUS(brain->exit_status) : -1;
}

bool brain_command_failed(const BrainProcess *brain) {
    const int code = brain_exit_code(brain);
    return code == 127 || code == 126;
}

static bool cancelled(const BrainProcess *brain) { return brain->cancel && atomic_load(brain->cancel); }

void brain_log(BrainProcess *brain, const char *direction, const char *text) {
    if (brain->log_fd < 0) return;
    char line[BRAIN_LINE_MAX + 128];
    const int64_t t = monotonic_ms() - brain->log_start_ms;
    int n = snprintf(line, sizeof line, "[%lld.%03lld] %s %s %s\n", (long long)(t / 1000),
                     (long long)(t % 1000), brain->name, direction, text);
    if (n < 0) return;
    if ((size_t)n >= sizeof line) n = (int)sizeof line - 1;
    /* One write per line on an O_APPEND descriptor: lines of concurrent games never mix. */
    ssize_t ignored = write(brain->log_fd, line, (size_t)n);
    (void)ignored;
}

/* Runs in the forked child: only async-signal-safe calls until exec. */
static void exec_child(const char *command, int in_fd, int out_fd, int err_fd, int max_fd) {
    setpgid(0, 0);
    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) _exit(127);
    /* Other games' pipes may be open in this process; a brain holding them would keep another
     * brain's pipe alive after that brain died, so close everything we did not mean to give. */
    for (int fd = 3; fd < max_fd; fd++) close(fd);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGPIPE, &dfl, NULL);
    sigaction(SIGINT, &dfl, NULL);
    sigaction(SIGTERM, &dfl, NULL);
    execl("/bin/sh", "sh", "-c", command, (char *)NULL);
    _exit(127);
}

bool brain_start(BrainProcess *brain, const char *command) {
    if (brain->pid) brain_stop(brain, 0);
    int to_child[2], from_child[2];
    if (pipe(to_child) < 0) return false;
    if (pipe(from_child) < 0) {
        close(to_child[0]);
        close(to_child[1]);
        return false;
    }
    const int given_err = brain->stderr_fd >= 0 ? brain->stderr_fd : brain->log_fd;
    const int err_fd = given_err >= 0 ? given_err : open("/dev/null", O_WRONLY);
    long max_fd = sysconf(_SC_OPEN_MAX);
    if (max_fd < 0 || max_fd > 65536) max_fd = 65536;
    const pid_t pid = err_fd < 0 ? -1 : fork();
    if (pid == 0) exec_child(command, to_child[0], from_child[1], err_fd, (int)max_fd);
    if (err_fd >= 0 && err_fd != given_err) close(err_fd);
    close(to_child[0]);
    close(from_child[1]);
    if (pid < 0) {
        close(to_child[1]);
        close(from_child[0]);
        return false;
    }
    setpgid(pid, pid); /* also here: whichever of parent and child runs first, the group exists */
    brain->pid = pid;
    brain->to_fd = to_child[1];
    brain->from_fd = from_child[0];
    fcntl(brain->to_fd, F_SETFD, FD_CLOEXEC);
    fcntl(brain->from_fd, F_SETFD, FD_CLOEXEC);
    fcntl(brain->to_fd, F_SETFL, fcntl(brain->to_fd, F_GETFL) | O_NONBLOCK);
    brain->length = 0;
    brain->eof = false;
    brain->discarding = false;
    brain->exited = false;
    brain_log(brain, "**", command);
    return true;
}

static bool write_all(BrainProcess *brain, const char *data, size_t size) {
    const int64_t deadline = monotonic_ms() + SEND_TIMEOUT_MS;
    while (size) {
        const ssize_t n = write(brain->to_fd, data, size);
        if (n > 0) {
            data += n;
            size -= (size_t)n;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return false;
        const int64_t left = deadline - monotonic_ms();
        if (left <= 0 || cancelled(brain)) return false;
        struct pollfd p = {.fd = brain->to_fd, .events = POLLOUT};
        poll(&p, 1, left < POLL_SLICE_MS ? (int)left : POLL_SLICE_MS);
    }
    return true;
}

bool brain_send_raw(BrainProcess *brain, const char *bytes, size_t size) {
    if (!brain->pid || brain->to_fd < 0) return false;
    return write_all(brain, bytes, size);
}

bool brain_send(BrainProcess *brain, const char *line) {
    if (!brain->pid || brain->to_fd < 0) return false;
    brain_log(brain, "<", line);
    char buffer[BRAIN_LINE_MAX + 2];
    const int n = snprintf(buffer, sizeof buffer, "%s\r\n", line);
    if (n < 0 || (size_t)n >= sizeof buffer) return false;
    return write_all(brain, buffer, (size_t)n);
}

bool brain_sendf(BrainProcess *brain, const char *format, ...) {
    char line[BRAIN_LINE_MAX];
    va_list args;
    va_start(args, format);
    const int n = vsnprintf(line, sizeof line, format, args);
    va_end(args);
    if (n < 0 || (size_t)n >= sizeof line) return false;
    return brain_send(brain, line);
}

/* Move the first `take` bytes of the buffer out as a line (stripped), drop `consume` bytes. */
static void take_line(BrainProcess *brain, char *line, size_t size, size_t take, size_t consume) {
    if (brain->verbatim) {
        if (take > 0 && brain->buffer[take - 1] == '\r') take--;
    } else {
        while (take > 0 && (brain->buffer[take - 1] == '\r' || brain->buffer[take - 1] == ' ' ||
                            brain->buffer[take - 1] == '\t'))
            take--;
    }
    const size_t copy = take < size - 1 ? take : size - 1;
    memcpy(line, brain->buffer, copy);
    line[copy] = '\0';
    memmove(brain->buffer, brain->buffer + consume, brain->length - consume);
    brain->length -= consume;
}

/* A complete line from the buffer, if there is one. Empty lines are skipped. */
static bool buffered_line(BrainProcess *brain, char *line, size_t size) {
    for (;;) {
        char *newline = memchr(brain->buffer, '\n', brain->length);
        if (!newline) break;
        const size_t end = (size_t)(newline - brain->buffer);
        if (brain->discarding) {
            brain->discarding = false;
            take_line(brain, line, size, 0, end + 1);
            continue;
        }
        take_line(brain, line, size, end, end + 1);
        if (line[0] || brain->verbatim) return true;
    }
    if (brain->length == sizeof brain->buffer) {
        /* An overlong line: hand out its start (it is garbage anyway), skip the rest. */
        const bool was_discarding = brain->discarding;
        brain->discarding = true;
        take_line(brain, line, size, brain->length, brain->length);
        if (!was_discarding && line[0]) return true;
    }
    if (brain->eof && brain->length && !brain->discarding) {
        take_line(brain, line, size, brain->length, brain->length);
        if (line[0]) return true;
    }
    return false;
}

/* Read what is available within `wait_ms`; false on end of output. */
static bool fill(BrainProcess *brain, int wait_ms) {
    struct pollfd p = {.fd = brain->from_fd, .events = POLLIN};
    const int ready = poll(&p, 1, wait_ms);
    if (ready <= 0) return true;
    const ssize_t n =
        read(brain->from_fd, brain->buffer + brain->length, sizeof brain->buffer - brain->length);
    if (n > 0) {
        brain->length += (size_t)n;
        return true;
    }
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) return true;
    brain->eof = true;
    return false;
}

BrainRead brain_read(BrainProcess *brain, char *line, size_t size, int64_t deadline_ms) {
    for (;;) {
        if (buffered_line(brain, line, size)) {
            brain_log(brain, ">", line);
            return BRAIN_READ_OK;
        }
        if (brain->eof || !brain->pid) {
            brain_log(brain, "**", "end of output");
            return BRAIN_READ_EOF;
        }
        if (cancelled(brain)) return BRAIN_READ_CANCELLED;
        const int64_t left = deadline_ms - monotonic_ms();
        if (left <= 0) {
            brain_log(brain, "**", "deadline passed");
            return BRAIN_READ_TIMEOUT;
        }
        fill(brain, left < POLL_SLICE_MS ? (int)left : POLL_SLICE_MS);
    }
}

/* Wait until the brain closes its output or the grace period ends, discarding what it says. */
static void wait_for_exit(BrainProcess *brain, int grace_ms) {
    const int64_t deadline = monotonic_ms() + grace_ms;
    while (!brain->eof) {
        const int64_t left = deadline - monotonic_ms();
        if (left <= 0) return;
        brain->length = 0;
        fill(brain, left < POLL_SLICE_MS ? (int)left : POLL_SLICE_MS);
    }
}

void brain_close_input(BrainProcess *brain) {
    if (brain->to_fd >= 0) close(brain->to_fd);
    brain->to_fd = -1;
}

bool brain_wait_exit(BrainProcess *brain, int timeout_ms) {
    if (brain->exited) return true;
    if (!brain->pid) return false;
    const int64_t deadline = monotonic_ms() + timeout_ms;
    for (;;) {
        int status;
        const pid_t done = waitpid(brain->pid, &status, WNOHANG);
        if (done == brain->pid) {
            brain->exited = true;
            brain->exit_status = status;
            return true;
        }
        if (done < 0 && errno != EINTR) return false;
        if (monotonic_ms() >= deadline || cancelled(brain)) return false;
        const struct timespec pause = {0, 5 * 1000000L};
        nanosleep(&pause, NULL);
    }
}

static void close_pipes(BrainProcess *brain) {
    if (brain->to_fd >= 0) close(brain->to_fd);
    if (brain->from_fd >= 0) close(brain->from_fd);
    brain->to_fd = brain->from_fd = -1;
}

/* Kill the group even after a clean exit: anything the brain left running goes too. The
 * unreaped leader keeps the group id reserved, so the id cannot have been reused. */
static void kill_and_reap(BrainProcess *brain) {
    kill(-brain->pid, SIGKILL);
    kill(brain->pid, SIGKILL);
    close_pipes(brain);
    int status = -1;
    while (waitpid(brain->pid, &status, 0) < 0 && errno == EINTR) {
    }
    brain->exit_status = status;
}

void brain_stop(BrainProcess *brain, int grace_ms) {
    if (!brain->pid) return;
    if (brain->exited) {
        close_pipes(brain); /* reaped already: its id may be reused, so no signal goes to it */
    } else {
        if (grace_ms > 0 && !brain->eof && brain_send(brain, "END")) wait_for_exit(brain, grace_ms);
        kill_and_reap(brain);
    }
    brain_log(brain, "**", "stopped");
    brain->pid = 0;
    brain->length = 0;
    brain->eof = false;
    brain->discarding = false;
    brain->exited = false;
}
