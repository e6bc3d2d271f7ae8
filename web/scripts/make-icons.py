#!/usr/bin/env python3
"""Draws the app icon (same drawing as public/icon.svg) into PNGs with the standard library only.

Writes public/icon-192.png, public/icon-512.png and public/icon-maskable-512.png (full-bleed
background with the mark inside the maskable safe zone) and public/apple-touch-icon.png (180).
Run from web/: python3 scripts/make-icons.py. The output is committed; re-run only to change it.
"""
import math
import os
import struct
import zlib

PURPLE = (0x67, 0x50, 0xA4)
WHITE = (0xFF, 0xFF, 0xFF)
SS = 4  # supersampling per axis


def segments():
    """The strokes of icon.svg in its 512 box: two lines and a cubic 'U'."""
    segs = [((136, 160), (376, 160)), ((256, 160), (256, 256))]
    # M176 256 c0 64 32 96 80 96 s80-32 80-96
    p0, p1, p2, p3 = (176, 256), (176, 320), (208, 352), (256, 352)
    q0, q1, q2, q3 = (256, 352), (304, 352), (336, 320), (336, 256)
    for a, b, c, d in ((p0, p1, p2, p3), (q0, q1, q2, q3)):
        prev = a
        for i in range(1, 33):
            t = i / 32
            mt = 1 - t
            x = mt**3 * a[0] + 3 * mt * mt * t * b[0] + 3 * mt * t * t * c[0] + t**3 * d[0]
            y = mt**3 * a[1] + 3 * mt * mt * t * b[1] + 3 * mt * t * t * c[1] + t**3 * d[1]
            segs.append((prev, (x, y)))
            prev = (x, y)
    return segs


def dist_to_segment(px, py, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    cx, cy = ax + t * dx, ay + t * dy
    return math.hypot(px - cx, py - cy)


def inside_rounded_rect(x, y, size, radius):
    if radius <= 0:
        return 0 <= x <= size and 0 <= y <= size
    cx = min(max(x, radius), size - radius)
    cy = min(max(y, radius), size - radius)
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius


def render(size, maskable=False):
    segs = segments()
    # Maskable icons keep the mark within the central 80 % circle; scale it down about the centre.
    mark_scale = 0.78 if maskable else 1.0
    radius = 0 if maskable else 96
    half_width = 18
    rows = []
    for j in range(size):
        row = bytearray([0])  # filter type: none
        for i in range(size):
            r = g = b = a = 0.0
            for sj in range(SS):
                for si in range(SS):
                    # Sample position in the 512 box.
                    x = (i + (si + 0.5) / SS) * 512 / size
                    y = (j + (sj + 0.5) / SS) * 512 / size
                    if not inside_rounded_rect(x, y, 512, radius):
                        continue
                    mx = 256 + (x - 256) / mark_scale
                    my = 256 + (y - 256) / mark_scale
                    on_stroke = any(dist_to_segment(mx, my, s0, s1) <= half_width for s0, s1 in segs)
                    col = WHITE if on_stroke else PURPLE
                    r += col[0]
                    g += col[1]
                    b += col[2]
                    a += 255
            n = SS * SS
            if a > 0:
                cov = a / 255
                row += bytes((round(r / cov), round(g / cov), round(b / cov), round(a / n)))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return b"".join(rows)


def png(size, raw):
    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "public")
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
        ("apple-touch-icon.png", 180, True),
    ):
        with open(os.path.join(out, name), "wb") as f:
            f.write(png(size, render(size, maskable)))
        print("wrote", name)


if __name__ == "__main__":
    main()
