"""Pins the fonts outside renderers see (Chromium, librsvg, ffmpeg's librsvg) to Tools/fonts.conf:
DejaVu only, whatever else is installed, so that checks that render text pass on any machine.

    import fonts; fonts.pin()      # before starting any renderer
"""
import os

CONFIG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fonts.conf")


def pin():
    """Points fontconfig (FONTCONFIG_FILE) at Tools/fonts.conf for this process and its children."""
    os.environ["FONTCONFIG_FILE"] = CONFIG
    os.environ.pop("FONTCONFIG_PATH", None)
