/* `ngcc-perf-driver hash LIB DIGEST_BITS`: one CryptHash call per binary
 * frame read from stdin, one `digest` line per frame (PROTOCOL.md). */
#define _POSIX_C_SOURCE 200809L
#include "address_space.h"
#include "args.h"
#include "buffer_checks.h"
#include "commands.h"
#include "crash_guard.h"
#include "exit_codes.h"
#include "frame_reader.h"
#include "guarded_buffer.h"
#include "json_line.h"
#include "library.h"
#include "message_snapshot.h"
#include "report.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Longest accepted message: 2^36 bits (8 GiB); KAT_2_33 needs 2^33. */
#define MAX_MESSAGE_BITS ((uint64_t)1 << 36)
#define INITIAL_MESSAGE_BYTES 4096u

typedef struct {
    const char *library;
    int digest_bits;
    crypt_hash_fn fn;
    guarded_buffer digest;
    guarded_buffer message;
    message_snapshot snapshot;
    json_line line;
    frame_reader reader;
} hash_session;

static hash_session session;

static int io_error(uint64_t index, const char *sentence, const char *detail)
{
    json_line *j = report_begin("IO");
    jl_str(j, "library", session.library);
    jl_u64(j, "index", index);
    return report_finish(DRV_EXIT_IO, "%s at frame %" PRIu64 " (%s) while hashing with %s", sentence,
                         index, detail, session.library);
}

/* Memory for about `needed_bytes` could not be had at frame `index`. Without
 * an address-space limit: `what at frame N (plain)`. Under one, the likely
 * cause, the sentence names it and how to raise it: `what at frame N (sizes)
 * ...: advice, or lower`. */
static int no_memory(uint64_t index, const char *what, uint64_t needed_bytes, const char *plain,
                     const char *sizes, const char *lower)
{
    char advice[512];
    uint64_t limit_bytes = address_space_advice(needed_bytes, advice, sizeof advice);
    json_line *j;
    if (limit_bytes == 0) {
        return io_error(index, what, plain);
    }
    j = report_begin("IO");
    jl_str(j, "library", session.library);
    jl_u64(j, "index", index);
    jl_u64(j, "addressSpaceLimitBytes", limit_bytes);
    return report_finish(DRV_EXIT_IO, "%s at frame %" PRIu64 " (%s) while hashing with %s: %s, or %s",
                         what, index, sizes, session.library, advice, lower);
}

static int read_failure(read_status status, uint64_t index, const char *what, size_t got,
                        size_t wanted)
{
    char detail[160];
    if (status == READ_OUTPUT_ERROR) {
        return report_stdout_failure();
    }
    if (status == READ_ERROR) {
        return io_error(index, "reading stdin failed", strerror(errno));
    }
    snprintf(detail, sizeof detail,
             "%zu of %zu %s bytes arrived; each frame is an 8-byte little-endian bit length L "
             "then ceil(L/8) message bytes",
             got, wanted, what);
    return io_error(index, "stdin ended inside a frame", detail);
}

/* Grows the message buffer for n_bytes (doubling, or exactly when memory is tight). */
static int reserve_message(size_t n_bytes)
{
    size_t cap = session.message.cap_bytes;
    if (n_bytes <= cap) {
        return 0;
    }
    if (cap <= SIZE_MAX / 2 && cap * 2 > n_bytes && gbuf_reserve(&session.message, cap * 2) == 0) {
        return 0;
    }
    return gbuf_reserve(&session.message, n_bytes);
}

static int report_message_written(uint64_t index, uint64_t bits, size_t offset)
{
    json_line *j = report_begin("OVERFLOW");
    jl_str(j, "buffer", "message-content");
    if (offset != SIZE_MAX) {
        jl_u64(j, "offset", (uint64_t)offset);
    }
    jl_str(j, "library", session.library);
    jl_u64(j, "index", index);
    jl_u64(j, "messageBits", bits);
    return report_finish(DRV_EXIT_OVERFLOW,
                         "CryptHash in %s changed the message it was given (frame %" PRIu64
                         ", %" PRIu64 " bits): the message is const input and must not be written",
                         session.library, index, bits);
}

