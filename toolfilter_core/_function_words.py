"""The function words every reader of a request or a definition skips, one list per language.

A word of these names no thing and asks no act: articles, "and", "or", "it", "this", "that" in English; particles,
pronouns, "a", "is", "at" and the like in Chinese, as single characters (的, 了, 一个, 这, 它们). A reader that skips
more (prepositions, question words, pronouns) unions its own words with these, saying why beside them.
"""

from __future__ import annotations

__all__ = ["FUNCTION_EN", "FUNCTION_ZH"]

FUNCTION_EN = frozenset({"a", "an", "the", "and", "or", "it", "its", "this", "that"})
"""English function words, lower case."""
FUNCTION_ZH = frozenset("的了一个是在和把给这那吗呢请帮我你他她它们")
"""Characters of Chinese function words: a two-character run holding one names no thing (一个, 的是)."""
