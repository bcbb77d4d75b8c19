"""The policy's price check: a set against sending every tool the turn may have, over the calls ahead.

A set is cheaper than every tool only when the cache can read it: a prompt under the
provider's cache minimum (1,024 tokens at Anthropic and OpenAI) is written, at the write
price, on every call. On a small registry every tool, read from the cache at 0.1x, can cost
less than a changing set of a few tools written at 1.25x. Each call's expected bill over
``horizon`` calls (the prompt as it is now: the tools block and the conversation):

* the first call reads the prompt from the cache when its tools block is the previous call's
  (and the prompt reaches the cache minimum), else writes it;
* each later call's prompt is longer by the conversation's growth so far (its tokens over its
  model calls), and is read when it reaches the cache minimum, else written again.

The cheaper is sent; a tie keeps the set (fewer tools to choose among).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ._cache_bill import CachePrices, tokens, tools_block
from ._types import ToolSpec

__all__ = ["price_sets"]


@dataclass(frozen=True, slots=True)
class SetPrice:
    """The expected bills of the set and of every tool, in plain input tokens over the calls ahead."""

    mine: float
    every: float

    @property
    def every_is_cheaper(self) -> bool:
        """Sending every tool costs less than the set."""
        return self.every < self.mine


def expected_bill(
    block: int, history: int, *, same: bool, prices: CachePrices, horizon: int, growth: float = 0.0
) -> float:
    """A tools block of ``block`` tokens over ``horizon`` calls (``same``: it is the previous call's).

    ``growth``: the tokens each later call adds to the conversation (its calls so far, on average).
    """
    total = 0.0
    for call in range(horizon):
        prompt = block + history + growth * call
        cached = prompt >= prices.min_tokens and (same or call > 0)
        total += prompt * (prices.read if cached else prices.write)
    return total


def price_sets(
    mine: Sequence[ToolSpec],
    every: Sequence[ToolSpec],
    previous: Sequence[str] | None,
    history: int,
    *,
    prices: CachePrices,
    horizon: int,
    growth: float = 0.0,
) -> SetPrice:
    """The expected bill of sending ``mine`` against ``every`` (in that order) after ``previous``."""
    bills = []
    for tools in (mine, every):
        block = tokens(tools_block([t.to_openai() for t in tools]))
        same = previous is not None and tuple(previous) == tuple(t.name for t in tools)
        bills.append(expected_bill(block, history, same=same, prices=prices, horizon=horizon, growth=growth))
    return SetPrice(bills[0], bills[1])
