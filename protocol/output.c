#include "output.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void output_init(Output *output, int fd) {
    output->fd = fd;
    atomic_init(&output->closed, false);
    pthread_mutex_init(&output->lock, NULL);
}

void output_destroy(Output *output) { pthread_mutex_destroy(&output->lock); }

static void write_all(int fd, const char *text, size_t length) {
    while (length > 0) {
        const ssize_t n = write(fd, text, length);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;   /* the manager is gone: nothing sensible left to do */
        text += n;
        length -= (size_t)n;
    }
}

static void emit(Output *output, const char *prefix, const char *format, va_list args) {
    char text[OUTPUT_LINE_MAX + 2];
    const size_t prefix_length = strlen(prefix);
    memcpy(text, prefix, prefix_length);
    const int n = vsnprintf(text + prefix_length, OUTPUT_LINE_MAX - prefix_length, format, args);
    if (n <= 0 && prefix_length > 0) return;   /* never a bare MESSAGE */
    size_t length = strlen(text);
    /* An embedded line break would let one call print two protocol lines. */
    for (size_t i = 0; i < length; i++)
        if (text[i] == '\n' || text[i] == '\r') text[i] = ' ';
    text[length++] = '\n';
    pthread_mutex_lock(&output->lock);
    if (!atomic_load(&output->closed)) write_all(output->fd, text, length);
    pthread_mutex_unlock(&output->lock);
}

void output_line(Output *output, const char *format, ...) {
    va_list args;
    va_start(args, format);
    emit(output, "", format, args);
    va_end(args);
}

void output_message(Output *output, const char *format, ...) {
    va_list args;
    va_start(args, format);
    emit(output, "MESSAGE ", format, args);
    va_end(args);
}

void output_close(Output *output) { atomic_store(&output->closed, true); }
