// Word-sized atomic operations for FluxCore, with the memory orderings the
// engine uses, as static inline C functions that the Swift compiler inlines.
//
// FluxCore's floor (macOS 13, iOS 16, tvOS 16, watchOS 9, visionOS 1) is
// below that of the standard library's `Atomic` (macOS 15, iOS 18), so the
// engine's atomics are C11 atomics (<stdatomic.h>), as the shims of
// swift-atomics were. ThreadSanitizer instruments them like any C11 atomic.
//
// Each function takes the address of a plain `intptr_t` that is accessed
// only through these functions once other threads can see it (see
// AtomicWord.swift). An `_Atomic(intptr_t)` has the size and alignment of an
// `intptr_t` on every platform Swift runs on, which the static assertion
// below checks.
#ifndef CFLUXCOREATOMICS_H
#define CFLUXCOREATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

_Static_assert(sizeof(_Atomic(intptr_t)) == sizeof(intptr_t),
               "an atomic word must have the size of a word");
_Static_assert(_Alignof(_Atomic(intptr_t)) == _Alignof(intptr_t),
               "an atomic word must have the alignment of a word");

#define FLUXCORE_ATOMIC(word) ((_Atomic(intptr_t) *)(word))

static inline __attribute__((always_inline)) intptr_t
fluxcore_atomic_load_relaxed(intptr_t *word) {
  return atomic_load_explicit(FLUXCORE_ATOMIC(word), memory_order_relaxed);
}

static inline __attribute__((always_inline)) intptr_t
fluxcore_atomic_load_acquire(intptr_t *word) {
  return atomic_load_explicit(FLUXCORE_ATOMIC(word), memory_order_acquire);
}

static inline __attribute__((always_inline)) void
fluxcore_atomic_store_relaxed(intptr_t *word, intptr_t value) {
  atomic_store_explicit(FLUXCORE_ATOMIC(word), value, memory_order_relaxed);
}

static inline __attribute__((always_inline)) void
fluxcore_atomic_store_release(intptr_t *word, intptr_t value) {
  atomic_store_explicit(FLUXCORE_ATOMIC(word), value, memory_order_release);
}

static inline __attribute__((always_inline)) intptr_t
fluxcore_atomic_exchange_relaxed(intptr_t *word, intptr_t value) {
  return atomic_exchange_explicit(FLUXCORE_ATOMIC(word), value, memory_order_relaxed);
}

// Strong compare-exchanges: `true` if `*word` was `expected` and is now
// `desired`. On failure the ordering is relaxed (the callers reread).

static inline __attribute__((always_inline)) bool
fluxcore_atomic_compare_exchange_relaxed(intptr_t *word, intptr_t expected, intptr_t desired) {
  return atomic_compare_exchange_strong_explicit(
      FLUXCORE_ATOMIC(word), &expected, desired, memory_order_relaxed, memory_order_relaxed);
}

static inline __attribute__((always_inline)) bool
fluxcore_atomic_compare_exchange_acquire(intptr_t *word, intptr_t expected, intptr_t desired) {
  return atomic_compare_exchange_strong_explicit(
      FLUXCORE_ATOMIC(word), &expected, desired, memory_order_acquire, memory_order_relaxed);
}

static inline __attribute__((always_inline)) bool
fluxcore_atomic_compare_exchange_release(intptr_t *word, intptr_t expected, intptr_t desired) {
  return atomic_compare_exchange_strong_explicit(
      FLUXCORE_ATOMIC(word), &expected, desired, memory_order_release, memory_order_relaxed);
}

// Read-modify-writes that return the old value.

static inline __attribute__((always_inline)) intptr_t
fluxcore_atomic_fetch_or_relaxed(intptr_t *word, intptr_t bits) {
  return atomic_fetch_or_explicit(FLUXCORE_ATOMIC(word), bits, memory_order_relaxed);
}

static inline __attribute__((always_inline)) intptr_t
fluxcore_atomic_fetch_and_relaxed(intptr_t *word, intptr_t bits) {
  return atomic_fetch_and_explicit(FLUXCORE_ATOMIC(word), bits, memory_order_relaxed);
}

static inline __attribute__((always_inline)) intptr_t
fluxcore_atomic_fetch_add_relaxed(intptr_t *word, intptr_t amount) {
  return atomic_fetch_add_explicit(FLUXCORE_ATOMIC(word), amount, memory_order_relaxed);
}

// Sequentially consistent forms, for the tests' probes (TestSupport's
// TestAtomic) and for the one place in the engine where a store on one
// thread and a load on another must not both miss each other (a late join
// of a view made while an action was in progress); the engine names a
// weaker ordering everywhere else.

static inline intptr_t fluxcore_atomic_load_seq_cst(intptr_t *word) {
  return atomic_load_explicit(FLUXCORE_ATOMIC(word), memory_order_seq_cst);
}

