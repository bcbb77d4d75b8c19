"""Who may use which tool: a caller's ``Policy``, and the tool names the gate lists match.

Per-caller policy: which tools a caller may see at all, applied before any ranking.
Semantic search never shows a tool the caller may not call: the policy removes tools from
the eligible set before the candidate pool is formed. Block always wins over allow.

The gate lists (``block_tools``, ``allow_tools``, ``always_include``, in the config and in a
``Policy``): ``block_tools`` fails closed: a name blocks the tool of that name and every
tool registered as ``server__name`` (an MCP server's tool by its own name,
``McpRegistry(qualify=True)``), so ``block_tools=["delete_file"]`` also blocks
``files__delete_file``; ``"server__*"`` blocks every tool of that server. Block names are
compared folded (``fold_name``: NFKC, casefold, look-alike letters and invisible characters
folded), so ``dеlete_file`` with a Cyrillic ``е`` is blocked too. ``allow_tools`` and
``always_include`` match exact registered names only (a server's own name or a look-alike
would widen what is allowed). A name that matches no tool is a typo or a stale list:
refused with the closest names, look-alikes first.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from ._exceptions import ConfigError
from ._files import first_few
from ._hints import is_destructive, is_read_only, says_writes
from ._keywords import checked_keywords
from ._types import Reason, ToolSpec

__all__ = [
    "Policy",
    "blocked_name",
    "close_names",
    "fold_name",
    "gate_lists",
    "read_only_unmarked",
    "some_names",
    "unknown_gate_names",
]

SEPARATOR = "__"
"""Between an MCP server's name and its tool's (``_mcp.SEPARATOR``, kept equal by a test)."""

WHOLE_SERVER = SEPARATOR + "*"
"""A ``block_tools`` name ending so (``"files__*"``) blocks every tool of that server."""

# Letters of other scripts that look like Latin ones (Unicode's confusables, the ones a
# tool name can hide), the digits that pass for letters, and dashes as underscores. ``i``, ``I``, ``l``, ``1`` and
# ``|`` all fold to ``l``: in many fonts a capital i is a small L.
_LOOK_ALIKE_CHARACTERS = {
    "a": "аАɑα",
    "b": "ВвЬьβ",
    "c": "сСϲϹⅽ",
    "d": "ԁⅾ",
    "e": "еЕёЁєΕε",
    "f": "Ϝғ",
    "g": "ɡԌ",
    "h": "һНΗ",
    "j": "јЈϳ",
    "k": "кКΚκ",
    "l": "IiӀ1|ǀⅠⅼіІїΙιɩıɪ",
    "m": "МмΜ",
    "n": "ΝηпП",
    "o": "оОοΟ0σ",
    "p": "рРΡρ",
    "q": "ԛ",
    "r": "гГ",
    "s": "ѕЅ",
    "t": "тТΤτ",
    "u": "υՍսμ",
    "v": "ѵνⅴ",
    "w": "ԝѡω",
    "x": "хХΧχⅹ",
    "y": "уУΥγү",
    "z": "Ζ",
    "_": "-‐‑‒–—−＿",
}
_LOOK_ALIKES = str.maketrans({c: plain for plain, chars in _LOOK_ALIKE_CHARACTERS.items() for c in chars})


@functools.lru_cache(maxsize=65536)
def fold_name(name: str) -> str:
    """``name`` as the block gate compares it: look-alikes, width, case and marks folded.

    NFKC (full-width and mathematical letters become plain ones), look-alike letters of
    other scripts become the Latin ones (``_LOOK_ALIKES``), format and combining
    characters (zero-width spaces, accents added to hide a name) are dropped, then
    casefold. Two names that fold alike look alike to a person reading a tool list.
    """
    text = unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKES)
    kept = (c for c in unicodedata.normalize("NFKD", text) if unicodedata.category(c) not in ("Mn", "Me", "Cf"))
    return "".join(kept).casefold().translate(_LOOK_ALIKES)


@functools.lru_cache(maxsize=256)
def _folded_blocks(blocked: frozenset[str]) -> tuple[frozenset[str], tuple[str, ...]]:
    """Folded block names, and the folded prefixes of ``server__*`` entries."""
    names = frozenset(fold_name(b) for b in blocked if not b.endswith(WHOLE_SERVER))
    servers = tuple(fold_name(b[: -len("*")]) for b in blocked if b.endswith(WHOLE_SERVER))
    return names, servers


GATE_FIELDS = ("block_tools", "allow_tools", "always_include")
"""The config fields that list tool names."""


def gate_lists(config: Any) -> list[tuple[str, tuple[str, ...]]]:
    """A config's ``(field, names)`` for every gate field (``ToolFilterConfig``)."""
    return [(field, tuple(getattr(config, field))) for field in GATE_FIELDS]


