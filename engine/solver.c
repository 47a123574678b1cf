#include "solver.h"

#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "threat.h"
#include "table_memory.h"

/* Depth-first proof-number search (Nagai's df-pn with the 1 + epsilon threshold of Pawlewicz
 * and Lew). A node's proof number counts the leaves still to prove to show the attacker wins
 * there, its disproof number those to refute it: at the attacker's nodes (OR) the proof number
 * is the least of the children's and the disproof number about their sum (see pick), at the
 * defender's (AND) the other way round. Each node searches its most proving child until the child's numbers pass
 * thresholds set from its siblings; every node's numbers go to the table on the way out, so
 * nothing but the path is held and transpositions are shared. The path is an explicit stack of
 * frames, not the C stack: a run that must stop leaves it as it is, and the next run goes on
 * from the very node where it stopped — in slices or in one go, the same nodes in the same
 * order. */

#define PN_INF 0x40000000u      /* the other side has proved its point */
#define PN_MAX (PN_INF - 1)     /* sums saturate below it */

#define MAX_PLY 384
#define MAX_CHILDREN 224
#define STACK_CHILDREN (1 << 16)
#define MAX_CANDIDATES 128      /* the attacker's moves at one node, the best by candidate_score */
#define MAX_FIVES 8
#define BUCKET 4                /* table entries probed per key */

/* First proof numbers of the attacker's moves not yet in the table (df-pn+ style): a four leaves
 * one block, a quiet move several replies; plus RANK_STEP for each better move before it in
 * candidate_score's order, so that the order steers the search until the numbers speak
 * (step 1: +6 % VCT-set wins at 30 000 nodes over the order as a tie-break only). */
#define INIT_FOUR_PN 1
#define INIT_QUIET_PN 2
#define RANK_STEP 1

typedef struct Entry {
    uint64_t key;
    uint32_t pn, dn;
    uint32_t work;      /* nodes spent below it: what replacement keeps */
    uint16_t move;      /* the best child (the proving one once proved), or the winning cell */
    uint16_t unused;
} Entry;

/* A move and, where it makes a four with one block, that block: the two are one step of the
 * search (the block is forced), which halves the nodes of a run of fours. */
typedef struct Child {
    uint64_t key;       /* of the position after the move and its reply */
    uint32_t pn, dn;
    uint16_t cell;
    uint16_t reply;     /* the other side's forced block, or NO_CELL */
    int16_t score;
} Child;

/* A node on the path: its children are stack[start .. start + count). */
typedef struct Frame {
    uint64_t key;
    uint64_t work;              /* the table's work for it when it was entered */
    uint64_t nodes_before;      /* the node count then */
    uint32_t proof_limit, disproof_limit;
    Child *self;                /* its numbers in its parent's children (or the root's) */
    int start, count;
    int made;                   /* the moves that led to it from its parent: 1, or 2 with a reply */
    bool attack;
} Frame;

struct Solver {
    Entry *table;
    size_t buckets;
    const Geometry *geometry;
    bool tainted;           /* a limit (ply, list size) cut a node: its "no win" may be wrong */

    /* the position */
    Board board;
    int attacker, defender;
    bool vct;
    uint64_t salt, root_key;
    SolverResult result;

    /* the search in progress: the path from the root, and the children of its nodes */
    uint64_t node_limit;
    const atomic_int *stop;
    int terminal_move;      /* the winning cell of a node expand() found won */
    Child root;             /* the root's numbers */
    int depth;              /* frames on the path; 0: none (not started, or decided) */
    Frame frames[MAX_PLY];
    int top;
    uint32_t stamp;
    uint32_t mark[CELLS];   /* mark[c] == stamp: c is already in the list being built */
    Child stack[STACK_CHILDREN];
};

static uint32_t pn_add(uint32_t a, uint32_t b) {
    if (a >= PN_INF || b >= PN_INF) return PN_INF;
    const uint32_t sum = a + b;
    return sum > PN_MAX ? PN_MAX : sum;
}

static uint64_t node_key(const Solver *solver) { return solver->board.hash ^ solver->salt; }

/* ---- the table -------------------------------------------------------------------------------- */

