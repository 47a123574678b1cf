/* platform: what differs between POSIX and Windows for the brain — threads and their locks,
 * the clock, leaving at once. Everything else in pbrain/ is plain C.
 * Windows (mingw-w64, `make windows`): winpthreads keeps the pthread types, clock_gettime and
 * nanosleep; what Windows lacks sits under #ifdef _WIN32 in platform.c. */
#ifndef WUZI_PLATFORM_H
#define WUZI_PLATFORM_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef pthread_t PlatformThread;
typedef pthread_mutex_t PlatformMutex;
typedef pthread_cond_t PlatformCond;

/* Process set-up: a vanished manager must not kill us through SIGPIPE before we see EOF. */
void platform_init(void);

/* `stack`: the thread's stack in bytes (0: the platform's default, 512 KB on macOS). */
bool platform_thread_start(PlatformThread *thread, void *(*run)(void *), void *argument, size_t stack);
void platform_thread_join(PlatformThread thread);

void platform_mutex_init(PlatformMutex *mutex);
void platform_mutex_lock(PlatformMutex *mutex);
void platform_mutex_unlock(PlatformMutex *mutex);
void platform_cond_init(PlatformCond *cond);
void platform_cond_wait(PlatformCond *cond, PlatformMutex *mutex);
void platform_cond_signal(PlatformCond *cond);

void platform_sleep_ms(int ms);
bool platform_is_terminal(int fd);
/* Leave now, without running exit handlers or waiting for the other threads. */
_Noreturn void platform_exit_now(int status);

#endif
