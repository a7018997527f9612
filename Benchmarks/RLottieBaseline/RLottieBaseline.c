#include "RLottieBaseline.h"

#include <dlfcn.h>
#include <stdio.h>

// The few functions of rlottie's C API (rlottie_capi.h) the benchmark calls, looked up at run time.
typedef void *(*from_data_fn)(const char *data, const char *key, const char *resource_path);
typedef void (*destroy_fn)(void *animation);
typedef void (*get_size_fn)(const void *animation, size_t *width, size_t *height);
typedef size_t (*get_totalframe_fn)(const void *animation);
typedef double (*get_framerate_fn)(const void *animation);
typedef void (*render_fn)(void *animation, size_t frame_num, uint32_t *buffer, size_t width, size_t height,
                          size_t bytes_per_line);
// rlottie::configureModelCacheSize(size_t), a C++ function (Itanium mangling).
typedef void (*configure_cache_fn)(size_t size);

static struct {
    int tried, ok, cacheDisabled;
    char error[512];
    from_data_fn fromData;
    destroy_fn destroy;
    get_size_fn getSize;
    get_totalframe_fn totalFrames;
    get_framerate_fn framerate;
    render_fn render;
} rl;

int rl_baseline_open(void) {
    if (rl.tried) return rl.ok;
    rl.tried = 1;
    // Debian's package names its library librlottie.so.0-1; the -dev package adds librlottie.so.
    const char *names[] = {"librlottie.so.0-1", "librlottie.so.0", "librlottie.so"};
    void *handle = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !handle; i++) handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(rl.error, sizeof rl.error, "librlottie not found (%s); install it with: sudo apt-get install librlottie-dev",
                 dlerror());
        return 0;
    }
    rl.fromData = (from_data_fn)dlsym(handle, "lottie_animation_from_data");
    rl.destroy = (destroy_fn)dlsym(handle, "lottie_animation_destroy");
    rl.getSize = (get_size_fn)dlsym(handle, "lottie_animation_get_size");
    rl.totalFrames = (get_totalframe_fn)dlsym(handle, "lottie_animation_get_totalframe");
    rl.framerate = (get_framerate_fn)dlsym(handle, "lottie_animation_get_framerate");
    rl.render = (render_fn)dlsym(handle, "lottie_animation_render");
    if (!rl.fromData || !rl.destroy || !rl.getSize || !rl.totalFrames || !rl.framerate || !rl.render) {
        snprintf(rl.error, sizeof rl.error, "librlottie lacks a function of its C API (lottie_animation_*)");
        return 0;
    }
    configure_cache_fn configure = (configure_cache_fn)dlsym(handle, "_ZN7rlottie23configureModelCacheSizeEm");
    if (configure) {
        configure(0);
        rl.cacheDisabled = 1;
    }
    rl.ok = 1;
    return 1;
}

const char *rl_baseline_error(void) { return rl.ok || !rl.tried ? NULL : rl.error; }

int rl_baseline_cache_disabled(void) { return rl.cacheDisabled; }

RLBaselineAnimation *rl_baseline_load(const char *json, const char *resource_path) {
    if (!rl_baseline_open()) return NULL;
    return (RLBaselineAnimation *)rl.fromData(json, "", resource_path);
}

void rl_baseline_size(const RLBaselineAnimation *animation, size_t *width, size_t *height) {
    rl.getSize(animation, width, height);
}

size_t rl_baseline_frame_count(const RLBaselineAnimation *animation) { return rl.totalFrames(animation); }

double rl_baseline_framerate(const RLBaselineAnimation *animation) { return rl.framerate(animation); }

void rl_baseline_render(RLBaselineAnimation *animation, size_t frame, uint32_t *buffer, size_t width, size_t height,
                        size_t bytes_per_line) {
    rl.render(animation, frame, buffer, width, height, bytes_per_line);
}

void rl_baseline_destroy(RLBaselineAnimation *animation) {
    if (animation) rl.destroy(animation);
}
