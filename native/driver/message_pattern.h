/* The messages `time` and `memory` hash (PROTOCOL.md): byte i of an L-byte
 * message is (i*131 + L) mod 256 (the guide's rule, guide §3.4), or, for
 * `time --message random`, the top byte of the i-th output of xorshift64*
 * seeded with L XOR 0x9E3779B97F4A7C15. Both can be generated again at any
 * time, so a library that wrote into its (const) message is found after the
 * calls by regenerating the pattern and comparing, without a copy of the
 * message (which would add L bytes to every RSS figure). */
#ifndef NGCC_MESSAGE_PATTERN_H
#define NGCC_MESSAGE_PATTERN_H

#include <stddef.h>
#include <stdint.h>

typedef enum { PATTERN_RULE, PATTERN_RANDOM } message_pattern;

/* Writes the first n bytes of the pattern for a message of `length_bytes`
 * (L; n is normally L). */
void pattern_fill(message_pattern pattern, uint64_t length_bytes, unsigned char *msg, size_t n);

/* Compares msg[0..n-1] with the pattern. Returns 1 when they are equal, 0
 * when not, with the first differing byte in *offset. Costs about as much as
 * pattern_fill. */
int pattern_matches(message_pattern pattern, uint64_t length_bytes, const unsigned char *msg, size_t n,
                    size_t *offset);

#endif
