#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Whether allocations can be counted here: Linux with glibc, where this
/// target replaces malloc and friends for the whole process.
bool allocation_counter_is_available(void);

/// Starts counting allocation calls (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) from zero.
void allocation_counter_start(void);

/// Stops counting and returns the number of allocation calls since the start.
int64_t allocation_counter_stop(void);

/// Bytes the allocator holds for the program right now (glibc's
/// `mallinfo2().uordblks`), or -1 where unavailable.
int64_t allocation_counter_heap_bytes_in_use(void);

#endif
