#include "results.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* FNV-1a, 64 bits: stable across machines and builds, enough to tell schedules apart. */
static void digest_bytes(uint64_t *hash, const void *data, size_t size) {
    const unsigned char *bytes = data;
    for (size_t i = 0; i < size; i++) {
        *hash ^= bytes[i];
        *hash *= 0x100000001b3ULL;
    }
}

static void digest_text(uint64_t *hash, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void digest_text(uint64_t *hash, const char *format, ...) {
    char text[2048];
    va_list args;
    va_start(args, format);
    const int n = vsnprintf(text, sizeof text, format, args);
    va_end(args);
    if (n > 0) digest_bytes(hash, text, (size_t)n < sizeof text ? (size_t)n : sizeof text - 1);
}

static bool digest_file(uint64_t *hash, const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return false;
    char buffer[8192];
    size_t n;
    while ((n = fread(buffer, 1, sizeof buffer, file)) > 0) digest_bytes(hash, buffer, n);
    fclose(file);
    return true;
}

bool results_digest(const Options *options, char digest[RESULTS_DIGEST_SIZE]) {
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (int i = 0; i < options->engine_count; i++) {
        const EngineSpec *engine = &options->engines[i];
        digest_text(&hash, "engine %s tc %lld/%lld;", engine->name, (long long)engine->match_ms,
                    (long long)engine->turn_ms);
        for (int k = 0; k < engine->option_count; k++)
            digest_text(&hash, "%s=%s;", engine->options[k].key, engine->options[k].value);
    }
    const GameSettings *settings = &options->settings;
    digest_text(&hash, "games %d rounds %d repeat %d gauntlet %d rule %d board %dx%d tolerance %lld "
                       "draw %d memory %lld seed %llu/%d;",
                options->games, options->rounds, options->repeat, options->gauntlet, settings->rule,
                settings->width, settings->height, (long long)settings->tolerance_ms, settings->draw_after,
                (long long)settings->max_memory, (unsigned long long)options->seed, options->seed_given);
    if (options->openings_file) {
        digest_text(&hash, "openings %d %d %llu/%d;", options->opening_format, options->opening_random,
                    (unsigned long long)options->opening_seed, options->opening_seed_given);
        if (!digest_file(&hash, options->openings_file)) return false;
    }
    if (options->sprt.enabled)
        digest_text(&hash, "sprt %g %g %g %g;", options->sprt.elo0, options->sprt.elo1, options->sprt.alpha,
                    options->sprt.beta);
    snprintf(digest, RESULTS_DIGEST_SIZE, "%016llx", (unsigned long long)hash);
    return true;
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void write_string(FILE *file, const char *text) {
    fputc('"', file);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(file, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(file, "\\u%04x", *p);
        else
            fputc(*p, file);
    }
    fputc('"', file);
}

static void write_clock(FILE *file, const char *key, const SideTime *time) {
    if (time->clock_left_ms < 0)
        fprintf(file, "\"%s\":null,", key);
    else
        fprintf(file, "\"%s\":%lld,", key, (long long)time->clock_left_ms);
}

bool results_write_header(const char *path, const char *digest, const Options *options,
                          const Schedule *schedule) {
    FILE *file = fopen(path, "a");
    if (!file) return false;
    fprintf(file, "{\"schedule\":\"%s\",\"header\":1,\"games\":%d,\"repeat\":%d,\"engines\":[", digest,
            schedule->job_count, options->repeat);
    for (int i = 0; i < options->engine_count; i++) {
        if (i) fputc(',', file);
        write_string(file, options->engines[i].name);
    }
    fprintf(file, "],\"encounters\":[");
    for (int e = 0; e < schedule->encounter_count; e++)
        fprintf(file, "%s[%d,%d]", e ? "," : "", schedule->encounters[e].a, schedule->encounters[e].b);
    fprintf(file, "]");
    if (options->sprt.enabled)
        fprintf(file, ",\"sprt\":[%g,%g,%g,%g]", options->sprt.elo0, options->sprt.elo1, options->sprt.alpha,
                options->sprt.beta);
    fprintf(file, "}\n");
    return fclose(file) == 0;
}

bool results_append(const char *path, const char *digest, const Job *job, const GameRecord *record,
                    const Options *options) {
    FILE *file = fopen(path, "a");
    if (!file) return false;
    fprintf(file, "{\"schedule\":\"%s\",\"game\":%d,\"encounter\":%d,\"black\":%d,\"white\":%d,\"partner\":%d,",
            digest, job->number, job->encounter, job->black, job->white,
            job->partner >= 0 ? job->partner + 1 : 0);
    fprintf(file, "\"black_name\":");
    write_string(file, options->engines[job->black].name);
    fprintf(file, ",\"white_name\":");
    write_string(file, options->engines[job->white].name);
    fprintf(file, ",\"rule\":%d,\"board\":\"%dx%d\",\"opening_stones\":%d,\"result\":\"%s\",\"reason\":",
            record->rule, record->width, record->height, record->opening_count, result_text(record->result));
    write_string(file, record->reason);
    fprintf(file, ",\"black_longest_ms\":%lld,\"white_longest_ms\":%lld,", (long long)record->black_time.longest_ms,
            (long long)record->white_time.longest_ms);
    write_clock(file, "black_clock_left_ms", &record->black_time);
    write_clock(file, "white_clock_left_ms", &record->white_time);
    fprintf(file, "\"moves\":[");
    for (int i = 0; i < record->move_count; i++)
        fprintf(file, "%s[%d,%d,%lld]", i ? "," : "", record->x[i], record->y[i], (long long)record->ms[i]);
    fprintf(file, "]}\n");
    return fclose(file) == 0;
}
