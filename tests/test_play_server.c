/* wuzi-play --web at the HTTP level: the real program ($WUZI_PLAYER) on a free port of
 * 127.0.0.1, spoken to through sockets. Every route; malformed, oversized and misdirected
 * requests refused with a 4xx (or 5xx) status and a reason while the server goes on; the Host
 * and Origin refusals; two games at once, each with its own brain; requests answered while a
 * brain thinks; another pbrain (the fake brain without TAKEBACK, with MESSAGE lines in its own
 * words) through a whole game; brains ended when a game is closed or left idle. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "monotonic.h"
#include "process_scan.h"

#define REPLY_MAX (1 << 17)

typedef struct Server {
    pid_t pid;
    int port;
    int out_fd;
    char tag[64];
} Server;

typedef struct Reply {
    int status;
    char text[REPLY_MAX]; /* head and body */
    const char *body;
} Reply;

static bool programs_missing(void) {
    if (getenv("WUZI_PLAYER") && getenv("WUZI_TOOLS")) return false;
    printf("SKIP: WUZI_PLAYER or WUZI_TOOLS is not set\n");
    return true;
}

/* "'TOOLS/fake_brain' ARGS tag=…": the tag finds its processes. */
static void fake(char *out, size_t size, const Server *server, const char *arguments) {
    snprintf(out, size, "'%s/fake_brain' %s %s", getenv("WUZI_TOOLS"), arguments, server->tag);
}

/* The tag that this test's brain commands carry. */
static void server_tag(Server *server, const char *name) {
    snprintf(server->tag, sizeof server->tag, "tag=wuziweb%d%s", (int)getpid(), name);
}

/* Start wuzi-play --web 0 with `args` (NULL-terminated); reads the port it prints. */
static bool server_start(Server *server, const char *const *args) {
    int fds[2];
    if (pipe(fds) < 0) return false;
    const char *argv[32] = {getenv("WUZI_PLAYER"), "--web", "0"};
    int n = 3;
    for (int i = 0; args && args[i] && n < 31; i++) argv[n++] = args[i];
    argv[n] = NULL;
    server->pid = fork();
    if (server->pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(fds[1]);
    server->out_fd = fds[0];
    char text[512] = "";
    size_t have = 0;
    const int64_t until = monotonic_ms() + 10000;
    while (monotonic_ms() < until && have < sizeof text - 1) {
        struct pollfd p = {.fd = server->out_fd, .events = POLLIN};
        if (poll(&p, 1, 100) <= 0) continue;
        const ssize_t got = read(server->out_fd, text + have, sizeof text - 1 - have);
        if (got <= 0) break;
        have += (size_t)got;
        text[have] = '\0';
        const char *url = strstr(text, "http://127.0.0.1:");
        if (url && strchr(url, '/' ) && sscanf(url, "http://127.0.0.1:%d/", &server->port) == 1) return true;
    }
    return false;
}

/* SIGTERM; true if it said "stopped" and exited 0 in time. */
static bool server_stop(Server *server) {
    kill(server->pid, SIGTERM);
    char text[1024] = "";
    size_t have = 0;
    const int64_t until = monotonic_ms() + 10000;
    int status = -1;
    pid_t done = 0;
    while ((done = waitpid(server->pid, &status, WNOHANG)) == 0 && monotonic_ms() < until) {
        struct pollfd p = {.fd = server->out_fd, .events = POLLIN};
        if (poll(&p, 1, 50) > 0) {
            const ssize_t got = read(server->out_fd, text + have, sizeof text - 1 - have);
            if (got > 0) have += (size_t)got;
        }
    }
    if (done == 0) {
        kill(server->pid, SIGKILL);
        waitpid(server->pid, &status, 0);
    }
    text[have] = '\0';
    close(server->out_fd);
    return done == server->pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static int connect_to(int port) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) < 0) {
        if (fd >= 0) close(fd);
        return -1;
    }
    return fd;
}

/* Send `raw` as it is (maybe in two parts, the second after a pause), read the whole reply. */
static bool exchange(int port, const char *raw, size_t length, Reply *reply) {
    memset(reply, 0, sizeof *reply);
    const int fd = connect_to(port);
    if (fd < 0) return false;
    size_t sent = 0;
    while (sent < length) {
        const ssize_t n = write(fd, raw + sent, length - sent);
        if (n <= 0) break; /* the server may refuse before reading everything */
        sent += (size_t)n;
    }
    shutdown(fd, SHUT_WR); /* all of it is sent: a request cut short ends here */
    size_t have = 0;
    const int64_t until = monotonic_ms() + 20000;
    while (have < sizeof reply->text - 1 && monotonic_ms() < until) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, 100) <= 0) continue;
        const ssize_t n = read(fd, reply->text + have, sizeof reply->text - 1 - have);
        if (n <= 0) break;
        have += (size_t)n;
    }
    close(fd);
    reply->text[have] = '\0';
    const char *end = strstr(reply->text, "\r\n\r\n");
    reply->body = end ? end + 4 : "";
    return sscanf(reply->text, "HTTP/1.1 %d", &reply->status) == 1;
}

