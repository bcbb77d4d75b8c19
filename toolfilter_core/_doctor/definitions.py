"""Thin or risky definitions, read off each tool's own fields.

A one-line description, no when-to-use, another language than the users', near-duplicates, destructive without a hint,
names providers reject, the largest schemas.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence

from .._chains import ChainMap, singular, words
from .._embedders import Embedder
from .._exceptions import ConfigError
from .._files import shorten
from .._hints import says_destructive
from .._tokenize import tokenize
from .._tool_defs import lenient_name, name_problem
from .._types import ToolSpec, docstring_of, openai_tools_chars
from .acts import acts_differ
from .said import said_same
from .unread_destroyers import unread_destroyers
from .values import Finding

__all__ = ["DEPRECATED", "checked_languages", "definition_findings", "is_thin"]

THIN_WORDS = 12
"""A one-sentence description under this many words (Latin script) is thin."""
THIN_CJK_CHARS = 16
"""A one-sentence description under this many characters (Chinese, Japanese) is thin."""
THIN_GROUPED = 2
"""From this many thin descriptions on, one ``thin_description`` finding names them all (each tool's own
line in its ``evidence.per_tool``): a registry of a dozen one-liners wants the list, not a dozen lines."""
LARGE_SCHEMA_SHOWN = 5
"""The largest definitions listed (those at least twice the median and over 1,500 characters)."""
DUPLICATE_JACCARD = 0.8
"""Two descriptions sharing this share of their words are near-duplicates."""

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_LATIN = re.compile(r"[A-Za-z]")
_SENTENCE = re.compile(r"(?<=[.!?。！？；;])\s*|\n+")
_WHEN = re.compile(
    r"\buse (?:this|it|when|for|to|only|instead)\b|\bwhen (?:the |a |you |users? )|\bfor (?:when|cases)\b|"
    r"\bdo not use\b|\bdon't use\b|\binstead\b|\bonly (?:for|when|if)\b|\bif the user\b|\bprefer\b|"
    r"\b(?:does|do|will|can) ?not\b|\b(?:doesn't|won't|cannot|can't)\b|\bnot for\b|\bsee also\b|"
    r"用于|适用|当.{0,20}时|如果|不要用|请勿|而不是|改用|仅在|仅用于|只用于|不适用|不能|不会|不负责|不处理|不包括",
    re.I,
)
_WORD = re.compile(r"\w+(?:[.:/-]\w+)*")  # a name, dots and colons inside it, not after
LANGUAGES = ("en", "zh")
"""The users' languages the doctor tells apart (``language_of``): Latin script, Chinese script."""
DEPRECATED = re.compile(r"\bdeprecated\b|\blegacy\b|\bobsolete\b|\bold version\b|已废弃|已弃用|旧版", re.I)


def says_when_to_use(text: str) -> bool:
    """The description says when to use its tool, or which other to use ("Use this when ...", "Does NOT ...")."""
    return bool(_WHEN.search(text))


def language_of(text: str) -> str:
    """``zh`` for mostly Chinese (or Japanese/Korean) script, ``en`` for Latin, '' for neither."""
    cjk, latin = len(_CJK.findall(text)), len(_LATIN.findall(text))
    if not cjk and not latin:
        return ""
    return "zh" if cjk * 3 >= latin else "en"  # a CJK character carries about a word


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE.split(text.strip()) if s.strip()]


def is_thin(tool: ToolSpec) -> bool:
    """A description of one short sentence (``THIN_WORDS``, ``THIN_CJK_CHARS``), or none: "Find tenants."."""
    text = docstring_of(tool).strip()  # a FunctionTool's signature line alone is no description
    if not text:
        return True
    short = len(_CJK.findall(text)) < THIN_CJK_CHARS if language_of(text) == "zh" else len(text.split()) < THIN_WORDS
    return short and len(_sentences(text)) <= 1


THIN_ACTION = "say what it acts on, what it returns, and when to use it rather than its neighbours"
THIN_EMPTY_ACTION = "write what it does, when to use it and what to use instead"


