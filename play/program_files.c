#include "program_files.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Where a checkout and an install keep the openings, from the program's folder. */
static const char *const OPENINGS_UNDER[] = {"/tournament/openings", "/../../tournament/openings",
                                             "/../share/wuzi/openings"};

static bool cut_to_folder(char *path) {
    char *slash = strrchr(path, '/');
    if (!slash) return false;
    if (slash == path) slash++; /* the root keeps its slash */
    *slash = '\0';
    return true;
}

static bool from_proc(char *out, size_t size) {
    char path[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    if (n <= 0 || (size_t)n >= sizeof path - 1) return false;
    path[n] = '\0';
    if (!cut_to_folder(path) || strlen(path) >= size) return false;
    snprintf(out, size, "%s", path);
    return true;
}

/* argv[0] without a slash: the first folder on PATH that holds an executable of that name. */
static bool from_path(const char *argv0, char *out, size_t size) {
    const char *dirs = getenv("PATH");
    while (dirs && *dirs) {
        const char *end = strchr(dirs, ':');
        const int length = end ? (int)(end - dirs) : (int)strlen(dirs);
        char candidate[PATH_MAX];
        snprintf(candidate, sizeof candidate, "%.*s/%s", length, length ? dirs : ".", argv0);
        if (access(candidate, X_OK) == 0 && cut_to_folder(candidate) && strlen(candidate) < size) {
            snprintf(out, size, "%s", candidate);
            return true;
        }
        dirs = end ? end + 1 : NULL;
    }
    return false;
}

bool program_dir(const char *argv0, char *out, size_t size) {
    if (from_proc(out, size)) return true;
    if (!strchr(argv0, '/')) return from_path(argv0, out, size);
    if (strlen(argv0) >= size) return false;
    snprintf(out, size, "%s", argv0);
    return cut_to_folder(out);
}

bool program_openings_file(const char *argv0, const char *name, char *out, size_t size) {
    char dir[PATH_MAX];
    if (!program_dir(argv0, dir, sizeof dir)) return false;
    for (size_t i = 0; i < sizeof OPENINGS_UNDER / sizeof OPENINGS_UNDER[0]; i++) {
        char path[PATH_MAX + 64];
        const int n = snprintf(path, sizeof path, "%s%s/%s", dir, OPENINGS_UNDER[i], name);
        if (n <= 0 || (size_t)n >= sizeof path || (size_t)n >= size || access(path, R_OK) != 0) continue;
        memcpy(out, path, (size_t)n + 1);
        return true;
    }
    return false;
}
