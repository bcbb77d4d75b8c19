"""What the commands share: the config of the flags, the store flags, the ToolFilter they open."""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

__all__ = [
    "UsageError",
    "check_output",
    "collection_name",
    "config_of",
    "json_visible",
    "max_tools_of",
    "open_filter",
    "resolve_flags",
    "store_kwargs",
]

_C1 = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def json_visible(text: str) -> str:
    """JSON text with the controls ``json.dumps`` leaves raw written as JSON escapes (the same value).

    Everything else the command line prints is made plain by ``_plain.plain_streams``; JSON
    needs its own escapes, or the stream's would make it invalid.
    """
    return _C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class UsageError(Exception):
    """A mistake in the command line itself."""


def check_output(path: str | None, flag: str) -> None:
    """Refuse an output path no file can be written at, before any work is done (``flag`` names it).

    Raises:
        UsageError: ``path`` is a directory, or its directory does not exist.
    """
    from pathlib import Path

    if path is None:
        return
    where = Path(path)
    if where.is_dir():
        raise UsageError(f"{flag} {path!r}: is a directory; give the name of the file to write")
    if not where.parent.is_dir():
        raise UsageError(f"{flag} {path!r}: its directory {str(where.parent)!r} does not exist; create it first")


_COLLECTION = re.compile(r"^[a-zA-Z0-9][a-zA-Z0-9._-]{1,510}[a-zA-Z0-9]$")
_IPV4 = re.compile(r"^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$")
COLLECTION_RULE = (
    "a Chroma collection name is 3-512 characters of a-z A-Z 0-9 . _ -, starts and ends with a letter or digit, "
    "has no '..' and is no IPv4 address"
)
"""Chroma's rule for a collection name, as the installed chromadb checks it for a store directory."""


def collection_name(value: str) -> str:
    """``--collection``, checked against Chroma's rule before any work is done (an argparse ``type``).

    Raises:
        argparse.ArgumentTypeError: the name breaks the rule (the message gives the value and the rule).
    """
    if _COLLECTION.match(value) and ".." not in value and not _IPV4.match(value):
        return value
    raise argparse.ArgumentTypeError(f"{value!r}: {COLLECTION_RULE}")


def embedder_flag(value: str) -> str:
    """``--embedder``, refused when empty or blank (``--embedder=`` would fall back to the default unsaid).

    Raises:
        argparse.ArgumentTypeError: the value is empty or blank.
    """
    if value.strip():
        return value
    raise argparse.ArgumentTypeError(f"{value!r}: an empty name; give an embedder's name, or leave the option out")


def store_flag(value: str) -> str:
    """``--store``, refused when empty or blank (a directory with an invisible name, or the current one).

    Raises:
        argparse.ArgumentTypeError: the value is empty or blank.
    """
    if value.strip():
        return value
    raise argparse.ArgumentTypeError(f"{value!r}: an empty path; give a directory ('.' for the current one)")


def resolve_flags(args: argparse.Namespace) -> Any:
    """The config of the flags, in layers: preset, --config FILE, each --set, --embedder, --top-k."""
    from toolfilter_core._config import resolve_layers
    from toolfilter_core._config_layers import ConfigLayer, config_layer, parse_set

    layers = [config_layer(args.config)] if getattr(args, "config", None) else []
    for option in getattr(args, "set_fields", []):
        _not_an_option(option, args)
    layers += [ConfigLayer("--set", parse_set(option)) for option in getattr(args, "set_fields", [])]
    if getattr(args, "embedder", None):
        from toolfilter_core._embedders import check_embedder_name

        check_embedder_name(args.embedder, "--embedder")  # named as given, before anything loads
        layers.append(ConfigLayer("--embedder", {"embedder": args.embedder}))
    if getattr(args, "top_k", None) is not None:
        layers.append(ConfigLayer("--top-k", {"top_k": args.top_k}))
    resolved = resolve_layers(layers)
    if not resolved.config.enabled:
        _say_plain(resolved, layers)
    return resolved


