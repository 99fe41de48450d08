/* Heap block table (block_table.h). */
#include "block_table.h"

#include <string.h>

typedef struct {
    uintptr_t address; /* 0 = empty */
    size_t requested_bytes;
    size_t usable_bytes;
} block_slot;

static block_slot slots[BLOCK_TABLE_SLOTS];
static size_t recorded_blocks;

static size_t home_slot(uintptr_t address)
{
    uint64_t h = (uint64_t)(address >> 4) * UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(h >> (64 - BLOCK_TABLE_SLOT_BITS));
}

static size_t next_slot(size_t i)
{
    return (i + 1) & (BLOCK_TABLE_SLOTS - 1);
}

void block_table_clear(void)
{
    memset(slots, 0, sizeof slots);
    recorded_blocks = 0;
}

int block_table_add(uintptr_t address, size_t requested_bytes, size_t usable_bytes)
{
    size_t i = home_slot(address);
    if (recorded_blocks >= BLOCK_TABLE_MAX_BLOCKS) {
        return -1;
    }
    while (slots[i].address != 0) {
        i = next_slot(i);
    }
    slots[i].address = address;
    slots[i].requested_bytes = requested_bytes;
    slots[i].usable_bytes = usable_bytes;
    recorded_blocks++;
    return 0;
}

/* Empties slot i, moving later entries of the probe run back into the gap. */
static void empty_slot(size_t i)
{
    size_t j = i;
    for (;;) {
        size_t home;
        slots[i].address = 0;
        for (;;) {
            j = next_slot(j);
            if (slots[j].address == 0) {
                return;
            }
            home = home_slot(slots[j].address);
            /* The entry at j may stay if its home lies cyclically in (i, j]. */
            if (i <= j ? (i < home && home <= j) : (i < home || home <= j)) {
                continue;
            }
            break;
        }
        slots[i] = slots[j];
        i = j;
    }
}

int block_table_take(uintptr_t address, size_t *requested_bytes, size_t *usable_bytes)
{
    size_t i = home_slot(address);
    while (slots[i].address != 0) {
        if (slots[i].address == address) {
            *requested_bytes = slots[i].requested_bytes;
            *usable_bytes = slots[i].usable_bytes;
            recorded_blocks--;
            empty_slot(i);
            return 1;
        }
        i = next_slot(i);
    }
    return 0;
}
