"""Which configuration a ``ToolFilter`` (or an adapter building one) runs with."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._config import ToolFilterConfig, load_config, recommended_config

if TYPE_CHECKING:
    from ._embedders import Embedder

__all__ = ["resolve_config"]


def resolve_config(
    config: ToolFilterConfig | Mapping[str, Any] | str | Path | None,
    embedder: Embedder | str | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> ToolFilterConfig:
    """The config to use: ``config`` loaded, with ``overrides`` laid over it.

    With no ``config`` and an embedder given by name, the base is the recommended profile
    with that embedder's thresholds (``recommended_config(embedder=name)``); otherwise it
    is ``load_config(config)`` (None: the recommended profile).

    Args:
        config: A config, a mapping of its fields, a YAML/JSON path, or None.
        embedder: The embedder in use, an embedder name, or None.
        overrides: Config fields to lay over the base (validated like a fresh load).

    Returns:
        The validated configuration.

    Raises:
        ConfigError: ``config`` or an override is invalid.
    """
    if config is None and isinstance(embedder, str):
        config = recommended_config(embedder=embedder)
    base = load_config(config)
    return base.merged(overrides) if overrides else base
