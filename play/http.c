#include "http.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static bool fail(HttpError *error, int status, const char *format, ...) __attribute__((format(printf, 3, 4)));
static bool fail(HttpError *error, int status, const char *format, ...) {
    error->status = status;
    va_list args;
    va_start(args, format);
    vsnprintf(error->reason, sizeof error->reason, format, args);
    va_end(args);
    return false;
}

size_t http_head_end(const char *bytes, size_t length) {
    for (size_t i = 0; i + 1 < length; i++) {
        if (bytes[i] != '\n') continue;
        if (bytes[i + 1] == '\n') return i + 2;
        if (i + 2 < length && bytes[i + 1] == '\r' && bytes[i + 2] == '\n') return i + 3;
    }
    return 0;
}

/* The next line of the head, NUL-terminated in place (CR LF or LF cut); NULL at the end. */
static char *next_line(char **cursor, char *end) {
    char *line = *cursor;
    if (line >= end) return NULL;
    char *newline = memchr(line, '\n', (size_t)(end - line));
    if (!newline) return NULL;
    *newline = '\0';
    if (newline > line && newline[-1] == '\r') newline[-1] = '\0';
    *cursor = newline + 1;
    return line;
}

static bool is_token_char(char c) {
    return isalnum((unsigned char)c) || (c && strchr("!#$%&'*+-.^_`|~", c));
}

static bool parse_request_line(HttpRequest *r, char *line, HttpError *error) {
    char *method = line;
    char *space = strchr(method, ' ');
    if (!space || space == method) return fail(error, 400, "malformed request line");
    *space = '\0';
    for (const char *m = method; *m; m++)
        if (!isupper((unsigned char)*m)) return fail(error, 400, "malformed method");
    if (strlen(method) > 7) return fail(error, 501, "method not implemented");
    char *target = space + 1;
    space = strchr(target, ' ');
    if (!space) return fail(error, 400, "malformed request line: no version");
    *space = '\0';
    const char *version = space + 1;
    if ((size_t)(space - target) > HTTP_TARGET_MAX) return fail(error, 414, "the URL is longer than %d bytes", HTTP_TARGET_MAX);
    if (target[0] != '/') return fail(error, 400, "the request target must be a path starting with /");
    for (const char *t = target; *t; t++)
        if ((unsigned char)*t <= 0x20 || (unsigned char)*t >= 0x7f) return fail(error, 400, "a bad byte in the URL");
    if (strncmp(version, "HTTP/", 5) != 0) return fail(error, 400, "malformed request line: no HTTP version");
    if (strcmp(version, "HTTP/1.1") != 0 && strcmp(version, "HTTP/1.0") != 0)
        return fail(error, 505, "only HTTP/1.0 and HTTP/1.1 are served");
    char *question = strchr(target, '?');
    r->query = "";
    if (question) {
        *question = '\0';
        r->query = question + 1;
    }
    r->method = method;
    r->path = target;
    return true;
}

static bool parse_header(HttpRequest *r, char *line, HttpError *error) {
    if (line[0] == ' ' || line[0] == '\t') return fail(error, 400, "folded header lines are not accepted");
    char *colon = strchr(line, ':');
    if (!colon || colon == line) return fail(error, 400, "a malformed header line");
    for (const char *n = line; n < colon; n++)
        if (!is_token_char(*n)) return fail(error, 400, "a malformed header name");
    *colon = '\0';
    char *value = colon + 1;
    while (*value == ' ' || *value == '\t') value++;
    size_t n = strlen(value);
    while (n > 0 && (value[n - 1] == ' ' || value[n - 1] == '\t')) value[--n] = '\0';
    for (const char *v = value; *v; v++)
        if (((unsigned char)*v < 0x20 && *v != '\t') || *v == 0x7f) return fail(error, 400, "a control byte in a header");
    if (r->header_count >= HTTP_HEADERS_MAX) return fail(error, 431, "more than %d header lines", HTTP_HEADERS_MAX);
    r->headers[r->header_count++] = (HttpHeader){.name = line, .value = value};
    return true;
}

const char *http_header(const HttpRequest *request, const char *name) {
    for (int i = 0; i < request->header_count; i++)
        if (strcasecmp(request->headers[i].name, name) == 0) return request->headers[i].value;
    return NULL;
}

static int header_count(const HttpRequest *request, const char *name) {
    int n = 0;
    for (int i = 0; i < request->header_count; i++) n += strcasecmp(request->headers[i].name, name) == 0;
    return n;
}

static bool check_headers(HttpRequest *r, HttpError *error) {
    if (header_count(r, "Host") != 1) return fail(error, 400, "exactly one Host header is required");
    if (http_header(r, "Transfer-Encoding")) return fail(error, 501, "chunked request bodies are not accepted");
    const int lengths = header_count(r, "Content-Length");
    if (lengths > 1) return fail(error, 400, "more than one Content-Length");
    r->content_length = 0;
    if (lengths == 1) {
        const char *v = http_header(r, "Content-Length");
        if (!*v || strlen(v) > 9) return fail(error, *v ? 413 : 400, "a bad Content-Length");
        for (const char *d = v; *d; d++)
            if (!isdigit((unsigned char)*d)) return fail(error, 400, "a bad Content-Length");
        size_t length = 0;
        for (const char *d = v; *d; d++) length = length * 10 + (size_t)(*d - '0');
        if (length > HTTP_BODY_MAX) return fail(error, 413, "the body is larger than %d bytes", HTTP_BODY_MAX);
        r->content_length = length;
    }
    return true;
}

