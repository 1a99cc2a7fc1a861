// Reads the allocator's own totals: glibc's mallinfo2, Darwin's malloc
// zone statistics. Nothing is hooked; the numbers are the allocator's.
#include "HeapProbe.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>

int64_t heap_probe_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return (int64_t)(info.uordblks + info.hblkhd);
}
#elif defined(__APPLE__)
#include <malloc/malloc.h>

int64_t heap_probe_bytes_in_use(void) {
  malloc_statistics_t statistics;
  malloc_zone_statistics(NULL, &statistics);
  return (int64_t)statistics.size_in_use;
}
#else
int64_t heap_probe_bytes_in_use(void) { return -1; }
#endif
