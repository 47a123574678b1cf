#include "web_games.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "monotonic.h"
#include "seating.h"

#define REAPER_PERIOD_MS 1000
/* A page that went away may be a reload: its game waits this long (more than a long poll). */
#define LEAVE_GRACE_MS 20000

/* pthread timed waits take a CLOCK_REALTIME deadline (a monotonic one is not portable). */
static struct timespec deadline_in(int64_t ms) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    t.tv_sec += (time_t)(ms / 1000);
    t.tv_nsec += (long)(ms % 1000) * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    return t;
}

void web_game_changed(WebGame *game) { pthread_cond_broadcast(&game->changed); }

static void on_message(void *context, const TableVoice *voice, const char *text) {
    WebGame *game = context;
    pthread_mutex_lock(&game->lock);
    table_thinking(&game->table, voice, text);
    web_game_changed(game);
    pthread_mutex_unlock(&game->lock);
}

/* The game's thread: the brains do what the table wants, one question at a time. */
static void *game_thread(void *argument) {
    WebGame *game = argument;
    Seating seating;
    seating_init(&seating, &game->table.cancel);
    TableSnapshot *snapshot = malloc(sizeof *snapshot);
    pthread_mutex_lock(&game->lock);
    while (snapshot && !game->closing) {
        if (table_check_time(&game->table)) web_game_changed(game); /* a person's flag fell */
        const uint64_t generation = game->table.generation;
        table_snapshot(&game->table, snapshot);
        atomic_store(&game->table.cancel, false);
        pthread_mutex_unlock(&game->lock);
        TableAnswer answer;
        const bool asked = seating_step(&seating, snapshot, on_message, game, &answer);
        pthread_mutex_lock(&game->lock);
        table_apply(&game->table, snapshot, &answer);
        game->brains_running = seating_running(&seating);
        web_game_changed(game);
        if (asked) continue;
        /* until the game changes, or the person to act runs out of time */
        while (!game->closing && game->table.generation == generation) {
            const int64_t flag = table_ms_until_flag(&game->table);
            if (flag < 0) {
                pthread_cond_wait(&game->changed, &game->lock);
                continue;
            }
            if (table_check_time(&game->table)) break;
            const struct timespec until = deadline_in(flag + 1);
            pthread_cond_timedwait(&game->changed, &game->lock, &until);
        }
    }
    pthread_mutex_unlock(&game->lock);
    free(snapshot);
    seating_destroy(&seating);
    pthread_mutex_lock(&game->lock);
    game->brains_running = 0;
    web_game_changed(game);
    pthread_mutex_unlock(&game->lock);
    return NULL;
}

static void make_id(WebGames *games, char *id) {
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    unsigned char bytes[WEB_GAME_ID_LENGTH];
    const int fd = open("/dev/urandom", O_RDONLY);
    const bool random = fd >= 0 && read(fd, bytes, sizeof bytes) == (ssize_t)sizeof bytes;
    if (fd >= 0) close(fd);
    for (int i = 0; i < WEB_GAME_ID_LENGTH; i++) {
        if (!random) {
            games->id_state = games->id_state * 6364136223846793005ULL + 1442695040888963407ULL;
            bytes[i] = (unsigned char)(games->id_state >> 33);
        }
        id[i] = digits[bytes[i] % 36];
    }
    id[WEB_GAME_ID_LENGTH] = '\0';
}

static void free_game(WebGame *game) {
    table_destroy(&game->table);
    pthread_cond_destroy(&game->changed);
    pthread_mutex_destroy(&game->lock);
    free(game);
}

/* Under the registry's lock: take it out of the list; true if this call did. */
static bool unlist(WebGames *games, WebGame *game) {
    for (int i = 0; i < games->count; i++) {
        if (games->games[i] != game) continue;
        games->games[i] = games->games[--games->count];
        return true;
    }
    return false;
}

static void stop_thread(WebGame *game) {
    pthread_mutex_lock(&game->lock);
    game->closing = true;
    atomic_store(&game->table.cancel, true);
    web_game_changed(game);
    pthread_mutex_unlock(&game->lock);
    pthread_join(game->thread, NULL);
}

void web_games_close(WebGames *games, WebGame *game) {
    pthread_mutex_lock(&games->lock);
    const bool mine = unlist(games, game);
    pthread_mutex_unlock(&games->lock);
    if (!mine) return;
    stop_thread(game);
    web_games_release(games, game); /* the list's reference */
}

void web_games_release(WebGames *games, WebGame *game) {
    pthread_mutex_lock(&games->lock);
    const bool last = --game->refs == 0;
    pthread_mutex_unlock(&games->lock);
    /* refs reach 0 only once the game is out of the list: the list holds a reference */
    if (last) free_game(game);
}

