/* http: just enough HTTP/1.1 for the local web board, and strict about it.
 *
 * One request per connection (the reply says Connection: close). The request head is at most
 * HTTP_HEAD_MAX bytes, a body at most HTTP_BODY_MAX and only with Content-Length; anything
 * else — a malformed request line or header, an unknown version, a missing or repeated Host,
 * a chunked body — is refused with a 4xx or 5xx status and a one-line reason. Parsing is kept
 * apart from the socket so the tests can feed it bytes. Forms (the page's POST bodies and
 * query strings) are application/x-www-form-urlencoded. */
#ifndef WUZI_PLAY_HTTP_H
#define WUZI_PLAY_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#define HTTP_HEAD_MAX 8192
#define HTTP_BODY_MAX 65536 /* a saved game the page opens is sent whole */
#define HTTP_TARGET_MAX 1024
#define HTTP_HEADERS_MAX 48
#define HTTP_FORM_FIELDS_MAX 16
#define HTTP_FORM_VALUE_MAX 256

typedef struct HttpError {
    int status;        /* 0: none */
    char reason[600];
} HttpError;

typedef struct HttpHeader {
    const char *name, *value; /* inside the request's head buffer */
} HttpHeader;

typedef struct HttpRequest {
    char head[HTTP_HEAD_MAX + 1];
    size_t head_length;
    const char *method, *path, *query; /* query: "" when there is none */
    int header_count;
    HttpHeader headers[HTTP_HEADERS_MAX];
    size_t content_length;
    char body[HTTP_BODY_MAX + 1];
    size_t body_length;
} HttpRequest;

/* Where the head ends in `bytes` (the offset just past the blank line), or 0 if it has not yet. */
size_t http_head_end(const char *bytes, size_t length);
/* Parse request->head (head_length bytes, the blank line included); false with `error` set. */
bool http_parse_head(HttpRequest *request, HttpError *error);
/* The value of a header (case-insensitive name), or NULL. */
const char *http_header(const HttpRequest *request, const char *name);

/* Read one request from a socket whose receive timeout is set. False with `error` set (status 0
 * when the peer went away or timed out before sending anything: no reply is due). */
bool http_read_request(int fd, HttpRequest *request, HttpError *error);

/* Write a whole response; extra_headers is "" or lines each ending in CR LF. */
bool http_respond(int fd, int status, const char *content_type, const char *extra_headers,
                  const char *body, size_t length);
/* A refusal: text/plain, the reason and a newline. */
bool http_refuse(int fd, const HttpError *error);
const char *http_status_text(int status);

typedef struct HttpForm {
    int count;
    char key[HTTP_FORM_FIELDS_MAX][32];
    char value[HTTP_FORM_FIELDS_MAX][HTTP_FORM_VALUE_MAX];
} HttpForm;

/* Decode "a=1&b=x%20y"; false with a reason on a malformed or oversized form, a repeated key,
 * or a key not in `allowed` (NULL-terminated). */
bool http_form_parse(const char *text, const char *const *allowed, HttpForm *form, HttpError *error);
const char *http_form_get(const HttpForm *form, const char *key); /* NULL when absent */

#endif
