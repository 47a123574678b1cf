#include "platform.h"

#include <signal.h>
#include <time.h>
#include <unistd.h>

#ifdef _WIN32
/* mingw-w64: winpthreads supplies pthreads, clock_gettime and nanosleep, so only what follows
 * differs. */
#include <fcntl.h>
#include <io.h>
#include <windows.h>

/* Windows has no SIGPIPE. Standard input goes binary: the reader splits CR LF itself, and in
 * text mode a stray Ctrl-Z would read as end of input. Standard output stays text, so every
 * reply ends in CR LF as Windows managers expect. */
void platform_init(void) { _setmode(STDIN_FILENO, _O_BINARY); }
#else
void platform_init(void) { signal(SIGPIPE, SIG_IGN); }
#endif

bool platform_thread_start(PlatformThread *thread, void *(*run)(void *), void *argument, size_t stack) {
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return false;
    if (stack) pthread_attr_setstacksize(&attributes, stack);
    const bool started = pthread_create(thread, &attributes, run, argument) == 0;
    pthread_attr_destroy(&attributes);
    return started;
}

void platform_thread_join(PlatformThread thread) { pthread_join(thread, NULL); }

void platform_mutex_init(PlatformMutex *mutex) { pthread_mutex_init(mutex, NULL); }
void platform_mutex_lock(PlatformMutex *mutex) { pthread_mutex_lock(mutex); }
void platform_mutex_unlock(PlatformMutex *mutex) { pthread_mutex_unlock(mutex); }
void platform_cond_init(PlatformCond *cond) { pthread_cond_init(cond, NULL); }
void platform_cond_wait(PlatformCond *cond, PlatformMutex *mutex) { pthread_cond_wait(cond, mutex); }
void platform_cond_signal(PlatformCond *cond) { pthread_cond_signal(cond); }

void platform_sleep_ms(int ms) {
    const struct timespec pause = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

bool platform_is_terminal(int fd) { return isatty(fd) == 1; }

_Noreturn void platform_exit_now(int status) { _exit(status); }