WebGame *web_games_acquire(WebGames *games, const char *id) {
    WebGame *found = NULL;
    pthread_mutex_lock(&games->lock);
    for (int i = 0; i < games->count && !found; i++)
        if (strcmp(games->games[i]->id, id) == 0) found = games->games[i];
    if (found) found->refs++;
    pthread_mutex_unlock(&games->lock);
    if (found) {
        pthread_mutex_lock(&found->lock);
        found->last_seen_ms = monotonic_ms();
        found->left_ms = 0;
        pthread_mutex_unlock(&found->lock);
    }
    return found;
}

void web_games_leave(WebGames *games, WebGame *game) {
    (void)games;
    pthread_mutex_lock(&game->lock);
    game->left_ms = monotonic_ms();
    pthread_mutex_unlock(&game->lock);
}

WebGame *web_games_create(WebGames *games, const TableRules *rules) {
    WebGame *game = calloc(1, sizeof *game);
    if (!game) return NULL;
    if (!table_init(&game->table, rules)) {
        free(game);
        return NULL;
    }
    pthread_mutex_init(&game->lock, NULL);
    pthread_cond_init(&game->changed, NULL);
    game->last_seen_ms = monotonic_ms();
    game->refs = 2; /* the list's and the caller's */
    pthread_mutex_lock(&games->lock);
    make_id(games, game->id);
    const bool room = !games->stopping && games->count < games->max_games;
    if (room) games->games[games->count++] = game;
    pthread_mutex_unlock(&games->lock);
    if (!room || pthread_create(&game->thread, NULL, game_thread, game) != 0) {
        if (room) {
            pthread_mutex_lock(&games->lock);
            unlist(games, game);
            pthread_mutex_unlock(&games->lock);
        }
        free_game(game);
        return NULL;
    }
    return game;
}

int web_games_open_count(WebGames *games) {
    pthread_mutex_lock(&games->lock);
    const int n = games->count;
    pthread_mutex_unlock(&games->lock);
    return n;
}

/* Close the games nobody asked about for idle_ms. */
static void *reaper_thread(void *argument) {
    WebGames *games = argument;
    pthread_mutex_lock(&games->lock);
    while (!games->stopping) {
        const struct timespec until = deadline_in(REAPER_PERIOD_MS);
        pthread_cond_timedwait(&games->wake, &games->lock, &until);
        WebGame *idle = NULL;
        const int64_t now = monotonic_ms();
        for (int i = 0; i < games->count && !idle; i++) {
            WebGame *game = games->games[i];
            pthread_mutex_lock(&game->lock);
            if (now - game->last_seen_ms > games->idle_ms || (game->left_ms && now - game->left_ms > LEAVE_GRACE_MS))
                idle = game;
            pthread_mutex_unlock(&game->lock);
        }
        if (!idle) continue;
        idle->refs++;
        pthread_mutex_unlock(&games->lock);
        web_games_close(games, idle);
        web_games_release(games, idle);
        pthread_mutex_lock(&games->lock);
    }
    pthread_mutex_unlock(&games->lock);
    return NULL;
}

bool web_games_init(WebGames *games, int max_games, int idle_seconds) {
    memset(games, 0, sizeof *games);
    games->games = calloc((size_t)max_games, sizeof *games->games);
    if (!games->games) return false;
    games->max_games = max_games;
    games->idle_ms = (int64_t)idle_seconds * 1000;
    games->id_state = (uint64_t)monotonic_ms() ^ ((uint64_t)getpid() << 32);
    pthread_mutex_init(&games->lock, NULL);
    pthread_cond_init(&games->wake, NULL);
    if (pthread_create(&games->reaper, NULL, reaper_thread, games) != 0) {
        free(games->games);
        return false;
    }
    return true;
}

void web_games_close_all(WebGames *games) {
    pthread_mutex_lock(&games->lock);
    const bool reaper_running = !games->stopping;
    games->stopping = true;
    pthread_cond_broadcast(&games->wake);
    pthread_mutex_unlock(&games->lock);
    if (reaper_running) pthread_join(games->reaper, NULL);
    for (;;) {
        pthread_mutex_lock(&games->lock);
        WebGame *game = games->count ? games->games[0] : NULL;
        if (game) game->refs++;
        pthread_mutex_unlock(&games->lock);
        if (!game) break;
        web_games_close(games, game);
        web_games_release(games, game);
    }
}

void web_games_destroy(WebGames *games) {
    web_games_close_all(games);
    free(games->games);
    pthread_cond_destroy(&games->wake);
    pthread_mutex_destroy(&games->lock);
}
