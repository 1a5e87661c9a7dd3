"""The raster comparison every check shares (check-raster, fuzz-raster, check-animated and the other
Chromium checks through browser.py, check-lottie, check-embedding, check-minify): pixels beyond
anti-aliasing, and two RGBA images composited over white."""
import numpy


def beyond(diff, threshold=64):
    """Pixels beyond anti-aliasing, from a height × width × channels array of absolute differences: a
    pixel differing by more than `threshold` (64) in some channel, with at least 7 such pixels in its
    3×3 neighbourhood (itself included). Edges drawn by different primitives differ along lines one or
    two pixels wide; a shape in the wrong place or a wrong colour differs over an area."""
    big = diff.max(axis=2) > threshold
    height, width = big.shape
    padded = numpy.pad(big, 1)
    neighbours = sum(padded[1 + j:1 + j + height, 1 + i:1 + i + width] for j in (-1, 0, 1) for i in (-1, 0, 1))
    return big & (neighbours >= 7)


def compare(a_rows, b_rows, width, height):
    """Mean and largest channel difference (both composited over white), and the pixels beyond
    anti-aliasing: differing by more than 64 with at least 7 such pixels in their 3×3 neighbourhood."""
    a = numpy.frombuffer(b"".join(bytes(r[:4 * width]) for r in a_rows[:height]), dtype=numpy.uint8).astype(numpy.float64).reshape(height, width, 4)
    b = numpy.frombuffer(b"".join(bytes(r[:4 * width]) for r in b_rows[:height]), dtype=numpy.uint8).astype(numpy.float64).reshape(height, width, 4)
    return compare_over_white(a[..., :3] * a[..., 3:] / 255 + 255 - a[..., 3:], b[..., :3] * b[..., 3:] / 255 + 255 - b[..., 3:])


def compare_over_white(pa, pb, where=None):
    """compare() of two height × width × 3 arrays already composited over white; with `where` (a
    height × width boolean mask), of the pixels it marks only."""
    diff = numpy.abs(pa - pb)
    over = beyond(diff)
    if where is not None:
        diff, over = diff[where], over & where
        if diff.size == 0:
            return 0.0, 0.0, 0
    return float(diff.mean()), float(diff.max()), int(numpy.count_nonzero(over))