/* A well-formed request from the page's own origin; body (may be NULL) as a form. */
static bool request(const Server *server, const char *method, const char *path, const char *body, Reply *reply) {
    char *raw = malloc(16384);
    const size_t n = body ? strlen(body) : 0;
    snprintf(raw, 16384,
             "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: http://127.0.0.1:%d\r\n"
             "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %zu\r\n\r\n%s",
             method, path, server->port, server->port, n, body ? body : "");
    const bool ok = exchange(server->port, raw, strlen(raw), reply);
    free(raw);
    return ok;
}

static bool requestf(const Server *server, const char *method, Reply *reply, const char *body, const char *format, ...)
    __attribute__((format(printf, 5, 6)));
static bool requestf(const Server *server, const char *method, Reply *reply, const char *body, const char *format, ...) {
    char path[512];
    va_list args;
    va_start(args, format);
    vsnprintf(path, sizeof path, format, args);
    va_end(args);
    return request(server, method, path, body, reply);
}

/* The brain processes carrying `tag` (not the server, whose command line names them too). */
static int brains_with(const char *tag) { return processes_with_but_not(tag, "--web"); }

/* ---- reading the JSON state, just enough ---- */

static long json_number(const char *text, const char *key) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(text, pattern);
    return at ? strtol(at + strlen(pattern), NULL, 10) : -999;
}

static bool json_true(const char *text, const char *key) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":true", key);
    return strstr(text, pattern) != NULL;
}

static void json_text(const char *text, const char *key, char *out, size_t size) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    const char *at = strstr(text, pattern);
    out[0] = '\0';
    if (!at) return;
    at += strlen(pattern);
    size_t n = 0;
    while (at[n] && at[n] != '"' && n + 1 < size) {
        out[n] = at[n];
        n++;
    }
    out[n] = '\0';
}

static int move_count(const char *text) {
    const char *at = strstr(text, "\"moves\":[");
    if (!at) return -1;
    int n = 0;
    for (const char *s = at + 9; *s && *s != ']'; s++)
        if (*s == '[') n++, s = strchr(s, ']');
    return n;
}

/* Create a game; its id into `id`. */
static bool create(const Server *server, const char *form, char *id, Reply *reply) {
    if (!request(server, "POST", "/api/games", form, reply) || reply->status != 200) return false;
    json_text(reply->body, "id", id, 32);
    return strlen(id) == 24;
}

/* Poll the state until `moves` stones are down or the game is over; the last state in reply. */
static bool wait_moves(const Server *server, const char *id, int moves, Reply *reply) {
    const int64_t until = monotonic_ms() + 20000;
    long version = 0;
    while (monotonic_ms() < until) {
        if (!requestf(server, "GET", reply, NULL, "/api/games/%s?since=%ld", id, version) || reply->status != 200)
            return false;
        if (move_count(reply->body) >= moves || json_true(reply->body, "over")) return move_count(reply->body) >= moves;
        version = json_number(reply->body, "version");
    }
    return false;
}

static void play(const Server *server, const char *id, int x, int y, Reply *reply) {
    char form[32];
    snprintf(form, sizeof form, "x=%d&y=%d", x, y);
    requestf(server, "POST", reply, form, "/api/games/%s/move", id);
}

/* ---- the tests ---- */

