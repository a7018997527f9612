// A model of scene 1's frame, to see what makes its cost grow faster than the layer count (README, Performance):
// N objects on the heap `span` bytes apart; per object, read `lines` cache lines (prefetched 8 objects ahead, as
// the builder does), do some arithmetic and write a `node`-byte record to a sequential array. Like `basic-growth`,
// it times frames of N and 2N objects interleaved in ten rounds and prints the median per-frame ratio.
//
//   cc -O2 -o span span.c && ./span 10000 1424 15 288     # N, span, lines, node bytes; HUGE=1 asks for huge pages
//
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
typedef struct { char **objs; char *nodes; int n; } Tree;
static Tree make(int n, int span) {
    Tree t; t.n = n; t.objs = malloc(sizeof(char*) * n);
    size_t bytes = ((size_t)n * span + (2u << 20)) & ~((size_t)(2u << 20) - 1);
    char *arena = aligned_alloc(2u << 20, bytes);
    if (getenv("HUGE")) madvise(arena, bytes, MADV_HUGEPAGE);
    memset(arena, 1, (size_t)n * span);
    for (int i = 0; i < n; i++) t.objs[i] = arena + (size_t)i * span + 16 * (i % 4);
    t.nodes = aligned_alloc(64, (size_t)n * 320); memset(t.nodes, 0, (size_t)n * 320);
    return t;
}
static double frame(Tree *t, int lines, int dist, int nodeBytes) {
    double acc = 0;
    for (int i = 0; i < t->n; i++) {
        if (i + dist < t->n) for (int l = 0; l < lines; l++) __builtin_prefetch(t->objs[i + dist] + 64 * l);
        char *o = t->objs[i];
        double s = 0;
        for (int l = 0; l < lines; l++) s += o[64 * l] * 1.0001;
        for (int k = 0; k < 60; k++) s = s * 1.0000001 + 0.5;   // some arithmetic
        double *nd = (double *)(t->nodes + (size_t)i * nodeBytes);
        for (int k = 0; k < nodeBytes / 8; k++) nd[k] = s + k;
        acc += s;
    }
    return acc;
}
static int cmp(const void *a, const void *b) { double x = *(double*)a, y = *(double*)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: span N span lines nodeBytes\n"); return 2; }
    int n = atoi(argv[1]), span = atoi(argv[2]), lines = atoi(argv[3]), nodeBytes = atoi(argv[4]);
    Tree a = make(n, span), b = make(2 * n, span);
    double sa[300], sb[300], ratios[300]; int k = 0; volatile double sink = 0;
    for (int r = 0; r < 10; r++) {
        for (int side = 0; side < 2; side++) {
            Tree *t = (side ^ (r & 1)) ? &b : &a;
            for (int f = 0; f < 32; f++) {
                double t0 = now(); sink += frame(t, lines, 8, nodeBytes); double dt = now() - t0;
                if (f >= 2) { if (t == &a) sa[r * 30 + f - 2] = dt; else sb[r * 30 + f - 2] = dt; }
            }
        }
    }
    for (k = 0; k < 300; k++) ratios[k] = sb[k] / sa[k];
    qsort(ratios, 300, sizeof(double), cmp); qsort(sa, 300, sizeof(double), cmp); qsort(sb, 300, sizeof(double), cmp);
    printf("n=%d span=%d lines=%d node=%d: per-frame %.3f  medians %.3f (%.4f us/obj vs %.4f)\n", n, span, lines, nodeBytes,
           ratios[150], sb[150] / sa[150], sb[150] * 1e6 / (2 * n), sa[150] * 1e6 / n);
    return 0;
}
