#include "generated_file.h"

static const char *const FAMILY_PREFIX[FAMILY_COUNT] = {
    [FAMILY_FREESTYLE] = "FREESTYLE", [FAMILY_RENJU] = "RENJU", [FAMILY_CARO] = "CARO",
};

const char *generated_family_prefix(int family) { return FAMILY_PREFIX[family]; }

void generated_comment(FILE *file, const char *text) {
    fprintf(file, " * ");
    for (; *text; text++) {
        fputc(*text, file);
        if (*text == '\n' && text[1]) fprintf(file, " * ");
    }
    if (text[-1] != '\n') fputc('\n', file);
}
