/* stop_signals: Ctrl-C and SIGTERM to a handler — how the terminal board and the web server
 * learn that they should stop (the handler only sets a flag or writes to a pipe). */
#ifndef WUZI_STOP_SIGNALS_H
#define WUZI_STOP_SIGNALS_H

void stop_signals_catch(void (*handler)(int));

#endif
