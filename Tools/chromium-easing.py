#!/usr/bin/env python3
"""Evaluate CSS easings in headless Chromium through the Web Animations API: an independent oracle.

Usage: chromium-easing.py CASES.json > RESULTS.json
CASES is a JSON list of {"easing": str, "t": [floats], "before": bool?}. For every case the browser
animates an element with that effect easing (duration 1000 ms, fill both), pauses, seeks to t * 1000 ms
and reads effect.getComputedTiming().progress. With "before": true the animation has a 1000 ms delay and
is read at time 0, in its before phase (only t = 0 is meaningful then). An easing the browser rejects
gives {"error": message}. Prints a JSON list of {"easing", "t", "before", "progress"|"error"}.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

PAGE = """<!doctype html><html><body><div id="d"></div><pre id="out"></pre><script>
const cases = %s;
const d = document.getElementById('d');
const results = [];
for (const c of cases) {
  for (const t of (c.before ? [0] : c.t)) {
    let a;
    try {
      a = d.animate([{}, {}], {duration: 1000, delay: c.before ? 1000 : 0, easing: c.easing, fill: 'both'});
    } catch (e) {
      results.push({easing: c.easing, t: t, before: !!c.before, error: String(e.message)});
      break;
    }
    a.pause();
    a.currentTime = c.before ? 0 : t * 1000;
    results.push({easing: c.easing, t: t, before: !!c.before, progress: a.effect.getComputedTiming().progress});
    a.cancel();
  }
}
document.getElementById('out').textContent = JSON.stringify(results);
</script></body></html>"""


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        for folder in os.environ.get("PATH", "").split(os.pathsep):
            path = os.path.join(folder, name)
            if os.access(path, os.X_OK):
                return path
    sys.exit("chromium-easing.py: no chromium on PATH (apt-get install chromium)")


def evaluate(cases):
    with tempfile.TemporaryDirectory() as folder:
        page = os.path.join(folder, "easing.html")
        with open(page, "w") as f:
            f.write(PAGE % json.dumps(cases))
        out = subprocess.run(
            [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + folder,
             "--dump-dom", "file://" + page],
            capture_output=True, text=True, timeout=300).stdout
    match = re.search(r'<pre id="out">(.*?)</pre>', out, re.S)
    if not match:
        sys.exit("chromium-easing.py: the browser printed no results")
    text = match.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
    return json.loads(text)


if __name__ == "__main__":
    with open(sys.argv[1]) as f:
        print("[\n" + ",\n".join(json.dumps(r) for r in evaluate(json.load(f))) + "\n]")
