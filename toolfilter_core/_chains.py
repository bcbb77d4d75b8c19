"""What feeds what: which tools produce the values (ids) other tools require, from the definitions alone.

A tool **needs** a value when a required parameter is an identifier (``movie_id``, ``ids``,
``playlist_id``, ``issue_number``, a parameter whose description says "the ID of the
album"); each need names the things it identifies, best first (``movie``; for a bare ``id``,
what its description or the tool's name says: ``album``). A tool **produces** a thing when
it finds or lists it: a search over it (``search_movie``, a search whose types name it), a
listing (``get_me_playlists``), a return shape its description or MCP ``outputSchema``
gives ("Returns a list of tracks, each with id"), the current user (``get_me``). A
description that says to call another tool first ("must call GET /me first") names that
tool as the producer outright. A tool that books, creates, changes or deletes something
(``ChainMap.writers``) makes the thing rather than finding it: a chain brings it only for a
request that says its act (``_pipeline.chains``).

``derive`` reads one tool and is cached by the tool's definition: a registry re-derives
only the tools that changed. ``ChainMap`` links a registry's needs to its producers; a
snapshot builds one on first use (it is cheap). ``learned`` order from call logs
(``_learning.call_order``) adds producers a registry's words do not show.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ._chain_synonyms import Unfed, synonyms
from ._embedders import Embedder
from ._example_values import example_spans
from ._hints import says_destructive, says_writes
from ._negated import negated_apart
from ._types import ToolSpec

_LOG = logging.getLogger("toolfilter")

__all__ = ["ChainMap", "Feed", "Need", "asks_to_make", "derive", "known_in_result", "singular", "words"]

_ID_WORDS = frozenset({"id", "ids", "uuid", "uuids", "guid", "identifier", "uri", "uris", "urn", "slug", "sku"})
"""Last words of a parameter name that make it an identifier (a true id: ``strict``)."""
_THING_OF_ID = {"sku": ("product",)}
"""What an id word alone identifies when the parameter names nothing else (``sku``: a product, not the thing
the tool's name says: ``purchase_order_create(sku)`` needs no order)."""
_NUMBER_WORDS = frozenset({"number", "num", "no"})
"""Last words of a parameter that names a thing by its number (``issue_number``): a need
when some tool produces the thing, never a doctor finding (people say numbers)."""
_STOP = frozenset(
    "get list search find lookup query fetch read show create update delete remove post put patch add set "
    "by for of all the a an to in on with from my me id ids new current api v1 v2 seed info details detail "
    "item items data value values that which this these those are is be can".split()
)
_FINDERS = frozenset({"search", "find", "lookup", "query", "resolve", "match"})
_LISTERS = frozenset({"list", "browse", "enumerate", "all", "popular", "recent", "latest", "top", "trending"})
_SELF = frozenset({"me", "whoami", "self", "myself", "current"})
_MAKERS = frozenset({"create", "add", "new", "book", "open", "register", "make", "insert", "submit"})
"""Verbs of a tool that makes the thing its name says (``shipment_create``): its result holds the new
thing's id, so selected beside a tool that needs that id, for a request that asks to make
something (``asks_to_make``), it feeds it (it is never brought for it). Not ``post``: an HTTP
method names a path (``post_repos_owner_repo_issues_issue_number_labels``), not an act."""
_OPENS_MAKING = re.compile(
    rf"^\W*(?:{'|'.join(sorted(_MAKERS - {'new', 'open'}))})(?:s|es)?\s+"
    r"(?!(?:and|or|of|by|for|from|with|in|on|to|at|as|is|are|that|which|whose|details?|info|information|metadata"
    r"|data|reviews?|summary|records?|lists?|ids?|titles?|covers?|search|lookup|counts?)\b"
    r"|[a-z]+ed\b|(?:match|contain|includ|list|show|return|us|hav|belong)ing\b)[a-z]",
    re.I,
)
"""A description that opens with a making verb ("Book a home delivery slot ...", "Creates the ...") says a write
that ``says_writes`` reads no verb of: its tool is no producer to bring. The verb form only, its object after it
("Book lodging for ..."): not the noun, a joining word, a participle or a noun it heads after it ("Books matching a
title", "Book details for an ISBN", "Make and model lookup", "Registers of the council"), and never for a tool whose
name holds a finder verb (``search_books``). Not ``new`` (no verb) nor
``open`` ("Open one student's submission" reads it)."""
_MAKING = re.compile(
    r"\b(?:creat\w*|add\w*|new|book\w*|register\w*|mak\w*|submit\w*|set\s+up)\b"
    r"|新建|创建|新增|添加|预订|订舱|订一|注册|下单|开一|开个",
    re.I,
)


def asks_to_make(text: str) -> bool:
    """The request asks to make something (create, add, book, open, 新建, 订一票...)."""
    return bool(_MAKING.search(text))


_IRREGULAR = {
    "repository": "repo",
    "repositories": "repo",
    "repos": "repo",
    "organization": "org",
    "organizations": "org",
    "orgs": "org",
    "username": "user",
    "login": "user",
    "people": "person",
    "children": "child",
    "men": "man",
    "women": "woman",
    "media": "media",
    "series": "series",
}
_IE = frozenset({"movies", "cookies", "zombies", "selfies", "hoodies", "rookies", "pies", "ties", "lies", "species"})
_VALUE_NAMES = frozenset(
    "query q search text keyword keywords term terms name title type types kind mode format market country "
    "language locale lang sort order".split()
)
"""Parameters whose value the request says in words: never a need, whatever their description."""
_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_LINK = re.compile(r"\]\([^)]*\)|[\[\]`*]")
_ID_IN_TEXT = re.compile(r"\bIDs?\b|\bidentifiers?\b|\bUUIDs?\b|\bURIs?\b(?!\s+encod)|编号|标识")
_OF_THING = re.compile(
    r"\b(?:ids?|uris?|identifiers?)\b[^.;,]{0,12}?\b(?:of|for)\s+(?:the\s+|a\s+|an\s+|seed\s+)*([a-z]+)", re.I
)
_THING_ID = re.compile(
    r"\b([a-z]+)(?:'s)?\s+(?:or\s+(?:the\s+|an?\s+)?([a-z]+)(?:'s)?\s+)?(?:ids?|identifiers?|uuids?)\b", re.I
)
_MUST_BE = re.compile(r"\b(?:must|should) be an?\s+([a-z]+)", re.I)
_ABOUT_SELF = frozenset({"profile", "account", "user", "whoami", "self", "current", "info", "information"})
_RETURNS = re.compile(
    r"\b(?:returns?|lists?|gets?|finds?|searche?s?\s+for)\s+(?:a\s+|the\s+)?(?:list|array|set|page)\s+of\s+"
    r"(?:the\s+|matching\s+|all\s+)?([a-z]+(?:\s+[a-z]+)?)",
    re.I,
)
_RETURNS_ID = re.compile(
    r"\b(?:returns?|responds?\s+with|gives?\s+back|outputs?)\s+(?:its\s+|the\s+|an?\s+)?(?:new\s+|created\s+)?"
    r"([a-z]+)(?:'s)?[\s_](?:ids?|identifiers?|uuids?|numbers?)\b",
    re.I,
)
"""A description saying what id the tool returns (``Returns a order id``, ``returns the new invoice's id``)."""
_LISTS = re.compile(
    r"^\W*(?:lists?|browses?|enumerates?)\s+(?:all\s+|the\s+|every\s+|recent\s+)?([a-z]+(?:[\s-]+[a-z]+){0,2})", re.I
)
"""A description that starts by listing things (``List orders of a customer``, ``List the newest
unread e-mails``): the first plural of its next three words, before any preposition."""
_PREPOSITIONS = frozenset("of in on for by from with to at as into within".split())
_E_PREFIX = re.compile(r"(?<![\w-])e-(?=[a-z]{3})", re.I)
"""``e-mail``, ``e-book``: one word (``email``), not ``e`` and ``mail``."""
_FIRST = (
    re.compile(
        r"\b(?:call|use|invoke|run)\s+`?((?:GET|POST|PUT|PATCH|DELETE)\s+)?([/\w{}.-]+)`?\s+(?:first|before)", re.I
    ),
    re.compile(r"(?:先调用|需先调用|请先调用|先用)\s*`?((?:GET|POST)\s+)?([/\w{}.-]+)"),
)


def words(name: str) -> list[str]:
    """The lower-case words of a name (``getMovieCredits``, ``get_movie_credits``, ``GET /movie``)."""
    return [w for w in _SPLIT.split(_CAMEL.sub(" ", _E_PREFIX.sub("e", name)).lower()) if w]


def singular(word: str) -> str:
    """A plural English noun made singular, by rule (``movies``, ``companies``, ``people``)."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word in _IE:
        return word[:-1]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _nouns(text_words: Iterable[str]) -> list[str]:
    return [singular(w) for w in text_words if w not in _STOP and not w.isdigit() and len(w) > 1]


@dataclass(frozen=True, slots=True)
class Need:
    """One required parameter whose value identifies a thing another tool finds."""

    parameter: str
    things: tuple[str, ...]
    """What the value identifies, best first (``("movie",)`` for ``movie_id``)."""
    word: str
    """The word a request names the value by (``movie``, ``season``), '' when none."""
    strict: bool
    """A true identifier (not a number people say, like ``issue_number``)."""
    by_name: bool = False
    """A path segment people may say by name (``owner``, ``repo``, ``username``): fed only by a
    search over the thing (or what the description or the call log names), carried by an
    ``owner/name`` token."""
    form: str = ""
    """The value's shape as a regular expression, from the example the parameter's description
    gives ("Customer account number, e.g. 3100-428817": ``\\d{4}-\\d{6}``), '' when none: a request
    holding a value of that shape carries the need (``_pipeline.chains.carried``)."""


@dataclass(frozen=True, slots=True)
class ToolChains:
    """What one tool needs and produces, read off its definition alone."""

    needs: tuple[Need, ...] = ()
    produces: Mapping[str, int] = field(default_factory=dict)
    """Thing to strength: 3 a search over it, a return shape or the current user; 2 a
    listing; 1 a sub-resource of something it needs (``movie_credits`` of a person)."""
    first: tuple[str, ...] = ()
    """Tools the description says to call first, as written (normalised by ``ChainMap``)."""
    writes: bool = False
    """The tool books, creates, changes or deletes something (``_writes``): no producer to bring for a read."""


_CACHE: dict[str, ToolChains] = {}
_CACHE_MAX = 50_000


def derive(tool: ToolSpec) -> ToolChains:
    """What ``tool`` needs and produces; cached by its definition (a changed tool is re-derived)."""
    key = tool.content_hash()
    known = _CACHE.get(key)
    if known is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        known = _CACHE[key] = _derive(tool)
    return known


def _derive(tool: ToolSpec) -> ToolChains:
    properties = tool.parameters.get("properties")
    properties = properties if isinstance(properties, Mapping) else {}
    required = tool.parameters.get("required")
    required = [r for r in required if isinstance(r, str)] if isinstance(required, list) else []
    name_words = words(tool.name)
    needs = tuple(n for p in required if (n := _need(p, _schema(properties.get(p)), name_words)) is not None)
    firsts = tuple((m.group(1) or "") + m.group(2) for pattern in _FIRST for m in pattern.finditer(tool.description))
    return ToolChains(needs, _produces(tool, name_words, needs, properties), firsts, _writes(tool))


def _writes(tool: ToolSpec) -> bool:
    """The tool books, creates, changes or deletes something, by its own words.

    ``_hints.says_writes`` (a write verb leads its name or description, a destructive one anywhere),
    ``says_destructive``, or a description that opens with a making verb (``_OPENS_MAKING``: "Book a
    home delivery slot ..." for ``delivery_schedule``).
    """
    if says_writes(tool) or says_destructive(tool):
        return True
    return bool(_OPENS_MAKING.match(tool.description)) and not _FINDERS.intersection(words(tool.name))


def _schema(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _need(parameter: str, schema: Mapping[str, Any], name_words: Sequence[str]) -> Need | None:
    """The need a required parameter is, or None (a value the request says itself)."""
    pw = words(parameter)
    if not pw or parameter.lower() in _VALUE_NAMES or schema.get("enum") or _schema(schema.get("items")).get("enum"):
        return None  # said in words, or one of a fixed set
    description = _LINK.sub(" ", str(schema.get("description") or ""))
    last = pw[-1]
    strict = last in _ID_WORDS or (last not in _NUMBER_WORDS and bool(_ID_IN_TEXT.search(description)))
    by_name = not strict and last not in _NUMBER_WORDS
    if by_name and not _in_path(pw, name_words):
        return None
    own = _nouns(pw[:-1] if last in _ID_WORDS | _NUMBER_WORDS else pw) or list(_THING_OF_ID.get(parameter.lower(), ()))
    said = [singular(m.group(1).lower()) for m in _OF_THING.finditer(description)]
    said += [singular(w.lower()) for m in _THING_ID.finditer(description) for w in m.groups() if w]
    said += [singular(m.group(1).lower()) for m in _MUST_BE.finditer(description)]
    said = [w for w in said if w not in _STOP and w not in _ID_WORDS]
    cut = next((i for i, w in enumerate(name_words) if w in _ID_WORDS), len(name_words))
    named = _nouns(reversed(name_words[:cut])) + _nouns(name_words[cut:])
    things = tuple(dict.fromkeys([*own, *said] if own else [*said, *named]))
    word = own[-1] if own else (said[0] if said else "")
    return Need(parameter, things, word, strict, by_name, _form(description))


_SEGMENT = re.compile(r"([A-Za-z0-9]+)|([^A-Za-z0-9]+)")


def _form(description: str) -> str:
    r"""The shape of the first example value the description gives ("e.g. 3100-428817"), '' when none.

    Only an example with a digit and five characters or more (a word or a small number is no
    shape). Digits become ``\d{n}``; letters stay as written (matched in any case), also the ones
    that lead a run of digits (``SO``, the ``B`` of ``B2026``); a run mixing them otherwise is
    ``n`` letters or digits holding a digit (a plain word is no value); the separators stay.
    """
    for start, stop in example_spans(description):
        value = description[start:stop]
        if len(value) < 5 or not any(c.isdigit() for c in value):
            continue
        parts: list[str] = []
        for run, between in _SEGMENT.findall(value):
            if between:
                parts.append(re.escape(between))
            elif run.isdigit():
                parts.append(rf"\d{{{len(run)}}}")
            elif (lead := re.fullmatch(r"([A-Za-z]*)(\d+)", run)) is not None:
                parts.append(re.escape(lead.group(1)) + rf"\d{{{len(lead.group(2))}}}")
            elif run.isalpha():
                parts.append(re.escape(run))
            else:  # a run mixing them holds a digit ("a1b2c3d4"; "shipping" is no such value)
                parts.append(rf"(?=[A-Za-z]{{0,{len(run) - 1}}}\d)[A-Za-z0-9]{{{len(run)}}}")
        return "".join(parts)
    return ""


def _in_path(parameter_words: Sequence[str], name_words: Sequence[str]) -> bool:
    """The parameter is a segment of a path-shaped name (``get_repos_owner_repo`` takes ``owner``)."""
    n = len(parameter_words)
    return len(name_words) > n + 1 and any(
        list(name_words[i : i + n]) == list(parameter_words) for i in range(1, len(name_words) - n + 1)
    )


def _produces(
    tool: ToolSpec, name_words: Sequence[str], needs: Sequence[Need], properties: Mapping[str, Any]
) -> dict[str, int]:
    out: dict[str, int] = {}

    def add(thing: str, strength: int) -> None:
        if thing and thing not in _STOP and thing not in _ID_WORDS and thing not in _NUMBER_WORDS:
            out[thing] = max(out.get(thing, 0), strength)

    needed = {t for n in needs for t in n.things[:1]}
    nouns = [w for w in _nouns(name_words) if w not in needed]
    finder = any(w in _FINDERS for w in name_words)
    described = negated_apart(_LINK.sub(" ", tool.description))  # "Does NOT track deliveries" produces none
    if finder:
        for w in nouns:
            add(w, 3)
        for thing in _enum_things(properties):
            add(thing, 3)
        first = described.split(". ", 2)[:2]
        for w in _nouns(words(" ".join(first))):
            add(w, 2 if nouns else 3)  # a search over nothing named searches what it says
    elif not needs:
        plural = any(singular(w) != w for w in name_words) or any(w in _LISTERS for w in name_words)
        for w in nouns:
            add(w, 2 if plural else 1)
        if any(w in _SELF for w in name_words) and set(nouns) <= _ABOUT_SELF:
            add("user", 3)
            add("me", 3)
    else:
        lister = any(w in ("list", "browse", "enumerate") for w in name_words)  # list_orders(customer_id)
        for w in nouns:
            add(w, 2 if lister and any(singular(n) == w and n != w for n in name_words) else 1)
    for m in _RETURNS_ID.finditer(described):
        add(singular(m.group(1).lower()), 2)
    listed = _LISTS.match(_E_PREFIX.sub("e", described))
    if listed:
        add(_first_plural(words(listed.group(1))), 2)
    for m in _RETURNS.finditer(described):
        phrase = m.group(1).lower().split()
        add(singular(next((w for w in phrase if singular(w) != w), phrase[-1])), 2)
    for thing in _output_things(tool.annotations.get("outputSchema")):
        add(thing, 3)
    return out


def _first_plural(listed: Sequence[str]) -> str:
    """The first plural noun of a listing's words, before any preposition ('' when none)."""
    for w in listed:
        if w in _PREPOSITIONS:
            break
        if singular(w) != w and w not in _STOP:
            return singular(w)
    return ""


def _enum_things(properties: Mapping[str, Any]) -> list[str]:
    """Things a search's type parameter lists (``type: [album, artist, track]``)."""
    out: list[str] = []
    for key, schema in properties.items():
        schema = _schema(schema)
        items = _schema(schema.get("items"))
        enum = schema.get("enum") or items.get("enum")
        if isinstance(enum, list) and any(w in ("type", "types", "kind", "entity") for w in words(str(key))):
            out.extend(singular(str(v).lower()) for v in enum if isinstance(v, str))
    return out


def _output_things(schema: Any, depth: int = 0) -> list[str]:
    """Things an output schema carries ids of: ``movie_id`` keys, arrays of objects with ``id``."""
    schema = _schema(schema)
    properties = _schema(schema.get("properties"))
    out: list[str] = []
    if depth > 3:
        return out
    for key, sub in properties.items():
        kw = words(str(key))
        if len(kw) > 1 and kw[-1] in _ID_WORDS:
            out.extend(_nouns(kw[:-1]))
        sub = _schema(sub)
        item = _schema(sub.get("items")) if sub.get("type") == "array" else sub
        if "id" in _schema(item.get("properties")) and kw:
            out.append(singular(kw[-1]))
        out.extend(_output_things(item, depth + 1))
    return out


@dataclass(frozen=True, slots=True)
class Feed:
    """Who can feed one need of one tool, best first."""

    need: Need
    named: tuple[str, ...] = ()
    """Tools the description says to call first, then those the call log saw called right before."""
    makers: tuple[str, ...] = ()
    """Tools that produce what the need identifies, strongest first."""

    @property
    def producers(self) -> tuple[str, ...]:
        """Every producer, the named ones first."""
        return tuple(dict.fromkeys((*self.named, *self.makers)))


class ChainMap:
    """A registry's chains: for each tool, each need and the tools that can feed it."""

    def __init__(
        self,
        tools: Sequence[ToolSpec],
        learned: Mapping[str, Mapping[str, int]] | None = None,
        *,
        embedder: Embedder | None = None,
    ) -> None:
        self.derived = {t.name: derive(t) for t in tools}
        self.destructive = {t.name for t in tools if says_destructive(t)}
        self.writers = {n for n, d in self.derived.items() if d.writes}
        """The tools that book, create, change or delete something (``_writes``): a chain brings one as a
        producer only when the description or the call log names it, or the request asks its act."""
        by_thing: dict[str, list[tuple[int, str]]] = {}
        for name, d in self.derived.items():
            for thing, strength in d.produces.items():
                by_thing.setdefault(thing, []).append((strength, name))
        self.makers = {k: tuple(n for _, n in sorted(v, key=lambda p: (-p[0], p[1]))) for k, v in by_thing.items()}
        self.strength = {(n, k): s for k, v in by_thing.items() for s, n in v}
        plain = {_plain_name(t.name): t.name for t in tools}
        self.feeds: dict[str, tuple[Feed, ...]] = {}
        for name, d in self.derived.items():
            first = tuple(plain[p] for f in d.first if (p := _plain_name(f)) in plain and plain[p] != name)
            told = tuple(learned.get(name, {})) if learned else ()
            self.feeds[name] = tuple(
                self._feed(name, need, first, told if len(d.needs) == 1 else self._making(told, need))
                for need in d.needs
            )
        self.synonyms: dict[tuple[str, str], tuple[str, float]] = {}
        """Per (consumer, parameter) fed by meaning: the produced thing standing for it, and the cosine."""
        self.by_meaning: set[Need] = set()
        """The needs fed by meaning (their last thing is the synonym)."""
        if embedder is not None:
            self._feed_by_meaning(tools, embedder)

    def unfed_by_words(self, tools: Sequence[ToolSpec]) -> tuple[list[Unfed], dict[str, list[str]]]:
        """The needs no tool produces by name, and each thing's finders and listers that name it.

        A need comes with its tool's nouns, less what the tool's other needs identify
        (``extend_due_date``'s ``student_ids`` is not its ``assignment``); a thing counts
        only for the tools whose own name says it (``email_search``: email), not for every
        word a search's description holds.
        """
        unfed = []
        for tool in tools:
            feeds = self.feeds.get(tool.name, ())
            others = {t for f in feeds for t in f.need.things}
            for f in feeds:
                if not f.producers and not f.need.by_name and f.need.things:
                    own = frozenset(_own_nouns(tool)) - (others - set(f.need.things))
                    unfed.append((tool.name, f.need.parameter, f.need.things[0], own))
        named = {name: set(_nouns(words(name))) for name in self.derived}
        produced = {
            thing: [
                m for m in makers if self.strength[(m, thing)] >= 2 and not self._needs(m, thing) and thing in named[m]
            ]
            for thing, makers in self.makers.items()
        }
        return unfed, produced

    def _feed_by_meaning(self, tools: Sequence[ToolSpec], embedder: Embedder) -> None:
        """Feed the needs no tool produces by name with a thing their tool's words name (``_chain_synonyms``)."""
        unfed, produced = self.unfed_by_words(tools)
        if not unfed:
            return
        try:
            self.synonyms = synonyms(unfed, produced, embedder)
        except Exception:  # an embedder that fails here leaves the feeds by words: selection goes on
            _LOG.warning("toolfilter: the feeds by meaning were skipped: the embedder failed", exc_info=True)
            return
        for name, feeds in self.feeds.items():
            self.feeds[name] = tuple(self._aliased(name, f, produced) for f in feeds)

    def _aliased(self, name: str, feed: Feed, produced: Mapping[str, Sequence[str]]) -> Feed:
        """``feed`` with the makers of its need's synonym (those naming it), if it has one."""
        found = self.synonyms.get((name, feed.need.parameter))
        if found is None:
            return feed
        need = replace(feed.need, things=(*feed.need.things, found[0]))
        self.by_meaning.add(need)
        return Feed(need, feed.named, tuple(m for m in produced[found[0]] if m != name))

    def _making(self, names: Sequence[str], need: Need) -> tuple[str, ...]:
        """Those of ``names`` that produce what ``need`` identifies."""
        return tuple(n for n in names if n in self.derived and any(t in self.derived[n].produces for t in need.things))

    def _feed(self, name: str, need: Need, first: tuple[str, ...], learned: tuple[str, ...]) -> Feed:
        """Who feeds ``need``: the named, then the makers of the first thing a search finds (else any maker)."""
        named = tuple(dict.fromkeys([*first, *(p for p in learned if p in self.derived and p != name)]))
        floor = 3 if need.by_name else 1
        found = [self._makers(name, thing, floor) for thing in need.things]
        best = next((m for m in found if m and self.strength[(m[0], need.things[found.index(m)])] >= 3), None)
        return Feed(need, named, best or next((m for m in found if m), ()))

    def _makers(self, consumer: str, thing: str, floor: int) -> tuple[str, ...]:
        return tuple(
            m
            for m in self.makers.get(thing, ())
            if m != consumer and not self._needs(m, thing) and self.strength[(m, thing)] >= floor
        )

    def _needs(self, producer: str, thing: str) -> bool:
        """The producer itself needs the thing (``get_movie(movie_id)`` does not find movies)."""
        return any(n.things[:1] == (thing,) for n in self.derived[producer].needs)

    def produces(self, name: str, need: Need) -> bool:
        """The tool ``name`` finds or lists what ``need`` identifies (a selected one feeds it already).

        A sub-resource that merely mentions the thing (strength 1) does not count.
        """
        produced = self.derived[name].produces if name in self.derived else {}
        things = (need.things[0], need.things[-1]) if need in self.by_meaning else need.things[:1]
        floor = 3 if need.by_name else 2
        return any(produced.get(t, 0) >= floor and not self._needs(name, t) for t in things)

    def creates(self, name: str, need: Need) -> bool:
        """The tool ``name`` makes what ``need`` identifies (``shipment_create`` for a ``shipment_id``).

        A request that selects it makes the thing first, so its result feeds the need; a
        maker is never brought for a need (making is not finding).
        """
        name_words = words(name)
        thing = need.things[0] if need.things else ""
        return (
            bool(thing)
            and any(w in _MAKERS for w in name_words)
            and thing in _nouns(name_words)
            and name in self.derived
            and not self._needs(name, thing)
        )

    def unfed(self) -> list[tuple[str, Need]]:
        """Each (tool, true-id need) no other tool can feed: a doctor finding."""
        return [(n, f.need) for n, feeds in self.feeds.items() for f in feeds if f.need.strict and not f.producers]

    def own(self, name: str) -> bool:
        """The tool is scoped to the current user (``get_me_playlists``, ``list_my_orders``)."""
        return name in self.derived and any(w in _SELF or w == "my" for w in words(name))

    def describe(self, name: str) -> str:
        """One line: what the tool needs and who feeds it, for ``explain``."""
        parts = []
        for f in self.feeds.get(name, ()):
            who = ", ".join(f.producers[:3]) or "nobody"
            parts.append(f"{f.need.parameter} <- {who}")
        return "; ".join(parts)


def _own_nouns(tool: ToolSpec) -> list[str]:
    """The nouns of a tool's name and description: what it acts on, in its own words."""
    return _nouns([*words(tool.name), *words(_LINK.sub(" ", tool.description))])


def known_in_result(result: Any, *, tool: str = "", depth: int = 0) -> frozenset[str]:
    """What a tool result makes known: its id-named keys and the things they identify.

    ``{"results": [{"movie_id": 27205}]}`` makes ``movie_id`` and ``movie`` known; ``tool``
    (the tool that answered) is known too: what it produces needs no producer. A JSON text
    is read as JSON; other text adds nothing but the tool. For ``with_chains(known=...)``.
    """
    if isinstance(result, str) and depth == 0:
        try:
            result = json.loads(result)
        except ValueError:
            result = None
    out: set[str] = {tool} if tool else set()
    if depth > 6:
        return frozenset(out)
    items: Iterable[tuple[Any, Any]] = ()
    if isinstance(result, Mapping):
        items = result.items()
    elif isinstance(result, list):
        items = (("", v) for v in result[:50])
    for key, value in items:
        kw = words(str(key))
        if len(kw) > 1 and kw[-1] in _ID_WORDS and value not in (None, "", []):
            out.add(str(key))
            out.update(_nouns(kw[:-1]))
        out.update(known_in_result(value, depth=depth + 1))
    return frozenset(out)


def _plain_name(text: str) -> str:
    return "_".join(words(text))
