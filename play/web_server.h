/* web_server: `wuzi-play --web [PORT]` — the local web board's HTTP server.
 *
 * It listens on 127.0.0.1 (another address only with --listen), prints the URL to open and
 * serves each connection on its own thread, one request per connection, with read and write
 * timeouts and a cap on connections at once. Before any route (web_api.c) it refuses what a
 * page from elsewhere could send: a Host that is not the address and port served (or
 * localhost on loopback: DNS rebinding), and a state-changing request (POST) whose Origin, or
 * Sec-Fetch-Site, says it comes from another site. SIGINT or SIGTERM stop it cleanly: every
 * game closes and every brain is stopped. */
#ifndef WUZI_PLAY_WEB_SERVER_H
#define WUZI_PLAY_WEB_SERVER_H

#include <stdbool.h>

#include "brains.h"
#include "http.h"
#include "play_options.h"

/* Serve until SIGINT or SIGTERM; returns the exit status. */
int web_server_run(const PlayOptions *options, const BrainList *brains, const char *argv0);

/* The checks on their own, for the tests: may a request with these Host, Origin and
 * Sec-Fetch-Site headers (each NULL when absent) be served by a server at `host` (the numeric
 * address, IPv6 in brackets) and `port`? False with `error` set. */
bool web_request_allowed(const char *host, int port, bool loopback, const char *method,
                         const char *host_header, const char *origin, const char *fetch_site,
                         HttpError *error);

#endif
