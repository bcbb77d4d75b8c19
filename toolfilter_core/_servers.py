"""The servers a request names: "in jira", "on GitHub", "在飞书里", an id like ``ch_3Pq…``.

An agent that mounts many MCP servers carries near-duplicate tools (search, list, get,
create in each); a request that names a server means that server's. A registry's servers
are its tools' categories (``McpRegistry`` sets a tool's category to its server). A
category is named

* by its own words ("google_calendar": "google calendar", "googlecalendar");
* by its aliases: product names only its tools say ("S3", "CloudWatch" in an AWS
  server's descriptions: capitalised or with a digit, in two of its tools and no other's,
  in any case), and Chinese words nearly all its tools say and almost no other does ("飞书");
* by its id formats: the shapes of the ids its tools' definitions carry (``INC-12345``,
  ``ch_…``, ``i-0…``, ``#482``, ``#ops``, ``s3://``), when nearly all of the tools carrying a
  shape are in that category. Profile requests count only for servers whose own definitions
  carry the shape: a profile alone claims nothing.

Claims are a server's own: a word that is another server's name, or that another server's
tools say too, is no one's alias; a shape two servers' definitions carry is neither's unless nearly all
its tools are one's; a request that names a server by its own words prefers only the servers
it names so. A claim refused between two servers is a ``ToolSpecWarning``
naming both. Registries of fewer than three categories name none: there, a category is a
domain, not a server one picks between.
"""

from __future__ import annotations

import json
import re
import warnings
from collections import Counter
from collections.abc import Sequence

from ._exceptions import ToolSpecWarning
from ._types import ToolSpec

__all__ = ["ServerNames"]

_MIN_SERVERS = 3
_MIN_TOOLS = 3  # a category of fewer tools gets no aliases (too few to say what is typical)
_ALIAS_IN = 0.6  # an alias: said by at least this share of the category's tools ...
_ALIAS_OUT = 0.02  # ... and at most this share of the others'
_CJK_WORD = re.compile(r"[\u4e00-\u9fff]{2,4}")
# A product name: capitals inside the word or letters with digits ("CloudWatch", "EC2", "S3", "JQL").
_PROPER = re.compile(r"\b(?:[A-Z][a-z]+[A-Z]\w*|[A-Z][A-Z0-9]*[0-9][A-Z0-9]*|[A-Z]{2,6})\b")
# An id: letters joined to letters or digits by - _ : /, "#" or "!" and digits, "#" and a name, a scheme.
_ID = re.compile(
    r"(?<![\w#!/])(?:[#!]\d{1,7}\b|#[a-z][a-z0-9_-]{1,40}|[a-z][a-z0-9+.-]{1,9}://|[A-Za-z]{1,12}[-_:][A-Za-z0-9]{2,}(?:[-_:][A-Za-z0-9]+)*)"
)
_ID_SHARE = 0.9  # an id shape names a category when at least this share of its occurrences are there
_ID_MIN = 3
_STOP = frozenset(
    "the and for with from this that into your you are not all any can use when which its get list "
    "create update delete set add new one each by of to in on or an as at is be it id ids".split()
)


class ServerNames:
    """Which categories of a registry a text names."""

    def __init__(self, tools: Sequence[ToolSpec]) -> None:
        by_category: dict[str, list[ToolSpec]] = {}
        for tool in tools:
            if tool.category:
                by_category.setdefault(tool.category, []).append(tool)
        self.categories: tuple[str, ...] = tuple(sorted(by_category)) if len(by_category) >= _MIN_SERVERS else ()
        self._patterns: dict[str, re.Pattern[str]] = {}
        self._names: dict[str, re.Pattern[str]] = {}
        self._shapes: dict[str, str] = {}
        if not self.categories:
            return
        aliases = _aliases(by_category)
        self._shapes = _id_shapes(by_category)
        for category in self.categories:
            words = [w for w in re.split(r"[\s_\-./]+", category.casefold()) if w]
            spellings = {re.escape(category.casefold()), r"[\s_\-]?".join(map(re.escape, words))}
            self._names[category] = _pattern(spellings)
            spellings |= {re.escape(a) for a in aliases.get(category, ())}
            self._patterns[category] = _pattern(spellings)

    def named(self, text: str) -> frozenset[str]:
        """The categories ``text`` names (empty when it names none, or the registry has no servers)."""
        if not self._patterns:
            return frozenset()
        folded = text.casefold()
        by_name = {c for c in self.categories if self._names[c].search(folded)}
        if by_name:  # a request that names a server prefers only the servers it names
            return frozenset(by_name)
        found = {c for c, pattern in self._patterns.items() if pattern.search(folded)}
        for token in _ID.findall(text):
            for shape in _shapes(token):
                if shape in self._shapes:
                    found.add(self._shapes[shape])
        return frozenset(found)


def _pattern(spellings: set[str]) -> re.Pattern[str]:
    """Any of ``spellings`` (escaped), as a whole word."""
    alternatives = "|".join(sorted(spellings, key=len, reverse=True))
    return re.compile(rf"(?<![a-z0-9])(?:{alternatives})(?![a-z0-9])")


