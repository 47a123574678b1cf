/* web_games: the web server's games — each a table, its brains and its own thread.
 *
 * A game's thread does what the table wants of its brains (seating.h) without holding the
 * game's lock, so requests are served while a brain thinks; a request that changes the game
 * sets the table's cancel flag and the thread drops the now pointless question. The games are
 * found by a random id (which the page keeps in its address, so a reload finds its game). A
 * game closes when its page has gone away and no page asked for it within a grace (longer than
 * a long poll, so that a reloaded page takes it over), when nobody has asked about it for the
 * idle time, or when the server stops; closing stops its brains. At
 * most `max_games` are open at once. Games are reference-counted: one closed while a request
 * still uses it is freed when that request is done. */
#ifndef WUZI_PLAY_WEB_GAMES_H
#define WUZI_PLAY_WEB_GAMES_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "start_position.h"
#include "table.h"

#define WEB_GAME_ID_LENGTH 24

typedef struct WebGame {
    char id[WEB_GAME_ID_LENGTH + 1];
    pthread_mutex_t lock;        /* guards everything below but id and refs */
    pthread_cond_t changed;      /* the table changed, or the game is closing */
    Table table;
    StartPosition start;
    bool closing;
    int brains_running;          /* brain processes of this game, as its thread last saw */
    int64_t last_seen_ms;
    int64_t left_ms;             /* when its page said it went away; 0 while a page is there */
    pthread_t thread;
    int refs;                    /* under the registry's lock */
} WebGame;

typedef struct WebGames {
    pthread_mutex_t lock;
    pthread_cond_t wake;         /* the idle reaper's */
    WebGame **games;
    int count, max_games;
    int64_t idle_ms;
    bool stopping;
    pthread_t reaper;
    uint64_t id_state;           /* fallback when /dev/urandom cannot be read */
} WebGames;

bool web_games_init(WebGames *games, int max_games, int idle_seconds);
/* Close every game (stopping their brains) and open no more: requests waiting on a game end. */
void web_games_close_all(WebGames *games);
/* Then, once no request uses the registry any more: free it. */
void web_games_destroy(WebGames *games);

/* A new game on an empty table under `rules`, players not yet seated; NULL when max_games
 * are open. The game is returned acquired and with its lock not held; its thread runs. */
WebGame *web_games_create(WebGames *games, const TableRules *rules);
/* The game with that id, acquired (counts as being seen), or NULL. */
WebGame *web_games_acquire(WebGames *games, const char *id);
void web_games_release(WebGames *games, WebGame *game);
/* Its page went away: close it after a grace, unless a page asks for it again (a reload). */
void web_games_leave(WebGames *games, WebGame *game);
/* Close it now (idempotent); the caller still holds its reference. */
void web_games_close(WebGames *games, WebGame *game);
int web_games_open_count(WebGames *games);

/* Under game->lock: the table changed; wake the game's thread and waiting pages. */
void web_game_changed(WebGame *game);

#endif
