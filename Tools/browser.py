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


class DevTools:
    """A headless Chromium driven through the DevTools protocol on a pipe (`--remote-debugging-pipe`:
    JSON messages ending in a zero byte, fds 3 and 4), with a fresh profile beside `shot`, showing
    `page` at `window` (width, height) pixels. Use as a context manager: the browser is closed (and
    killed with every process it started if it does not end) on leaving."""

    def __init__(self, window, shot, page, options=()):
        self.page = page
        profile = tempfile.mkdtemp(prefix="profile-", dir=os.path.dirname(shot))
        to_chromium_read, self.to_chromium = os.pipe()
        self.from_chromium, from_chromium_write = os.pipe()

        def setup():
            # The child's fds 3 (it reads) and 4 (it writes); moved out of the way first: a pipe's
            # end may already be fd 3 or 4.
            read, write = os.dup(to_chromium_read), os.dup(from_chromium_write)
            os.dup2(read, 3)
            os.dup2(write, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)
        self.process = subprocess.Popen([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *options,
                                         "--force-device-scale-factor=1", f"--window-size={window[0]},{window[1]}",
                                         f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                                        preexec_fn=setup, close_fds=False)
        os.close(to_chromium_read)
        os.close(from_chromium_write)
        self.pending = b""
        self.counter = 0
        self.session = None
        target = self.call("Target.createTarget", {"url": "file://" + page})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride", {"width": window[0], "height": window[1], "deviceScaleFactor": 1, "mobile": False})

    def call(self, method, params=None):
        """The result of `method` (in the page's session once attached); a refusal, an ended browser
        or no answer in HANG_SECONDS ends the check."""
        import json
        import time
        self.counter += 1
        message = {"id": self.counter, "method": method, "params": params or {}}
        if self.session and not method.startswith(("Target.", "Browser.")):
            message["sessionId"] = self.session
        os.write(self.to_chromium, json.dumps(message).encode() + b"\0")
        deadline = time.time() + HANG_SECONDS
        while time.time() < deadline:
            while b"\0" in self.pending:
                raw, self.pending = self.pending.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.counter:
                    if "error" in reply:
                        sys.exit(f"Chromium refused {method}: {reply['error']}")
                    return reply.get("result", {})
            chunk = os.read(self.from_chromium, 1 << 20)
            if not chunk:
                sys.exit(f"Chromium ended during {method} on {self.page}")
            self.pending += chunk
        sys.exit(f"Chromium did not answer {method} on {self.page}")

    def capture(self):
        """The viewport as PNG bytes."""
        import base64
        return base64.b64decode(self.call("Page.captureScreenshot", {"format": "png"})["data"])

    def __enter__(self):
        return self

    def __exit__(self, *_):
        try:
            self.call("Browser.close")
        except SystemExit:
            pass
        finally:
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
            os.close(self.to_chromium)
            os.close(self.from_chromium)


def settled_screenshot(window, shot, page, options=()):
    """`page` shot into `shot` at `window` (width, height) pixels once it says it is ready (its root
    element's `data-shown` set, in real time: no virtual time) and its picture has settled: shots
    are taken until two in a row are identical. A page that is hidden while it is seeked and then
    shown all at once is painted in one go, and a shot taken at once may miss tiles not yet drawn
    (white squares: gradient-rings, 16 copies of 1,440 wedges, in 4 shots of 8 with `screenshot`)."""
    import time
    with DevTools(window, shot, page, options) as browser:
        deadline = time.time() + HANG_SECONDS
        expression = "document.documentElement.dataset.shown === 'yes'"
        while not browser.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})["result"].get("value"):
            if time.time() > deadline:
                sys.exit(f"{os.path.basename(page)} did not set data-shown in {HANG_SECONDS} s")
            time.sleep(0.05)
        last = browser.capture()
        for _ in range(20):
            time.sleep(0.1)
            again = browser.capture()
            if again == last:
                break
            last = again
        else:
            sys.exit(f"{os.path.basename(page)} did not settle in 20 shots")
    with open(shot, "wb") as f:
        f.write(last)


def realtime_screenshot(window, shot, page, seconds, options=(), mouse=None):
    """Headless Chromium showing `page` at `window` (width, height) pixels for `seconds` of real time,
    then its screenshot into `shot`: for what virtual time does not drive (animations inside images:
    an SVG or APNG in `<img>` or a CSS background runs on its own clock), through `DevTools`.
    `mouse`: a point (x, y) the pointer moves to once the page is up (a real hover: CSS `:hover`)."""
    import time
    with DevTools(window, shot, page, options) as browser:
        start = time.time()
        if mouse is not None:
            time.sleep(0.5)
            browser.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": mouse[0], "y": mouse[1]})
        time.sleep(max(0.0, seconds - (time.time() - start)))
        data = browser.capture()
    with open(shot, "wb") as f:
        f.write(data)
