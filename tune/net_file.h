/* net_file: engine/net_weights_<size>.c written from a network per family (net.h's NetWeights)
 * for boards of side `size` (one of NET_SIZES' sides), with a header that says what made it. */
#ifndef WUZI_TUNE_NET_FILE_H
#define WUZI_TUNE_NET_FILE_H

#include <stdbool.h>

#include "net.h"

/* `networks`: [family], NULL for a family without one. */
bool net_file_write(const char *path, const NetWeights *const networks[FAMILY_COUNT], int size, const char *provenance);

#endif
