"""BM25 with and without function words ("the", "is", "的"), on the registries that may choose.

    python benchmarks/bm25_function_words.py [--out benchmarks/results/bm25_function_words.json]

``toolfilter demo`` sent ``check_url_status`` for "email the team that the deploy is done":
its trigger "is the site up" shares "the" and "is" with the request, and in a registry of
telegraphic descriptions those words are rare, so their idf is high. ``FUNCTION_WORDS`` below,
left out of the BM25 index and of the request (here only: the library keeps every word), is
the remedy tried. Each registry that may choose numbers
(``profile_rows.rows()`` with role ``chose``: the kit's dev and paraphrase tuning requests,
every ``dev_*``, metatool's first 250 tool and no-tool requests), with the shipped preset,
without and with its profiles, is evaluated with the list empty (before) and in force (after):
recall_mean, the share of tool requests fully served, no-tool rejection, false abstain, tools
sent. Held-out registries are never read here.

Result (results/bm25_function_words.json): mixed, so the library keeps every word. Without
profiles recall_mean rose on dev_hotel_pms (.912 to .951) and metatool (.572 to .588) and fell
on dev_mcp_fleet (.785 to .768), dev_chain_code_host_zh and dev_homelab_net; with profiles it
fell on dev_school_lms (.969 to .949); and the demo's "Which files did I change but not commit
yet?" put git_commit above git_status once "which", "did", "i", "but", "not" no longer diluted
"commit".
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from profile_rows import ROOT, build, measure, rows

import toolfilter_core._bm25 as bm25
from toolfilter_core import get_embedder, recommended_config
from toolfilter_core._embed_cache import CachingEmbedder
from toolfilter_core._tokenize import tokenize

FUNCTION_WORDS = frozenset(
    "a an the is are was were be been being am do does did to of in on at by for with from and or but if "
    "that this these those it its i me my we us our you your he him his she her they them their as so than "
    "then just please pls can could would should will s t d ll m re ve 的 了 吗 呢 吧 啊".split()
)
"""English function words (and the contractions' pieces the tokenizer leaves), and six Chinese particles."""


def _content_tokens(text: str, *, cjk_unigrams: bool = True) -> list[str]:
    return [t for t in tokenize(text, cjk_unigrams=cjk_unigrams) if t not in FUNCTION_WORDS]


KEYS = ("recall_mean", "served", "no_tool_rejection", "false_abstain", "mean_selected")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "bm25_function_words.json"))
    args = parser.parse_args()
    base = recommended_config()
    embedder = CachingEmbedder(get_embedder(base.embedder))
    report: dict[str, Any] = {"function_words": sorted(FUNCTION_WORDS), "registries": {}}
    for row in rows():
        if row.role != "chose":
            continue
        out: dict[str, Any] = {}
        for profiled in (False, True):
            for label, tokens in (("before", tokenize), ("after", _content_tokens)):
                bm25.tokenize = tokens  # type: ignore[assignment]  # BM25Index reads it at each call
                found = measure(row, build(row, base, embedder, profiled=profiled))
                out[f"{'with' if profiled else 'without'} profiles, {label}"] = {k: found.get(k) for k in KEYS}
        bm25.tokenize = tokenize  # type: ignore[assignment]
        report["registries"][row.name] = out
        for key, value in out.items():
            print(f"{row.name:<28} {key:<26} " + " ".join(f"{k} {value[k]!s:<7}" for k in KEYS), flush=True)
    Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
