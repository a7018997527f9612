#ifndef CIMAGEDECODERS_H
#define CIMAGEDECODERS_H

#include <stddef.h>
#include <stdint.h>

/// A decoded image: premultiplied, native-endian 0xAARRGGBB words, row-major, `width * height` of them.
/// `pixels` is malloc'ed (free it with `anima_image_free`); on failure it is NULL and `error` says why.
typedef struct {
    uint32_t *pixels;
    int width;
    int height;
    char error[160];
} AnimaDecodedImage;

/// Decodes a JPEG (libjpeg; baseline and progressive, grey, RGB and CMYK). Never exits or longjmps out.
AnimaDecodedImage anima_decode_jpeg(const uint8_t *data, size_t length);

/// Decodes a WebP (libwebp; lossy, lossless, with or without alpha; the first frame of an animation).
AnimaDecodedImage anima_decode_webp(const uint8_t *data, size_t length);

/// Frees what a decoder returned.
void anima_image_free(AnimaDecodedImage *image);

#endif