static bool entry_used(const Entry *entry) { return (entry->pn | entry->dn) != 0; }

static Entry *bucket_of(const Solver *solver, uint64_t key) {
    return &solver->table[((size_t)(key >> 32 ^ key) & (solver->buckets - 1)) * BUCKET];
}

static const Entry *probe(const Solver *solver, uint64_t key) {
    const Entry *bucket = bucket_of(solver, key);
    for (int i = 0; i < BUCKET; i++)
        if (bucket[i].key == key && entry_used(&bucket[i])) return &bucket[i];
    return NULL;
}

/* Into the entry of the same key, else an empty one, else the one with the least work. */
static void store(Solver *solver, uint64_t key, uint32_t pn, uint32_t dn, int move, uint64_t work) {
    Entry *bucket = bucket_of(solver, key), *victim = &bucket[0];
    for (int i = 0; i < BUCKET; i++) {
        Entry *entry = &bucket[i];
        if (entry->key == key || !entry_used(entry)) {
            victim = entry;
            break;
        }
        if (entry->work < victim->work) victim = entry;
    }
    *victim = (Entry){.key = key, .pn = pn, .dn = dn, .work = work > UINT32_MAX ? UINT32_MAX : (uint32_t)work,
                      .move = (uint16_t)move};
}

Solver *solver_new(size_t table_bytes) {
    Solver *solver = calloc(1, sizeof *solver);
    if (!solver) return NULL;
    size_t buckets = 64;
    while (buckets * 2 * BUCKET * sizeof(Entry) <= table_bytes) buckets *= 2;
    solver->table = table_memory_alloc(buckets * BUCKET * sizeof(Entry));
    if (!solver->table) {
        free(solver);
        return NULL;
    }
    solver->buckets = buckets;
    solver->result.status = SOLVER_NO_WIN;
    solver->result.move = NO_CELL;
    return solver;
}

void solver_free(Solver *solver) {
    if (!solver) return;
    table_memory_free(solver->table, solver->buckets * BUCKET * sizeof(Entry));
    free(solver);
}

/* The position's result back to unknown (it is kept as the position). */
static void abandon_path(Solver *solver);
static void reset_result(Solver *solver) {
    abandon_path(solver);
    solver->root = (Child){.pn = 1, .dn = 1};
    solver->result = (SolverResult){.status = SOLVER_UNKNOWN, .move = NO_CELL, .proof = 1, .disproof = 1};
    if (board_full(&solver->board)) solver->result.status = SOLVER_NO_WIN;
}

void solver_clear(Solver *solver) {
    memset(solver->table, 0, solver->buckets * BUCKET * sizeof(Entry));
    solver->tainted = false;
    if (solver->geometry) reset_result(solver);
}

/* ---- shapes and legality ---------------------------------------------------------------------- */

static inline Shape shape_of(const Board *board, int cell, int direction, int color) {
    return shape_at(&board->shapes, cell, direction, color);
}

static inline bool reaches(const Board *board, int cell, int color, int least) {
    return shape_reaches(&board->shapes, cell, color, least);
}

static bool forbidden(const Solver *solver, int cell, int color) {
    return rules_forbidden(&solver->board, cell, color);
}

/* The cells a search looks at: the stones' box grown by NEAR_LINE (board.h), row by row; every
 * five, four and threat cell lies within it. A break leaves only the row: return instead. */
#define FOR_EACH_AREA_CELL(board, cell)                                                        \
    for (int x0_, y0_, x1_, y1_, once_ = (board_candidate_area((board), &x0_, &y0_, &x1_, &y1_), 1); \
         once_; once_ = 0)                                                                     \
        for (int y_ = y0_; y_ <= y1_; y_++)                                                    \
            for (int cell = cell_at(x0_, y_), end_ = cell_at(x1_, y_); cell <= end_; cell++)


/* ---- fives and their blocks ------------------------------------------------------------------- */

/* Cells where `color` would make a winning five: first on the lines through `stone` (where a new
 * one appears), then, if the class count says there are more, in the whole area. */
