"""How fast this machine is, for each kind of output, against the reference machine whose microseconds
the cost model counts (`SceneCost.Coefficients.reference`).

The model's work is in microseconds of one core of the machine its coefficients were fitted on. On
another machine every kind of work takes longer or shorter, and not by one factor: on a machine of
this workplace on 2026-12-02 (the kind CI ran on), streamed raster frames took 3.0 times their
estimate's microseconds, PNG frames 2.6, the animated SVG 2.4 and SVG frames 2.1 (factors 0.33,
0.38, 0.42 and 0.47: medians over the shipped scenes; 0.49 to 0.74 two hours later, the machine's
speed moving), and 160 of check-cost's 460 runs were outside its band before this calibration. A
check that compares estimates with seconds measured here first measures the machine:

    factor(output) = median over REFERENCE of (estimate / CPU seconds measured), per output

REFERENCE is every shipped scene at its own frame rate, scale 1, through each output, rendered as a
user runs it (`measure`). The median of 23 scenes is not moved by one scene the model gets wrong,
and a change that makes every estimate of an output wrong by the same factor is not hidden by it
either: a factor outside [1/8, 8] fails the check that asked for it (`factors`).

A check then scales its time allowance by the factor (hostile, flipbook-fuzz: an allowance divided
by it), or gives a run's estimate / measured four times the room on the slow side of its band on a
machine slower than the reference (check-cost: the factors move too unevenly to follow). On the reference machine the factors are close to 1 and that is the
check as it was.

From Python: `factors = machine.factors(flipbook, work)`; `cpu, peak = machine.measure(command)`.
From a shell: `python3 Tools/machine.py path/to/flipbook | tail -n 1` prints them as
`svgFrames=0.47,pngFrames=0.38,rasterStream=0.33,animated=0.42` (flipbook-fuzz's --factors).
"""
import json
import os
import shutil
import statistics
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The widest a machine may be from the reference machine before a check says the model's unit is
# wrong rather than the machine slow or fast.
LIMIT = 8.0

OUTPUTS = {  # key in the JSON estimate: render options (d: a folder for files)
    "svgFrames": lambda d: ["--frames", os.path.join(d, "f")],
    "pngFrames": lambda d: ["--frames", os.path.join(d, "p"), "--format", "png"],
    "rasterStream": lambda d: ["--stdout", "--format", "rgba"],
    "animated": lambda d: ["--animated", os.path.join(d, "a.svg")],
}
UNLIMITED = ["--max-work", "1e15", "--max-frame-work", "1e15", "--max-memory", "1000000"]


def measure(command):
    """CPU seconds (user + system) and peak memory (bytes) of a whole process. Started by GNU time,
    which reports the peak: a process forked from this one would count this Python's memory as its
    own (Linux keeps the larger resident set of the image a child replaces)."""
    # A stream goes into a pipe that is read to its end, as ffmpeg reads it: the kernel's copying into
    # the pipe is the writer's (system) time, which /dev/null would leave out.
    stream = "--stdout" in command
    process = subprocess.Popen(["/usr/bin/time", "-f", "peak %M"] + command, stdout=subprocess.PIPE if stream else subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    if stream:
        while process.stdout.read(1 << 20):
            pass
    _, status, usage = os.wait4(process.pid, 0)
    error = process.stderr.read().decode()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"FAILED: {' '.join(command)}\n{error}")
    peak = int(error.strip().splitlines()[-1].split()[-1]) * 1024
    return usage.ru_utime + usage.ru_stime, peak


def shipped():
    """The shipped scenes' paths, in name order."""
    folder = os.path.join(ROOT, "Scenes")
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith(".json") and f != "scene.schema.json"]


def factors(flipbook, work):
    """estimate / measured CPU time per output, the median over REFERENCE (see the header); exits
    with a message when one is outside [1/LIMIT, LIMIT]. `work`: a folder for the outputs."""
    ratios = {output: [] for output in OUTPUTS}
    for path in shipped():
        estimate = json.loads(subprocess.run([flipbook, "validate", path, "--cost", "--json"], check=True, capture_output=True,
                                             text=True).stdout)
        for output, options in OUTPUTS.items():
            out = os.path.join(work, "machine")
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            cpu, _ = measure([flipbook, "render", path, "--quiet", "--force"] + UNLIMITED + options(out))
            ratios[output].append(estimate[output]["work"] / 1e6 / max(cpu, 1e-4))
    shutil.rmtree(os.path.join(work, "machine"), ignore_errors=True)
    result = {output: statistics.median(r) for output, r in ratios.items()}
    print("this machine against the reference machine (estimate / measured CPU time, median of the "
          f"{len(ratios['animated'])} shipped scenes): " + ", ".join(f"{o} {f:.2f}" for o, f in result.items()), flush=True)
    wrong = [o for o, f in result.items() if not 1 / LIMIT <= f <= LIMIT]
    if wrong:
        raise SystemExit(f"FAILED: the cost model's unit is off for {', '.join(wrong)}: estimates are more than {LIMIT:g} times "
                         "from what every shipped scene measures (SceneCost.Coefficients)")
    return result


if __name__ == "__main__":
    import sys
    import tempfile
    folder = tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None, prefix="machine-")
    try:
        measured = factors(os.path.abspath(sys.argv[1]), folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(",".join(f"{output}={factor:.4f}" for output, factor in measured.items()))
