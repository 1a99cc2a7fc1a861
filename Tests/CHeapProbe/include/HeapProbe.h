// What the allocator holds for the process, for tests that bound heap growth.
#ifndef HEAP_PROBE_H
#define HEAP_PROBE_H

#include <stdint.h>

/// The bytes the process's allocations hold now (small chunks and the large
/// ones served by mmap), or -1 where this cannot be read.
int64_t heap_probe_bytes_in_use(void);

#endif
