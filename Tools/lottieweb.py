"""lottie-web, the Lottie format's own player (Airbnb's, where the format comes from), in headless
Chromium: a third player for the checks that hold Flipbook's frames of a Lottie file against rlottie
and ThorVG, asked where those two disagree.

npm is not reachable here, so the player comes from PyPI: dash-extensions 2.0.6 (MIT) ships
lottie-web 5.12.2 (MIT) whole inside a webpack chunk (`dash_extensions/async-Lottie.js`, module
9891, lottie-web's own UMD build). The wheel is downloaded once (`pip download`, checked by its
SHA-256), the module's text cut out of the chunk and kept in ~/.cache/flipbook-checks; nothing of it
is in this repository.

Each file is drawn by lottie-web's SVG renderer (its reference renderer), one cell per instant
(`goToAndStop(frame, true)`: frames counted from the file's in point, as rlottie and ThorVG count
them), each cell `width` × `height`, on a white page, shot by Tools/browser.py.
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import zipfile

import numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import browser  # noqa: E402
import png  # noqa: E402

WHEEL = "dash_extensions-2.0.6-py3-none-any.whl"
WHEEL_SHA256 = "35a9ef516dd9431e472b68a76f4ae63a95223fcf9d319dfac79278157de85670"
VERSION = "5.12.2"
CACHE = os.path.join(os.path.expanduser("~"), ".cache", "flipbook-checks", f"lottie-web-{VERSION}.js")
MODULE_START = "9891(module,exports,__webpack_require__){"
MODULE_END = "module.exports=factory())"


def script():
    """lottie-web as a script defining `lottie`, or None (with the reason printed) when it cannot be had."""
    if os.path.exists(CACHE):
        return CACHE
    with tempfile.TemporaryDirectory() as folder:
        got = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "dash-extensions==2.0.6", "-d", folder],
                             capture_output=True, text=True)
        wheel = os.path.join(folder, WHEEL)
        if got.returncode != 0 or not os.path.exists(wheel):
            print(f"lottie-web: dash-extensions 2.0.6 could not be downloaded: {got.stderr.strip()[-300:]}")
            return None
        digest = hashlib.sha256(open(wheel, "rb").read()).hexdigest()
        if digest != WHEEL_SHA256:
            print(f"lottie-web: {WHEEL} has SHA-256 {digest}, expected {WHEEL_SHA256}")
            return None
        chunk = zipfile.ZipFile(wheel).read("dash_extensions/async-Lottie.js").decode()
    start, end = chunk.find(MODULE_START), chunk.find(MODULE_END)
    if start < 0 or end < start or f'"{VERSION}"' not in chunk[start:end]:
        print(f"lottie-web: lottie-web {VERSION} not found in dash-extensions' chunk")
        return None
    body = chunk[start + len(MODULE_START):end + len(MODULE_END)]
    os.makedirs(os.path.dirname(CACHE), exist_ok=True)
    with open(CACHE + ".part", "w") as f:
        f.write("var lottie = (function () { var module = { exports: {} };\n"
                "(function (module, exports, __webpack_require__) {" + body + "})(module, module.exports, null);\n"
                "return module.exports; })();\n")
    os.replace(CACHE + ".part", CACHE)
    return CACHE


def frames(path, picks, width, height, scratch):
    """lottie-web's frames `picks` of the Lottie file `path`, each `width` × `height`, as int32 RGB
    arrays over white (height, width, 3); None when the player cannot be had or the page fails."""
    js = script()
    if js is None:
        return None
    data = open(path, "rb").read().decode("utf-8", "replace")
    try:
        json.loads(data)
    except ValueError:
        return None   # a file that is not JSON is not the player's to judge
    data = data.replace("</", "<\\/")   # JSON's own escape for "/": no string can end the script element
    cells = "".join(f'<div id="c{k}" style="position:absolute;left:{k * width}px;top:0;width:{width}px;height:{height}px;overflow:hidden"></div>'
                    for k in range(len(picks)))
    page = os.path.join(scratch, "lottie-web.html")
    with open(page, "w") as f:
        f.write(f"""<!doctype html><html><body style="margin:0;background:#fff">{cells}
<script src="file://{js}"></script><script>
var data = {data};
{json.dumps(picks)}.forEach(function (frame, k) {{
  var a = lottie.loadAnimation({{container: document.getElementById('c' + k), renderer: 'svg', loop: false, autoplay: false,
                                animationData: JSON.parse(JSON.stringify(data))}});
  a.goToAndStop(frame, true);
}});
</script></body></html>""")
    shot = os.path.join(scratch, "lottie-web.png")
    try:
        # (A window under about 300 px tall, with a profile of its own, is shot blank: 100 px tall,
        # emoji_shock's six cells came out white; the window is made taller and the cells cut out.)
        browser.screenshot((max(width * len(picks), 400), max(height, 400)), shot, page, budget=3000)
    except SystemExit as stopped:   # Chromium failed or hung twice: no frames, not the end of the check
        print(f"note: lottie-web gave no frames of {os.path.basename(path)}: {str(stopped)[:200]}")
        return None
    w, h, rows = png.read_fast(shot)
    image = numpy.frombuffer(b"".join(bytes(r) for r in rows), dtype=numpy.uint8).reshape(h, w, 4)[:, :, :3].astype(numpy.int32)
    return [image[:height, k * width:(k + 1) * width] for k in range(len(picks))]