static int five_cells(const Board *board, int stone, int color, int *out, int max) {
    const int total = shape_class_count(&board->shapes, color, CLASS_FIVE);
    if (!total) return 0;
    int count = 0;
    if (stone != NO_CELL) {
        for (int direction = 0; direction < 4; direction++)
            for (int offset = -KEY_SIDE; offset <= KEY_SIDE; offset++) {
                const int cell = stone + offset * DIRECTION[direction];
                if (!offset || board->cell[cell] != EMPTY || !reaches(board, cell, color, SHAPE_FIVE)) continue;
                out[count++] = cell;
                if (count == max) return count;
            }
        if (count >= total) return count;
        count = 0;
    }
    FOR_EACH_AREA_CELL(board, cell) {
        if (board->cell[cell] != EMPTY || !reaches(board, cell, color, SHAPE_FIVE)) continue;
        out[count++] = cell;
        if (count == max) return count;
    }
    return count;
}

/* Where `mover`'s stone on `cell` makes a four with a single five cell, that cell (the other
 * side's only block, the defender having no five of its own there); else NO_CELL: no four, an
 * open or double four, or caro, where a four may be spoiled from beyond. */
static int forced_reply(const Board *board, int cell, int mover) {
    if ((board->rule & RULE_CARO) || !reaches(board, cell, mover, SHAPE_FOUR)) return NO_CELL;
    const ShapeTables *tables = board->geometry->shapes;
    int found = NO_CELL;
    for (int direction = 0; direction < 4; direction++) {
        const Shape shape = shape_of(board, cell, direction, mover);
        if (shape == SHAPE_OPEN_FOUR || shape == SHAPE_FIVE || (shape == SHAPE_FOUR && found != NO_CELL)) return NO_CELL;
        if (shape != SHAPE_FOUR) continue;
        for (int offset = 1 - KEY_SIDE; offset < KEY_SIDE; offset++) {
            const int point = cell + offset * DIRECTION[direction];
            if (!offset || board->cell[point] != EMPTY) continue;
            const uint32_t key = board->shapes.key[point][direction] | (uint32_t)mover << shape_key_shift(-offset);
            if (shape_lookup(tables, key, mover) != SHAPE_FIVE) continue;
            if (found != NO_CELL) return NO_CELL;
            found = point;
        }
        if (found == NO_CELL) return NO_CELL;
    }
    return found;
}

/* A child for `mover`'s move on `cell`, with its forced reply where it has one. Renju black's
 * block is judged with the four on the board (a white stone can make a black three real):
 * where it is forbidden, the four wins outright, and the child is the position before the block,
 * decided — never the position after a block that could not be played. */
static Child make_child(Solver *solver, int cell, int mover, uint32_t proof) {
    Board *board = &solver->board;
    Child child = {.cell = (uint16_t)cell, .pn = proof, .dn = 1};
    const int reply = forced_reply(board, cell, mover);
    if (reply == NO_CELL) return child;
    if (opponent(mover) == BLACK && (board->rule & RULE_RENJU)) {
        board_make_fast(board, cell);
        const bool lost = rules_forbidden(board, reply, BLACK);
        board_undo_fast(board);
        if (lost) {
            child.pn = mover == solver->attacker ? 0 : PN_INF;
            child.dn = mover == solver->attacker ? PN_INF : 0;
            return child;
        }
    }
    child.reply = (uint16_t)reply;
    return child;
}

/* ---- the defender's replies to a quiet move --------------------------------------------------- */

/* After the attacker's quiet move, every defender's move that may save it (threat.h's one
 * generator of defences), the stops of every threat first and its own fours last, the order
 * that measured best here. Returns the count; 0 with *threats == 0 when the attacker threatens
 * nothing; -1 when they do not fit. */
static int defender_replies(Solver *solver, Child *out, int max, int *threats) {
    const Board *board = &solver->board;
    int cells[MAX_CHILDREN];
    const int count = threat_defences(&solver->board, THREATS_WINS_AND_FOUR_THREES, NULL, 0, cells,
                                      max < MAX_CHILDREN ? max : MAX_CHILDREN, threats);
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < count; i++)
            if (class_makes_four(shape_cell_class(&board->shapes, cells[i], solver->defender)) == (pass == 1))
                out[n++].cell = (uint16_t)cells[i];
    return count;
}

