/* SIGTERM / SIGINT in the KAT subcommands (`kat`, `pk-kat`): a caller that
 * gives up on a hung library sends SIGTERM; the handler writes the complete
 * lines committed so far, so the caller learns which record hung, then the
 * process dies of the signal as before (async-signal-safe: write(2), raise). */
#ifndef NGCC_TERMINATION_FLUSH_H
#define NGCC_TERMINATION_FLUSH_H

void flush_on_termination(void);

#endif
