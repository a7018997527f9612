#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H
// FFmpeg's libraries (Debian's libavformat-dev, libavcodec-dev, libswscale-dev, libavutil-dev) for AnimaVideo.
// The helpers below stand in for what Swift cannot import: function-like macros and fixed-size C arrays.
#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>

static inline int anima_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int anima_averror_eof(void) { return AVERROR_EOF; }
static inline int anima_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
static inline int anima_format_flag_global_header(void) { return AVFMT_GLOBALHEADER; }
static inline int anima_format_flag_nofile(void) { return AVFMT_NOFILE; }

/// The message FFmpeg has for an error code, into `buffer`.
static inline void anima_av_error_string(int code, char *buffer, size_t size) {
    if (av_strerror(code, buffer, size) < 0) snprintf(buffer, size, "FFmpeg error %d", code);
}

/// Plane `i` of a frame and its bytes per row.
static inline uint8_t *anima_frame_plane(AVFrame *frame, int i) { return frame->data[i]; }
static inline int anima_frame_linesize(const AVFrame *frame, int i) { return frame->linesize[i]; }

/// Converts one packed picture (`source`, `sourceStride` bytes per row) into `frame` (whose size and format the
/// scaler was made for).
static inline int anima_scale_into_frame(struct SwsContext *scaler, const uint8_t *source, int sourceStride, int sourceHeight,
                                         AVFrame *frame) {
    const uint8_t *planes[1] = { source };
    const int strides[1] = { sourceStride };
    return sws_scale(scaler, planes, strides, 0, sourceHeight, frame->data, frame->linesize);
}

/// Converts `frame` (as decoded) into one packed picture at `destination`, `destinationStride` bytes per row.
static inline int anima_scale_from_frame(struct SwsContext *scaler, const AVFrame *frame, uint8_t *destination,
                                         int destinationStride) {
    uint8_t *planes[1] = { destination };
    const int strides[1] = { destinationStride };
    return sws_scale(scaler, (const uint8_t * const *)frame->data, frame->linesize, 0, frame->height, planes, strides);
}
#endif