static void test_every_route(void) {
    if (programs_missing()) return;
    Server server;
    char engine[512];
    const char *args[] = {"--engine", engine, "--time", "500", NULL};
    server_tag(&server, "routes");
    fake(engine, sizeof engine, &server, "good");
    CHECK(server_start(&server, args));
    Reply *r = malloc(sizeof *r);
    CHECK(request(&server, "GET", "/", NULL, r) && r->status == 200 && strstr(r->text, "text/html") &&
          strstr(r->text, "Content-Security-Policy: default-src 'self'") && strstr(r->body, "<canvas"));
    CHECK(request(&server, "GET", "/style.css", NULL, r) && r->status == 200 && strstr(r->text, "text/css"));
    CHECK(request(&server, "GET", "/app.js", NULL, r) && r->status == 200 && strstr(r->text, "text/javascript"));
    CHECK(request(&server, "GET", "/api/config", NULL, r) && r->status == 200 && strstr(r->body, "\"levels\":[\"n1\"") &&
          strstr(r->body, "{\"id\":\"engine:1\",\"name\":\"fake_brain\",\"rect\":true}") && strstr(r->body, "\"white\":\"engine:1\""));
    char id[32];
    CHECK(create(&server, "black=you&white=engine:1&rule=0&size=15&time=300&opening=0", id, r));
    CHECK(json_number(r->body, "time") == 300 && move_count(r->body) == 0);
    const long version = json_number(r->body, "version");
    CHECK(requestf(&server, "GET", r, NULL, "/api/games/%s", id) && r->status == 200 && json_number(r->body, "version") == version);
    play(&server, id, 7, 7, r);
    CHECK(r->status == 200 && move_count(r->body) == 1);
    CHECK(wait_moves(&server, id, 2, r) && strstr(r->body, "\"moves\":[[7,7],[0,0]]"));
    CHECK(json_number(r->body, "brainsRunning") == 1);
    CHECK(requestf(&server, "POST", r, NULL, "/api/games/%s/hint", id) && r->status == 200);
    const int64_t until = monotonic_ms() + 10000;
    while (!strstr(r->body, "\"hint\":[1,0]") && monotonic_ms() < until)
        requestf(&server, "GET", r, NULL, "/api/games/%s", id);
    CHECKF(strstr(r->body, "\"hint\":[1,0]"), "%.300s", r->body);
    CHECK(requestf(&server, "POST", r, NULL, "/api/games/%s/undo", id) && r->status == 200 && move_count(r->body) == 0);
    CHECK(requestf(&server, "POST", r, NULL, "/api/games/%s/swap", id) && r->status == 200 &&
          strstr(r->body, "\"black\":{\"id\":\"engine:1\""));
    CHECK(wait_moves(&server, id, 1, r) && strstr(r->body, "\"moves\":[[0,0]]")); /* the brain opens as black */
    CHECK(requestf(&server, "POST", r, "time=700&black=wuzi:n1", "/api/games/%s/settings", id) && r->status == 200 &&
          json_number(r->body, "time") == 700 && strstr(r->body, "\"name\":\"Wuzi n1\""));
    CHECK(requestf(&server, "POST", r, "rule=4&size=17x15&black=you&white=engine:1", "/api/games/%s/new", id) &&
          r->status == 200 && json_number(r->body, "rule") == 4 && json_number(r->body, "width") == 17 &&
          json_number(r->body, "height") == 15 && move_count(r->body) == 0);
    CHECK(requestf(&server, "POST", r, "opening=1&size=15&rule=0", "/api/games/%s/new", id) && r->status == 200 &&
          json_number(r->body, "openingCount") >= 3);
    CHECK(requestf(&server, "GET", r, NULL, "/api/games/%s/save?format=psq", id) && r->status == 200 &&
          strncmp(r->body, "Piskvorky 15x15", 15) == 0 && strstr(r->text, "attachment; filename=\"wuzi-game.psq\""));
    CHECK(requestf(&server, "GET", r, NULL, "/api/games/%s/save?format=sgf", id) && r->status == 200 &&
          strncmp(r->body, "(;FF[4]GM[4]", 12) == 0);
    CHECK(requestf(&server, "POST", r, NULL, "/api/games/%s/close", id) && r->status == 200);
    CHECK(requestf(&server, "GET", r, NULL, "/api/games/%s", id) && r->status == 404);
    if (process_scan_available()) CHECK(brains_with(server.tag) == 0);
    CHECK(server_stop(&server));
    free(r);
}

/* A raw request's status and that the reply gives a reason. */
static void expect_bytes(const Server *server, const char *raw, size_t length, int status, const char *reason) {
    Reply *r = malloc(sizeof *r);
    CHECKF(exchange(server->port, raw, length, r) && r->status == status && strstr(r->body, reason),
           "wanted %d \"%s\" for %.60s; got %d %.120s", status, reason, raw, r->status, r->body);
    free(r);
}

static void expect(const Server *server, const char *raw, int status, const char *reason) {
    expect_bytes(server, raw, strlen(raw), status, reason);
}

