"""Write the act axis of each bundled embedder to toolfilter_core/data/act_axes.json.

The guard reads whether a request asks to destroy along the axis from the bundled
destroy-asking phrases to the others (``_pipeline/destroy_ask.py``). Shipping the axis per
embedder means no ``select`` embeds the 120 phrases. Run after editing
``_pipeline/act_phrases.py`` (a unit test fails until then):

    HF_HUB_OFFLINE=1 python benchmarks/act_axes.py --write
"""

from __future__ import annotations

import argparse
import json

from toolfilter_core._embedders import EmbedderError, embedder_names, get_embedder
from toolfilter_core._pipeline.destroy_ask import AXES_FILE, embedded_axis, phrases_digest


def axes() -> dict[str, list[float]]:
    """Per bundled embedder that loads here (combinations aside), its act axis."""
    out: dict[str, list[float]] = {}
    for name in embedder_names():
        if name in ("default", "hashing"):  # hashing: embedding the phrases costs it nothing
            continue
        try:
            embedder = get_embedder(name)
            out[embedder.id] = [float(x) for x in embedded_axis(embedder)]
        except (EmbedderError, ImportError, OSError) as error:
            print(f"{name}: not written ({error})")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help=f"write {AXES_FILE.name} (else print the ids)")
    args = parser.parse_args()
    found = axes()
    print("axes:", ", ".join(sorted(found)))
    if args.write:
        AXES_FILE.write_text(json.dumps({"phrases": phrases_digest(), "axes": found}) + "\n", encoding="utf-8")
        print(f"wrote {AXES_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
