#ifndef C_ANIMA_SUPPORT_H
#define C_ANIMA_SUPPORT_H

/// Asks the CPU to start loading `lines` cache lines from `address` into its caches, without waiting
/// for them and without any effect on results. Frame evaluation uses it to load the layers and
/// animations it will reach a few steps later (they are scattered on the heap, so the hardware
/// prefetchers cannot guess them), which lets those cache misses overlap instead of queueing.
static inline __attribute__((always_inline)) void anima_prefetch(const void *address, int lines) {
    const char *p = (const char *)address;
    for (int i = 0; i < lines; i++) __builtin_prefetch(p + 64 * i, 0, 3);
}

#endif