/* Hashes one frame whose header announced `bits`. Returns an exit code. */
static int hash_frame(uint64_t index, uint64_t bits)
{
    size_t n_bytes = (size_t)((bits + 7) / 8);
    size_t got = 0;
    size_t offset = 0;
    unsigned char *msg;
    unsigned char *digest = gbuf_data(&session.digest);
    read_status status;
    call_context ctx;
    int rc;
    int code;
    if (reserve_message(n_bytes) != 0) {
        char sizes[64];
        snprintf(sizes, sizeof sizes, "%" PRIu64 " message bits", bits);
        return no_memory(index, "no memory for the message buffer", (uint64_t)n_bytes + 2 * GUARD_BYTES,
                         "the frame is too long for this machine", sizes, "send shorter frames");
    }
    msg = gbuf_data(&session.message);
    status = reader_read_exact(&session.reader, msg, n_bytes, &got);
    if (status != READ_COMPLETE) {
        return read_failure(status, index, "message", got, n_bytes);
    }
    gbuf_set_len(&session.message, n_bytes);
    if (snapshot_take(&session.snapshot, msg, n_bytes) != 0) {
        char sizes[96];
        snprintf(sizes, sizeof sizes, "needed to detect writes; %" PRIu64 " message bits", bits);
        return no_memory(index, "no memory for the copy of the message", (uint64_t)n_bytes,
                         "needed to detect writes", sizes, "send shorter frames");
    }
    memset(digest, 0, session.digest.len_bytes);
    crash_guard_set_index(index);
    crash_guard_set_phase("in CryptHash on frame", 1);
    rc = session.fn(session.digest_bits, msg, (unsigned long long)bits, digest);
    crash_guard_set_phase(NULL, 0);
    ctx.library = session.library;
    ctx.phase = PHASE_HASH;
    ctx.has_index = 1;
    ctx.index = index;
    ctx.message_bits = bits;
    /* A write outside a buffer outranks a non-zero return. */
    code = check_guards(&session.digest, &session.message, &ctx);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    if (!snapshot_matches(&session.snapshot, msg, &offset)) {
        return report_message_written(index, bits, offset);
    }
    if (rc != 0) {
        return report_cryptofail(rc, session.digest_bits, &ctx);
    }
    jl_begin(&session.line, "digest");
    jl_u64(&session.line, "index", index);
    jl_u64(&session.line, "bits", bits);
    jl_hex(&session.line, "hex", digest, session.digest.len_bytes);
    return jl_emit(&session.line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

static int hash_all_frames(void)
{
    uint64_t index;
    for (index = 0;; index++) {
        unsigned char header[8];
        uint64_t bits = 0;
        size_t got = 0;
        int i;
        int code;
        read_status status = reader_read_exact(&session.reader, header, sizeof header, &got);
        if (status == READ_EOF && got == 0) {
            break;
        }
        if (status != READ_COMPLETE) {
            return read_failure(status, index, "length", got, sizeof header);
        }
        for (i = 7; i >= 0; i--) {
            bits = (bits << 8) | header[i];
        }
        if (bits > MAX_MESSAGE_BITS) {
            json_line *j = report_begin("IO");
            jl_str(j, "library", session.library);
            jl_u64(j, "index", index);
            jl_u64(j, "messageBits", bits);
            return report_finish(DRV_EXIT_IO,
                                 "frame %" PRIu64 " announces %" PRIu64 " message bits, more than "
                                 "the limit of 2^36: check that the length is in bits and "
                                 "little-endian",
                                 index, bits);
        }
        code = hash_frame(index, bits);
        if (code != DRV_EXIT_OK) {
            return code;
        }
    }
    jl_begin(&session.line, "end");
    jl_u64(&session.line, "count", index);
    return jl_emit(&session.line) != 0 ? report_stdout_failure() : DRV_EXIT_OK;
}

int cmd_hash(int argc, char **argv)
{
    size_t digest_bytes;
    int code;
    if (argc != 2) {
        return usage_error("hash", "expected exactly LIB DIGEST_BITS");
    }
    if (parse_digest_bits(argv[1], &session.digest_bits) != 0) {
        return usage_error_got("hash", "DIGEST_BITS must be a positive multiple of 8 below 2^31", argv[1]);
    }
    session.library = argv[0];
    crash_guard_arm(session.library);
    code = library_load(session.library, &session.fn);
    if (code != DRV_EXIT_OK) {
        return code;
    }
    digest_bytes = (size_t)session.digest_bits / 8;
    if (gbuf_reserve(&session.digest, digest_bytes) != 0 ||
        gbuf_reserve(&session.message, INITIAL_MESSAGE_BYTES) != 0 ||
        jl_reserve(&session.line, 2 * digest_bytes + 256) != 0) {
        char sizes[64];
        snprintf(sizes, sizeof sizes, "DIGEST_BITS %d", session.digest_bits);
        return no_memory(0, "no memory for the digest buffer",
                         (uint64_t)digest_bytes * 3 + INITIAL_MESSAGE_BYTES + 512,
                         "DIGEST_BITS may be too large", sizes, "lower DIGEST_BITS");
    }
    gbuf_set_len(&session.digest, digest_bytes);
    reader_init(&session.reader, STDIN_FILENO);
    return hash_all_frames();
}