def _thin(tool: ToolSpec, *, alone: bool = False) -> Finding | None:
    """A thin description's finding, or None; ``alone``: the registry's one tool (no other to name in the action)."""
    text = docstring_of(tool).strip()
    if not text:
        return Finding(
            "thin_description",
            (tool.name,),
            "no description at all",
            "write what it does and what it returns" if alone else THIN_EMPTY_ACTION,
            score=1.0,
        )
    if not is_thin(tool):
        return None
    return Finding(
        "thin_description",
        (tool.name,),
        f"one short line: {text[:80]!r}",
        "say what it acts on and what it returns" if alone else THIN_ACTION,
        score=0.8,
    )


def _when(tool: ToolSpec, described: Mapping[str, str], crowded: Mapping[str, Sequence[str]] | None) -> Finding | None:
    """A tool with a crowding neighbour whose description never says when to use it (or which other to use).

    ``described``: every tool's description by name; ``crowded``: each tool's crowding
    neighbours (None: not measured, every tool is checked). A description that names another
    tool of the registry, or a neighbour's that names this one, says where the line runs.
    """
    text = docstring_of(tool)
    if not text.strip() or _WHEN.search(text) or _names_in(text, described) - {tool.name}:
        return None
    neighbours = None if crowded is None else crowded.get(tool.name)
    if crowded is not None and (
        not neighbours or any(tool.name in _words_of(described.get(n, "")) for n in neighbours)
    ):
        return None
    beside = f" although it crowds {', '.join(neighbours[:3])}" if neighbours else ""
    return Finding(
        "no_when_to_use",
        (tool.name,),
        f"the description says what it does, never when to use it{beside}",
        "add a sentence 'Use when ...; not for ... (use X instead)'",
        score=0.5,
    )


def _also_when(thin: Finding, when: Finding | None) -> Finding:
    """One finding for a tool both thin and without a when-to-use line (the thin one's action covers both).

    Its ``evidence.no_when_to_use`` names the tool, a list as in a group's (``_thin_group``) and a crowded pair's;
    ``evidence.when`` says it for the rewrite prompts (``per_tool``). The report tells it once, in the
    ``no_when_to_use`` line (``run._when_once``), not in the thin one's.
    """
    if when is None:
        return thin
    neighbours = when.detail.partition(" although it crowds ")[2]
    said = f"; it crowds {neighbours} and never says when to use it" if neighbours else "; never says when to use it"
    return dataclasses.replace(thin, evidence={**thin.evidence, "no_when_to_use": [*thin.tools], "when": said})


def _thin_group(thin: Sequence[Finding]) -> list[Finding]:
    """The thin descriptions as one finding naming them all, from ``THIN_GROUPED`` of them; fewer: as they are.

    Its detail says how many, and names those with no description; ``evidence.per_tool`` holds each tool's own
    line (the rewrite prompts, ``--json`` and the HTML page show it), ``evidence.no_when_to_use`` those that crowd
    another tool and never say when to use it (``_also_when``; told in the ``no_when_to_use`` line).
    """
    if len(thin) < THIN_GROUPED:
        return list(thin)
    names = tuple(f.tools[0] for f in thin)
    empty = [f.tools[0] for f in thin if f.score >= 1.0]
    silent = [f.tools[0] for f in thin if f.evidence.get("no_when_to_use")]
    detail = f"{len(names)} descriptions of one short sentence, or none"
    if empty:
        detail += f"; no description at all: {', '.join(empty)}"
    per_tool = {f.tools[0]: f.detail + str(f.evidence.get("when", "")) for f in thin}
    evidence = {"per_tool": per_tool, "no_when_to_use": silent}
    action = "say in each what it acts on, what it returns, and when to use it rather than its neighbours"
    return [Finding("thin_description", names, detail, action, score=max(f.score for f in thin), evidence=evidence)]


def _names_in(text: str, names: Mapping[str, str]) -> set[str]:
    """The registry's tool names that ``text`` mentions (as whole words)."""
    return {w for w in _words_of(text) if w in names}


@functools.lru_cache(maxsize=65536)
def _words_of(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(text))


