#ifndef RLOTTIE_BASELINE_H
#define RLOTTIE_BASELINE_H

#include <stddef.h>
#include <stdint.h>

/// The Lottie benchmark's baseline: rlottie (Debian's librlottie) rendering frames into memory, loaded at
/// run time with dlopen so that building the package never needs it. Only the benchmark uses this.

/// One animation loaded by rlottie.
typedef struct RLBaselineAnimation RLBaselineAnimation;

/// Loads librlottie (once). Returns 1 when it is available, 0 otherwise (see rl_baseline_error).
int rl_baseline_open(void);

/// Why rl_baseline_open failed (NULL when it did not).
const char *rl_baseline_error(void);

/// Whether rlottie's model cache could be turned off (so that every load parses the file again).
int rl_baseline_cache_disabled(void);

/// Parses the Lottie JSON text `json` (NUL-terminated); `resource_path` is the folder for images.
/// NULL when rlottie cannot load it (or rl_baseline_open failed).
RLBaselineAnimation *rl_baseline_load(const char *json, const char *resource_path);

/// The animation's size in points, its number of frames and frames per second.
void rl_baseline_size(const RLBaselineAnimation *animation, size_t *width, size_t *height);
size_t rl_baseline_frame_count(const RLBaselineAnimation *animation);
double rl_baseline_framerate(const RLBaselineAnimation *animation);

/// Renders frame `frame` (0 = the first) scaled to `width` × `height` pixels into `buffer`
/// (premultiplied ARGB, `bytes_per_line` per row), synchronously on the calling thread.
void rl_baseline_render(RLBaselineAnimation *animation, size_t frame, uint32_t *buffer,
                        size_t width, size_t height, size_t bytes_per_line);

/// Frees the animation.
void rl_baseline_destroy(RLBaselineAnimation *animation);

#endif
