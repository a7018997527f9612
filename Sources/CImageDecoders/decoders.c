// JPEG and WebP decoding for AnimaGraphics. libjpeg reports errors by calling error_exit, which by
// default ends the process; here it longjmps back into the decoder, which cleans up and returns the
// message, so no jump ever crosses Swift frames.
#include "CImageDecoders.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <webp/decode.h>

static AnimaDecodedImage failure(const char *message) {
    AnimaDecodedImage result = {0};
    snprintf(result.error, sizeof result.error, "%s", message);
    return result;
}

static const int maximumSide = 32767;

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void jpeg_fail(j_common_ptr info) {
    struct jpeg_failure *f = (struct jpeg_failure *)info->err;
    (*info->err->format_message)(info, f->message);
    longjmp(f->jump, 1);
}

static void jpeg_quiet(j_common_ptr info, int level) { (void)info; (void)level; }

AnimaDecodedImage anima_decode_jpeg(const uint8_t *data, size_t length) {
    if (data == NULL || length < 4 || length > (size_t)0x7fffffff) return failure("empty or oversized data");
    struct jpeg_decompress_struct info;
    struct jpeg_failure f;
    memset(&f, 0, sizeof f);
    info.err = jpeg_std_error(&f.manager);
    f.manager.error_exit = jpeg_fail;
    f.manager.emit_message = jpeg_quiet;
    // Volatile: they change between setjmp and a longjmp back to it.
    uint32_t *volatile pixels = NULL;
    uint8_t *volatile row = NULL;
    if (setjmp(f.jump)) {
        free(pixels);
        free(row);
        jpeg_destroy_decompress(&info);
        return failure(f.message[0] ? f.message : "corrupt JPEG");
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, (unsigned char *)data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&info);
    int width = (int)info.output_width, height = (int)info.output_height, channels = info.output_components;
    if (width <= 0 || height <= 0 || width > maximumSide || height > maximumSide) {
        jpeg_destroy_decompress(&info);
        return failure("JPEG size out of range");
    }
    pixels = malloc((size_t)width * (size_t)height * 4);
    row = malloc((size_t)width * (size_t)channels);
    if (pixels == NULL || row == NULL) {
        free(pixels); free(row);
        jpeg_destroy_decompress(&info);
        return failure("out of memory");
    }
    while (info.output_scanline < info.output_height) {
        int y = (int)info.output_scanline;
        JSAMPROW rows[1] = { row };
        jpeg_read_scanlines(&info, rows, 1);
        uint32_t *out = pixels + (size_t)y * (size_t)width;
        for (int x = 0; x < width; x++) {
            const uint8_t *p = row + (size_t)x * (size_t)channels;
            uint32_t r, g, b;
            if (channels == 4) {
                // Adobe's CMYK JPEGs store inverted values: each channel is already 255 − ink.
                uint32_t k = p[3];
                r = p[0] * k / 255; g = p[1] * k / 255; b = p[2] * k / 255;
            } else if (channels == 3) {
                r = p[0]; g = p[1]; b = p[2];
            } else {
                r = g = b = p[0];
            }
            out[x] = 0xFF000000u | (r << 16) | (g << 8) | b;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    AnimaDecodedImage result = {0};
    result.pixels = pixels;
    result.width = width;
    result.height = height;
    return result;
}

AnimaDecodedImage anima_decode_webp(const uint8_t *data, size_t length) {
    if (data == NULL || length < 12) return failure("empty data");
    int width = 0, height = 0;
    if (!WebPGetInfo(data, length, &width, &height)) return failure("not a WebP image");
    if (width <= 0 || height <= 0 || width > maximumSide || height > maximumSide) return failure("WebP size out of range");
    size_t stride = (size_t)width * 4;
    uint8_t *buffer = malloc(stride * (size_t)height);
    if (buffer == NULL) return failure("out of memory");
    // B, G, R, A bytes are a native-endian 0xAARRGGBB word on a little-endian machine; A, R, G, B on a big one.
    const uint16_t probe = 1;
    int littleEndian = *(const uint8_t *)&probe == 1;
    uint8_t *decoded = littleEndian
        ? WebPDecodeBGRAInto(data, length, buffer, stride * (size_t)height, (int)stride)
        : WebPDecodeARGBInto(data, length, buffer, stride * (size_t)height, (int)stride);
    if (decoded == NULL) {
        free(buffer);
        return failure("corrupt WebP data");
    }
    // WebPDecode*Into gives straight alpha; premultiply.
    uint32_t *pixels = (uint32_t *)buffer;
    for (size_t i = 0; i < (size_t)width * (size_t)height; i++) {
        uint32_t p = pixels[i], a = p >> 24;
        if (a == 255) continue;
        uint32_t r = (((p >> 16) & 0xFF) * a + 127) / 255, g = (((p >> 8) & 0xFF) * a + 127) / 255, b = ((p & 0xFF) * a + 127) / 255;
        pixels[i] = (a << 24) | (r << 16) | (g << 8) | b;
    }
    AnimaDecodedImage result = {0};
    result.pixels = pixels;
    result.width = width;
    result.height = height;
    return result;
}

void anima_image_free(AnimaDecodedImage *image) {
    if (image == NULL) return;
    free(image->pixels);
    image->pixels = NULL;
}
