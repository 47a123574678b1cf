/* net_model: the network (net.h) in floats, as the tuner trains it, and its integer form.
 *
 * The same computation as the engine's: a cell's features clip(Σ codebook, 0, 1), pooled per
 * view over the empty cells; the head's input, the side to move's pool then the opponent's,
 * divided by NET_MODEL_POOL_SCALE so that its weights start near 1; hidden units clip(Σ w·x + b,
 * 0, 1); the output Σ out·h + Σ linear·x + bias is the log-odds of the side to move's points.
 * The engine's score is that times the scale K of the search's units.
 *
 * A pattern's codebook vector is learnt as a vector for the shape a stone of the view's colour
 * would make there (shape.h), one for the shape the other colour's would, and a residual of its
 * own: what the shapes say is learnt from every pattern that has them, and a pattern seen in
 * few positions keeps about what its shapes give it (the residuals are pulled towards zero).
 * Under renju black and white have parameter sets apart, and black's view of a cell forbidden
 * to black pools a vector of its own (its lines' shapes are moves black may not make); elsewhere
 * both read set 0. */
#ifndef WUZI_TUNE_NET_MODEL_H
#define WUZI_TUNE_NET_MODEL_H

#include <stdint.h>

#include "net.h"
#include "net_samples.h"

#define NET_MODEL_POOL_SCALE 32.0f

typedef struct NetModel {
    float shape[2][2][SHAPE_COUNT][NET_C];      /* [set][the view's colour, the other][shape] */
    float residual[2][NET_PATTERNS][NET_C];     /* [set][pattern] */
    float hidden[2][NET_HIDDEN][NET_INPUTS];    /* [set]: the side to move's */
    float hidden_bias[2][NET_HIDDEN];
    float out[2][NET_HIDDEN];
    float linear[2][NET_INPUTS];
    float out_bias[2];
    float foul[NET_C];                          /* renju: black's view of a cell forbidden to black */
} NetModel;

#define NET_MODEL_FLOATS (sizeof(NetModel) / sizeof(float))

/* The codebooks the parameters make, [set][pattern]. */
typedef struct NetBook {
    float codebook[2][NET_PATTERNS][NET_C];
} NetBook;

/* The parameter set of a view or side-to-move colour (0 black, 1 white) in a family. */
static inline int net_model_set(int family, int color) { return family == FAMILY_RENJU ? color : 0; }

/* Random starting parameters from `seed`. */
void net_model_init(NetModel *model, uint64_t seed);
/* The codebooks of a family's parameters (the empty line's vector zero). */
void net_model_book(const NetModel *model, int family, NetBook *book);
/* The gradient with respect to the codebooks, added into the parameters' gradient. */
void net_model_book_gradient(int family, const NetBook *book_gradient, NetModel *gradient);

/* The log-odds for the side to move of a sample; with the gradients, adds d loss / d parameters
 * of the head (and d loss / d codebook) for the cross-entropy against `target`. */
float net_model_forward(const NetModel *model, const NetBook *book, const NetSamples *samples, const NetSample *sample,
                        float target, NetModel *gradient, NetBook *book_gradient);

/* A family's network as the engine's integers, its score in units of `k` per log-odds. */
typedef struct NetTables {
    NetVector codebook[2][NET_PATTERNS];
    NetHead head[2];
    NetWeights weights;     /* pointing into the above */
    bool shared;            /* both colours read set 0 */
} NetTables;

void net_model_quantize(const NetModel *model, const NetBook *book, int family, double k, NetTables *tables);
/* The engine's score of a sample by the integer network (what net_evaluate gives on its board). */
int32_t net_tables_score(const NetTables *tables, const NetSamples *samples, const NetSample *sample);

#endif