def checked_languages(given: str | Sequence[str] | None, field: str = "users_language") -> tuple[str, ...] | None:
    """The users' languages as given (``"en,zh"`` or a list), checked; None when not given.

    A BCP 47 tag is read by its primary language: ``zh-CN``, ``zh_Hans`` and ``en-US`` are zh, zh and en.

    Raises:
        ConfigError: naming ``field`` (``--users-language`` for the flag), the languages not known and the allowed.
    """
    if given is None:
        return None
    items = given.split(",") if isinstance(given, str) else list(given)
    said = [str(x).strip() for x in items if str(x).strip()]
    tags = {x: re.split(r"[-_]", x.lower(), maxsplit=1)[0] for x in said}
    langs = tuple(dict.fromkeys(tags.values()))
    unknown = [x for x, lang in tags.items() if lang not in LANGUAGES]
    if not langs or unknown:
        allowed = ", ".join(LANGUAGES)
        what = f"{', '.join(repr(shorten(x, 40)) for x in unknown[:5])} not known" if unknown else "no language"
        msg = f"{field}: got {shorten(repr(given), 120)}: {what}; allowed: one or more of {allowed}"
        msg += " (or their tags: zh-CN)"
        raise ConfigError(msg)
    return langs


def _spoken(tools: Sequence[ToolSpec], users: Sequence[str], given: Sequence[str] | None) -> tuple[set[str], str]:
    """The languages the users write, and where that was read (given, profile requests, or descriptions)."""
    if given:
        return set(given), "as given"
    said = Counter(language_of(t) for t in users if language_of(t))
    source = "read from the profile requests"
    if not said:
        said = Counter(language_of(t.description) for t in tools if language_of(t.description))
        source = "guessed from most descriptions"
    total = sum(said.values())
    return {lang for lang, count in said.items() if count >= 0.2 * total}, source


def _languages(tools: Sequence[ToolSpec], users: Sequence[str], given: Sequence[str] | None = None) -> list[Finding]:
    """One finding for the descriptions in a language none of the users write (``given``, else read or guessed).

    Said once for all of them, with the way to say what the users write.
    """
    spoken, source = _spoken(tools, users, given)
    other: dict[str, list[str]] = {}
    for tool in tools:
        lang = language_of(tool.description)
        if lang and spoken and lang not in spoken:
            other.setdefault(lang, []).append(tool.name)
    out = []
    users_say = "/".join(sorted(spoken))
    for lang, names in sorted(other.items()):
        out.append(
            Finding(
                "other_language",
                tuple(names),
                f"{len(names)} described in {lang}; the users write {users_say} ({source})",
                f"describe them in {users_say} or add a line in {users_say} to each; if your users write {lang} too, "
                f"say so: --users-language {','.join(sorted(spoken | {lang}))}",
                score=0.6,
                evidence={"language": lang, "users": sorted(spoken), "source": source},
            )
        )
    return out


def _jaccard(wa: set[str], wb: set[str]) -> float:
    return len(wa & wb) / len(wa | wb) if wa and wb else 0.0


def _duplicates(tools: Sequence[ToolSpec]) -> list[Finding]:
    words = [set(tokenize(docstring_of(t))) for t in tools]  # no shared signature words ("str", "date")
    said = said_same(tools)
    out = []
    for (i, j), sentence in sorted(said.items()):
        if ((j, i) in said and j < i) or acts_differ(tools[i], tools[j]):
            continue  # one finding a pair; different acts are never one tool
        out.append(_said_duplicate(tools[i], tools[j], sentence))
    told = {frozenset(k) for k in said}
    for i, j in sorted(_same_names(tools) | _overlapping(words)):
        a, b = tools[i], tools[j]
        if frozenset((i, j)) in told:
            continue
        same_name = lenient_name(a.name) == lenient_name(b.name)
        overlap = _jaccard(words[i], words[j])
        if (not same_name and overlap < DUPLICATE_JACCARD) or acts_differ(a, b):
            continue  # different acts are never one tool (a cancel beside a pick-up)
        old = [t.name for t in (a, b) if DEPRECATED.search(t.description)]
        why = "the same name but for a version suffix" if same_name else f"{overlap:.0%} of their words shared"
        action = (
            f"remove {old[0]} or say which to use" if old else "keep one, or say how they differ and when to use each"
        )
        out.append(Finding("near_duplicate", (a.name, b.name), why, action, score=overlap))
    return out