def _say_plain(resolved: Any, layers: list[Any]) -> None:
    """Plain mode chosen (``base: plain``, ``enabled: false``): a ``ConfigWarning`` saying what it leaves out.

    Above all the destructive guard: plain top-k sends a destructive tool to any request it ranks for.
    """
    import warnings

    from toolfilter_core._exceptions import ConfigWarning

    named = [layer.source for layer in layers if "base" in layer.values or "profile" in layer.values]
    if resolved.sources.get("enabled", "default") == "default" and named:
        where = f"base: plain, from {named[-1]}"
    else:
        where = f"enabled: false, from {resolved.sources.get('enabled', 'default')}"
    msg = (
        f"plain mode ({where}) has no destructive guard: a destructive tool is sent to any request it ranks "
        "for, not only to one that asks to destroy; nor does it tell that no tool fits or widen when unsure. "
        "Keep destructive tools out with block_tools, or drop plain mode"
    )
    warnings.warn(msg, ConfigWarning, stacklevel=2)


def _not_an_option(option: str, args: argparse.Namespace) -> None:
    """``--set max_tool=3``: a key that is no config field but names an option of the command says so."""
    import difflib

    from toolfilter_core._config import ToolFilterConfig

    key = option.partition("=")[0].strip().split(".")[0]
    if key in ToolFilterConfig.model_fields or key in ("base", "profile"):  # the layers' own keys (profile: old)
        return
    options = sorted(k for k in vars(args) if k not in ToolFilterConfig.model_fields and k != "set_fields")
    close = difflib.get_close_matches(key.replace("-", "_").lower(), options, n=1, cutoff=0.8)
    if close:
        flag = "--" + close[0].replace("_", "-")
        raise UsageError(f"--set {option!r}: {key!r} is no config field; did you mean the option {flag}?")


def config_of(args: argparse.Namespace) -> Any:
    return resolve_flags(args).config


def _store_settings(args: argparse.Namespace, config: Any) -> Any:
    """``config.store`` with the server flags (credentials, HTTPS) applied."""
    from toolfilter_core._config import StoreConfig

    updates: dict[str, Any] = {}
    if getattr(args, "chroma_token", None):
        updates["token"] = args.chroma_token
        updates["basic_auth"] = None
    if getattr(args, "chroma_basic_auth", None) and not getattr(args, "chroma_token", None):
        updates["basic_auth"] = args.chroma_basic_auth
        updates["token"] = None
    if getattr(args, "chroma_token_header", None):
        updates["token_header"] = args.chroma_token_header
    if getattr(args, "chroma_ssl", False):
        updates["ssl"] = True
    if not updates:
        return config.store
    try:
        return StoreConfig.model_validate({**dict(config.store), **updates})
    except ValueError as error:
        raise UsageError(f"store flags: {str(error).splitlines()[-1].strip()}") from None


def store_kwargs(args: argparse.Namespace, config: Any) -> dict[str, Any]:
    """``store``, ``client`` and ``collection`` for ToolFilter from the store flags (shared by the commands).

    Raises:
        UsageError: both --store and --chroma-host, or --collection without a store.
        StoreError: the server does not answer or refuses the credentials (the message names host:port).
    """
    import atexit

    from toolfilter_core.index.chroma import close_client, connect

    host = getattr(args, "chroma_host", None)
    store = getattr(args, "store", None)
    if host and store:
        raise UsageError("give either --store or --chroma-host, not both")
    collection = getattr(args, "collection", None)
    if collection and not (host or store or config.store.path or config.store.host):
        raise UsageError(
            f"--collection {collection}: a collection of a store, and no store is given (the tools are indexed in "
            "memory); allowed with --store DIR or --chroma-host H, or a config whose store sets path or host"
        )
    client = None
    if host:
        settings = _store_settings(args, config)
        client = connect(
            host=host,
            port=args.chroma_port,
            timeout_s=settings.timeout_s,
            headers=settings.headers(),
            ssl=settings.ssl,
        )
        atexit.register(close_client, client)  # its connections, closed when the command ends
    return {"store": store, "client": client, "collection": collection}