static inline void fluxcore_atomic_store_seq_cst(intptr_t *word, intptr_t value) {
  atomic_store_explicit(FLUXCORE_ATOMIC(word), value, memory_order_seq_cst);
}

static inline intptr_t fluxcore_atomic_exchange_seq_cst(intptr_t *word, intptr_t value) {
  return atomic_exchange_explicit(FLUXCORE_ATOMIC(word), value, memory_order_seq_cst);
}

static inline intptr_t fluxcore_atomic_fetch_add_seq_cst(intptr_t *word, intptr_t amount) {
  return atomic_fetch_add_explicit(FLUXCORE_ATOMIC(word), amount, memory_order_seq_cst);
}

static inline bool fluxcore_atomic_compare_exchange_seq_cst(intptr_t *word, intptr_t *expected,
                                                            intptr_t desired) {
  return atomic_compare_exchange_strong_explicit(FLUXCORE_ATOMIC(word), expected, desired,
                                                 memory_order_seq_cst, memory_order_seq_cst);
}

static inline bool fluxcore_atomic_compare_exchange_relaxed_reporting(intptr_t *word,
                                                                      intptr_t *expected,
                                                                      intptr_t desired) {
  return atomic_compare_exchange_strong_explicit(FLUXCORE_ATOMIC(word), expected, desired,
                                                 memory_order_relaxed, memory_order_relaxed);
}

#undef FLUXCORE_ATOMIC

// Words that live for the whole program, statically zero: see
// FluxCoreAtomicGlobals.c. Swift reaches them only through these functions,
// never as globals of its own.

extern intptr_t fluxcore_dispatch_log_is_active;
extern intptr_t fluxcore_hop_count;
extern intptr_t fluxcore_outbox_activity_line[];
extern intptr_t fluxcore_lingered_count;

/// Whether something observes `DispatchLog`: 0 or 1.
static inline __attribute__((always_inline)) intptr_t *fluxcore_dispatch_log_is_active_word(void) {
  return &fluxcore_dispatch_log_is_active;
}

/// Tells the processor that the caller spins, waiting for another thread
/// (`pause`, `yield`; nothing where there is no such instruction).
static inline __attribute__((always_inline)) void fluxcore_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || (defined(__arm__) && (__ARM_ARCH >= 7 || defined(__ARM_ARCH_6K__)))
  __asm__ __volatile__("yield");
#endif
}

/// How many hops to a queue or to the main actor FluxCore has made.
static inline __attribute__((always_inline)) intptr_t *fluxcore_hop_count_word(void) {
  return &fluxcore_hop_count;
}

/// How many main-actor turns have lingered (Frames/MainActorOutbox.swift).
static inline __attribute__((always_inline)) intptr_t *fluxcore_lingered_count_word(void) {
  return &fluxcore_lingered_count;
}

/// Whether a main-actor view was given something since a lingering turn
/// last looked: 0 or 1, a hint (see Frames/MainActorOutbox.swift).
static inline __attribute__((always_inline)) intptr_t *fluxcore_outbox_activity_word(void) {
  return &fluxcore_outbox_activity_line[0];
}

/// The calling thread's frame of main-actor views (a retained Swift object,
/// or null): one word of thread-local storage, in the initial-exec model so
/// that reading it is a load, not a call.
extern __thread void *fluxcore_thread_frame __attribute__((tls_model("initial-exec")));

static inline __attribute__((always_inline)) void *fluxcore_thread_frame_get(void) {
  return fluxcore_thread_frame;
}

static inline __attribute__((always_inline)) void fluxcore_thread_frame_set(void *frame) {
  fluxcore_thread_frame = frame;
}

/// The calling thread's action word: four times the number of deliveries
/// in progress on this thread (one action: the outermost and those nested
/// in it), plus flags in the two low bits (see Frames/ActionDepth.swift).
/// Touched only by its own thread, so plain loads and stores: in the
/// initial-exec model, one instruction each.
extern __thread intptr_t fluxcore_action_word __attribute__((tls_model("initial-exec")));

/// Whether the calling thread reads the state as of the last finished
/// action (a view being made: State/StateStamp.swift): 0 or 1.
extern __thread intptr_t fluxcore_reading_committed __attribute__((tls_model("initial-exec")));

static inline __attribute__((always_inline)) intptr_t fluxcore_reading_committed_get(void) {
  return fluxcore_reading_committed;
}

static inline __attribute__((always_inline)) void fluxcore_reading_committed_set(intptr_t on) {
  fluxcore_reading_committed = on;
}

/// Notes that a delivery begins on this thread.
static inline __attribute__((always_inline)) void fluxcore_action_enter(void) {
  fluxcore_action_word += 4;
}