def _said_duplicate(sayer: ToolSpec, other: ToolSpec, sentence: str) -> Finding:
    """Two tools ``sayer``'s description says are the same (``said.said_same``): its own words, whatever the vectors."""
    return Finding(
        "near_duplicate",
        (sayer.name, other.name),
        f"{sayer.name}'s description says it does what {other.name} does: {sentence[:120]!r}",
        f"remove {sayer.name} (or keep it as an alias in the client), or say how the two differ and when to use each",
        score=1.0,
        evidence={"by": "description", "sentence": sentence},
    )


def _same_names(tools: Sequence[ToolSpec]) -> set[tuple[int, int]]:
    """The pairs whose names are the same but for a version suffix."""
    groups: dict[str, list[int]] = {}
    for i, tool in enumerate(tools):
        groups.setdefault(lenient_name(tool.name), []).append(i)
    return {(a, b) for group in groups.values() for k, a in enumerate(group) for b in group[k + 1 :]}


def _overlapping(words: Sequence[set[str]]) -> set[tuple[int, int]]:
    """The pairs that may share ``DUPLICATE_JACCARD`` of their words (prefix filtering: no all-pairs loop).

    Two sets that share that share of their union share one of each one's rarest
    ``len - ceil(DUPLICATE_JACCARD * len) + 1`` words.
    """
    df: Counter[str] = Counter()
    for each in words:
        df.update(each)
    seen: dict[str, list[int]] = {}
    out: set[tuple[int, int]] = set()
    for i, each in enumerate(words):
        rare = sorted(each, key=lambda w: (df[w], w))
        for word in rare[: len(rare) - math.ceil(DUPLICATE_JACCARD * len(rare)) + 1]:
            out.update((j, i) for j in seen.get(word, ()))
            seen.setdefault(word, []).append(i)
    return out


def _destructive(tools: Sequence[ToolSpec]) -> list[Finding]:
    """One finding naming every tool whose words say it destroys but that has no ``destructiveHint``.

    The selection already reads them as destructive (``says_destructive``); the hint tells every
    other client of the server too. One the words read wrongly takes ``destructiveHint: false``. A tool whose
    profile answer says ``"destructive": false`` is named apart: the words win, and its profile has no destroy requests.
    """
    names = tuple(t.name for t in tools if "destructiveHint" not in t.annotations and says_destructive(t))
    if not names:
        return []
    disagree = tuple(
        t.name for t in tools if t.name in names and t.profile is not None and t.profile.destructive is False
    )
    said = (
        f"; the profile of {', '.join(disagree)} says not destructive: its words win (held back all the same), and "
        "it has no destroy requests"
        if disagree
        else ""
    )
    redo = "; re-export the profiles of those whose profile says not destructive" if disagree else ""
    return [
        Finding(
            "destructive_without_hint",
            names,
            f"{len(names)} tool(s) whose words say they destroy, cancel, refund or cannot be undone, and no "
            "destructiveHint: the selection reads them as destructive from their words (held back from requests "
            f"that do not ask for their act); the hint would say so to every client of the server{said}",
            'annotate each {"destructiveHint": true} (or {"readOnlyHint": true} if it only reads); one read as '
            'destructive wrongly (its act destroys nothing: "End a membership freeze early") takes '
            f'{{"destructiveHint": false}}, and the selection no longer holds it back{redo}',
            score=0.9,
            evidence={"profile_says_not_destructive": list(disagree)} if disagree else {},
        )
    ]


def _name(tool: ToolSpec) -> Finding | None:
    problem = name_problem(tool.name)
    if problem is None:
        return None
    return Finding(
        "rejected_name",
        (tool.name,),
        f"model providers reject this name: {problem}",
        "rename it to letters, digits, _ and - (at most 64 characters)",
        score=1.0,
    )


def _large(tools: Sequence[ToolSpec]) -> list[Finding]:
    sizes = {t.name: openai_tools_chars([t]) for t in tools}
    if not sizes:
        return []
    median = statistics.median(sizes.values())
    big = sorted((s, n) for n, s in sizes.items() if s >= max(2 * median, 1500))
    out = []
    for chars, name in reversed(big[-LARGE_SCHEMA_SHOWN:]):
        out.append(
            Finding(
                "large_schema",
                (name,),
                f"{chars:,} prompt characters (median {median:,.0f})",
                "shorten parameter descriptions, drop rarely used parameters, or split the tool",
                score=chars / max(median, 1),
                evidence={"chars": chars, "median": median},
            )
        )
    return out


