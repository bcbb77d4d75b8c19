"""The input bill of a model call under the provider's prompt cache.

A prompt is a list of segments in the order the provider reads them: the tools block
first, then each message. A call whose leading segments are byte-identical to the previous
call's reads them from the cache (``read`` times the input price); the rest is written to
the cache (``write`` times it). A shared prefix shorter than ``min_tokens`` is not cached.
Prices are multipliers on the provider's plain input price, so a bill is in "plain input
tokens".

Defaults (docs/conversations.md cites the pages):

* Anthropic: a 5-minute cache write costs 1.25x the input price, a read 0.1x; prompts
  under 1,024 tokens are not cached.
* OpenAI: caching is automatic with no write premium (1.0x); cached input tokens cost half
  (0.5x, the GPT-4o generation's published price; newer models discount more, set ``read``);
  prefixes from 1,024 tokens.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ._exceptions import ConfigError

__all__ = ["PROVIDERS", "CachePrices", "bill_call", "cache_prices", "tokens", "tools_block"]


@dataclass(frozen=True, slots=True)
class CachePrices:
    """A provider's prompt-cache prices, as multipliers on its plain input price."""

    write: float = 1.25
    """Tokens written to the cache (the part of a prompt not read from it)."""
    read: float = 0.1
    """Tokens read from the cache (a prefix identical to the previous call's)."""
    min_tokens: int = 1024
    """A shared prefix shorter than this is not cached (billed as written)."""

    def __post_init__(self) -> None:
        """Refuse prices a bill cannot use."""
        for field, value in (("write", self.write), ("read", self.read)):
            if not isinstance(value, int | float) or not 0 <= value <= 10:
                raise ConfigError(f"cache price {field!r}: got {value!r}; allowed: a number from 0 to 10")
        if not isinstance(self.min_tokens, int) or self.min_tokens < 0:
            raise ConfigError(f"cache price 'min_tokens': got {self.min_tokens!r}; allowed: an integer >= 0")


PROVIDERS: Mapping[str, CachePrices] = {
    "anthropic": CachePrices(write=1.25, read=0.1, min_tokens=1024),
    "openai": CachePrices(write=1.0, read=0.5, min_tokens=1024),
}
"""Default prices per provider (override with ``CachePrices`` or ``cache_prices(..., write=, read=)``)."""


def cache_prices(provider: str | CachePrices = "anthropic", **override: Any) -> CachePrices:
    """A provider's default prices, with ``write``, ``read`` or ``min_tokens`` overridden.

    Raises:
        ConfigError: an unknown provider or a price out of range.
    """
    if isinstance(provider, CachePrices):
        base = provider
    elif provider in PROVIDERS:
        base = PROVIDERS[provider]
    else:
        raise ConfigError(f"cache provider: got {provider!r}; allowed: {', '.join(sorted(PROVIDERS))}")
    unknown = set(override) - {"write", "read", "min_tokens"}
    if unknown:
        raise ConfigError(f"cache prices: unknown field(s) {sorted(unknown)}; allowed: write, read, min_tokens")
    given = {k: v for k, v in override.items() if v is not None}
    return replace(base, **given)


def tokens(text: str) -> int:
    """An estimate of a text's tokens: its UTF-8 bytes over 4 (a CJK character counts about 0.75)."""
    return (len(text.encode("utf-8")) + 3) // 4


def tools_block(tools: Sequence[Mapping[str, Any]]) -> str:
    """The tools block as sent: the OpenAI ``tools`` entries in order, as JSON (empty: no block)."""
    return json.dumps(list(tools), ensure_ascii=False, sort_keys=True) if tools else ""


@dataclass(frozen=True, slots=True)
class CallBill:
    """One model call's input: tokens read from the cache, tokens written, the bill."""

    read_tokens: int
    written_tokens: int
    cost: float
    """``read_tokens * read + written_tokens * write``, in plain input tokens."""

    @property
    def tokens(self) -> int:
        """The prompt's tokens."""
        return self.read_tokens + self.written_tokens


def bill_call(segments: Sequence[str], previous: Sequence[str] | None, prices: CachePrices) -> CallBill:
    """The bill of a prompt of ``segments`` sent after a call of ``previous`` (None: the first call).

    The leading segments equal to ``previous``'s are read from the cache (if they reach
    ``min_tokens``), the rest written.
    """
    sizes = [tokens(s) for s in segments]
    shared = 0
    if previous is not None:
        for mine, theirs in zip(segments, previous, strict=False):
            if mine != theirs:
                break
            shared += 1
    read = sum(sizes[:shared])
    if read < prices.min_tokens:
        read = 0
    written = sum(sizes) - read
    return CallBill(read, written, read * prices.read + written * prices.write)
