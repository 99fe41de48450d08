/* libworker_stack.so: CryptHash starts one worker thread, which fills a 64 KiB
 * (65536-byte) volatile array on its own stack, every byte, computes the toy
 * hash (toy_hash.h) and ends; CryptHash joins it and returns its result. The
 * calling thread's stack stays shallow. `memory` must report the worker's
 * stack (workerStackHighWaterBytes, and stackHighWaterBytes) a little above
 * 65536 bytes, and threadsCreated 1. With WORKER_OWN_STACK
 * (libworker_own_stack.so) the worker runs on a stack the library provides
 * itself (pthread_attr_setstack): `memory` cannot see its depth and must say
 * so (workerStacksUnmeasured 1). */
#define _POSIX_C_SOURCE 200809L
#include "toy_hash.h"

#include <pthread.h>
#include <stdlib.h>

#define WORKER_FRAME_BYTES 65536

typedef struct {
    int digest_len_bits;
    const unsigned char *msg;
    unsigned long long msg_len_bits;
    unsigned char *digest;
    int result;
} hash_job;

static void *hash_on_worker(void *arg)
{
    hash_job *job = arg;
    volatile unsigned char scratch[WORKER_FRAME_BYTES];
    unsigned sum = 0;
    int i;
    for (i = 0; i < WORKER_FRAME_BYTES; i++) {
        scratch[i] = (unsigned char)(i % 255 + 1);
    }
    for (i = 0; i < WORKER_FRAME_BYTES; i += 4096) {
        sum += scratch[i];
    }
    job->result = sum == 0 ? -2 : toy_hash(job->digest_len_bits, job->msg, job->msg_len_bits, job->digest);
    return NULL;
}

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    hash_job job;
    pthread_t worker;
    pthread_attr_t attr;
    int started;
    job.digest_len_bits = digest_len_bits;
    job.msg = msg;
    job.msg_len_bits = msg_len_bits;
    job.digest = digest;
    job.result = -1;
    if (pthread_attr_init(&attr) != 0) {
        return -3;
    }
#ifdef WORKER_OWN_STACK
    {
        static unsigned char own_stack[1 << 20] __attribute__((aligned(4096)));
        pthread_attr_setstack(&attr, own_stack, sizeof own_stack);
    }
#endif
    started = pthread_create(&worker, &attr, hash_on_worker, &job);
    pthread_attr_destroy(&attr);
    if (started != 0 || pthread_join(worker, NULL) != 0) {
        return -3;
    }
    return job.result;
}