static void test_bad_requests_refused(void) {
    if (programs_missing()) return;
    Server server;
    server_tag(&server, "bad");
    CHECK(server_start(&server, NULL));
    char raw[20000], host[64];
    snprintf(host, sizeof host, "Host: 127.0.0.1:%d\r\n", server.port);
#define RAW(...) (snprintf(raw, sizeof raw, __VA_ARGS__), raw)
    expect(&server, RAW("GET /nowhere HTTP/1.1\r\n%s\r\n", host), 404, "no such page");
    expect(&server, RAW("GET /api/games/abc HTTP/1.1\r\n%s\r\n", host), 404, "no such game");
    expect(&server, RAW("GET /api/games/aaaaaaaaaaaaaaaaaaaaaaaa HTTP/1.1\r\n%s\r\n", host), 404,
           "no such game");
    expect(&server, RAW("POST /api/config HTTP/1.1\r\n%sContent-Length: 0\r\n\r\n", host), 405, "use GET");
    expect(&server, RAW("GET /api/games HTTP/1.1\r\n%s\r\n", host), 405, "use POST");
    expect(&server, RAW("DELETE / HTTP/1.1\r\n%s\r\n", host), 405, "only GET and POST");
    expect(&server, RAW("HELLO\r\n\r\n"), 400, "malformed");
    expect(&server, RAW("GET / HTTP/2.0\r\n%s\r\n", host), 505, "HTTP/1.0 and HTTP/1.1");
    expect(&server, RAW("GET / HTTP/1.1\r\n\r\n"), 400, "Host");
    expect(&server, RAW("GET / HTTP/1.1\r\n%sBad Header\r\n\r\n", host), 400, "header");
    expect(&server, RAW("POST /api/games HTTP/1.1\r\n%sTransfer-Encoding: chunked\r\n\r\n", host), 501,
           "chunked");
    /* oversized: a head past 8 KiB, a body past 64 KiB, a long URL */
    int n = snprintf(raw, sizeof raw, "GET / HTTP/1.1\r\n%sX-Big: ", host);
    memset(raw + n, 'a', 9000);
    n += 9000;
    n += snprintf(raw + n, sizeof raw - (size_t)n, "\r\n\r\n");
    expect_bytes(&server, raw, (size_t)n, 431, "larger than");
    char *big = malloc(80000);
    n = snprintf(big, 80000, "POST /api/games HTTP/1.1\r\n%sContent-Length: 70000\r\n\r\n", host);
    memset(big + n, 'a', 70000);
    expect_bytes(&server, big, (size_t)n + 70000, 413, "larger than");
    free(big);
    n = snprintf(raw, sizeof raw, "GET /");
    memset(raw + n, 'a', 2000);
    n += 2000;
    n += snprintf(raw + n, sizeof raw - (size_t)n, " HTTP/1.1\r\n%s\r\n", host);
    expect_bytes(&server, raw, (size_t)n, 414, "longer than");
    /* forms and values */
    expect(&server, RAW("POST /api/games HTTP/1.1\r\n%sContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", host), 415, "x-www-form-urlencoded");
    expect(&server, RAW("POST /api/games HTTP/1.1\r\n%sContent-Type: application/x-www-form-urlencoded\r\n"
                        "Content-Length: 9\r\n\r\ncommand=x", host), 400, "unknown field");
    expect(&server, RAW("POST /api/games HTTP/1.1\r\n%sContent-Type: application/x-www-form-urlencoded\r\n"
                        "Content-Length: 13\r\n\r\nwhite=sh%%20-c", host), 422, "unknown player");
    expect(&server, RAW("POST /api/games HTTP/1.1\r\n%sContent-Type: application/x-www-form-urlencoded\r\n"
                        "Content-Length: 14\r\n\r\nwhite=engine:1", host), 422, "no engine");
    expect(&server, RAW("POST /api/games HTTP/1.1\r\n%sContent-Type: application/x-www-form-urlencoded\r\n"
                        "Content-Length: 13\r\n\r\nwhite=wuzi:n9", host), 422, "unknown Wuzi level");
    expect(&server, RAW("POST /api/games HTTP/1.1\r\n%sContent-Type: application/x-www-form-urlencoded\r\n"
                        "Content-Length: 6\r\n\r\nrule=3", host), 422, "rule");
    expect(&server, RAW("POST /api/games HTTP/1.1\r\n%sContent-Type: application/x-www-form-urlencoded\r\n"
                        "Content-Length: 6\r\n\r\nsize=4", host), 422, "cannot be played");
    expect(&server, RAW("POST /api/games HTTP/1.1\r\n%sContent-Type: application/x-www-form-urlencoded\r\n"
                        "Content-Length: 7\r\n\r\nsize=%%z", host), 400, "malformed");
    /* a body cut short, and a peer that says nothing: no reply is owed, nothing breaks */
    Reply *r = malloc(sizeof *r);
    expect(&server, RAW("POST /api/games HTTP/1.1\r\n%sContent-Length: 100\r\n\r\nblack=", host), 400, "shorter");
    const int silent = connect_to(server.port);
    if (silent >= 0) close(silent);
    /* a move that is not one */
    char id[32];
    CHECK(create(&server, "white=you", id, r));
    CHECK(requestf(&server, "POST", r, "x=abc&y=1", "/api/games/%s/move", id) && r->status == 400);
    play(&server, id, 7, 7, r);
    CHECK(r->status == 200);
    play(&server, id, 7, 7, r);
    CHECKF(r->status == 409 && strstr(r->body, "h8 is taken"), "%d %s", r->status, r->body);
    play(&server, id, 15, 0, r);
    CHECK(r->status == 409 && strstr(r->body, "off the board"));
    CHECK(requestf(&server, "POST", r, NULL, "/api/games/%s/hint", id) && r->status == 409 && strstr(r->body, "no brain"));
    CHECK(requestf(&server, "GET", r, NULL, "/api/games/%s/save?format=doc", id) && r->status == 400);
    CHECK(requestf(&server, "GET", r, NULL, "/api/games/%s/frobnicate", id) && r->status == 404);
    /* after all that the server still serves */
    CHECK(request(&server, "GET", "/api/config", NULL, r) && r->status == 200);
    free(r);
    CHECK(server_stop(&server));
#undef RAW
}

/* Requests a page from another site could make, each refused. */
static void test_requests_from_elsewhere_refused(void) {
    if (programs_missing()) return;
    Server server;
    server_tag(&server, "origin");
    CHECK(server_start(&server, NULL));
    char raw[2048];
#define RAW(...) (snprintf(raw, sizeof raw, __VA_ARGS__), raw)
    /* DNS rebinding: the browser sends the attacker's name as Host */
    expect(&server, RAW("GET / HTTP/1.1\r\nHost: evil.example:%d\r\n\r\n", server.port), 403, "Host");
    expect(&server, RAW("GET /api/config HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n"), 403, "Host");
    expect(&server, RAW("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: http://evil.example\r\n"
                        "Content-Length: 0\r\n\r\n", server.port), 403, "another origin");
    expect(&server, RAW("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: null\r\nContent-Length: 0\r\n\r\n",
                        server.port), 403, "another origin");
    expect(&server, RAW("POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nSec-Fetch-Site: cross-site\r\n"
                        "Content-Length: 0\r\n\r\n", server.port), 403, "another site");
    /* what the page itself sends passes, under either name */
    Reply *r = malloc(sizeof *r);
    RAW("GET /api/config HTTP/1.1\r\nHost: localhost:%d\r\n\r\n", server.port);
    CHECK(exchange(server.port, raw, strlen(raw), r) && r->status == 200);
    RAW("POST /api/games HTTP/1.1\r\nHost: localhost:%d\r\nOrigin: http://localhost:%d\r\n"
        "Sec-Fetch-Site: same-origin\r\nContent-Length: 0\r\n\r\n", server.port, server.port);
    CHECK(exchange(server.port, raw, strlen(raw), r) && r->status == 200);
    free(r);
    CHECK(server_stop(&server));
#undef RAW
}

