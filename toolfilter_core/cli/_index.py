"""``toolfilter index``: building a store."""

from __future__ import annotations

import argparse
from typing import Any

from ._common import UsageError, config_of, store_kwargs

__all__ = ["cmd_index"]


def cmd_index(args: argparse.Namespace) -> int:
    from pathlib import Path

    from toolfilter_core._embedders import get_embedder
    from toolfilter_core._tool_defs import read_tools_file

    if not args.store and not args.chroma_host:
        raise UsageError("index needs --store DIR or --chroma-host H")
    if args.store and args.chroma_host:
        raise UsageError("give either --store or --chroma-host, not both")
    # everything that can be refused is refused before the store is touched (or created)
    tools = read_tools_file(args.tools)
    if not tools and args.store and not Path(args.store).exists():
        raise UsageError(f"{args.tools!r} holds no tools and {args.store!r} does not exist: nothing to index")
    if not tools and not args.allow_shrink:
        raise UsageError(
            f"{args.tools!r} holds no tools; indexing it would empty the store. Pass --allow-shrink if that is "
            "what you want"
        )
    config = config_of(args)
    no_tool: tuple[str, ...] | None = None  # None: keep the profiles the store holds
    if args.profiles:
        from toolfilter_core._tool_profiles.sidecar import attach_profiles, read_profiles

        profiles = read_profiles(args.profiles)
        tools, no_tool = attach_profiles(tools, profiles), profiles.no_tool
    embedder = get_embedder(config.embedder)
    if args.store:
        from toolfilter_core.index.chroma import hold_directory

        # a writer: hold the directory before opening it, so that two index runs take turns
        with hold_directory(args.store, config.store.timeout_s):
            report, where, tools = _index_into(args, config, embedder, tools, no_tool)
    else:
        report, where, tools = _index_into(args, config, embedder, tools, no_tool)
    print(f"indexed {report.summary(where)}")
    from toolfilter_core._servers import ServerNames, warn_shared

    warn_shared(ServerNames(tools))  # said here, once; select and the others only open the store
    return 0


def _index_into(
    args: argparse.Namespace, config: Any, embedder: Any, tools: Any, no_tool: tuple[str, ...] | None
) -> tuple[Any, str, Any]:
    """Open the store, check the shrink rule, rebuild if asked, sync: ``(report, store description, tools)``.

    ``no_tool`` None (no ``--profiles``): the tools keep the profiles the store holds for them.
    """
    from toolfilter_core._exceptions import StoreError
    from toolfilter_core._tool_profiles.coverage import warn_partly_profiled
    from toolfilter_core._tool_profiles.sidecar import attach_profiles, stored_profiles
    from toolfilter_core.index._tool_index import ToolIndex
    from toolfilter_core.index.chroma import open_records

    where = store_kwargs(args, config)
    collection = where["collection"] or config.store.collection

    def records() -> Any:
        return open_records(config.store, store=where["store"], client=where["client"], collection=collection)

    if no_tool is None:
        try:
            stored = stored_profiles(ToolIndex(records(), embedder))
        except StoreError:  # a store that cannot be opened holds nothing to keep
            stored = None
        if stored is not None:
            tools, no_tool = attach_profiles(tools, stored, warn_unknown=False), stored.no_tool
    no_tool = no_tool or ()
    warn_partly_profiled(tools, frozenset())

    on_change = config.store.on_embedder_change
    if args.rebuild:
        from toolfilter_core.index.chroma import clear_store

        try:  # a readable store is rebuilt in place: its learned examples are kept and re-embedded
            store = records()
            store.read(embeddings=False)
            readable = True
        except StoreError:  # unreadable (damaged): nothing to keep, the rebuild moves it aside
            readable = False
        if readable:
            report = ToolIndex(store, embedder, on_embedder_change=on_change).sync(
                tools, progress=not args.no_progress, rebuild=True, allow_shrink=args.allow_shrink, no_tool=no_tool
            )
            print(f"rebuild: dropped {store.describe()}, learned examples kept")
            return report, store.describe(), tools
        done = clear_store(
            path=where["store"], client=where["client"], collection=collection, timeout_s=config.store.timeout_s
        )
        print(f"rebuild: {done}")
    store = records()
    report = ToolIndex(store, embedder, on_embedder_change=on_change).sync(
        tools, progress=not args.no_progress, allow_shrink=args.allow_shrink, no_tool=no_tool
    )
    return report, store.describe(), tools
