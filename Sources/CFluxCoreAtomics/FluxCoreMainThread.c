// Whether the calling thread is the process's main thread: asked once per
// thread, when FluxCore makes the thread's frame (ThreadFrame.swift). And
// the main thread's way to give its core away while a turn lingers.
#define _GNU_SOURCE
#include "CFluxCoreAtomics.h"

#include <sched.h>

void fluxcore_yield_thread(void) { sched_yield(); }

#if defined(__APPLE__)
#include <pthread.h>

int fluxcore_is_main_thread(void) { return pthread_main_np() != 0; }
#elif defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

int fluxcore_is_main_thread(void) { return syscall(SYS_gettid) == getpid(); }
#else
int fluxcore_is_main_thread(void) { return 0; }
#endif
