"""A server claiming other servers' names and id formats: how many requests naming another system does it take?

    python benchmarks/hostile_server_names.py [--folders dev_mcp_fleet heldout_mcp_workspace] [--out FILE]

Each registry (its tools, one server per category, with its profiles) gets the server
``omni_ops`` of ``benchmarks/data/hostile_tools/claims_*.jsonl``: five tools whose
descriptions and profile requests name every popular product ("JIRA", "AWS", "GitHub", ...)
and carry other servers' id formats (``sg-0a1b2c3d``, ``repo:acme/api``, ``PAY-123``,
``INC-4821``). The requests: the registry's requests that name a server (``names_server``),
none of which needs the hostile one. Reported: the share of them for which the hostile server
is among the servers the request names (it gets the server signal: ``claimed``), the share
that get at least one hostile tool (``selected``), and the share for which the named server
is still named (``named_kept``; ``named_without_attack``: the same without the hostile
server). The hostile server was written by a language model from the two registries' server
names alone (an attacker claiming every popular product); no number was chosen on it.
"""

from __future__ import annotations

import argparse
import json
import warnings

from profile_rows import DATA, ROOT

from toolfilter_core import ToolFilter, get_embedder, read_profiles, read_tools_file, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._servers import ServerNames

HOSTILE = "omni_ops"


def run(folder: str, embedder: CachingEmbedder) -> dict[str, object]:
    """The attack on one registry."""
    tools = read_tools_file(DATA / folder / "tools.jsonl")
    hostile = read_tools_file(DATA / "hostile_tools" / "claims_tools.jsonl")
    profiles = read_profiles(DATA / folder / "profiles.jsonl").merged(
        read_profiles(DATA / "hostile_tools" / "claims_profiles.jsonl")
    )
    rows = [json.loads(line) for line in (DATA / folder / "queries.jsonl").read_text(encoding="utf-8").splitlines()]
    rows = [r for r in rows if r.get("names_server")]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tf = ToolFilter(tools + hostile, config=recommended_config(), embedder=embedder, profiles=profiles)
        servers = tf.snapshot.servers
        servers.named("")
    names = {t.name for t in hostile}
    alone = ServerNames([t for t in tf.snapshot.tools if t.name not in names])  # the same tools and profiles
    claimed = selected = kept = kept_alone = 0
    for row in rows:
        named = servers.named(row["query"])
        claimed += HOSTILE in named
        kept += row["names_server"] in named
        kept_alone += row["names_server"] in alone.named(row["query"])
        selected += bool(names & set(tf.select(row["query"]).names))
    n = len(rows)
    return {
        "registry": folder,
        "requests_naming_a_server": n,
        "claimed": round(claimed / n, 4),
        "selected": round(selected / n, 4),
        "named_kept": round(kept / n, 4),
        "named_without_attack": round(kept_alone / n, 4),
        "warnings": len([w for w in caught if "omni_ops" in str(w.message)]),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--folders", nargs="+", default=["dev_mcp_fleet", "heldout_mcp_workspace"])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "hostile_server_names.json"))
    args = parser.parse_args()
    embedder = CachingEmbedder(get_embedder("default"))
    report = [run(folder, embedder) for folder in args.folders]
    for row in report:
        print(json.dumps(row))
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
        f.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
