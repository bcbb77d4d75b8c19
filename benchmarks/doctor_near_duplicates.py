"""Can the definitions' similarity tell a near-duplicate from its read/write siblings?

    python benchmarks/doctor_near_duplicates.py TOOLS_WITH_A_DUPLICATE A B

Prints where the pair ``A``/``B`` (a duplicate a user added: another name, synonyms) ranks among
its registry's pairs by the cosine of their embedded definitions (the doctor's similarity,
``closeness.DefinitionSims``), and, for each dev registry, how many pairs reach that cosine and
how many of those also have the same parameter names. Dev registries only (no truth of
duplicates is read: the pairs printed are for a person to judge); nothing is chosen here.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from toolfilter_core import ToolSpec, get_embedder, read_tools_file  # noqa: E402
from toolfilter_core._doctor.closeness import DefinitionSims  # noqa: E402

DEV = ("toolkit48", "dev_hotel_pms", "dev_school_lms", "dev_homelab_net", "dev_photo_studio", "dev_mcp_fleet")
Row = tuple[float, float, bool, str, str]


def pairs(tools: list[ToolSpec], embedder: object) -> list[Row]:
    """``(cosine, z, same parameter names, a, b)`` for every pair, highest cosine first."""
    vectors = np.asarray(embedder.embed_documents([t.document() for t in tools]), dtype=np.float32)  # type: ignore[attr-defined]
    sims = DefinitionSims(vectors, 3)
    out = []
    for i, j in itertools.combinations(range(len(tools)), 2):
        a, b = tools[i], tools[j]
        same = bool(a.parameter_names) and set(a.parameter_names) == set(b.parameter_names)
        out.append((sims.cosine(i, j), sims.z(i, j), same, a.name, b.name))
    return sorted(out, reverse=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tools", help="a tools file holding the duplicate")
    parser.add_argument("a")
    parser.add_argument("b")
    args = parser.parse_args()
    embedder = get_embedder("default")
    rows = pairs(read_tools_file(args.tools), embedder)
    rank, found = next((n, r) for n, r in enumerate(rows, 1) if {r[3], r[4]} == {args.a, args.b})
    print(
        f"{args.a} / {args.b}: cosine {found[0]:.3f}, z {found[1]:.2f}, same parameters {found[2]}; "
        f"rank {rank} of {len(rows)} pairs by cosine"
    )
    above = [r for r in rows[: rank - 1]]
    print(f"  above it: {len(above)} pairs, {sum(r[2] for r in above)} with the same parameter names")
    for cosine, z, same, a, b in above[:8]:
        print(f"    {cosine:.3f} z={z:.2f} same_params={same} {a} / {b}")
    for name in DEV:
        rows = pairs(read_tools_file(ROOT / "benchmarks" / "data" / name / "tools.jsonl"), embedder)
        high = [r for r in rows if r[0] >= found[0]]
        same = [r for r in high if r[2]]
        print(
            f"{name}: {len(rows)} pairs; cosine >= {found[0]:.3f}: {len(high)}, with the same parameter names: "
            f"{len(same)}" + "".join(f"\n    {r[0]:.3f} {r[3]} / {r[4]}" for r in same[:4])
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