/* ---- the attacker's moves --------------------------------------------------------------------- */

/* Inserts the attacker's move in score order (the list keeps the best MAX_CANDIDATES). */
static void add_candidate(Solver *solver, int cell, int near, Child *out, int *count, int max) {
    Board *board = &solver->board;
    if (solver->mark[cell] == solver->stamp) return;
    solver->mark[cell] = solver->stamp;
    if (forbidden(solver, cell, solver->attacker)) return;
    const bool four = reaches(board, cell, solver->attacker, SHAPE_FOUR);
    Child child = make_child(solver, cell, solver->attacker, four ? INIT_FOUR_PN : INIT_QUIET_PN);
    child.score = (int16_t)threat_candidate_score(board, cell, solver->attacker, near);
    int at = *count < max ? (*count)++ : max;
    if (at == max && (max == 0 || out[max - 1].score >= child.score)) return;
    if (at == max) at--;
    while (at > 0 && out[at - 1].score < child.score) {
        out[at] = out[at - 1];
        at--;
    }
    out[at] = child;
}

/* Quiet moves that give `cell` a threat (threat.h). */
static void add_threat_makers(Solver *solver, int cell, int near, Child *out, int *count, int max) {
    int makers[THREAT_MAX_MAKERS];
    const int found = threat_makers(&solver->board, solver->attacker, cell, makers);
    for (int i = 0; i < found; i++) add_candidate(solver, makers[i], near, out, count, max);
}

/* Renju white's quiet moves toward a four whose block is forbidden to black (threat.h). */
static void add_forbidden_makers(Solver *solver, int near, Child *out, int *count, int max) {
    const Board *board = &solver->board;
    if (solver->attacker != WHITE || !(board->rule & RULE_RENJU) ||
        !shape_class_count(&board->shapes, BLACK, CLASS_FORBIDDEN))
        return;
    FOR_EACH_AREA_CELL(board, cell) {
        if (board->cell[cell] != EMPTY || shape_cell_class(&board->shapes, cell, BLACK) != CLASS_FORBIDDEN) continue;
        int makers[THREAT_MAX_MAKERS];
        const int found = threat_forbidden_makers(board, cell, makers);
        for (int i = 0; i < found; i++) add_candidate(solver, makers[i], near, out, count, max);
    }
}

/* The attacker's moves where it has no five and must block none: its fours, and for a VCT the
 * moves that make an open three or give a cell a threat. A cell of a four or an open three (a
 * shape from SHAPE_OPEN_THREE up) is both such a move and the only kind of cell a quiet move can
 * turn into a threat: one scan finds both. */
static int attacker_moves(Solver *solver, Child *out, int max) {
    const Board *board = &solver->board;
    const int attacker = solver->attacker;
    const int near = board->move_count >= 2 ? board->history[board->move_count - 2] : NO_CELL;
    int count = 0, fours_left = shape_four_cell_count(&board->shapes, attacker);
    solver->stamp++;
    FOR_EACH_AREA_CELL(board, cell) {
        if (!solver->vct && !fours_left) return count;  /* a VCF needs only the fours: counted */
        if (board->cell[cell] != EMPTY || !reaches(board, cell, attacker, SHAPE_OPEN_THREE)) continue;
        if (!solver->vct) {
            if (!class_makes_four(shape_cell_class(&board->shapes, cell, attacker))) continue;
            fours_left--;
            add_candidate(solver, cell, near, out, &count, max);
            continue;
        }
        add_candidate(solver, cell, near, out, &count, max);
        add_threat_makers(solver, cell, near, out, &count, max);
    }
    if (solver->vct) add_forbidden_makers(solver, near, out, &count, max);
    return count;
}

/* ---- expanding a node ------------------------------------------------------------------------- */

enum { EXPAND_WIN = -1, EXPAND_LOSS = -2 };

static int last_stone_of(const Board *board, int back) {
    return board->move_count >= back ? board->history[board->move_count - back] : NO_CELL;
}

