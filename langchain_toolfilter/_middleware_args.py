"""What ``ToolFilterMiddleware`` checks at construction, and the gates it applies itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from toolfilter_core import ConfigError, Policy, ToolFilterConfig
from toolfilter_core.integration import MAX_TOOLS

__all__ = ["check_always_include", "check_arguments", "gate_policy"]


def gate_policy(config: ToolFilterConfig) -> Policy | None:
    """The config's block_tools / allow_tools as the gates the middleware applies."""
    if not config.block_tools and not config.allow_tools:
        return None
    allowed = frozenset(config.allow_tools) if config.allow_tools else None
    return Policy(block_tools=frozenset(config.block_tools), allow_tools=allowed)


def check_arguments(max_tools: Any, always_include: Any, order: Any) -> None:
    """Refuse, at construction, arguments that would fail on every model call."""
    if max_tools is not None and (
        isinstance(max_tools, bool) or not isinstance(max_tools, int) or not 1 <= max_tools <= MAX_TOOLS
    ):
        msg = f"max_tools: got {max_tools!r}; allowed: an integer from 1 to {MAX_TOOLS} (the hard cap), or None"
        raise ConfigError(msg)
    if isinstance(always_include, str) or not all(isinstance(n, str) for n in always_include or ()):
        msg = (
            f"always_include: got {always_include!r:.80}; allowed: a list of tool names, e.g. [{always_include!r:.40}]"
        )
        raise ConfigError(msg)
    if order not in ("registry", "score"):
        msg = f"order: got {order!r}; allowed: 'registry' (the agent's tool order) or 'score' (best first)"
        raise ConfigError(msg)


def check_always_include(names: Sequence[str], config: ToolFilterConfig) -> None:
    """Refuse always_include tools the gates would block, as the core config does."""
    blocked = sorted(set(names) & set(config.block_tools))
    if blocked:
        msg = (
            f"always_include: {blocked} are also in block_tools; block wins, so they would "
            "never be included; remove them from one of the two lists"
        )
        raise ConfigError(msg)
    left_out = sorted(set(names) - set(config.allow_tools)) if config.allow_tools else []
    if left_out:
        msg = f"always_include: {left_out} are not in allow_tools, so they may never be used; add them there"
        raise ConfigError(msg)
