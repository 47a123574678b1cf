#include "web_server.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "stop_signals.h"
#include "web_api.h"
#include "web_games.h"

#define CONNECTIONS_MAX 32
#define SOCKET_TIMEOUT_S 10
#define LONG_POLL_MS 8000

typedef struct WebServer {
    int listen_fd;
    char host[80];      /* the address as it appears in a Host header: 127.0.0.1, [::1] */
    int port;
    bool loopback;
    WebApi api;
    WebGames games;
    pthread_mutex_t lock;
    pthread_cond_t quiet;  /* a connection ended */
    int connections;
} WebServer;

typedef struct Connection {
    WebServer *server;
    int fd;
} Connection;

/* SIGINT / SIGTERM write a byte here; the accept loop polls it. */
static int stop_pipe[2] = {-1, -1};

static void on_stop_signal(int signal_number) {
    (void)signal_number;
    const char byte = 1;
    ssize_t ignored = write(stop_pipe[1], &byte, 1);
    (void)ignored;
}

static bool refuse_with(HttpError *error, int status, const char *reason) {
    error->status = status;
    snprintf(error->reason, sizeof error->reason, "%s", reason);
    return false;
}

/* Does "name:port" (port optional only for 80) name the server? */
static bool host_matches(const char *value, const char *name, int port) {
    char expected[128];
    snprintf(expected, sizeof expected, "%s:%d", name, port);
    if (strcasecmp(value, expected) == 0) return true;
    return port == 80 && strcasecmp(value, name) == 0;
}

static bool host_allowed(const char *value, const char *host, int port, bool loopback) {
    return host_matches(value, host, port) || (loopback && host_matches(value, "localhost", port));
}

bool web_request_allowed(const char *host, int port, bool loopback, const char *method,
                         const char *host_header, const char *origin, const char *fetch_site,
                         HttpError *error) {
    if (!host_header || !host_allowed(host_header, host, port, loopback))
        return refuse_with(error, 403, "refused: the Host header does not name this server (DNS rebinding?)");
    if (strcmp(method, "GET") == 0) return true;
    if (origin) {
        const bool http = strncasecmp(origin, "http://", 7) == 0;
        if (!http || !host_allowed(origin + 7, host, port, loopback))
            return refuse_with(error, 403, "refused: a request from another origin");
    } else if (fetch_site && strcmp(fetch_site, "same-origin") != 0 && strcmp(fetch_site, "none") != 0) {
        return refuse_with(error, 403, "refused: a request from another site");
    }
    return true;
}

static void serve(WebServer *server, int fd) {
    HttpRequest *request = malloc(sizeof *request);
    HttpError error = {0};
    if (!request) return;
    if (!http_read_request(fd, request, &error)) {
        if (error.status) http_refuse(fd, &error);
    } else if (strcmp(request->method, "GET") != 0 && strcmp(request->method, "POST") != 0) {
        error.status = 405;
        snprintf(error.reason, sizeof error.reason, "only GET and POST are served");
        http_refuse(fd, &error);
    } else if (!web_request_allowed(server->host, server->port, server->loopback, request->method,
                                    http_header(request, "Host"), http_header(request, "Origin"),
                                    http_header(request, "Sec-Fetch-Site"), &error)) {
        http_refuse(fd, &error);
    } else {
        web_api_handle(&server->api, fd, request);
    }
    free(request);
}

static void *connection_thread(void *argument) {
    Connection *connection = argument;
    WebServer *server = connection->server;
    serve(server, connection->fd);
    /* let the reply go out before the socket closes: read what the client still sends */
    shutdown(connection->fd, SHUT_WR);
    char drain[512];
    struct pollfd p = {.fd = connection->fd, .events = POLLIN};
    while (poll(&p, 1, 200) > 0 && read(connection->fd, drain, sizeof drain) > 0) {
    }
    close(connection->fd);
    free(connection);
    pthread_mutex_lock(&server->lock);
    server->connections--;
    pthread_cond_broadcast(&server->quiet);
    pthread_mutex_unlock(&server->lock);
    return NULL;
}

static void set_timeouts(int fd) {
    struct timeval t = {.tv_sec = SOCKET_TIMEOUT_S, .tv_usec = 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &t, sizeof t);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &t, sizeof t);
#ifdef SO_NOSIGPIPE
    const int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
}

static void accept_one(WebServer *server) {
    const int fd = accept(server->listen_fd, NULL, NULL);
    if (fd < 0) return;
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    set_timeouts(fd);
    pthread_mutex_lock(&server->lock);
    const bool room = server->connections < CONNECTIONS_MAX;
    if (room) server->connections++;
    pthread_mutex_unlock(&server->lock);
    if (!room) {
        const HttpError busy = {.status = 503, .reason = "too many connections at once"};
        http_refuse(fd, &busy);
        close(fd);
        return;
    }
    Connection *connection = malloc(sizeof *connection);
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    bool started = false;
    if (connection) {
        *connection = (Connection){.server = server, .fd = fd};
        started = pthread_create(&thread, &attributes, connection_thread, connection) == 0;
    }
    pthread_attr_destroy(&attributes);
    if (started) return;
    free(connection);
    close(fd);
    pthread_mutex_lock(&server->lock);
    server->connections--;
    pthread_mutex_unlock(&server->lock);
}

