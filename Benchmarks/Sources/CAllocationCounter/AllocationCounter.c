// Counts allocation calls by defining malloc and friends in the executable.
// The executable's definitions take precedence over libc's for every library
// in the process (the target is linked with --export-dynamic), and they
// forward to glibc's own entry points, so behaviour is unchanged; counting
// costs one relaxed atomic load per call when off.
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_bool counting;
static atomic_llong allocations;

static inline void *noted(void *pointer) {
  if (pointer && atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  }
  return pointer;
}

void *malloc(size_t size) { return noted(__libc_malloc(size)); }
void *calloc(size_t count, size_t size) { return noted(__libc_calloc(count, size)); }
void *realloc(void *pointer, size_t size) { return noted(__libc_realloc(pointer, size)); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { return noted(__libc_memalign(alignment, size)); }
void *aligned_alloc(size_t alignment, size_t size) {
  return noted(__libc_memalign(alignment, size));
}
int posix_memalign(void **result, size_t alignment, size_t size) {
  void *pointer = __libc_memalign(alignment, size);
  if (!pointer) return ENOMEM;
  *result = noted(pointer);
  return 0;
}

bool allocation_counter_is_available(void) { return true; }

void allocation_counter_start(void) {
  atomic_store(&allocations, 0);
  atomic_store(&counting, true);
}

int64_t allocation_counter_stop(void) {
  atomic_store(&counting, false);
  return atomic_load(&allocations);
}

int64_t allocation_counter_heap_bytes_in_use(void) {
  // Small chunks in the arenas, plus the large ones that malloc serves with
  // mmap (a big array's buffer): leaving those out would hide the growth of
  // every array of 128 KiB or more.
  struct mallinfo2 info = mallinfo2();
  return (int64_t)(info.uordblks + info.hblkhd);
}

#else

bool allocation_counter_is_available(void) { return false; }
void allocation_counter_start(void) {}
int64_t allocation_counter_stop(void) { return -1; }
int64_t allocation_counter_heap_bytes_in_use(void) { return -1; }

#endif
