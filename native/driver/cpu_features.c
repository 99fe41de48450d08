/* CPUID leaves 1 and 7 (Intel SDM vol. 2A, "CPUID"), feature names as in
 * Linux's arch/x86/include/asm/cpufeatures.h (the /proc/cpuinfo flags). */
#include "cpu_features.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

typedef struct {
    unsigned leaf;
    int reg; /* 1 ebx, 2 ecx, 3 edx */
    unsigned bit;
    const char *name;
} feature_bit;

static const feature_bit FEATURES[] = {
    {1, 2, 0, "pni"},         {1, 2, 1, "pclmulqdq"},     {1, 2, 9, "ssse3"},        {1, 2, 12, "fma"},
    {1, 2, 19, "sse4_1"},     {1, 2, 20, "sse4_2"},       {1, 2, 22, "movbe"},       {1, 2, 23, "popcnt"},
    {1, 2, 25, "aes"},        {1, 2, 28, "avx"},          {1, 2, 29, "f16c"},        {1, 2, 30, "rdrand"},
    {7, 1, 3, "bmi1"},        {7, 1, 5, "avx2"},          {7, 1, 8, "bmi2"},         {7, 1, 16, "avx512f"},
    {7, 1, 17, "avx512dq"},   {7, 1, 18, "rdseed"},       {7, 1, 19, "adx"},         {7, 1, 21, "avx512ifma"},
    {7, 1, 28, "avx512cd"},   {7, 1, 29, "sha_ni"},       {7, 1, 30, "avx512bw"},    {7, 1, 31, "avx512vl"},
    {7, 2, 1, "avx512vbmi"},  {7, 2, 6, "avx512_vbmi2"},  {7, 2, 8, "gfni"},         {7, 2, 9, "vaes"},
    {7, 2, 10, "vpclmulqdq"}, {7, 2, 11, "avx512_vnni"},  {7, 2, 12, "avx512_bitalg"},
    {7, 2, 14, "avx512_vpopcntdq"},
};

int cpu_features_list(char *out, size_t out_bytes)
{
    unsigned regs[2][4] = {{0}};
    unsigned max_leaf = __get_cpuid_max(0, NULL);
    size_t used = 0;
    size_t i;
    if (out_bytes == 0) {
        return -1;
    }
    out[0] = '\0';
    if (max_leaf >= 1) {
        __cpuid_count(1, 0, regs[0][0], regs[0][1], regs[0][2], regs[0][3]);
    }
    if (max_leaf >= 7) {
        __cpuid_count(7, 0, regs[1][0], regs[1][1], regs[1][2], regs[1][3]);
    }
    for (i = 0; i < sizeof FEATURES / sizeof FEATURES[0]; i++) {
        const feature_bit *f = &FEATURES[i];
        unsigned value = regs[f->leaf == 1 ? 0 : 1][f->reg];
        size_t len = strlen(f->name);
        if (((value >> f->bit) & 1u) == 0 || used + len + 2 > out_bytes) {
            continue;
        }
        if (used > 0) {
            out[used++] = ' ';
        }
        memcpy(out + used, f->name, len + 1);
        used += len;
    }
    return 0;
}
#else
int cpu_features_list(char *out, size_t out_bytes)
{
    if (out_bytes > 0) {
        out[0] = '\0';
    }
    return -1;
}
#endif
