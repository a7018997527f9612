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

/// `anima_prefetch` for the cache lines that hold the `bytes` bytes from `address` (which need not start a
/// line: an object 16-byte aligned spans one more line than its size suggests, depending on where it starts).
static inline __attribute__((always_inline)) void anima_prefetch_bytes(const void *address, long bytes) {
    unsigned long p = (unsigned long)address & ~63UL;
    unsigned long end = (unsigned long)address + (unsigned long)bytes;
    for (; p < end; p += 64) __builtin_prefetch((const void *)p, 0, 3);
}

#endif
