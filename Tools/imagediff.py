"""The raster comparison check-raster and fuzz-raster share: two RGBA images composited over white."""
import numpy


def compare(a_rows, b_rows, width, height):
    """Mean and largest channel difference (both composited over white), and the pixels beyond
    anti-aliasing: differing by more than 64 with at least 7 such pixels in their 3×3 neighbourhood."""
    a = numpy.frombuffer(b"".join(bytes(r[:4 * width]) for r in a_rows[:height]), dtype=numpy.uint8).astype(numpy.float64).reshape(height, width, 4)
    b = numpy.frombuffer(b"".join(bytes(r[:4 * width]) for r in b_rows[:height]), dtype=numpy.uint8).astype(numpy.float64).reshape(height, width, 4)
    return compare_over_white(a[..., :3] * a[..., 3:] / 255 + 255 - a[..., 3:], b[..., :3] * b[..., 3:] / 255 + 255 - b[..., 3:])


def compare_over_white(pa, pb, where=None):
    """compare() of two height × width × 3 arrays already composited over white; with `where` (a
    height × width boolean mask), of the pixels it marks only."""
    height, width = pa.shape[0], pa.shape[1]
    diff = numpy.abs(pa - pb)
    big = diff.max(axis=2) > 64
    padded = numpy.pad(big, 1)
    neighbours = sum(padded[1 + j:1 + j + height, 1 + i:1 + i + width] for j in (-1, 0, 1) for i in (-1, 0, 1))
    beyond = big & (neighbours >= 7)
    if where is not None:
        diff, beyond = diff[where], beyond & where
        if diff.size == 0:
            return 0.0, 0.0, 0
    return float(diff.mean()), float(diff.max()), int(numpy.count_nonzero(beyond))