def own_names(name: str) -> list[str]:
    """The names ``name`` may carry on its server: what follows each ``__`` in it."""
    out = []
    start = name.find(SEPARATOR)
    while start != -1:
        rest = name[start + len(SEPARATOR) :]
        if rest:
            out.append(rest)
        start = name.find(SEPARATOR, start + 1)
    return out


def blocked_name(name: str, blocked: Collection[str]) -> bool:
    """``block_tools`` names this tool: by its name, a server's own name of it, or its server.

    Compared folded (``fold_name``): a look-alike of a blocked name is blocked.
    """
    if not blocked:
        return False
    names, servers = _folded_blocks(frozenset(blocked))
    folded = fold_name(name)
    if folded in names or any(folded.startswith(server) for server in servers):
        return True
    return SEPARATOR in folded and any(own in names for own in own_names(folded))


def _matches(field: str, wanted: str, names: Collection[str], folded: Collection[str]) -> bool:
    """``wanted`` in a gate list names a tool: exactly (allow), folded or as a server (block)."""
    if field != "block_tools":
        return wanted in names
    if wanted.endswith(WHOLE_SERVER):
        prefix = fold_name(wanted[: -len("*")])
        return any(n.startswith(prefix) for n in folded)
    return fold_name(wanted) in folded


_NAME_WORD = re.compile(r"[a-z0-9]+")


def _name_words(name: str) -> list[str]:
    """A name's lowercase words, snake, kebab, dotted or camel (``voidInvoice``: void, invoice)."""
    return _NAME_WORD.findall(re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower())


