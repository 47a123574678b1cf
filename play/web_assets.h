/* web_assets: the page's files (play/web/), built into the program by the Makefile with
 * play/tools/embed_web.c, so wuzi-play needs no files at run time and fetches nothing. */
#ifndef WUZI_PLAY_WEB_ASSETS_H
#define WUZI_PLAY_WEB_ASSETS_H

#include <stddef.h>

typedef struct WebAsset {
    const char *path;          /* "/" for index.html, else "/" and the file name */
    const char *content_type;
    const unsigned char *data;
    size_t size;
} WebAsset;

extern const WebAsset WEB_ASSETS[];
extern const int WEB_ASSET_COUNT;

#endif
