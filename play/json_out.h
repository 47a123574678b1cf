/* json_out: JSON text built into a growing buffer — numbers, booleans, escaped strings, arrays
 * and objects with the commas placed for the caller. Enough for the web server's replies. */
#ifndef WUZI_PLAY_JSON_OUT_H
#define WUZI_PLAY_JSON_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JSON_DEPTH_MAX 16

typedef struct JsonOut {
    char *text;
    size_t length, capacity;
    bool failed;                    /* out of memory: the text is unusable */
    int depth;
    bool first[JSON_DEPTH_MAX];     /* no member written yet at this depth */
} JsonOut;

void json_init(JsonOut *json);
void json_free(JsonOut *json);

void json_object_begin(JsonOut *json);
void json_object_end(JsonOut *json);
void json_array_begin(JsonOut *json);
void json_array_end(JsonOut *json);
/* A member name inside an object; the value follows. */
void json_key(JsonOut *json, const char *key);
void json_string(JsonOut *json, const char *text);
void json_int(JsonOut *json, int64_t value);
void json_bool(JsonOut *json, bool value);
void json_null(JsonOut *json);
/* A member of an object: its name and value at once. */
void json_member_string(JsonOut *json, const char *key, const char *text);
void json_member_int(JsonOut *json, const char *key, int64_t value);
void json_member_bool(JsonOut *json, const char *key, bool value);

#endif
