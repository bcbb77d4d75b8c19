"""The servers a request names: "in jira", "on GitHub", "在飞书里", an id like ``ch_3Pq…``.

An agent that mounts many MCP servers carries near-duplicate tools (search, list, get,
create in each); a request that names a server means that server's. A registry's servers
are its tools' categories (``McpRegistry`` sets a tool's category to its server). A
category is named

* by its own words ("google_calendar": "google calendar", "googlecalendar");
* by its aliases: product names only its tools say ("S3", "CloudWatch" in an AWS
  server's descriptions: capitalised or with a digit, in two of its tools and no other's),
  and Chinese words nearly all its tools say and almost no other does ("飞书");
* by its id formats: the shapes of the ids its tools' texts and profile requests carry
  (``INC-12345``, ``ch_…``, ``i-0…``, ``#482``, ``#ops``, ``s3://``), when nearly all of a shape's
  occurrences are in that category.

Claims are a server's own. Another server's name is never an alias ("JIRA" in a tool outside
the Jira server). A product word or id format that two servers each claim (a word in two of
their tools, a shape three times) goes to the one that contests fewest servers' claims in
all, when only one does, else to neither: a server claiming many others' words and ids loses
each of them to their owners (when none does, it goes where it would without a contest).
A refused claim is kept (``shared``) and said once when the registry is indexed (``shared_note``),
in one ``ToolSpecWarning`` naming both categories. A request that names a server
by its own words prefers it over a server named only by an alias or an id that had a claim
refused in its favour. Registries of fewer than three categories name none: there, a
category is a domain, not a server one picks between.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from ._caller import warn_at_caller
from ._exceptions import ToolSpecWarning
from ._function_words import FUNCTION_EN
from ._types import ToolSpec

__all__ = ["ServerNames", "Shared", "shared_note", "warn_shared"]
_SHOWN = 5  # refused claims a note spells out; the rest are counted

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
_STOP = FUNCTION_EN | frozenset(
    "for with from into your you are not all any can use when which get list "
    "create update delete set add new one each by of to in on as at is be id ids".split()
)
"""Function words, and the prepositions, verbs and id words a description writes in capitals ("GET", "ID", "BY"):
none names a server."""


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
        self._heads: dict[str, set[str]] = {}
        """Per literal text, the categories whose pattern can match only where the text holds it."""
        self._shapes: dict[str, str] = {}
        self._refused: dict[str, set[str]] = {}
        self.shared: tuple[Shared, ...] = ()
        """Words and ids two categories' tools both carry, and the category each was left to."""
        if not self.categories:
            return
        contests = _Contests()
        aliases = _aliases(by_category, contests)
        self._shapes = _id_shapes(by_category, contests)
        for (kind, claim), winner in contests.settle():
            if kind == "id format":
                self._shapes[claim] = winner
            elif winner in aliases:
                aliases[winner].add(claim)
        self._refused = contests.refused
        self.shared = tuple(contests.shared)
        for category in self.categories:
            words = [w for w in re.split(r"[\s_\-./]+", category.casefold()) if w]
            spellings = {re.escape(category.casefold()), r"[\s_\-]?".join(map(re.escape, words))}
            self._names[category] = _pattern(spellings)
            spellings |= {re.escape(a) for a in aliases.get(category, ())}
            self._patterns[category] = _pattern(spellings)
            # every spelling starts with one of these texts: a text without any names no category
            for head in {category.casefold(), words[0] if words else "", *aliases.get(category, ())}:
                self._heads.setdefault(head, set()).add(category)

    def named(self, text: str) -> frozenset[str]:
        """The categories ``text`` names (empty when it names none, or the registry has no servers)."""
        if not self._patterns:
            return frozenset()
        folded = text.casefold()
        near = {c for head, categories in self._heads.items() if head in folded for c in categories}
        by_name = {c for c in near if self._names[c].search(folded)}
        found = {c for c in near if self._patterns[c].search(folded)}
        for token in _ID.findall(text):
            for shape in _shapes(token):
                if shape in self._shapes:
                    found.add(self._shapes[shape])
        # a server named by name is preferred over one named by an alias or id whose claim on it was refused
        return frozenset(c for c in found if c in by_name or not self._refused.get(c, set()) & by_name)


def _pattern(spellings: set[str]) -> re.Pattern[str]:
    """Any of ``spellings`` (escaped), as a whole word."""
    alternatives = "|".join(sorted(spellings, key=len, reverse=True))
    return re.compile(rf"(?<![a-z0-9])(?:{alternatives})(?![a-z0-9])")


def _aliases(by_category: dict[str, list[ToolSpec]], contests: _Contests) -> dict[str, set[str]]:
    """Per category, the words nearly all its tools say and almost no other tool does."""
    said: dict[str, Counter[str]] = {}
    proper: dict[str, Counter[str]] = {}
    everywhere: Counter[str] = Counter()
    for category, tools in by_category.items():
        counts: Counter[str] = Counter()
        names: Counter[str] = Counter()
        for tool in tools:
            counts.update(set(_CJK_WORD.findall(tool.description)))
            names.update({w.casefold() for w in _PROPER.findall(tool.description)} - _STOP)
        said[category], proper[category] = counts, names
        everywhere.update(counts)
    owners = {word: c for c in by_category for word in _name_words(c)}
    total = sum(len(t) for t in by_category.values())
    out: dict[str, set[str]] = {}
    for category, tools in by_category.items():
        if len(tools) < _MIN_TOOLS:
            continue
        others = max(total - len(tools), 1)
        out[category] = {
            w
            for w, n in said[category].items()
            if n >= _ALIAS_IN * len(tools) and everywhere[w] - n <= _ALIAS_OUT * others
        }
    for word in {w for names in proper.values() for w in names}:
        per = Counter({c: names[word] for c, names in proper.items() if names[word]})
        if word in owners:  # another server's name is never an alias
            for claimant in (c for c, n in per.items() if n >= 2 and c != owners[word]):
                contests.refuse(claimant, owners[word], ("name", word))
            continue
        winner = contests.resolve(per, 2, ("product word", word), alone=len(per) == 1)
        if winner is not None and winner in out:
            out[winner].add(word)
    return out


