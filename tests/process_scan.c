#include "process_scan.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

bool process_scan_available(void) {
    DIR *proc = opendir("/proc/self");
    if (proc) closedir(proc);
    return proc != NULL;
}

static int count_now(const char *tag, const char *unless) {
    int found = 0;
    DIR *proc = opendir("/proc");
    if (!proc) return 0;
    struct dirent *entry;
    while ((entry = readdir(proc)) != NULL) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
        char path[300], data[4096];
        snprintf(path, sizeof path, "/proc/%s/cmdline", entry->d_name);
        FILE *file = fopen(path, "r");
        if (!file) continue;
        const size_t n = fread(data, 1, sizeof data - 1, file);
        fclose(file);
        for (size_t i = 0; i < n; i++)
            if (data[i] == '\0') data[i] = ' ';
        data[n] = '\0';
        if (strstr(data, tag) && !(unless && strstr(data, unless))) found++;
    }
    closedir(proc);
    return found;
}

int processes_with(const char *tag) { return processes_with_but_not(tag, NULL); }

int processes_with_but_not(const char *tag, const char *unless) {
    int found = 0;
    for (int attempt = 0; attempt < 10; attempt++) {
        found = count_now(tag, unless);
        if (!found) return 0;
        nanosleep(&(struct timespec){.tv_nsec = 50000000}, NULL);
    }
    return found;
}