bool http_parse_head(HttpRequest *r, HttpError *error) {
    error->status = 0;
    error->reason[0] = '\0';
    r->header_count = 0;
    r->head[r->head_length] = '\0';
    if (memchr(r->head, '\0', r->head_length)) return fail(error, 400, "a NUL byte in the request");
    char *cursor = r->head, *end = r->head + r->head_length;
    char *line = next_line(&cursor, end);
    if (!line || !parse_request_line(r, line, error)) return error->status ? false : fail(error, 400, "no request line");
    while ((line = next_line(&cursor, end)) && line[0])
        if (!parse_header(r, line, error)) return false;
    return check_headers(r, error);
}

static bool readable(int fd) {
    struct pollfd p = {.fd = fd, .events = POLLIN};
    return poll(&p, 1, -1) > 0; /* the socket's own receive timeout bounds the read */
}

bool http_read_request(int fd, HttpRequest *r, HttpError *error) {
    error->status = 0;
    error->reason[0] = '\0';
    char buffer[HTTP_HEAD_MAX + HTTP_BODY_MAX];
    size_t have = 0, head_end = 0;
    while (!(head_end = http_head_end(buffer, have))) {
        if (have >= HTTP_HEAD_MAX) return fail(error, 431, "the request head is larger than %d bytes", HTTP_HEAD_MAX);
        if (!readable(fd)) return false;
        const ssize_t n = read(fd, buffer + have, HTTP_HEAD_MAX - have);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return have ? fail(error, 400, "the request ended early") : false;
        have += (size_t)n;
    }
    if (head_end > HTTP_HEAD_MAX) return fail(error, 431, "the request head is larger than %d bytes", HTTP_HEAD_MAX);
    memcpy(r->head, buffer, head_end);
    r->head_length = head_end;
    if (!http_parse_head(r, error)) return false;
    size_t body = have - head_end;
    if (body > r->content_length) return fail(error, 400, "more bytes than Content-Length says (one request a connection)");
    memcpy(r->body, buffer + head_end, body);
    while (body < r->content_length) {
        const ssize_t n = read(fd, r->body + body, r->content_length - body);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return fail(error, 400, "the body is shorter than Content-Length");
        body += (size_t)n;
    }
    r->body[body] = '\0';
    r->body_length = body;
    if (memchr(r->body, '\0', body)) return fail(error, 400, "a NUL byte in the body");
    return true;
}

const char *http_status_text(int status) {
    switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 410: return "Gone";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Error";
    }
}

static bool write_all(int fd, const char *data, size_t size) {
    while (size) {
        const ssize_t n = write(fd, data, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data += n;
        size -= (size_t)n;
    }
    return true;
}

bool http_respond(int fd, int status, const char *content_type, const char *extra_headers,
                  const char *body, size_t length) {
    char head[1024];
    const int n = snprintf(head, sizeof head,
                           "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
                           "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
                           "Connection: close\r\n%s\r\n",
                           status, http_status_text(status), content_type, length, extra_headers);
    if (n < 0 || (size_t)n >= sizeof head) return false;
    return write_all(fd, head, (size_t)n) && write_all(fd, body, length);
}

bool http_refuse(int fd, const HttpError *error) {
    char body[sizeof error->reason + 2];
    const int n = snprintf(body, sizeof body, "%s\n", error->reason);
    return http_respond(fd, error->status, "text/plain; charset=utf-8", "", body, (size_t)n);
}

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decode one percent-encoded piece [from, to) into out; false if malformed or too long. */
static bool decode(const char *from, const char *to, char *out, size_t size) {
    size_t n = 0;
    for (const char *s = from; s < to; s++) {
        char c = *s;
        if (c == '+') {
            c = ' ';
        } else if (c == '%') {
            if (to - s < 3 || hex_value(s[1]) < 0 || hex_value(s[2]) < 0) return false;
            c = (char)(hex_value(s[1]) * 16 + hex_value(s[2]));
            s += 2;
        }
        if ((unsigned char)c < 0x20 || n + 1 >= size) return false;
        out[n++] = c;
    }
    out[n] = '\0';
    return true;
}

static bool allowed_key(const char *key, const char *const *allowed) {
    for (; allowed && *allowed; allowed++)
        if (strcmp(key, *allowed) == 0) return true;
    return false;
}

bool http_form_parse(const char *text, const char *const *allowed, HttpForm *form, HttpError *error) {
    form->count = 0;
    const char *s = text;
    while (*s) {
        const char *amp = strchr(s, '&');
        const char *end = amp ? amp : s + strlen(s);
        if (end > s) {
            const char *eq = memchr(s, '=', (size_t)(end - s));
            if (!eq) return fail(error, 400, "a form field without '='");
            if (form->count >= HTTP_FORM_FIELDS_MAX) return fail(error, 400, "too many form fields");
            char *key = form->key[form->count], *value = form->value[form->count];
            if (!decode(s, eq, key, sizeof form->key[0])) return fail(error, 400, "a malformed form field name");
            if (!decode(eq + 1, end, value, sizeof form->value[0]))
                return fail(error, 400, "a malformed or overlong value of %.30s", key);
            if (!allowed_key(key, allowed)) return fail(error, 400, "unknown field \"%.30s\"", key);
            if (http_form_get(form, key)) return fail(error, 400, "field %.30s given twice", key);
            form->count++;
        }
        s = amp ? amp + 1 : end;
    }
    return true;
}

const char *http_form_get(const HttpForm *form, const char *key) {
    for (int i = 0; i < form->count; i++)
        if (strcmp(form->key[i], key) == 0) return form->value[i];
    return NULL;
}
