"""How the reading of a request's ask and its reports grows with the request's length: linear, not quadratic.

    PYTHONPATH=. python benchmarks/bench_reading_growth.py [--sizes 5000,10000,20000,40000] [--out FILE]

Each shape (a phrase repeated: possessives, quoted messages, conditions, acts told done, in either language) is
grown to each size and read by ``ask_and_reports``, three times, the least CPU time kept (the machine may be
shared). Printed: the time per size and the growth from one size to the next, the size doubled: near 2 is linear,
near 4 quadratic. The target: every growth at most 3 (a quadratic reading of "the lane's " repeated took 166 s at
55,000 characters).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from toolfilter_core._pipeline.reports import ask_and_reports  # noqa: E402

SHAPES = {
    "possessives": "the lane's ",
    "quoted messages": 'Customer writes: "cancel order O-5512!" ',
    "asks and possessives": "cancel order O-5512, the lane's ",
    "conditions (zh)": "如果他的账户 ",
    "acts told done (zh)": "客户已经 ",
    "an act repeated": "cancel the order ",
    "an own word repeated": "I said cancel ",
    "an act repeated (zh)": "取消订单",
}
TARGET = 3.0
"""The largest growth allowed when the size doubles (linear: 2; quadratic: 4)."""


def best_time(text: str, rounds: int = 3) -> float:
    """The fastest of ``rounds`` readings of ``text``, in seconds."""
    took = []
    for _ in range(rounds):
        start = time.process_time()
        ask_and_reports(text)
        took.append(time.process_time() - start)
    return min(took)


def growth(sizes: list[int]) -> dict[str, dict[str, list[float]]]:
    """Per shape: its reading time at each size and the growth between neighbouring sizes."""
    out: dict[str, dict[str, list[float]]] = {}
    for name, unit in SHAPES.items():
        times = [best_time((unit * (size // len(unit) + 1))[:size]) for size in sizes]
        grown = [round(b / max(a, 1e-6), 2) for a, b in zip(times, times[1:], strict=False)]
        out[name] = {"seconds": [round(t, 4) for t in times], "growth": grown}
        print(
            f"{name:>22}: "
            + ", ".join(f"{s:,} chars {t:.3f} s" for s, t in zip(sizes, times, strict=True))
            + f"; growth {grown}",
            flush=True,
        )
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="5000,10000,20000,40000")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = growth(sizes)
    worst = max(g for row in rows.values() for g in row["growth"])
    print(f"worst growth when the size doubles: {worst} (target at most {TARGET})")
    if args.out:
        args.out.write_text(json.dumps({"sizes": sizes, "shapes": rows, "worst_growth": worst}, indent=1) + "\n")
    return 0 if worst <= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