static void test_two_games_at_once(void) {
    if (programs_missing()) return;
    Server server;
    char a[512], b[512];
    const char *args[] = {"--engine", a, "--engine", b, "--time", "300", NULL};
    server_tag(&server, "two");
    fake(a, sizeof a, &server, "line 3");
    fake(b, sizeof b, &server, "line 9");
    CHECK(server_start(&server, args));
    Reply *r = malloc(sizeof *r);
    char one[32], two[32];
    CHECK(create(&server, "black=you&white=engine:1", one, r));
    CHECK(create(&server, "black=you&white=engine:2", two, r));
    CHECK(strcmp(one, two) != 0);
    play(&server, one, 7, 7, r);
    play(&server, two, 7, 7, r);
    CHECK(wait_moves(&server, one, 2, r) && strstr(r->body, "[[7,7],[0,3]]"));
    CHECK(wait_moves(&server, two, 2, r) && strstr(r->body, "[[7,7],[0,9]]"));
    play(&server, one, 7, 8, r);
    CHECK(wait_moves(&server, one, 4, r) && strstr(r->body, "[1,3]]") && json_number(r->body, "brainsRunning") == 1);
    CHECK(wait_moves(&server, two, 2, r) && move_count(r->body) == 2 && json_number(r->body, "brainsRunning") == 1);
    if (process_scan_available()) {
        /* one brain a game (a brain may be two processes: the shell and the program) */
        const int both = brains_with(server.tag);
        CHECK(requestf(&server, "POST", r, NULL, "/api/games/%s/close", two) && r->status == 200);
        const int one_left = brains_with(server.tag);
        CHECKF(one_left > 0 && both == 2 * one_left, "%d processes for two games, %d for one", both, one_left);
    }
    /* a game over the limit of --games is refused */
    CHECK(server_stop(&server));
    if (process_scan_available()) CHECK(brains_with(server.tag) == 0);
    const char *limited[] = {"--games", "1", NULL};
    CHECK(server_start(&server, limited));
    CHECK(create(&server, "white=you", one, r));
    CHECK(!create(&server, "white=you", two, r) && r->status == 429 && strstr(r->body, "too many games"));
    CHECK(server_stop(&server));
    free(r);
}

/* A brain takes 2 s a move: meanwhile the server answers, and says the brain is thinking. */
static void test_served_while_a_brain_thinks(void) {
    if (programs_missing()) return;
    Server server;
    char slow[512];
    const char *args[] = {"--engine", slow, "--time", "5000", NULL};
    server_tag(&server, "slow");
    fake(slow, sizeof slow, &server, "late 2000");
    CHECK(server_start(&server, args));
    Reply *r = malloc(sizeof *r);
    char id[32], other[32];
    CHECK(create(&server, "white=engine:1", id, r));
    play(&server, id, 7, 7, r);
    CHECK(r->status == 200);
    CHECK(request(&server, "GET", "/api/config", NULL, r) && r->status == 200);
    CHECK(requestf(&server, "GET", r, NULL, "/api/games/%s", id) && r->status == 200 &&
          json_true(r->body, "brainToMove") && move_count(r->body) == 1);
    CHECK(create(&server, "white=you", other, r));
    play(&server, other, 3, 3, r);
    CHECK(r->status == 200 && move_count(r->body) == 1);
    /* undo while it thinks: the question is dropped, the brain stopped, and it is our move */
    CHECK(requestf(&server, "POST", r, NULL, "/api/games/%s/undo", id) && r->status == 200 && move_count(r->body) == 0 &&
          !json_true(r->body, "brainToMove"));
    CHECK(wait_moves(&server, id, 0, r) && move_count(r->body) == 0);
    CHECK(server_stop(&server));
    if (process_scan_available()) CHECK(brains_with(server.tag) == 0);
    free(r);
}