def _name_words(category: str) -> list[str]:
    """A category's own words: ``google_calendar`` is "google calendar" and "googlecalendar"."""
    words = [w for w in re.split(r"[\s_\-./]+", category.casefold()) if w]
    return [" ".join(words), "".join(words)] if len(words) > 1 else words


class _Contests:
    """Claims two or more servers make, left to the one that claims least of others' (or to neither)."""

    def __init__(self) -> None:
        self.rivals: dict[str, set[str]] = {}  # server -> the servers it contests a claim with
        self._open: list[tuple[Counter[str], int, tuple[str, str], str | None]] = []
        self.refused: dict[str, set[str]] = {}  # server -> the servers a claim of its was refused for
        self.shared: list[Shared] = []  # each refused claim, for the note said at index time
        self.shown: dict[tuple[str, str], str] = {}  # a claim as a user would recognise it (an id format: an id)

    def refuse(self, claimant: str, other: str, claim: tuple[str, str]) -> None:
        """``claimant`` claims what is ``other``'s own: refused, and kept for the note naming both."""
        self.rivals.setdefault(claimant, set()).add(other)
        self.rivals.setdefault(other, set()).add(claimant)
        self.refused.setdefault(claimant, set()).add(other)
        self.shared.append(Shared(claim[0], claim[1], other, claimant))

    def resolve(self, per: Counter[str], least: int, claim: tuple[str, str], *, alone: bool) -> str | None:
        """Record a claim (``claim``: its kind and text; ``per``: who makes it, how often); settle one uncontested."""
        contenders = [c for c, n in per.items() if n >= least]
        if len(contenders) < 2:
            return contenders[0] if contenders and alone else None
        for c in contenders:
            self.rivals.setdefault(c, set()).update(set(contenders) - {c})
        self._open.append((per, least, claim, per.most_common(1)[0][0] if alone else None))
        return None

    def settle(self) -> list[tuple[tuple[str, str], str]]:
        """Each contested claim's winner: the contender contesting fewest servers, when only one does.

        When none does, the claim goes where it would without a contest (nearly all its
        occurrences in one server), else to neither.
        """
        out = []
        for per, least, claim, share_winner in self._open:
            contenders = sorted((c for c, n in per.items() if n >= least), key=lambda c: len(self.rivals[c]))
            first, second = contenders[0], contenders[1]
            if len(self.rivals[first]) < len(self.rivals[second]):
                out.append((claim, first))
                for loser in contenders[1:]:
                    self.refused.setdefault(loser, set()).add(first)
                    self.shared.append(Shared(claim[0], self.shown.get(claim, claim[1]), first, loser))
            elif share_winner is not None:
                out.append((claim, share_winner))
        return out


class Shared(NamedTuple):
    """A word or id two categories' tools both carry, left to one of them."""

    kind: str  # "name", "product word" or "id format"
    text: str  # the word, or an id as the tools write it ("SKU-1042")
    winner: str  # the category a request carrying it is taken to mean
    loser: str  # the other category whose tools carry it too


def shared_note(shared: Sequence[Shared]) -> str | None:
    """One line, in a user's words, on which category the shared words and ids of a registry mean."""
    said = list(
        dict.fromkeys(  # one id may be of two formats ("SKU-9", "A-A9"): said once
            f"ids like {s.text!r} mean {s.winner!r}, not {s.loser!r}"
            if s.kind == "id format"
            else f"the word {s.text!r} means {s.winner!r}, not {s.loser!r}"
            for s in shared
        )
    )
    if not said:
        return None
    more = f"; and {len(said) - _SHOWN} more" if len(said) > _SHOWN else ""
    return (
        f"toolfilter: {len(said)} word(s) or id(s) appear in the tools of two categories; in a request, "
        + "; ".join(said[:_SHOWN])
        + more
        + " (a request that names a category itself is not affected)"
    )


def warn_shared(servers: ServerNames) -> None:
    """Say ``shared_note`` as a ``ToolSpecWarning`` at the caller's line: once, when a registry is indexed."""
    note = shared_note(servers.shared)
    if note is not None:
        warn_at_caller(note, ToolSpecWarning)


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


def _id_shapes(by_category: dict[str, list[ToolSpec]], contests: _Contests) -> dict[str, str]:
    """Id shapes nearly all of whose occurrences are in one category, and that category."""
    counts: dict[str, Counter[str]] = {}
    example: dict[str, str] = {}  # an id of the shape as the tools write it, for a user to recognise
    for category, tools in by_category.items():
        for tool in tools:
            texts = [tool.description, *_parameter_texts(tool)]
            if tool.profile is not None:
                texts.extend(tool.profile.texts)
            for token in _ID.findall("\n".join(texts)):
                for shape in _shapes(token):
                    counts.setdefault(shape, Counter())[category] += 1
                    example.setdefault(shape, token)
    out = {}
    for shape, per in counts.items():
        (category, n), total = per.most_common(1)[0], sum(per.values())
        alone = n >= _ID_MIN and n >= _ID_SHARE * total
        contests.shown["id format", shape] = example[shape]
        winner = contests.resolve(per, _ID_MIN, ("id format", shape), alone=alone)
        if winner is not None:
            out[shape] = winner
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
