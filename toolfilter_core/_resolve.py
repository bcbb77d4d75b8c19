"""Which configuration a ``ToolFilter`` (or an adapter building one) runs with."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._config import RETIRED, ToolFilterConfig, load_config
from ._exceptions import ConfigError
from ._keywords import field_named, refuse_unknown_options

if TYPE_CHECKING:
    from ._embedders import Embedder

__all__ = ["check_options", "config_field_meant", "resolve_config"]


def resolve_config(
    config: ToolFilterConfig | Mapping[str, Any] | str | Path | None,
    embedder: Embedder | str | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> ToolFilterConfig:
    """The config to use: ``config`` laid over the recommended preset, ``overrides`` over both.

    One rule for the facade and both adapters, ``load_config``'s: a mapping or a file changes
    only the fields it names (``base: plain`` in it starts from the plain defaults instead);
    an embedder given by name is the ``embedder`` field, and brings its shipped thresholds
    (``presets/per_embedder.yaml``) under what the user gave. A ``ToolFilterConfig`` object
    is complete and taken as it is (only ``overrides`` change it; the embedder name does not).

    Args:
        config: A config, a mapping of its fields, a YAML/JSON path, or None.
        embedder: The embedder in use, an embedder name, or None.
        overrides: Config fields to lay over the base (validated like a fresh load).

    Returns:
        The validated configuration.

    Raises:
        ConfigError: ``config`` or an override is invalid, or ``embedder`` is neither an
            embedder nor a name.
    """
    if embedder is not None and not isinstance(embedder, str):
        if not all(callable(getattr(embedder, m, None)) for m in ("embed_documents", "embed_queries")):
            msg = (
                f"embedder: got {embedder!r:.80} ({type(embedder).__name__}); allowed: an Embedder "
                "(with embed_documents and embed_queries), an embedder name such as 'default', or None"
            )
            raise ConfigError(msg)
    fields = dict(overrides or {})
    if isinstance(embedder, str) and not isinstance(config, ToolFilterConfig):
        fields = {"embedder": embedder, **fields}
    return load_config(config, **fields)


def check_options(where: str, options: Iterable[str], own: Sequence[str]) -> None:
    """Refuse a keyword to an adapter's constructor that is neither its own argument nor a config field.

    Raises:
        ConfigError: A keyword is unknown; the message names the closest argument or field.
    """
    fields = (*ToolFilterConfig.model_fields, *RETIRED, "base")  # a retired one: the config says it is a constant
    refuse_unknown_options(where, options, own, fields)  # base: which preset


def config_field_meant(key: str) -> str | None:
    """The ``ToolFilterConfig`` field ``key`` names (``Top-K``: ``top_k``; ``similarity_topk``: ``top_k``), or None.

    For an adapter that refuses ``key`` as its own argument and points at the config instead: the
    same name but for ``_``, ``-`` and case, or another library's name for a field (``FOREIGN_NAMES``),
    never a close spelling (``callbacks`` is no ``fallback_domains``).
    """
    return field_named(key, tuple(ToolFilterConfig.model_fields))
