"""What an evaluation ran on, for its report's set-up table (``eval --report``, ``eval --conversations --report``)."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["report_setup"]


def report_setup(args: argparse.Namespace, tf: Any) -> dict[str, str]:
    """What an evaluation ran on, for its report: the files, the embedder, the config, the version.

    The requests' file is labelled ``conversations`` for ``eval --conversations``, else ``queries``.
    """
    from toolfilter_core._version import __version__

    store = getattr(args, "store", None) or getattr(args, "chroma_host", None)
    conversations = getattr(args, "conversations", None)
    return {
        "conversations" if conversations else "queries": ", ".join(
            str(p) for p in (args.queries, args.log, conversations) if p
        ),
        "tools": str(args.tools or f"the store at {store}"),
        "profiles": _profiles_source(args, tf),
        "embedder": str(tf.embedder.id),
        "config": str(args.config or "the recommended defaults")
        + (f"; --set {' '.join(args.set_fields)}" if args.set_fields else "")
        + (f"; --top-k {args.top_k}" if args.top_k else "")
        + (f"; --max-tools {args.max_tools}" if getattr(args, "max_tools", None) else ""),
        "tools in the registry": str(len(tf.tools)),
        "toolfilter": __version__,
    }


def _profiles_source(args: argparse.Namespace, tf: Any) -> str:
    """The profiles file given, or the store's own profiles (``index --profiles`` kept them), or none."""
    if getattr(args, "profiles", None):
        return str(args.profiles)
    held = sum(1 for tool in tf.tools if tool.profile is not None and tool.profile.texts)
    return f"the store's own ({held} tools)" if held else "none"