/* Another pbrain: no TAKEBACK, its own MESSAGE words; a whole game, and an undo on the way. */
static void test_other_brain_whole_game(void) {
    if (programs_missing()) return;
    Server server;
    char other[512];
    const char *args[] = {"--engine", other, NULL};
    server_tag(&server, "other");
    fake(other, sizeof other, &server, "good -notakeback -altmessage");
    CHECK(server_start(&server, args));
    Reply *r = malloc(sizeof *r);
    char id[32];
    CHECK(create(&server, "black=you&white=engine:1", id, r));
    play(&server, id, 7, 7, r);
    CHECK(wait_moves(&server, id, 2, r));
    CHECKF(strstr(r->body, "\"line\":\"depth 1  score +10  pv a15\"") && strstr(r->body, "\"pv\":[[0,0]]"), "%.600s", r->body);
    CHECK(requestf(&server, "POST", r, NULL, "/api/games/%s/undo", id) && r->status == 200);
    const int64_t until = monotonic_ms() + 10000;
    while (!strstr(r->body, "no TAKEBACK") && monotonic_ms() < until)
        requestf(&server, "GET", r, NULL, "/api/games/%s", id);
    CHECKF(strstr(r->body, "fake_brain has no TAKEBACK"), "%.400s", r->body);
    for (int i = 0; i < 5; i++) {
        play(&server, id, 7, 7 - i, r);
        CHECK(r->status == 200);
        if (i < 4) CHECK(wait_moves(&server, id, 2 * i + 2, r));
    }
    CHECKF(json_true(r->body, "over") && strstr(r->body, "\"result\":\"black\"") && strstr(r->body, "\"end\":\"five\"") &&
           strstr(r->body, "\"winLine\":[[7,3],[7,4],[7,5],[7,6],[7,7]]"), "%.800s", r->body);
    CHECK(strstr(r->body, "\"moves\":[[7,7],[0,0],[7,6],[1,0],[7,5],[2,0],[7,4],[3,0],[7,3]]"));
    CHECK(server_stop(&server));
    free(r);
}

/* POST a saved game's text (text/plain) to a game. */
static bool post_record(const Server *server, const char *id, const char *format, const char *text, Reply *reply) {
    char *raw = malloc(16384);
    snprintf(raw, 16384,
             "POST /api/games/%s/load?format=%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nOrigin: http://127.0.0.1:%d\r\n"
             "Content-Type: text/plain; charset=utf-8\r\nContent-Length: %zu\r\n\r\n%s",
             id, format, server->port, server->port, strlen(text), text);
    const bool ok = exchange(server->port, raw, strlen(raw), reply);
    free(raw);
    return ok;
}

/* What the command line asks for is the page's first game (--load, --openings); a saved game
 * sent by the page is played on; the boards offered are the engine's. */
static void test_first_game_and_saved_games(void) {
    if (programs_missing()) return;
    char dir[] = "/tmp/wuzi-web-load-XXXXXX", psq[128], openings[128];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(psq, sizeof psq, "%s/foul.psq", dir);
    snprintf(openings, sizeof openings, "%s/openings.txt", dir);
    FILE *file = fopen(psq, "w");
    if (file) fputs("Piskvorky 15x15, 11:11, 0\n8,8,0\n1,1,0\n9,8,0\n1,3,0\nfake\nother\n0\n", file);
    if (file) fclose(file);
    file = fopen(openings, "w");
    if (file) fputs("0,0, 1,1, 2,0\n", file);
    if (file) fclose(file);
    Server server;
    char norect[512];
    const char *args[] = {"--rule", "4", "--load", psq, "--engine", norect, NULL};
    server_tag(&server, "load");
    fake(norect, sizeof norect, &server, "good -norect");
    CHECK(server_start(&server, args));
    Reply *r = malloc(sizeof *r);
    char id[32];
    CHECK(create(&server, "black=you&white=you&first=1", id, r));
    CHECKF(move_count(r->body) == 4 && json_number(r->body, "rule") == 4, "%.300s", r->body);
    CHECK(create(&server, "black=you&white=you", id, r) && move_count(r->body) == 0);
    CHECK(post_record(&server, id, "sgf", "(;FF[4]GM[4]SZ[20]RU[exact five];B[jj];W[kk];B[jk])", r) && r->status == 200);
    CHECKF(move_count(r->body) == 3 && json_number(r->body, "width") == 20 && json_number(r->body, "rule") == 1,
           "%d %.300s", r->status, r->body);
    CHECK(post_record(&server, id, "psq", "nonsense", r) && r->status == 422 && strstr(r->body, "not a psq record"));
    CHECK(post_record(&server, id, "doc", "x", r) && r->status == 400);
    /* the boards: the common ones first, every square the engine plays, the rectangles; an
     * engine that refuses RECTSTART is said to */
    CHECK(request(&server, "GET", "/api/config", NULL, r) && r->status == 200);
    CHECKF(strstr(r->body, "\"sizes\":[15,19,20,5,6,7,") && strstr(r->body, ",31,32]") &&
           strstr(r->body, "\"rectangles\":[\"20x15\"") && strstr(r->body, "\"rect\":false"), "%.900s", r->body);
    CHECK(server_stop(&server));
    const char *from_file[] = {"--openings", openings, NULL};
    CHECK(server_start(&server, from_file));
    CHECK(create(&server, "black=you&white=you&first=1", id, r));
    CHECKF(strstr(r->body, "\"moves\":[[7,7],[8,8],[9,7]]"), "%.300s", r->body);
    CHECK(request(&server, "GET", "/api/config", NULL, r) && strstr(r->body, "\"opening\":true"));
    /* the page went away: a reload asks again at once and the game is still there */
    CHECK(requestf(&server, "POST", r, NULL, "/api/games/%s/leave", id) && r->status == 200);
    CHECK(requestf(&server, "GET", r, NULL, "/api/games/%s", id) && r->status == 200 && move_count(r->body) == 3);
    CHECK(server_stop(&server));
    free(r);
    unlink(psq);
    unlink(openings);
    rmdir(dir);
}

