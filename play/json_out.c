#include "json_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void json_init(JsonOut *json) {
    memset(json, 0, sizeof *json);
    json->first[0] = true;
}

void json_free(JsonOut *json) {
    free(json->text);
    memset(json, 0, sizeof *json);
}

static void put(JsonOut *json, const char *bytes, size_t n) {
    if (json->failed) return;
    if (json->length + n + 1 > json->capacity) {
        size_t capacity = json->capacity ? json->capacity : 1024;
        while (json->length + n + 1 > capacity) capacity *= 2;
        char *grown = realloc(json->text, capacity);
        if (!grown) {
            json->failed = true;
            return;
        }
        json->text = grown;
        json->capacity = capacity;
    }
    memcpy(json->text + json->length, bytes, n);
    json->length += n;
    json->text[json->length] = '\0';
}

static void put_text(JsonOut *json, const char *text) { put(json, text, strlen(text)); }

/* A value's comma, unless it follows a key or is the first in its container. */
static void separate(JsonOut *json, bool after_key) {
    if (after_key) return;
    if (!json->first[json->depth]) put_text(json, ",");
    json->first[json->depth] = false;
}

static bool pending_key(const JsonOut *json) {
    return json->length > 0 && json->text && json->text[json->length - 1] == ':';
}

static void value_start(JsonOut *json) { separate(json, pending_key(json)); }

static void open_container(JsonOut *json, const char *bracket) {
    value_start(json);
    put_text(json, bracket);
    if (json->depth + 1 < JSON_DEPTH_MAX) json->depth++;
    json->first[json->depth] = true;
}

static void close_(JsonOut *json, const char *bracket) {
    if (json->depth > 0) json->depth--;
    put_text(json, bracket);
}

void json_object_begin(JsonOut *json) { open_container(json, "{"); }
void json_object_end(JsonOut *json) { close_(json, "}"); }
void json_array_begin(JsonOut *json) { open_container(json, "["); }
void json_array_end(JsonOut *json) { close_(json, "]"); }

static void quoted(JsonOut *json, const char *text) {
    put_text(json, "\"");
    for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
        char escape[8];
        if (*s == '"' || *s == '\\') {
            escape[0] = '\\';
            escape[1] = (char)*s;
            put(json, escape, 2);
        } else if (*s < 0x20 || *s == 0x7f) {
            snprintf(escape, sizeof escape, "\\u%04x", *s);
            put_text(json, escape);
        } else if (*s == '<') {
            put_text(json, "\\u003c"); /* never "</script>" in what a page might inline */
        } else {
            put(json, (const char *)s, 1);
        }
    }
    put_text(json, "\"");
}

void json_key(JsonOut *json, const char *key) {
    separate(json, false);
    quoted(json, key);
    put_text(json, ":");
}

void json_string(JsonOut *json, const char *text) {
    value_start(json);
    quoted(json, text);
}

void json_int(JsonOut *json, int64_t value) {
    value_start(json);
    char number[32];
    snprintf(number, sizeof number, "%lld", (long long)value);
    put_text(json, number);
}

void json_bool(JsonOut *json, bool value) {
    value_start(json);
    put_text(json, value ? "true" : "false");
}

void json_null(JsonOut *json) {
    value_start(json);
    put_text(json, "null");
}

void json_member_string(JsonOut *json, const char *key, const char *text) {
    json_key(json, key);
    json_string(json, text);
}

void json_member_int(JsonOut *json, const char *key, int64_t value) {
    json_key(json, key);
    json_int(json, value);
}

void json_member_bool(JsonOut *json, const char *key, bool value) {
    json_key(json, key);
    json_bool(json, value);
}