/* The blocks `mover` may play against `owner`'s five cells. */
static int legal_blocks(Solver *solver, const int *fives, int five_count, int owner, int mover, Child *out) {
    int blocks[THREAT_MAX_BLOCKS], count = 0;
    const int block_count = threat_five_blocks(&solver->board, fives, five_count, owner, blocks);
    for (int i = 0; i < block_count; i++)
        if (!forbidden(solver, blocks[i], mover)) out[count++] = make_child(solver, blocks[i], mover, 1);
    return count;
}

/* The attacker to move: a five wins; the defender's five must be blocked; an open four wins;
 * else the attacker's moves. */
static int expand_attack(Solver *solver, Child *out, int max) {
    Board *board = &solver->board;
    const int attacker = solver->attacker, defender = solver->defender;
    int fives[MAX_FIVES];
    if (five_cells(board, last_stone_of(board, 2), attacker, fives, 1)) {
        solver->terminal_move = fives[0];
        return EXPAND_WIN;
    }
    const int threat_count = five_cells(board, last_stone_of(board, 1), defender, fives, MAX_FIVES);
    if (threat_count > 0) {
        const int count = legal_blocks(solver, fives, threat_count, defender, attacker, out);
        return count ? count : EXPAND_LOSS;
    }
    /* An open four or double four wins: the defender has no five, and its fours come too late.
     * Under caro one stone may spoil both fives: there the defender's node judges it. */
    if (!(board->rule & RULE_CARO) && shape_class_count(&board->shapes, attacker, CLASS_OPEN_FOUR))
        FOR_EACH_AREA_CELL(board, cell)
            if (board->cell[cell] == EMPTY && shape_cell_class(&board->shapes, cell, attacker) == CLASS_OPEN_FOUR &&
                !forbidden(solver, cell, attacker)) {
                solver->terminal_move = cell;
                return EXPAND_WIN;
            }
    const int count = attacker_moves(solver, out, max < MAX_CANDIDATES ? max : MAX_CANDIDATES);
    for (int i = 0; i < count; i++)
        if (out[i].pn && out[i].dn) out[i].pn += (uint32_t)(i * RANK_STEP);
    return count ? count : EXPAND_LOSS;
}

/* The defender to move: its five wins; the attacker's five must be blocked (no block: lost);
 * after a quiet move, the replies to its threats (none: outside the search space). */
static int expand_defend(Solver *solver, Child *out, int max) {
    Board *board = &solver->board;
    const int attacker = solver->attacker, defender = solver->defender;
    if (shape_class_count(&board->shapes, defender, CLASS_FIVE)) return EXPAND_LOSS;
    int fives[MAX_FIVES];
    const int five_count = five_cells(board, last_stone_of(board, 1), attacker, fives, MAX_FIVES);
    solver->terminal_move = NO_CELL;
    if (five_count > 0) {
        const int count = legal_blocks(solver, fives, five_count, attacker, defender, out);
        return count ? count : EXPAND_WIN;
    }
    if (!solver->vct) return EXPAND_LOSS;
    if (!shape_class_count(&board->shapes, attacker, CLASS_OPEN_FOUR) &&
        !shape_class_count(&board->shapes, attacker, CLASS_FOUR_THREE))
        return EXPAND_LOSS;
    int threats;
    const int count = defender_replies(solver, out, max, &threats);
    if (count < 0) {
        solver->tainted = true;
        return EXPAND_LOSS;
    }
    if (!threats) return EXPAND_LOSS;
    if (!count) return EXPAND_WIN;
    for (int i = 0; i < count; i++) out[i] = make_child(solver, out[i].cell, defender, 1);
    return count;
}

/* Expands the node on the board into `out` (children with their keys and first numbers), or
 * says it is decided. */
static int expand(Solver *solver, Child *out, int max) {
    Board *board = &solver->board;
    const bool attack = board->to_move == solver->attacker;
    const int count = attack ? expand_attack(solver, out, max) : expand_defend(solver, out, max);
    const int mover = board->to_move;
    for (int i = 0; i < count; i++) {
        out[i].key = node_key(solver) ^ zobrist_stone(mover, out[i].cell);
        out[i].key ^= out[i].reply ? zobrist_stone(opponent(mover), out[i].reply) : zobrist_side();
    }
    return count;
}