/* Poll the state until `text` is in it; the last state in reply. */
static bool wait_text(const Server *server, const char *id, const char *text, Reply *reply) {
    const int64_t until = monotonic_ms() + 20000;
    long version = 0;
    while (monotonic_ms() < until) {
        if (!requestf(server, "GET", reply, NULL, "/api/games/%s?since=%ld", id, version) || reply->status != 200)
            return false;
        if (strstr(reply->body, text)) return true;
        version = json_number(reply->body, "version");
    }
    printf("     (waited for %s in %.600s)\n", text, reply->body);
    return false;
}

/* The analysis through the API: the brain's multipv lines as best moves with scores, the
 * position shown stepped back and forth, the graph's points; a brain without YXNBEST is
 * restarted and its own MESSAGE lines shown; the analysing brain is one more process. */
static void test_analysis(void) {
    if (programs_missing()) return;
    Server server;
    char nbest[512], plain[512];
    const char *args[] = {"--engine", nbest, "--engine", plain, NULL};
    server_tag(&server, "analysis");
    fake(nbest, sizeof nbest, &server, "good -nbest");
    fake(plain, sizeof plain, &server, "good -altmessage");
    CHECK(server_start(&server, args));
    Reply *r = malloc(sizeof *r);
    char id[32];
    CHECK(create(&server, "black=you&white=you", id, r));
    play(&server, id, 7, 7, r);
    play(&server, id, 8, 8, r);
    CHECK(requestf(&server, "POST", r, "on=1&brain=engine:1&lines=2", "/api/games/%s/analysis", id) && r->status == 200);
    CHECK(json_true(r->body, "on") && json_number(r->body, "view") == 2);
    /* the fake's best moves: the empty cells nearest the centre, scored 100 - 10 K + depth */
    CHECK(wait_text(&server, id, "\"best\":[{\"pv\":[[7,6]],\"score\":", r));
    CHECK(wait_text(&server, id, "{\"pv\":[[6,7]],\"score\":", r) && strstr(r->body, "\"side\":\"black\""));
    CHECK(strstr(r->body, "\"evals\":[[2,{\"score\":"));
    CHECK(requestf(&server, "POST", r, "view=1", "/api/games/%s/analysis", id) && r->status == 200 &&
          json_number(r->body, "view") == 1 && move_count(r->body) == 2);
    CHECK(wait_text(&server, id, "\"side\":\"white\",\"best\":[{\"pv\":[[7,6]],\"score\":", r));
    CHECK(wait_text(&server, id, "\"evals\":[[1,{", r));
    CHECK(requestf(&server, "POST", r, "view=7", "/api/games/%s/analysis", id) && r->status == 409);
    if (process_scan_available()) CHECK(brains_with(server.tag) >= 1);
    /* a brain that does not know YXNBEST: restarted, and its MESSAGE lines are what shows */
    CHECK(requestf(&server, "POST", r, "brain=engine:2", "/api/games/%s/analysis", id) && r->status == 200);
    CHECK(wait_text(&server, id, "no YXNBEST", r));
    CHECK(wait_text(&server, id, "\"message\":\"Depth: ", r));
    CHECK(requestf(&server, "POST", r, "on=0", "/api/games/%s/analysis", id) && r->status == 200 &&
          !json_true(r->body, "on") && json_number(r->body, "view") == 2);
    CHECK(server_stop(&server));
    if (process_scan_available()) CHECK(brains_with(server.tag) == 0);
    free(r);
}

