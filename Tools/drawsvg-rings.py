#!/usr/bin/env python3
"""The activity-rings scene's frames written with drawsvg (PyPI), as a Python user would write them:
Tools/bench's peer for SVG files, a whole process from Python's start-up to the last file.

Same content as `flipbook render Scenes/activity-rings.json --fps FPS`: a black background, three
tracks and three round-capped value arcs from 12 o'clock, the fractions eased with CSS's ease-in-out
and ease-out (cubic Béziers solved by bisection here). Files are written and closed, not synced
(Flipbook syncs its folder once before the move into place).

Usage: Tools/drawsvg-rings.py FOLDER [FPS]     (default 480: 1,201 frames)
"""
import os
import sys

import drawsvg

folder = sys.argv[1]
fps = int(sys.argv[2]) if len(sys.argv) > 2 else 480
os.makedirs(folder)


def cubic_bezier(x1, y1, x2, y2):
    def ease(x):
        if x <= 0 or x >= 1:
            return min(max(x, 0.0), 1.0)
        lo, hi = 0.0, 1.0
        for _ in range(40):
            s = (lo + hi) / 2
            if 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s ** 3 < x:
                lo = s
            else:
                hi = s
        s = (lo + hi) / 2
        return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s ** 3
    return ease


ease_in_out, ease_out = cubic_bezier(0.42, 0, 0.58, 1), cubic_bezier(0, 0, 0.58, 1)
# (frame x, y, size, track width, colour, first value, second value)
rings = [(10, 380, 35, "#ffff00", 0.5, 0.85), (50, 300, 25, "#ffffff", 0.5, 0.6), (80, 240, 20, "#ff0000", 0.25, 0.95)]
frames = int(2.5 * fps) + 1
for i in range(frames):
    t = i / fps
    d = drawsvg.Drawing(400, 400)
    d.append(drawsvg.Rectangle(0, 0, 400, 400, fill="#000000"))
    for origin, size, width, colour, first, second in rings:
        if t < 1.2:
            fraction = first * ease_in_out(t)
        else:
            fraction = first + (second - first) * ease_out(t - 1.2)
        r = (size - width) / 2
        c = origin + size / 2
        group = drawsvg.Group()
        group.append(drawsvg.Circle(c, c, r, fill="none", stroke="#262626", stroke_width=width))
        if fraction > 0:
            # drawsvg's angles turn clockwise on screen from 3 o'clock (y down): 12 o'clock is −90°.
            group.append(drawsvg.Arc(c, c, r, -90, -90 + 360 * fraction, cw=True, fill="none", stroke=colour,
                                     stroke_width=width * 0.8, stroke_linecap="round"))
        d.append(group)
    d.save_svg(os.path.join(folder, "frame_%04d.svg" % i))
