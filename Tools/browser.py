"""Headless Chromium for the checks that compare a page with Flipbook's frames (check-animated,
check-html): a screenshot that survives Chromium's occasional hang, and the comparison of two cells
of it with its pass criterion."""
import os
import signal
import subprocess
import sys
import tempfile

import numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import imagediff  # noqa: E402


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        for folder in os.environ.get("PATH", "").split(os.pathsep):
            if os.access(os.path.join(folder, name), os.X_OK):
                return os.path.join(folder, name)
    sys.exit("no chromium on PATH (apt-get install chromium)")


HANG_SECONDS = 120


def screenshot(window, shot, page, options=(), budget=5000):
    """Headless Chromium shooting `page` into `shot` at `window` (width, height) pixels, seeked pages
    drawn in full (every compositor stage, `budget` ms of virtual time, 5 s by default), with a fresh
    profile beside `shot` and any further `options`. A run still going after HANG_SECONDS (a shot takes a few seconds) is
    stopped with every process it started and run once more: headless Chromium now and then never
    ends (CI on f62050d: the page of the tenth scene waited seven minutes at idle, and CI with it). A
    second hang ends the check as a failure."""
    for attempt in (1, 2):
        profile = tempfile.mkdtemp(prefix="profile-", dir=os.path.dirname(shot))
        process = subprocess.Popen([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *options,
                                    "--force-device-scale-factor=1", f"--window-size={window[0]},{window[1]}",
                                    f"--virtual-time-budget={budget}", "--run-all-compositor-stages-before-draw",
                                    f"--user-data-dir={profile}", f"--screenshot={shot}", "file://" + page],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        try:
            _, err = process.communicate(timeout=HANG_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            print(f"note: Chromium still ran after {HANG_SECONDS} s on {os.path.basename(page)}; stopped"
                  + (", and run once more" if attempt == 1 else ""), flush=True)
            continue
        if process.returncode != 0:
            sys.exit(f"Chromium failed on {page}: {err.decode(errors='replace')[-2000:]}")
        return
    sys.exit(f"Chromium hung twice on {page}")


def compare(rows, left, top, width, height, threshold=64, excluded=None):
    """Animated cell at (left, top) against the frame cell right of it. Returns the mean channel
    difference, the largest, and the pixels beyond anti-aliasing (`imagediff.beyond`, over `threshold`).
    `excluded`: a height × width boolean array of pixels left out of the count (a known limit of the
    frames, measured apart by the caller)."""
    block = numpy.frombuffer(b"".join(bytes(rows[y][4 * left:4 * (left + 2 * width)]) for y in range(top, top + height)), dtype=numpy.uint8).astype(numpy.int32)
    block = block.reshape(height, 2 * width, 4)
    a, b = block[:, :width, :3], block[:, width:, :3]
    diff = numpy.abs(a - b)
    beyond = imagediff.beyond(diff, threshold)
    if excluded is not None:
        beyond &= ~excluded
    outside = int(numpy.count_nonzero(beyond))
    return float(diff.mean()), int(diff.max()), outside, width * height


def passes(mean, outside):
    """The pass criterion of one comparison: mean difference under 1 (of 255), no pixel beyond
    anti-aliasing."""
    return mean < 1 and outside == 0


def realtime_screenshot(window, shot, page, seconds, options=(), mouse=None):
    """Headless Chromium showing `page` at `window` (width, height) pixels for `seconds` of real time,
    then its screenshot into `shot`: for what virtual time does not drive (animations inside images:
    an SVG or APNG in `<img>` or a CSS background runs on its own clock). Driven through the DevTools
    protocol on a pipe (`--remote-debugging-pipe`: JSON messages ending in a zero byte, fds 3 and 4).
    `mouse`: a point (x, y) the pointer moves to once the page is up (a real hover: CSS `:hover`)."""
    import base64
    import json
    import time
    profile = tempfile.mkdtemp(prefix="profile-", dir=os.path.dirname(shot))
    to_chromium_read, to_chromium_write = os.pipe()
    from_chromium_read, from_chromium_write = os.pipe()
    # The child's fds 3 (it reads) and 4 (it writes).
    def setup():
        # (Moved out of the way first: a pipe's end may already be fd 3 or 4.)
        read, write = os.dup(to_chromium_read), os.dup(from_chromium_write)
        os.dup2(read, 3)
        os.dup2(write, 4)
        os.set_inheritable(3, True)
        os.set_inheritable(4, True)
    process = subprocess.Popen([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *options,
                                "--force-device-scale-factor=1", f"--window-size={window[0]},{window[1]}",
                                f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                               preexec_fn=setup, close_fds=False)
    os.close(to_chromium_read)
    os.close(from_chromium_write)
    pending = b""
    counter = [0]

    def call(method, params=None, session=None):
        counter[0] += 1
        message = {"id": counter[0], "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(to_chromium_write, json.dumps(message).encode() + b"\0")
        nonlocal pending
        deadline = time.time() + HANG_SECONDS
        while time.time() < deadline:
            while b"\0" in pending:
                raw, pending = pending.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == counter[0]:
                    if "error" in reply:
                        sys.exit(f"Chromium refused {method}: {reply['error']}")
                    return reply.get("result", {})
            chunk = os.read(from_chromium_read, 1 << 20)
            if not chunk:
                sys.exit(f"Chromium ended during {method} on {page}")
            pending += chunk
        sys.exit(f"Chromium did not answer {method} on {page}")
    try:
        target = call("Target.createTarget", {"url": "file://" + page})["targetId"]
        start = time.time()
        session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        call("Emulation.setDeviceMetricsOverride", {"width": window[0], "height": window[1], "deviceScaleFactor": 1, "mobile": False}, session)
        if mouse is not None:
            time.sleep(0.5)
            call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": mouse[0], "y": mouse[1]}, session)
        time.sleep(max(0.0, seconds - (time.time() - start)))
        data = call("Page.captureScreenshot", {"format": "png"}, session)["data"]
        with open(shot, "wb") as f:
            f.write(base64.b64decode(data))
        call("Browser.close")
    finally:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        os.close(to_chromium_write)
        os.close(from_chromium_read)