def _aliases(by_category: dict[str, list[ToolSpec]]) -> dict[str, list[str]]:
    """Per category, the words nearly all its tools say and almost no other tool does."""
    said: dict[str, Counter[str]] = {}
    proper: dict[str, Counter[str]] = {}
    everywhere: Counter[str] = Counter()
    carriers: dict[str, Counter[str]] = {}  # word -> category -> tools saying it, any case
    for category, tools in by_category.items():
        counts: Counter[str] = Counter()
        names: Counter[str] = Counter()
        own = set(_name_words(category))
        for tool in tools:
            counts.update(set(_CJK_WORD.findall(tool.description)))
            names.update({w.casefold() for w in _PROPER.findall(tool.description)} - _STOP)
            for word in set(re.findall(r"[a-z0-9]+", tool.description.casefold())) | own:
                carriers.setdefault(word, Counter())[category] += 1
        said[category], proper[category] = counts, names
        everywhere.update(counts)
    total = sum(len(t) for t in by_category.values())
    out: dict[str, list[str]] = {}
    for category, tools in by_category.items():
        if len(tools) < _MIN_TOOLS:
            continue
        others = max(total - len(tools), 1)
        words = {
            w
            for w, n in said[category].items()
            if n >= _ALIAS_IN * len(tools) and everywhere[w] - n <= _ALIAS_OUT * others
        }
        for word, n in proper[category].items():
            rivals = [c for c in carriers.get(word, {}) if c != category]
            if n >= 2 and not rivals:
                words.add(word)
            elif n >= 2 and len(rivals) == 1:
                _refuse(category, rivals[0], f"the product word {word!r}")
        out[category] = sorted(words)
    return out


def _name_words(category: str) -> list[str]:
    """A category's own words: ``google_calendar`` says "google" and "calendar" (and "google_calendar")."""
    words = [w for w in re.split(r"[\s_\-./]+", category.casefold()) if w]
    return [*words, "".join(words)] if len(words) > 1 else words


def _refuse(claimant: str, other: str, what: str) -> None:
    """Warn that a claim two servers make is left to neither."""
    msg = (
        f"toolfilter: servers {claimant!r} and {other!r} both claim {what}; "
        "neither is preferred for it (a server names only what its own tool definitions carry)"
    )
    warnings.warn(msg, ToolSpecWarning, stacklevel=4)


def _shapes(token: str) -> tuple[str, ...]:
    """An id's shapes, specific first: ``INC-12345`` is ``INC-9`` and ``A-9``; ``ch_3PqL`` is ``ch_x``."""
    if token[0] in "#!":  # "#482" (a pull request), "#ops" (a channel)
        return (token[0] + ("9" if token[1:].isdigit() else "a"),)
    if "://" in token:
        return (token.casefold(),)
    head, sep, rest = re.split(r"([-_:])", token, maxsplit=1)
    general = re.sub(r"[0-9]+", "9", re.sub(r"[A-Z]+", "A", re.sub(r"[a-z]+", "a", token)))
    if head.isupper():
        return (f"{head}{sep}9", general)
    if sep != ":" and not any(c.isdigit() for c in rest):  # "re-run", "my-bucket": words, not ids
        return ()
    return (f"{head.casefold()}{sep}x",) if len(head) <= 5 else (general,)


def _id_shapes(by_category: dict[str, list[ToolSpec]]) -> dict[str, str]:
    """Id shapes nearly all of whose carrying tools are in one category, whose definitions carry them."""
    defined: dict[str, set[str]] = {}  # category -> the shapes its tools' definitions carry
    counts: dict[str, Counter[str]] = {}  # shape -> category -> its tools carrying it (definition or profile)
    for category, tools in by_category.items():
        defined[category] = set()
        for tool in tools:
            own = _carried([tool.description, *_parameter_texts(tool)])
            defined[category] |= own
            asked = _carried(list(tool.profile.texts)) if tool.profile is not None else set()
            for shape in own | asked:
                counts.setdefault(shape, Counter())[category] += 1
    out = {}
    for shape, per in counts.items():
        per = Counter({c: n for c, n in per.items() if shape in defined[c]})  # a profile alone claims nothing
        if not per:
            continue
        (category, n), total = per.most_common(1)[0], sum(per.values())
        if n >= _ID_MIN and n >= _ID_SHARE * total:
            out[shape] = category
        elif n >= _ID_MIN and len(per) == 2:
            _refuse(category, per.most_common(2)[1][0], f"the id format {shape!r}")
    return out


def _carried(texts: list[str]) -> set[str]:
    """The id shapes ``texts`` carry."""
    return {shape for token in _ID.findall("\n".join(texts)) for shape in _shapes(token)}


def _parameter_texts(tool: ToolSpec) -> list[str]:
    """The descriptions, examples, enums and defaults of a tool's parameters (not their names)."""
    out: list[str] = []
    properties = tool.parameters.get("properties") or {}
    for schema in properties.values() if isinstance(properties, dict) else ():
        if isinstance(schema, dict):
            for key in ("description", "examples", "enum", "default", "example", "pattern"):
                if key in schema:
                    out.append(json.dumps(schema[key], ensure_ascii=False))
    return out
