#include "platform.h"

#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void platform_init(void) { signal(SIGPIPE, SIG_IGN); }

bool platform_thread_start(PlatformThread *thread, void *(*run)(void *), void *argument) {
    return pthread_create(thread, NULL, run, argument) == 0;
}

void platform_thread_join(PlatformThread thread) { pthread_join(thread, NULL); }

void platform_mutex_init(PlatformMutex *mutex) { pthread_mutex_init(mutex, NULL); }
void platform_mutex_lock(PlatformMutex *mutex) { pthread_mutex_lock(mutex); }
void platform_mutex_unlock(PlatformMutex *mutex) { pthread_mutex_unlock(mutex); }
void platform_cond_init(PlatformCond *cond) { pthread_cond_init(cond, NULL); }
void platform_cond_wait(PlatformCond *cond, PlatformMutex *mutex) { pthread_cond_wait(cond, mutex); }
void platform_cond_signal(PlatformCond *cond) { pthread_cond_signal(cond); }

int64_t platform_now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

void platform_sleep_ms(int ms) {
    const struct timespec pause = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

bool platform_is_terminal(int fd) { return isatty(fd) == 1; }

bool platform_executable_dir(char *buffer, size_t size) {
    if (size < 2) return false;
    const ssize_t n = readlink("/proc/self/exe", buffer, size - 1);
    if (n <= 0) return false;
    buffer[n] = '\0';
    char *slash = strrchr(buffer, '/');
    if (!slash) return false;
    if (slash == buffer) slash++;
    *slash = '\0';
    return true;
}

_Noreturn void platform_exit_now(int status) { _exit(status); }
