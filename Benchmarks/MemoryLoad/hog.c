// A stand-in for a neighbour on the shared L3 cache and memory bus: reads and writes one byte per cache line of
// an N-MiB buffer, forever. The README's scene-1 row was measured with it on the other core, to see how much the
// growth ratio moves when another tenant streams through memory:
//
//   cc -O2 -o hog hog.c
//   taskset -c 1 ./hog 64 &  taskset -c 0 .build/release/anima-bench basic-growth --rounds 10 --frames 300;  kill %1
//
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    size_t bytes = (size_t)(argc > 1 ? atoi(argv[1]) : 64) << 20;
    volatile char *buffer = malloc(bytes);
    if (!buffer) return 1;
    memset((char *)buffer, 1, bytes);
    unsigned long sum = 0;
    for (;;)
        for (size_t i = 0; i < bytes; i += 64) { sum += buffer[i]; buffer[i] = (char)sum; }
}