/* ---- df-pn ------------------------------------------------------------------------------------ */

static bool out_of_budget(const Solver *solver) {
    if (solver->stop && atomic_load_explicit(solver->stop, memory_order_relaxed)) return true;
    return solver->result.nodes >= solver->node_limit;
}

typedef struct Pick {
    uint32_t pn, dn;        /* the node's numbers */
    int best;               /* the child to search */
    uint32_t second;        /* the next best child's number (proof at OR, disproof at AND) */
} Pick;

/* The node's numbers from its children's, and the child to search. The summed number is a weak
 * one (Ueda et al.): the largest child's plus one for each other open child — a defender's
 * fours commute, and a sum counts the positions they reach in every order (+7 % VCT-set wins
 * at 30 000 nodes over sums). */
static Pick pick(const Child *children, int count, bool attack) {
    Pick pick = {attack ? PN_INF : 0, attack ? 0 : PN_INF, 0, PN_INF};
    uint32_t *least = attack ? &pick.pn : &pick.dn, *weak = attack ? &pick.dn : &pick.pn;
    uint32_t most = 0, open = 0;
    for (int i = 0; i < count; i++) {
        const uint32_t mine = attack ? children[i].pn : children[i].dn;
        const uint32_t theirs = attack ? children[i].dn : children[i].pn;
        if (theirs >= PN_INF) {
            most = PN_INF;
        } else if (theirs) {
            open++;
            if (theirs > most) most = theirs;
        }
        if (mine < *least) {
            pick.second = *least;
            *least = mine;
            pick.best = i;
        } else if (mine < pick.second) {
            pick.second = mine;
        }
    }
    *weak = most >= PN_INF ? PN_INF : open ? pn_add(most, open - 1) : 0;
    return pick;
}

/* The 1 + epsilon threshold: search the best child until it is a quarter worse than the next
 * (a half, or 1 + 1/8, found fewer VCT-set wins). */
static uint32_t widen(uint32_t second) { return second >= PN_INF ? PN_INF : pn_add(second, second / 4 + 1); }

/* Enters the node on the board (the `made` moves to it made) with these limits: its numbers into
 * `self`, and a new frame on the path unless the table or a first look decides it or puts it
 * beyond the limits. Returns whether it pushed a frame. */
static bool enter(Solver *solver, Child *self, uint32_t proof_limit, uint32_t disproof_limit, int made) {
    const uint64_t key = node_key(solver);
    const Entry *entry = probe(solver, key);
    if (entry) {
        self->pn = entry->pn;
        self->dn = entry->dn;
        if (!entry->pn || !entry->dn || entry->pn >= proof_limit || entry->dn >= disproof_limit) return false;
    }
    const uint64_t work = entry ? entry->work : 0;
    solver->result.nodes++;
    const int start = solver->top;
    Child *children = &solver->stack[start];
    int count = EXPAND_LOSS;
    if (solver->depth < MAX_PLY && STACK_CHILDREN - start >= MAX_CHILDREN) count = expand(solver, children, MAX_CHILDREN);
    else solver->tainted = true;
    if (count < 0) {
        self->pn = count == EXPAND_WIN ? 0 : PN_INF;
        self->dn = count == EXPAND_WIN ? PN_INF : 0;
        store(solver, key, self->pn, self->dn, count == EXPAND_WIN ? solver->terminal_move : NO_CELL, work + 1);
        return false;
    }
    for (int i = 0; i < count; i++) {
        const Entry *known = probe(solver, children[i].key);
        if (known) {
            children[i].pn = known->pn;
            children[i].dn = known->dn;
        }
    }
    solver->top = start + count;
    solver->frames[solver->depth++] = (Frame){.key = key, .work = work, .nodes_before = solver->result.nodes - 1,
                                              .proof_limit = proof_limit, .disproof_limit = disproof_limit,
                                              .self = self, .start = start, .count = count, .made = made,
                                              .attack = solver->board.to_move == solver->attacker};
    return true;
}

