// The slow paths of FluxCore's lock (CFluxCoreAtomics.h): on Linux, waiting
// for a futex lock and waking a waiter; elsewhere, the platform's lock.
#define _GNU_SOURCE
#include "CFluxCoreAtomics.h"

#if defined(__linux__)
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>
#if __has_include(<linux/futex.h>)
#include <linux/futex.h>
#else
// musl ships no kernel headers: the values are the kernel's ABI.
#define FUTEX_WAIT_PRIVATE 128
#define FUTEX_WAKE_PRIVATE 129
#endif
#if !defined(SYS_futex) && defined(SYS_futex_time64)
// 32-bit ABIs with only 64-bit time (riscv32): the same call, and the wait
// passes no timeout.
#define SYS_futex SYS_futex_time64
#endif

/// How many times a thread that finds the lock taken looks again before it
/// sleeps: FluxCore holds its locks for a few dozen instructions, so the
/// holder is usually done by then, and neither thread enters the kernel.
#define FLUXCORE_LOCK_SPINS 200

/// A test's hook (fluxcore_lock_set_will_sleep): read once per sleep.
static _Atomic(void (*)(void)) fluxcore_lock_will_sleep = NULL;

void fluxcore_lock_set_will_sleep(void (*hook)(void)) {
  atomic_store_explicit(&fluxcore_lock_will_sleep, hook, memory_order_relaxed);
}

// Both keep `errno` as it was, as taking and giving back a mutex does: the
// futex call sets it (EAGAIN, EINTR) on paths that are no error.
void fluxcore_lock_wait(fluxcore_lock_t *lock) {
  _Atomic(uint32_t) *word = FLUXCORE_LOCK_WORD(lock);
  for (int spin = 0; spin < FLUXCORE_LOCK_SPINS; spin++) {
    uint32_t seen = atomic_load_explicit(word, memory_order_relaxed);
    if (seen == 0) {
      uint32_t expected = 0;
      if (atomic_compare_exchange_weak_explicit(word, &expected, 1, memory_order_acquire,
                                                memory_order_relaxed)) {
        return;
      }
    } else if (seen == 2) {
      break;  // others may sleep already: spinning would only delay joining them
    }
    fluxcore_spin_pause();
  }
  // Taken with 2, not 1: another thread may sleep on it, so the unlock
  // that ends this hold wakes one.
  int saved = errno;
  while (atomic_exchange_explicit(word, 2, memory_order_acquire) != 0) {
    void (*hook)(void) = atomic_load_explicit(&fluxcore_lock_will_sleep, memory_order_relaxed);
    if (hook) hook();
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
  }
  errno = saved;
}

void fluxcore_lock_wake(fluxcore_lock_t *lock) {
  int saved = errno;
  syscall(SYS_futex, FLUXCORE_LOCK_WORD(lock), FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
  errno = saved;
}

#elif defined(__APPLE__)
#include <os/lock.h>

_Static_assert(sizeof(os_unfair_lock) == sizeof(uint32_t), "os_unfair_lock is one word");

void fluxcore_lock_init(fluxcore_lock_t *lock) { *(os_unfair_lock *)lock = OS_UNFAIR_LOCK_INIT; }
void fluxcore_lock_destroy(fluxcore_lock_t *lock) { (void)lock; }
void fluxcore_lock_lock(fluxcore_lock_t *lock) { os_unfair_lock_lock((os_unfair_lock *)lock); }
void fluxcore_lock_unlock(fluxcore_lock_t *lock) { os_unfair_lock_unlock((os_unfair_lock *)lock); }

#else
#include <pthread.h>
#include <stdlib.h>

_Static_assert(sizeof(pthread_mutex_t) <= sizeof(((fluxcore_lock_t *)0)->storage),
               "a pthread mutex fits in a FluxCore lock");
_Static_assert(_Alignof(pthread_mutex_t) <= 16, "a FluxCore lock aligns a pthread mutex");

void fluxcore_lock_init(fluxcore_lock_t *lock) {
  if (pthread_mutex_init((pthread_mutex_t *)lock->storage, NULL) != 0) abort();
}
void fluxcore_lock_destroy(fluxcore_lock_t *lock) {
  pthread_mutex_destroy((pthread_mutex_t *)lock->storage);
}
void fluxcore_lock_lock(fluxcore_lock_t *lock) { pthread_mutex_lock((pthread_mutex_t *)lock->storage); }
void fluxcore_lock_unlock(fluxcore_lock_t *lock) {
  pthread_mutex_unlock((pthread_mutex_t *)lock->storage);
}
#endif