def _unfed(tools: Sequence[ToolSpec], embedder: Embedder | None = None) -> list[Finding]:
    """Tools requiring an id that no other tool searches, lists or returns (``_chains``, as a snapshot reads them).

    With ``embedder``, an id fed by meaning (``message_ids`` of ``email_delete``, which
    ``email_search`` feeds) is no finding, as the chains feed it. Only an id of a thing the
    tool itself speaks of, and that no other tool is named for, is told (``_told_unfed``).
    """
    others = Counter(singular(w) for t in tools for w in set(words(t.name)))
    by_name = {t.name: t for t in tools}
    needing: dict[str, list[tuple[str, str]]] = {}  # per thing: every tool that needs it, and its parameter
    told: set[str] = set()
    for name, need in ChainMap(tools, embedder=embedder).unfed():
        thing = need.things[0] if need.things else need.parameter
        needing.setdefault(thing, []).append((name, need.parameter))
        if _told_unfed(by_name[name], thing, others):
            told.add(thing)
    return [_unfed_finding(thing, needing[thing]) for thing in needing if thing in told]


def _unfed_finding(thing: str, needs: Sequence[tuple[str, str]]) -> Finding:
    """One finding per unfed id, naming every tool that needs it (one told is enough to tell them all)."""
    names = tuple(dict.fromkeys(name for name, _ in needs))
    parameters = sorted({parameter for _, parameter in needs})
    said = ", ".join(repr(p) for p in parameters)
    who = f"{names[0]} requires" if len(names) == 1 else f"{len(names)} tools require"
    return Finding(
        "unfed_id",
        names,
        f"{who} {said} (a {thing} id), and no tool finds, lists or returns {_plural(thing)}",
        f"add a tool that finds a {thing} by name, or say in the description where the id comes from",
        score=0.5,
        evidence={"parameter": parameters[0], "parameters": parameters, "thing": thing},
    )


def _plural(noun: str) -> str:
    """An English noun's plural, for a finding's line (``branch`` -> ``branches``, ``category`` -> ``categories``)."""
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in set("aeiou"):
        return noun[:-1] + "ies"
    return noun + "s"


def _told_unfed(tool: ToolSpec, thing: str, name_words: Counter[str]) -> bool:
    """Whether an unfed id is worth telling (benchmarks/doctor_unfed.py measured both rules on dev registries).

    Not when the tool never speaks of the thing (``primary_id``, ``target_parent_id``,
    ``reference_id``: a role, the thing is another), nor when another tool is named for it
    (``get_student`` beside ``enroll_student(student_id)``: the registry has it, the chains
    missed how it is found).
    """
    own = {singular(w) for w in (*words(tool.name), *words(tool.description))}
    mine = {singular(w) for w in set(words(tool.name))}
    named_elsewhere = name_words[thing] - (1 if thing in mine else 0) > 0
    return thing in own and not named_elsewhere


def definition_findings(
    tools: Sequence[ToolSpec],
    user_texts: Sequence[str] = (),
    crowded: Mapping[str, Sequence[str]] | None = None,
    *,
    embedder: Embedder | None = None,
    users_language: Sequence[str] | None = None,
) -> list[Finding]:
    """Every definition finding of the registry.

    ``user_texts``: the profile requests, if any; ``crowded``: each tool's crowding
    neighbours, when the rankings were measured (only those tools need a when-to-use line);
    ``embedder``: the selection's, for the ids fed by meaning (``_chain_synonyms``);
    ``users_language``: the languages the users write (``checked_languages``), else read.
    """
    described = {t.name: t.description for t in tools}
    when = {f.tools[0]: f for f in (_when(t, described, crowded) for t in tools) if f is not None}
    alone = len(tools) < 2
    thin = [_also_when(f, when.pop(f.tools[0], None)) for f in (_thin(t, alone=alone) for t in tools) if f is not None]
    out: list[Finding] = [*when.values(), *_thin_group(thin)]
    out.extend(f for f in (_name(t) for t in tools) if f is not None)
    out.extend(_destructive(tools))
    out.extend(unread_destroyers(tools))
    out.extend(_languages(tools, user_texts, users_language))
    out.extend(_duplicates(tools))
    out.extend(_large(tools))
    out.extend(_unfed(tools, embedder))
    return out