/* The top frame is done: its numbers to the table and its parent, and off the path. */
static void leave(Solver *solver, const Pick *now) {
    const Frame *frame = &solver->frames[--solver->depth];
    const Child *children = &solver->stack[frame->start];
    frame->self->pn = now->pn;
    frame->self->dn = now->dn;
    store(solver, frame->key, now->pn, now->dn, children[now->best].cell,
          frame->work + solver->result.nodes - frame->nodes_before);
    solver->top = frame->start;
    for (int i = 0; i < frame->made; i++) board_undo_fast(&solver->board);
}

/* Plays the child's move and its forced reply; returns the moves made. */
static int play_child(Solver *solver, const Child *child) {
    board_make_fast(&solver->board, child->cell);
    if (child->reply == NO_CELL) return 1;
    board_make_fast(&solver->board, child->reply);
    return 2;
}

/* Searches until the root is decided (true) or the budget or the stop flag ends the run
 * (false), leaving the path as it is. */
static bool search(Solver *solver) {
    if (!solver->depth && solver->root.pn && solver->root.dn) {
        if (out_of_budget(solver)) return false;
        enter(solver, &solver->root, PN_INF, PN_INF, 0);
    }
    while (solver->depth) {
        const Frame *frame = &solver->frames[solver->depth - 1];
        Child *children = &solver->stack[frame->start];
        const Pick now = pick(children, frame->count, frame->attack);
        if (!now.pn || !now.dn || now.pn >= frame->proof_limit || now.dn >= frame->disproof_limit) {
            leave(solver, &now);
            continue;
        }
        if (out_of_budget(solver)) return false;
        Child *child = &children[now.best];
        uint32_t child_proof, child_disproof;
        if (frame->attack) {
            child_proof = frame->proof_limit < widen(now.second) ? frame->proof_limit : widen(now.second);
            child_disproof = frame->disproof_limit >= PN_INF ? PN_INF : frame->disproof_limit - now.dn + child->dn;
        } else {
            child_disproof = frame->disproof_limit < widen(now.second) ? frame->disproof_limit : widen(now.second);
            child_proof = frame->proof_limit >= PN_INF ? PN_INF : frame->proof_limit - now.pn + child->pn;
        }
        const int made = play_child(solver, child);
        if (!enter(solver, child, child_proof, child_disproof, made))
            for (int i = 0; i < made; i++) board_undo_fast(&solver->board);
    }
    /* With the root's limits at infinity its frame leaves only when it is decided; but the table
     * may already hold it decided, or beyond nothing: then it is entered again. */
    return !solver->root.pn || !solver->root.dn;
}

/* Takes back the moves of the path and forgets it (the table keeps what it learnt). */
static void abandon_path(Solver *solver) {
    while (solver->depth) {
        const Frame *frame = &solver->frames[--solver->depth];
        for (int i = 0; i < frame->made; i++) board_undo_fast(&solver->board);
    }
    solver->top = 0;
}

/* ---- the principal line ----------------------------------------------------------------------- */

static bool line_add(Solver *solver, int cell) {
    SolverResult *result = &solver->result;
    if (result->line_length >= SOLVER_LINE_MAX) return false;
    result->line[result->line_length++] = cell;
    return true;
}

/* The defender's node is lost where it stands (the attacker's five cannot be blocked): show a
 * block and what wins after it. */
static void line_end(Solver *solver) {
    Board *board = &solver->board;
    int fives[MAX_FIVES], blocks[THREAT_MAX_BLOCKS];
    const int count = five_cells(board, last_stone_of(board, 1), solver->attacker, fives, MAX_FIVES);
    if (!count) return;
    if (threat_five_blocks(board, fives, count, solver->attacker, blocks) > 0) {
        line_add(solver, blocks[0]);        /* every block forbidden: renju black's loss */
        return;
    }
    int other = 1;
    while (other < count && threat_spoils_five(board, fives[other], fives[0], solver->attacker)) other++;
    if (other < count && line_add(solver, fives[0])) line_add(solver, fives[other]);
}

/* The child whose position the table holds as proved; at the defender's nodes the one that cost
 * the most to prove (the longest resistance). -1 if none. */
