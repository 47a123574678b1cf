/* web_api: the web board's requests — the page's files, the settings it may offer, and a
 * game's routes (create, state with long polling, move, undo, new, swap, hint, settings, save,
 * close). Replies are JSON, or text/plain with a one-line reason for a refusal. The page picks
 * brains by id among Wuzi's levels and the --engine commands (brains.h), never by command.
 * The server has already checked the Host and Origin of the request (web_server.c). */
#ifndef WUZI_PLAY_WEB_API_H
#define WUZI_PLAY_WEB_API_H

#include "brains.h"
#include "http.h"
#include "play_options.h"
#include "web_games.h"

typedef struct WebApi {
    WebGames *games;
    const BrainList *brains;
    const PlayOptions *options;
    const char *argv0;   /* to find the shipped openings */
    int poll_ms;         /* the longest a state request waits for news */
} WebApi;

/* Answer one request on `fd`. */
void web_api_handle(WebApi *api, int fd, const HttpRequest *request);

#endif
