"""Which flipbook binary a script drives: one rule for every script in Tools/.

The path given on the script's command line, else the FLIPBOOK environment variable, else the
package's own build (`.build/debug/flipbook` or `.build/release/flipbook`, as the script asks).
Always an absolute path, so a script may change folders.

From Python: `binary.flipbook(args[0] if args else None, "release")`.
From a shell script: `flipbook=$(python3 Tools/binary.py debug "${1:-}")`.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def flipbook(given=None, build="debug"):
    """The binary: `given`, else $FLIPBOOK, else ROOT/.build/<build>/flipbook."""
    path = given or os.environ.get("FLIPBOOK") or os.path.join(ROOT, ".build", build, "flipbook")
    return os.path.abspath(path)


if __name__ == "__main__":
    print(flipbook(sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else None, sys.argv[1] if len(sys.argv) > 1 else "debug"))
