#!/usr/bin/env python3
"""Writes the X server's root window ($DISPLAY) to a PNG, with nothing but libX11 and Python's standard library.

Usage: scripts/x11-screenshot.py OUT.png
Used by scripts/window-smoke.sh to check what an AppWindow really presented (not a GL read-back).
"""
import ctypes, ctypes.util, struct, sys, zlib

class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.POINTER(ctypes.c_ubyte)),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int),
                ("bitmap_pad", ctypes.c_int), ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int)]

def main(out):
    x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XGetImage.restype = ctypes.POINTER(XImage)
    x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                              ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    x11.XDisplayWidth.argtypes = x11.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
    display = x11.XOpenDisplay(None)
    if not display:
        sys.exit("x11-screenshot: cannot open $DISPLAY")
    w, h = x11.XDisplayWidth(display, 0), x11.XDisplayHeight(display, 0)
    image = x11.XGetImage(display, x11.XDefaultRootWindow(display), 0, 0, w, h, 0xFFFFFFFF, 2).contents
    if image.bits_per_pixel != 32:
        sys.exit("x11-screenshot: %d bits per pixel not supported" % image.bits_per_pixel)
    raw = ctypes.string_at(image.data, image.bytes_per_line * h)
    rows = b"".join(b"\0" + bytes(b for px in range(w) for b in (raw[y * image.bytes_per_line + 4 * px + 2],
                                                                 raw[y * image.bytes_per_line + 4 * px + 1],
                                                                 raw[y * image.bytes_per_line + 4 * px]))
                    for y in range(h))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    with open(out, "wb") as f:
        f.write(png)

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "screen.png")
