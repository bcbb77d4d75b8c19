"""``toolfilter demo``: the bundled kit indexed, and requests that show each verdict."""

from __future__ import annotations

import argparse

__all__ = ["DEMO_REQUESTS", "cmd_demo"]


DEMO_REQUESTS = (
    ("帮我约个会，明天下午三点", "a Chinese request: the calendar; calendar_cancel, destructive, is held back"),
    ("把 build/old.log 这个文件删掉", "a request that asks to destroy: the destructive delete_file is sent"),
    ("把这张截图里的文字识别出来", "one tool of 48 sent"),
    ("Which files did I change but not commit yet?", "an English request: git_status first"),
    (
        "这台服务器的硬盘快满了吗？",
        "words the kit does not use ('硬盘', where disk_usage says '磁盘'): unsure, so more tools are sent "
        "(tool profiles fix this: docs/profiles.md)",
    ),
    ("用一句话解释一下什么是量子纠缠", "a question no tool answers: nothing sent"),
    ("thanks, that's all!", "small talk: nothing sent"),
)
"""Each request with what it shows (tests/integration/test_demo.py holds the demo to its words)."""

LEGEND = (
    "each request: '+' the tools sent to the model, best first, with their signals; '-' the closest left out, and why"
)


def cmd_demo(args: argparse.Namespace) -> int:
    """Index the bundled kit into ``args.store`` and print the selection of each request."""
    from toolfilter_core._config import recommended_config
    from toolfilter_core._filter import ToolFilter
    from toolfilter_core._tool_defs import load_bundled_tools

    from .._embedders import DEFAULT_EMBEDDER, check_embedder_name

    if args.embedder:
        check_embedder_name(args.embedder, "--embedder")  # named as given, before anything loads
    config = recommended_config(**({"embedder": args.embedder} if args.embedder else {}))
    shown = DEFAULT_EMBEDDER if config.embedder == "default" else config.embedder
    print(f"toolfilter demo: the bundled 48-tool kit, embedder {shown!r}, store {args.store}")
    tf = ToolFilter(load_bundled_tools(), config=config, store=args.store, progress=True)
    print(f"indexed {tf.last_report.summary()} (run it again: nothing is re-embedded)")
    print(f"{LEGEND}\n")
    tf.select("warm up")
    requests = [(q, "") for q in args.queries] if args.queries else DEMO_REQUESTS
    for query, shows in requests:
        if shows:
            print(f"# {shows}")
        print(tf.select(query).explain(limit=2))
        print()
    return 0