/// Notes that a delivery ends on this thread; whether that leaves nothing
/// to do: no delivery left on the thread, and no flag set. One subtraction
/// and a test of its result. (When it does not, another delivery goes on,
/// or the action has ended with a flag set: see `fluxcore_action_is_open`,
/// which the caller asks out of line, lest the compiler fold the two tests
/// into one slower sequence.)
static inline __attribute__((always_inline)) bool fluxcore_action_leave(void) {
  return (fluxcore_action_word -= 4) == 0;
}

/// Whether a delivery is in progress on this thread.
static inline __attribute__((always_inline)) bool fluxcore_action_is_open(void) {
  return fluxcore_action_word >= 4;
}

/// Whether more than one delivery is in progress on this thread.
static inline __attribute__((always_inline)) bool fluxcore_action_is_nested(void) {
  return fluxcore_action_word >= 8;
}

/// The calling thread's action word.
static inline __attribute__((always_inline)) intptr_t fluxcore_action_word_get(void) {
  return fluxcore_action_word;
}

/// Sets the calling thread's action word.
static inline __attribute__((always_inline)) void fluxcore_action_word_set(intptr_t word) {
  fluxcore_action_word = word;
}

/// Whether the calling thread is the process's main thread (FluxCoreMainThread.c).
int fluxcore_is_main_thread(void);

/// Lets another thread that is ready to run have the caller's processor
/// (`sched_yield`; FluxCoreMainThread.c).
void fluxcore_yield_thread(void);

/// The lock of FluxCore's `Lock` (Internal/Lock.swift), in the memory of its
/// owner: once made, touched only through the functions below.
///
/// On Linux (and Android), a futex lock: an uncontended lock and unlock are
/// one atomic instruction each, where a glibc mutex costs about sixty
/// instructions; a thread that finds it taken spins briefly, then sleeps
/// in the kernel until the holder wakes it. The word is 0 (free), 1 (taken)
/// or 2 (taken, and a thread may be asleep waiting for it). ThreadSanitizer
/// sees the acquiring and releasing atomics, and so the order the lock
/// makes (scripts/check-tsan-sees-atomics, plant 4), though not that it is a
/// lock: it reports no lock-order inversion on it, as it would for a mutex.
/// Elsewhere the lock is the platform's: `os_unfair_lock` on Apple's
/// systems, a `pthread_mutex_t` otherwise (FluxCoreLock.c).
typedef struct {
#if defined(__linux__) || defined(__APPLE__)
  uint32_t word;
#else
  _Alignas(16) unsigned char storage[64];
#endif
} fluxcore_lock_t;

#if defined(__linux__)
_Static_assert(sizeof(_Atomic(uint32_t)) == sizeof(uint32_t),
               "a lock's word must have the size of a uint32_t");
_Static_assert(_Alignof(_Atomic(uint32_t)) == _Alignof(uint32_t),
               "a lock's word must have the alignment of a uint32_t");

#define FLUXCORE_LOCK_WORD(lock) ((_Atomic(uint32_t) *)&(lock)->word)

/// Takes the lock, waiting while another thread holds it (FluxCoreLock.c).
void fluxcore_lock_wait(fluxcore_lock_t *lock);
/// Wakes one thread asleep on the lock (FluxCoreLock.c).
void fluxcore_lock_wake(fluxcore_lock_t *lock);
/// For tests: a function that a thread calls when it has marked the lock as
/// slept on and is about to sleep (null to stop). Before the threads start.
void fluxcore_lock_set_will_sleep(void (*hook)(void));

/// Makes a lock, free.
static inline __attribute__((always_inline)) void fluxcore_lock_init(fluxcore_lock_t *lock) {
  atomic_init(FLUXCORE_LOCK_WORD(lock), 0);
}

/// Ends a free lock.
static inline __attribute__((always_inline)) void fluxcore_lock_destroy(fluxcore_lock_t *lock) {
  (void)lock;
}

/// Takes the lock.
static inline __attribute__((always_inline)) void fluxcore_lock_lock(fluxcore_lock_t *lock) {
  uint32_t expected = 0;
  if (!atomic_compare_exchange_strong_explicit(FLUXCORE_LOCK_WORD(lock), &expected, 1,
                                               memory_order_acquire, memory_order_relaxed)) {
    fluxcore_lock_wait(lock);
  }
}

/// Gives the lock back, waking a thread that sleeps on it, if one may.
static inline __attribute__((always_inline)) void fluxcore_lock_unlock(fluxcore_lock_t *lock) {
  if (atomic_exchange_explicit(FLUXCORE_LOCK_WORD(lock), 0, memory_order_release) == 2) {
    fluxcore_lock_wake(lock);
  }
}
#else
void fluxcore_lock_init(fluxcore_lock_t *lock);
void fluxcore_lock_destroy(fluxcore_lock_t *lock);
void fluxcore_lock_lock(fluxcore_lock_t *lock);
void fluxcore_lock_unlock(fluxcore_lock_t *lock);
#endif

#endif