/* Swap2 between a person and a brain, both ways round, through the API. */
static void test_swap2(void) {
    if (programs_missing()) return;
    Server server;
    char swapper[512], mover[512];
    const char *args[] = {"--engine", swapper, "--engine", mover, NULL};
    server_tag(&server, "swap2");
    fake(swapper, sizeof swapper, &server, "good -swap2 swap");
    fake(mover, sizeof mover, &server, "good -swap2 two");
    CHECK(server_start(&server, args));
    Reply *r = malloc(sizeof *r);
    char id[32];
    /* we open: three stones; the brain takes black, and we play white's 4th */
    CHECK(create(&server, "black=you&white=engine:1&openingRule=swap2", id, r));
    CHECK(strstr(r->body, "\"stage\":\"place3\"") && strstr(r->body, "\"openingRule\":\"swap2\""));
    play(&server, id, 7, 7, r);
    play(&server, id, 8, 8, r);
    play(&server, id, 8, 6, r);
    CHECK(r->status == 200 && move_count(r->body) == 3);
    CHECK(wait_text(&server, id, "\"stage\":\"play\"", r));
    CHECKF(strstr(r->body, "\"black\":{\"id\":\"engine:1\"") && strstr(r->body, "\"white\":{\"id\":\"you\""), "%.500s", r->body);
    play(&server, id, 0, 0, r);
    CHECK(r->status == 200 && move_count(r->body) == 4);
    /* the brain opens: three stones; we ask for two more, the brain places them, and we choose */
    CHECK(requestf(&server, "POST", r, "black=engine:2&white=you&openingRule=swap2", "/api/games/%s/new", id) && r->status == 200);
    CHECK(wait_text(&server, id, "\"choosing\":true", r) && move_count(r->body) == 3);
    CHECK(requestf(&server, "POST", r, "choice=two", "/api/games/%s/choose", id) && r->status == 200 &&
          strstr(r->body, "\"stage\":\"place2\""));
    play(&server, id, 0, 0, r);
    play(&server, id, 14, 14, r);
    CHECK(r->status == 200 && strstr(r->body, "\"stage\":\"choose5\""));
    /* five stones: engine:2 answers one move, so it takes white; black is ours */
    CHECK(wait_text(&server, id, "\"stage\":\"play\"", r) && wait_moves(&server, id, 6, r));
    CHECKF(strstr(r->body, "\"black\":{\"id\":\"you\"") && strstr(r->body, "\"white\":{\"id\":\"engine:2\""), "%.500s", r->body);
    /* and the person's choice: with engine:2 opening and picking one stone ... */
    CHECK(requestf(&server, "POST", r, "black=engine:1&white=you&openingRule=swap", "/api/games/%s/new", id) && r->status == 200);
    CHECK(wait_text(&server, id, "\"choosing\":true", r));
    CHECK(requestf(&server, "POST", r, "choice=two", "/api/games/%s/choose", id) && r->status == 409);
    CHECK(requestf(&server, "POST", r, "choice=black", "/api/games/%s/choose", id) && r->status == 200 &&
          strstr(r->body, "\"black\":{\"id\":\"you\"") && strstr(r->body, "\"stage\":\"play\""));
    CHECK(wait_moves(&server, id, 4, r)); /* the brain, now white, plays the 4th */
    CHECK(requestf(&server, "POST", r, "choice=nonsense", "/api/games/%s/choose", id) && r->status == 400);
    CHECK(requestf(&server, "POST", r, "openingRule=swap3", "/api/games/%s/new", id) && r->status == 422);
    CHECK(server_stop(&server));
    free(r);
}

/* A game clock: the person who does not move loses on time; a brain too slow for its game
 * clock loses on time. */
static void test_game_clock(void) {
    if (programs_missing()) return;
    Server server;
    char slow[512];
    const char *args[] = {"--engine", slow, "--time", "5000", NULL};
    server_tag(&server, "clock");
    fake(slow, sizeof slow, &server, "late 1500");
    CHECK(server_start(&server, args));
    Reply *r = malloc(sizeof *r);
    char id[32];
    CHECK(create(&server, "black=you&white=engine:1&clock=800", id, r));
    CHECK(json_number(r->body, "gameTime") == 800);
    CHECK(wait_text(&server, id, "\"over\":true", r));
    CHECKF(strstr(r->body, "\"end\":\"time\"") && strstr(r->body, "you (black) ran out of time"), "%.500s", r->body);
    /* the brain takes 1.5 s a move against 0.8 s on its clock (and 1 s of grace): it loses */
    CHECK(requestf(&server, "POST", r, "black=engine:1&white=you&clock=800", "/api/games/%s/new", id) && r->status == 200);
    CHECK(wait_text(&server, id, "\"over\":true", r));
    CHECKF(strstr(r->body, "\"end\":\"time\"") && strstr(r->body, "white wins: fake_brain (black) ran out of time"), "%.500s", r->body);
    CHECK(requestf(&server, "POST", r, "clock=-5", "/api/games/%s/new", id) && r->status == 422);
    CHECK(server_stop(&server));
    free(r);
}

/* A game nobody asks about is closed after --idle seconds, and its brain ends. */
static void test_idle_game_closed(void) {
    if (programs_missing()) return;
    Server server;
    char brain[512];
    const char *args[] = {"--engine", brain, "--idle", "1", NULL};
    server_tag(&server, "idle");
    fake(brain, sizeof brain, &server, "good");
    CHECK(server_start(&server, args));
    Reply *r = malloc(sizeof *r);
    char id[32];
    CHECK(create(&server, "white=engine:1", id, r));
    play(&server, id, 7, 7, r);
    CHECK(wait_moves(&server, id, 2, r));
    if (process_scan_available()) CHECK(brains_with(server.tag) > 0);
    sleep(3);
    CHECK(requestf(&server, "GET", r, NULL, "/api/games/%s", id) && r->status == 404 && strstr(r->body, "idle"));
    if (process_scan_available()) CHECK(brains_with(server.tag) == 0);
    CHECK(server_stop(&server));
    free(r);
}

int main(void) {
    signal(SIGPIPE, SIG_IGN);
    RUN(test_every_route);
    RUN(test_bad_requests_refused);
    RUN(test_requests_from_elsewhere_refused);
    RUN(test_two_games_at_once);
    RUN(test_served_while_a_brain_thinks);
    RUN(test_other_brain_whole_game);
    RUN(test_first_game_and_saved_games);
    RUN(test_analysis);
    RUN(test_swap2);
    RUN(test_game_clock);
    RUN(test_idle_game_closed);
    return check_summary();
}
