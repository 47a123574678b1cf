/* weights_file: writes engine/weights.c, the engine's tables for every rule family, and
 * engine/order_weights.c, the move order's, each with a header that names the command and the
 * data that made them. */
#ifndef WUZI_TUNE_WEIGHTS_FILE_H
#define WUZI_TUNE_WEIGHTS_FILE_H

#include <stdbool.h>

#include "model.h"
#include "order.h"

/* `models` holds FAMILY_COUNT models; `provenance` is one or more lines of text for the header
 * (the command, the games, the positions, the loss). */
bool weights_file_write(const char *path, const Model *models, const char *provenance);
/* `tables` holds FAMILY_COUNT entries. */
bool weights_file_write_order(const char *path, const OrderTables *tables, const char *provenance);

#endif
