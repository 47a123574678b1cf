#include "brain_pipe.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

const char *brain_pipe_program(void) {
    const char *program = getenv("WUZI_BRAIN");
    return program && *program ? program : NULL;
}

bool brain_pipe_start(BrainPipe *pipe_, const char *const *argv) {
    memset(pipe_, 0, sizeof *pipe_);
    pipe_->pid = -1;
    pipe_->to_brain = pipe_->from_brain = pipe_->errors = -1;
    pipe_->eol = "\n";
    const char *program = brain_pipe_program();
    if (!program) return false;
    /* A brain that dies must not kill the test with SIGPIPE. */
    signal(SIGPIPE, SIG_IGN);
    int in[2], out[2], err[2];
    if (pipe(in) || pipe(out) || pipe(err)) return false;
    const pid_t pid = fork();
    if (pid < 0) return false;
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(err[1], 2);
        for (int i = 0; i < 2; i++) {
            close(in[i]);
            close(out[i]);
            close(err[i]);
        }
        const char *args[32] = {program};
        int n = 1;
        for (; argv && argv[n - 1] && n < 31; n++) args[n] = argv[n - 1];
        args[n] = NULL;
        execv(program, (char *const *)args);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    fcntl(err[0], F_SETFL, O_NONBLOCK);
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    fcntl(err[0], F_SETFD, FD_CLOEXEC);
    pipe_->pid = pid;
    pipe_->to_brain = in[1];
    pipe_->from_brain = out[0];
    pipe_->errors = err[0];
    return true;
}

void brain_pipe_log(BrainPipe *pipe_, FILE *log, const char *name) {
    pipe_->log = log;
    pipe_->name = name;
}

static void log_line(BrainPipe *pipe_, const char *direction, const char *text, size_t length) {
    if (!pipe_->log) return;
    fprintf(pipe_->log, "%s%s%s %.*s\n", pipe_->name ? pipe_->name : "", pipe_->name ? " " : "",
            direction, (int)length, text);
}

bool brain_pipe_send_raw(BrainPipe *pipe_, const char *bytes, size_t length) {
    if (pipe_->to_brain < 0) return false;
    while (length > 0) {
        const ssize_t n = write(pipe_->to_brain, bytes, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        bytes += n;
        length -= (size_t)n;
    }
    return true;
}

bool brain_pipe_send(BrainPipe *pipe_, const char *format, ...) {
    char line[BRAIN_PIPE_LINE_MAX];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line - 4, format, args);
    va_end(args);
    log_line(pipe_, ">", line, strlen(line));
    strcat(line, pipe_->eol);
    return brain_pipe_send_raw(pipe_, line, strlen(line));
}

/* A whole line already in the buffer: copy it out and drop it from the buffer. */
static bool take_line(BrainPipe *pipe_, char *line, size_t size) {
    char *end = memchr(pipe_->buffer, '\n', pipe_->pending);
    if (!end) return false;
    size_t length = (size_t)(end - pipe_->buffer);
    const size_t consumed = length + 1;
    if (length > 0 && pipe_->buffer[length - 1] == '\r') length--;
    log_line(pipe_, "<", pipe_->buffer, length);
    const size_t copied = length < size - 1 ? length : size - 1;
    memcpy(line, pipe_->buffer, copied);
    line[copied] = '\0';
    memmove(pipe_->buffer, pipe_->buffer + consumed, pipe_->pending - consumed);
    pipe_->pending -= consumed;
    return true;
}

bool brain_pipe_read(BrainPipe *pipe_, char *line, size_t size, int timeout_ms) {
    const long long deadline = now_ms() + timeout_ms;
    line[0] = '\0';
    for (;;) {
        if (take_line(pipe_, line, size)) return true;
        if (pipe_->from_brain < 0) return false;
        if (pipe_->pending == sizeof pipe_->buffer) pipe_->pending = 0;   /* a runaway line */
        const long long left = deadline - now_ms();
        if (left <= 0) return false;
        struct pollfd poller = {pipe_->from_brain, POLLIN, 0};
        const int ready = poll(&poller, 1, (int)left);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return false;
        const ssize_t n = read(pipe_->from_brain, pipe_->buffer + pipe_->pending,
                               sizeof pipe_->buffer - pipe_->pending);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        pipe_->pending += (size_t)n;
    }
}

bool brain_pipe_read_reply(BrainPipe *pipe_, char *line, size_t size, int timeout_ms) {
    const long long deadline = now_ms() + timeout_ms;
    for (;;) {
        const long long left = deadline - now_ms();
        if (!brain_pipe_read(pipe_, line, size, left > 0 ? (int)left : 0)) return false;
        if (strncmp(line, "MESSAGE ", 8) != 0 && strncmp(line, "DEBUG ", 6) != 0) return true;
    }
}

void brain_pipe_close_input(BrainPipe *pipe_) {
    if (pipe_->to_brain >= 0) close(pipe_->to_brain);
    pipe_->to_brain = -1;
}

static void drain_stderr(BrainPipe *pipe_) {
    if (pipe_->errors < 0) return;
    char chunk[512];
    ssize_t n;
    while ((n = read(pipe_->errors, chunk, sizeof chunk)) > 0) {
        const size_t room = sizeof pipe_->stderr_text - 1 - pipe_->stderr_length;
        const size_t copied = (size_t)n < room ? (size_t)n : room;
        memcpy(pipe_->stderr_text + pipe_->stderr_length, chunk, copied);
        pipe_->stderr_length += copied;
    }
    pipe_->stderr_text[pipe_->stderr_length] = '\0';
}

const char *brain_pipe_stderr(BrainPipe *pipe_) {
    drain_stderr(pipe_);
    return pipe_->stderr_text;
}

bool brain_pipe_wait(BrainPipe *pipe_, int timeout_ms) {
    if (pipe_->exited) return true;
    if (pipe_->pid <= 0) return false;
    const long long deadline = now_ms() + timeout_ms;
    for (;;) {
        int status;
        const pid_t done = waitpid(pipe_->pid, &status, WNOHANG);
        if (done == pipe_->pid) {
            pipe_->exited = true;
            pipe_->status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            drain_stderr(pipe_);
            return true;
        }
        if (now_ms() >= deadline) return false;
        const struct timespec pause = {0, 5 * 1000000L};
        nanosleep(&pause, NULL);
    }
}

void brain_pipe_finish(BrainPipe *pipe_) {
    brain_pipe_close_input(pipe_);
    if (pipe_->pid > 0 && !pipe_->exited && !brain_pipe_wait(pipe_, 0)) {
        kill(pipe_->pid, SIGKILL);
        brain_pipe_wait(pipe_, 5000);
    }
    drain_stderr(pipe_);
    if (pipe_->from_brain >= 0) close(pipe_->from_brain);
    if (pipe_->errors >= 0) close(pipe_->errors);
    pipe_->from_brain = pipe_->errors = -1;
}
