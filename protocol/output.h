/* output: the brain's reply lines.
 *
 * Every line goes out in one write() with its newline, so a manager never sees half a line,
 * and the mutex keeps lines from two threads apart. After output_close nothing more is
 * written (a brain must print nothing after END). MESSAGE lines always carry text: Piskvork
 * reads a bare "MESSAGE" as a bad move. */
#ifndef WUZI_OUTPUT_H
#define WUZI_OUTPUT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#define OUTPUT_LINE_MAX 4096

typedef struct Output {
    int fd;
    atomic_bool closed;      /* set without the lock: END must not wait for a blocked write */
    pthread_mutex_t lock;
} Output;

void output_init(Output *output, int fd);
void output_destroy(Output *output);
/* One line, printf-style, without the newline (added here). Longer lines are cut. */
void output_line(Output *output, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* "MESSAGE <text>"; nothing if the text is empty. */
void output_message(Output *output, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* From now on every line is dropped. Never blocks, even while another thread's write is stuck
 * on a manager that stopped reading. */
void output_close(Output *output);

#endif