static int proved_child(const Solver *solver, const Child *children, int count, bool attack) {
    int found = -1;
    uint32_t most = 0;
    for (int i = 0; i < count; i++) {
        const Entry *entry = probe(solver, children[i].key);
        if (!entry || entry->pn) continue;
        if (attack) return i;
        if (found < 0 || entry->work > most) {
            found = i;
            most = entry->work;
        }
    }
    return found;
}

/* Replays the proof from the table: at the attacker's nodes the stored proving move, at the
 * defender's the reply that resists longest; each with its forced reply. */
static void build_line(Solver *solver) {
    Board *board = &solver->board;
    int made = 0;
    solver->result.line_length = 0;
    while (made < 2 * MAX_PLY && solver->result.line_length < SOLVER_LINE_MAX) {
        const bool attack = board->to_move == solver->attacker;
        Child *children = solver->stack;
        const int count = expand(solver, children, MAX_CHILDREN);
        if (count == EXPAND_WIN && attack) {
            const int move = solver->terminal_move;
            if (!line_add(solver, move) || reaches(board, move, solver->attacker, SHAPE_FIVE)) break;
            board_make_fast(board, move);       /* an open four: the defender's node shows the end */
            made++;
            continue;
        }
        if (count == EXPAND_WIN) line_end(solver);
        if (count <= 0) break;
        const Entry *entry = attack ? probe(solver, node_key(solver)) : NULL;
        int chosen = -1;
        for (int i = 0; entry && !entry->pn && i < count && chosen < 0; i++)
            if (children[i].cell == entry->move) chosen = i;
        if (chosen < 0) chosen = proved_child(solver, children, count, attack);
        if (chosen < 0 || !line_add(solver, children[chosen].cell)) break;
        const int reply = children[chosen].reply;
        board_make_fast(board, children[chosen].cell);
        made++;
        if (reply == NO_CELL) continue;
        if (!line_add(solver, reply)) break;
        board_make_fast(board, reply);
        made++;
    }
    while (made--) board_undo_fast(board);
}

/* ---- the interface ---------------------------------------------------------------------------- */

void solver_set_position(Solver *solver, const Board *board, int attacker, SolverMode mode) {
    const uint64_t salt = 0x9E3779B97F4A7C15ull * (uint64_t)(2 * attacker + (mode == SOLVER_VCT) + 1);
    const uint64_t hash = board->hash ^ (attacker == board->to_move ? 0 : zobrist_side());
    if (solver->geometry == board->geometry && solver->root_key == (hash ^ salt) && solver->salt == salt) return;
    abandon_path(solver);
    if (solver->geometry != board->geometry || solver->tainted) solver_clear(solver);
    solver->geometry = board->geometry;
    memcpy(&solver->board, board, sizeof *board);
    if (attacker != solver->board.to_move) board_pass(&solver->board);
    solver->attacker = attacker;
    solver->defender = opponent(attacker);
    solver->vct = mode == SOLVER_VCT;
    solver->salt = salt;
    solver->root_key = node_key(solver);
    reset_result(solver);
}

SolverStatus solver_run(Solver *solver, int64_t node_budget, const atomic_int *stop) {
    SolverResult *result = &solver->result;
    if (result->status != SOLVER_UNKNOWN) return result->status;
    solver->node_limit = node_budget > 0 ? result->nodes + (uint64_t)node_budget : UINT64_MAX;
    solver->stop = stop;
    while (!search(solver) && !out_of_budget(solver)) continue;
    solver->stop = NULL;
    result->proof = solver->root.pn;
    result->disproof = solver->root.dn;
    if (!solver->root.pn) {
        const Entry *entry = probe(solver, solver->root_key);
        result->status = SOLVER_WIN;
        build_line(solver);
        result->move = entry && entry->move != NO_CELL ? entry->move : result->line_length ? result->line[0] : NO_CELL;
        if (result->move == NO_CELL) result->status = SOLVER_UNKNOWN;
    } else if (!solver->root.dn) {
        result->status = solver->tainted ? SOLVER_UNKNOWN : SOLVER_NO_WIN;
    }
    return result->status;
}

const SolverResult *solver_result(const Solver *solver) { return &solver->result; }

