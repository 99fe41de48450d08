/* The table of heap blocks allocated while heap_tracker counts: address →
 * requested and usable bytes. Open addressing with linear probing in static
 * storage (no allocation, so the allocator wrappers can use it); removal
 * shifts later entries back, so there are no tombstones. Not locked: the
 * caller serialises. */
#ifndef NGCC_BLOCK_TABLE_H
#define NGCC_BLOCK_TABLE_H

#include <stddef.h>
#include <stdint.h>

#define BLOCK_TABLE_SLOT_BITS 13
#define BLOCK_TABLE_SLOTS ((size_t)1 << BLOCK_TABLE_SLOT_BITS)
/* Kept at 3/4 of the slots so that probes stay short. */
#define BLOCK_TABLE_MAX_BLOCKS (BLOCK_TABLE_SLOTS / 4 * 3)

/* Empties the table (and makes its pages resident). */
void block_table_clear(void);

/* Records a block. Returns 0, or -1 when BLOCK_TABLE_MAX_BLOCKS are recorded. */
int block_table_add(uintptr_t address, size_t requested_bytes, size_t usable_bytes);

/* Removes the block at address. Returns 1 with its sizes, or 0 when it is not recorded. */
int block_table_take(uintptr_t address, size_t *requested_bytes, size_t *usable_bytes);

#endif
