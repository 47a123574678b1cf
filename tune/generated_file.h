/* generated_file: what every file wuzi-tune writes into engine/ shares: the family's prefix of
 * its arrays' names, and the header's lines of provenance as a C comment. */
#ifndef WUZI_TUNE_GENERATED_FILE_H
#define WUZI_TUNE_GENERATED_FILE_H

#include <stdio.h>

#include "weights.h"

/* "FREESTYLE", "RENJU", "CARO": the start of a family's array names. */
const char *generated_family_prefix(int family);

/* `text` (lines separated by newlines) as lines of the header comment, each opened by " * ". */
void generated_comment(FILE *file, const char *text);

#endif
