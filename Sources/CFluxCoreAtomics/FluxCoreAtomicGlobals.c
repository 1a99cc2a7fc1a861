// The program-wide atomic words of FluxCore, zero before any code runs (no
// initializer to call, unlike a Swift global of a class type), accessed only
// through the functions of CFluxCoreAtomics.h.
#include "CFluxCoreAtomics.h"

intptr_t fluxcore_dispatch_log_is_active = 0;
intptr_t fluxcore_hop_count = 0;
// A cache line of its own (128 bytes, the line pair some processors fetch
// together): a lingering turn clears it every few microseconds, and every
// `dispatch` reads fluxcore_dispatch_log_is_active.
_Alignas(128) intptr_t fluxcore_outbox_activity_line[128 / sizeof(intptr_t)] = {0};
intptr_t fluxcore_lingered_count = 0;
__thread void *fluxcore_thread_frame = 0;
__thread intptr_t fluxcore_action_word = 0;
__thread intptr_t fluxcore_reading_committed = 0;