/* Bind the address and port; false with a message. */
static bool listen_on(WebServer *server, const char *address, int port) {
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_NUMERICHOST | AI_PASSIVE};
    struct addrinfo *found = NULL;
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    const char *numeric = strcmp(address, "localhost") == 0 ? "127.0.0.1" : address;
    if (getaddrinfo(numeric, service, &hints, &found) != 0 || !found) {
        fprintf(stderr, "wuzi-play: --listen wants a numeric address such as 127.0.0.1 or ::1, not %s\n", address);
        return false;
    }
    const int fd = socket(found->ai_family, SOCK_STREAM, 0);
    const int one = 1;
    if (fd >= 0) setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (fd < 0 || bind(fd, found->ai_addr, found->ai_addrlen) < 0 || listen(fd, 64) < 0) {
        fprintf(stderr, "wuzi-play: cannot serve on %s port %d: %s\n", address, port, strerror(errno));
        if (fd >= 0) close(fd);
        freeaddrinfo(found);
        return false;
    }
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    struct sockaddr_storage bound;
    socklen_t length = sizeof bound;
    getsockname(fd, (struct sockaddr *)&bound, &length);
    char text[INET6_ADDRSTRLEN] = "";
    if (bound.ss_family == AF_INET6) {
        const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)&bound;
        inet_ntop(AF_INET6, &a->sin6_addr, text, sizeof text);
        snprintf(server->host, sizeof server->host, "[%s]", text);
        server->port = ntohs(a->sin6_port);
        server->loopback = IN6_IS_ADDR_LOOPBACK(&a->sin6_addr);
    } else {
        const struct sockaddr_in *a = (const struct sockaddr_in *)&bound;
        inet_ntop(AF_INET, &a->sin_addr, text, sizeof text);
        snprintf(server->host, sizeof server->host, "%s", text);
        server->port = ntohs(a->sin_port);
        server->loopback = (ntohl(a->sin_addr.s_addr) >> 24) == 127;
    }
    freeaddrinfo(found);
    server->listen_fd = fd;
    return true;
}

static bool catch_stop_signals(void) {
    if (pipe(stop_pipe) < 0) return false;
    fcntl(stop_pipe[0], F_SETFD, FD_CLOEXEC);
    fcntl(stop_pipe[1], F_SETFD, FD_CLOEXEC);
    fcntl(stop_pipe[1], F_SETFL, O_NONBLOCK);
    stop_signals_catch(on_stop_signal);
    return true;
}

int web_server_run(const PlayOptions *options, const BrainList *brains, const char *argv0) {
    WebServer *server = calloc(1, sizeof *server);
    if (!server || !catch_stop_signals()) return 1;
    if (!listen_on(server, options->listen, options->port)) {
        free(server);
        return 1;
    }
    if (!web_games_init(&server->games, options->max_games, options->idle_seconds)) {
        close(server->listen_fd);
        free(server);
        return 1;
    }
    pthread_mutex_init(&server->lock, NULL);
    pthread_cond_init(&server->quiet, NULL);
    server->api = (WebApi){.games = &server->games, .brains = brains, .options = options, .argv0 = argv0,
                           .poll_ms = LONG_POLL_MS};
    if (!server->loopback)
        fprintf(stderr, "wuzi-play: serving on %s, which other machines can reach: anyone on this network can play\n",
                server->host);
    printf("wuzi-play: open http://%s:%d/ in a browser (Ctrl-C to stop)\n", server->host, server->port);
    fflush(stdout);
    for (;;) {
        struct pollfd p[2] = {{.fd = server->listen_fd, .events = POLLIN}, {.fd = stop_pipe[0], .events = POLLIN}};
        if (poll(p, 2, -1) < 0 && errno != EINTR) break;
        if (p[1].revents) break;
        if (p[0].revents & POLLIN) accept_one(server);
    }
    close(server->listen_fd);
    web_games_close_all(&server->games); /* wakes every waiting request: their games close */
    pthread_mutex_lock(&server->lock);
    while (server->connections > 0) pthread_cond_wait(&server->quiet, &server->lock);
    pthread_mutex_unlock(&server->lock);
    web_games_destroy(&server->games);
    pthread_cond_destroy(&server->quiet);
    pthread_mutex_destroy(&server->lock);
    free(server);
    printf("wuzi-play: stopped\n");
    return 0;
}