def close_names(wanted: str, names: Collection[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """The names closest to ``wanted``, at most ``n``: its words in another order first, then the closest spelt.

    ``void_invoice`` for ``invoice_void`` before ``get_invoice``; the rest by ``difflib`` (``cutoff``), only
    those as close as the closest (``get_membership_status`` for ``get_membership_staus``, not beside it
    ``renew_membership``, which merely passes the cutoff).
    """
    words = sorted(_name_words(wanted))
    swapped = sorted(x for x in names if x != wanted and words and sorted(_name_words(x)) == words)
    spelt = difflib.get_close_matches(wanted, list(names), n=n, cutoff=cutoff)
    ratios = [difflib.SequenceMatcher(None, wanted, x).ratio() for x in spelt]
    spelt = [x for x, ratio in zip(spelt, ratios, strict=True) if ratio >= max(ratios)]
    return [*swapped, *(x for x in spelt if x not in swapped)][:n]


def did_you_mean(wanted: str, names: Collection[str]) -> str:
    """`` (did you mean 'x'?)`` naming the tools closest to ``wanted`` (a look-alike first), or ``""``."""
    folded = fold_name(wanted)
    alike = sorted(n for n in names if fold_name(n) == folded)
    qualified = sorted(n for n in names if n.endswith(SEPARATOR + wanted))
    close = alike[:3] or qualified[:3] or close_names(wanted, names)
    return f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""


NAMES_SHOWN = 8
"""The most tool names an error lists besides its did-you-mean; the rest are counted (``+N more``)."""


def some_names(names: Iterable[str]) -> str:
    """``a, b, c, ... +22 more``: the first ``NAMES_SHOWN`` of ``names`` (sorted), and how many it leaves out."""
    return first_few(sorted(str(n) for n in names), NAMES_SHOWN)


_MAX_MISSED = 5
"""Gate names that match no tool said in one error, then how many more (the message stays readable)."""


def unknown_gate_names(
    lists: Iterable[tuple[str, Iterable[str]]], names: Collection[str], *, where: str = "the registry"
) -> None:
    """Refuse a name in a gate list that matches no tool.

    Args:
        lists: ``(field, names)`` pairs, e.g. ``("block_tools", config.block_tools)``.
        names: The registered tool names.
        where: What ``names`` are, for the message.

    Raises:
        ConfigError: A listed name matches no tool; the message names the field, the
            value and the closest tool names.
    """
    if not names:  # an empty registry (an MCP registry before its first server) has nothing to compare
        return
    folded = {fold_name(n) for n in names}
    folded |= {own for name in folded for own in own_names(name)}
    missed = [
        f"{field}: {wanted!r} names no tool in {where}{did_you_mean(wanted, names)}"
        for field, wanted in dict.fromkeys((field, wanted) for field, listed in lists for wanted in listed)
        if not _matches(field, wanted, names, folded)
    ]
    if missed:  # every one at once: a user fixing the first should not meet the second on the next run
        fixes = "fix it or remove it" if len(missed) == 1 else "fix them or remove them"
        shown = "; ".join(missed[:_MAX_MISSED]) + (
            f"; +{len(missed) - _MAX_MISSED} more" if len(missed) > _MAX_MISSED else ""
        )
        raise ConfigError(f"{shown}; a name that matches nothing does nothing: {fixes} ({len(names)} tools)")


@checked_keywords
@dataclass(frozen=True, slots=True)
class Policy:
    """What one caller may use.

    Example: a viewer may only use read-only tools and never anything tagged ``admin``::

        Policy(read_only=True, block_tags=frozenset({"admin"}))
    """

    allow_tools: frozenset[str] | None = None
    """If set, only these tools are eligible."""
    block_tools: frozenset[str] = frozenset()
    """Never eligible."""
    allow_tags: frozenset[str] | None = None
    """If set, only tools carrying at least one of these tags are eligible."""
    block_tags: frozenset[str] = frozenset()
    """Tools carrying any of these tags are never eligible."""
    read_only: bool = False
    """Only tools annotated ``readOnlyHint: true`` (MCP) are eligible, and of those only the
    ones whose own words do not say they write (``says_writes``): a hint is the server's
    claim, the description and parameters are what the model reads."""
    allow_destructive: bool = True
    """False: only tools that say they are not destructive are eligible: ``readOnlyHint:
    true`` or ``destructiveHint: false``. By MCP's defaults a tool without annotations may
    destroy, so it is not eligible either."""

    def __post_init__(self) -> None:
        for name in ("allow_tools", "allow_tags"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, _names(name, value))
        for name in ("block_tools", "block_tags"):
            object.__setattr__(self, name, _names(name, getattr(self, name)))
        for name in ("read_only", "allow_destructive"):
            if not isinstance(getattr(self, name), bool):
                msg = f"Policy.{name}: got {getattr(self, name)!r}; allowed: True or False"
                raise ConfigError(msg)

    def verdict(self, tool: ToolSpec) -> Reason | None:
        """None if the caller may use the tool, else BLOCKED or NOT_ALLOWED."""
        tags = set(tool.tags)
        if blocked_name(tool.name, self.block_tools) or tags & self.block_tags:
            return Reason.BLOCKED
        if self.read_only and (not is_read_only(tool) or says_writes(tool)):
            return Reason.BLOCKED
        if not self.allow_destructive and is_destructive(tool):
            return Reason.BLOCKED
        if self.allow_tools is not None and tool.name not in self.allow_tools:
            return Reason.NOT_ALLOWED
        if self.allow_tags is not None and not tags & self.allow_tags:
            return Reason.NOT_ALLOWED
        return None


def read_only_unmarked(tools: Collection[ToolSpec]) -> str | None:
    """Why ``Policy(read_only=True)`` lets no tool of ``tools`` in where none is annotated ``readOnlyHint: true``.

    By MCP's defaults a tool without the annotation may write, so a read-only policy blocks it: over a registry that
    annotates none, every tool, and the selection alone would only say that no tool fits. None where some tool
    carries the annotation (or there are no tools).
    """
    if not tools or any(is_read_only(t) for t in tools):
        return None
    return (
        f"none of the {len(tools)} tools carries the MCP annotation readOnlyHint: true, so a read-only policy blocks "
        'every one; mark each tool that only reads with "annotations": {"readOnlyHint": true} in its entry '
        '(an OpenAI tool\'s "annotations" beside "type" and "function")'
    )


def _names(field: str, value: Any) -> frozenset[str]:
    """A set of names; a lone string is refused (it would be read as a set of characters)."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        msg = f"Policy.{field}: got {value!r}; allowed: a set or list of names, e.g. {{{value!r}}}"
        raise ConfigError(msg)
    names = frozenset(value)
    bad = sorted(repr(n) for n in names if not isinstance(n, str))
    if bad:
        msg = f"Policy.{field}: got {', '.join(bad[:3])} among the names; allowed: strings"
        raise ConfigError(msg)
    return names