def open_filter(args: argparse.Namespace, *, tools_path: str | None, progress: bool = False) -> Any:
    """The ``ToolFilter`` the flags give: the tools file indexed (in memory, or into the store), or the store opened.

    What reading and indexing the files warns is said shortened for ``select`` without
    ``--verbose`` (``registry_warnings``): it runs once a request, and indexes them each time;
    the lines are said on the first run on given files and config, not again until one changes.
    So is what reading the config warns (``config_warnings``), in full, once for the config file and flags.
    """
    from toolfilter_core._version import __version__

    from ._said import content_key
    from ._warnings import config_warnings, registry_warnings

    each_run = getattr(args, "verbose", True)  # select's --verbose; the other commands say them as they come
    given = [getattr(args, name, None) for name in ("config", "set_fields", "embedder", "top_k")]
    key = None if each_run else content_key(given[:1], (json.dumps([*given[1:], __version__]),))
    with config_warnings(verbose=each_run, once=key):  # what reading the config says (not the embedder's check)
        config = config_of(args)
    verbose = each_run or not tools_path  # a store's: said as they come
    once = None
    if not verbose:
        once = content_key((tools_path, getattr(args, "profiles", None)), (config.model_dump_json(), __version__))
    with registry_warnings(verbose=verbose, once=once):
        return _opened(args, config, tools_path, progress)


def _opened(args: argparse.Namespace, config: Any, tools_path: str | None, progress: bool) -> Any:
    from toolfilter_core._filter import ToolFilter
    from toolfilter_core._tool_defs import read_tools_file

    from ._store_profiles import store_profiles_refused

    tools = read_tools_file(tools_path) if tools_path else []
    if getattr(args, "chroma_host", None) and getattr(args, "store", None):
        raise UsageError("give either --store or --chroma-host, not both")
    if not tools and not getattr(args, "store", None) and not getattr(args, "chroma_host", None):
        raise UsageError("give --tools FILE, --store DIR or --chroma-host H")
    where = store_kwargs(args, config)
    if getattr(args, "rebuild", False):
        from toolfilter_core.index.chroma import clear_store

        collection = where["collection"] or config.store.collection
        done = clear_store(
            path=where["store"], client=where["client"], collection=collection, timeout_s=config.store.timeout_s
        )
        print(f"rebuild: {done}")
    profiles = getattr(args, "profiles", None)
    if not tools:
        opened = ToolFilter.open(config=config, **where)
        refused = store_profiles_refused(args, opened, profiles) if profiles else ""
        if refused:  # the file the store was indexed with is taken as it is; another one is refused
            raise UsageError(refused)
        return opened
    from toolfilter_core.index._tool_index import ShrinkRefusedError

    try:
        return ToolFilter(tools, config=config, progress=progress, profiles=profiles, **where)
    except ShrinkRefusedError as error:  # a store is given: only a store's sync refuses to shrink
        msg = (
            f"{error}. Given --tools and a store, the tools file is written into the store first, as "
            "`toolfilter index` does: to use the store's tools as they are, leave out --tools; to use the "
            "tools file's alone, leave out the store (they are then indexed in memory)"
        )
        raise UsageError(msg) from None


def max_tools_of(args: argparse.Namespace) -> int | None:
    """``--max-tools``, checked: an integer from 1 to 128, or None."""
    cap = getattr(args, "max_tools", None)
    if cap is not None and not 1 <= cap <= 128:
        raise UsageError(f"--max-tools: got {cap}; allowed: an integer from 1 to 128")
    return cap if isinstance(cap, int) else None
