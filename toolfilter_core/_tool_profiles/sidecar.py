"""``Profiles``: a registry's tool profiles and near-miss requests, and their review file.

The file is JSON Lines, one object a line: ``{"tool": NAME, "requests": [...]}`` per tool
(optionally ``destroy``, ``mentions``, ``same_job_as``, ``tool_hash``, ``params_hash``, ``parameters``, ``writer``,
``prompt_version``, ``destructive``) and ``{"no_tool":
[...]}`` for the registry. Other keys are allowed and ignored, so a reviewer may leave
notes. A person can read, edit and commit it; production then needs no model.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._caller import warn_at_caller
from .._exceptions import ToolFilterError, ToolSpecError, ToolSpecWarning
from .._files import FileProblem, csv_problem, json_lines, read_file_text, shorten
from .._hints import says_destructive
from .._near_keys import CLOSE, misspelt_line
from .._policy import close_names
from .._types import ToolProfile, ToolSpec
from ..index._records import scan

if TYPE_CHECKING:
    from ..index._tool_index import ToolIndex
from .._keywords import checked_keywords
from .coverage import few, files_named, reprofile, warn_partly_profiled
from .values import MAX_PROFILE_CHARS, MAX_PROFILE_REQUESTS, PROFILE_FIELDS, read_profile

__all__ = [
    "Profiles",
    "as_profiles",
    "attach_profiles",
    "check_profiles_match",
    "destructive_change",
    "is_current",
    "read_profiles",
    "stale_said_before",
    "stored_profiles",
    "unknown_said",
    "warn_stale_profiles",
    "warn_unprofiled_now",
    "warn_unknown_profiles",
]

Found = dict[str, list[tuple[str, str]]]
"""Per kind of change since a profile was written: its tools, each (name, as the warning says it)."""
_SURROGATE = re.compile("[\ud800-\udfff]")
_STALE_SAID: ContextVar[frozenset[tuple[str, str]]] = ContextVar("toolfilter_stale_said", default=frozenset())
"""The stale profiles said already where they are read, by (kind, tool name) (``stale_said_before``)."""

MAX_NO_TOOL = 8 * MAX_PROFILE_REQUESTS
"""Most near-miss requests in one profiles file (each is a cosine per request)."""
PROFILES_FORMATS = (
    'a profiles file is JSON Lines, one {"tool": NAME, "requests": [TEXT, ...]} or {"no_tool": [TEXT, ...]} '
    "a line (toolfilter profiles import and write make one)"
)
"""What a profiles file is, said when one cannot be read."""
MAX_PROFILE_LINES = 200_000
"""Most lines in one profiles file, blank ones included: a profile a tool for a registry of
100,000 tools, and as many more for notes and near misses. A longer file is refused at the
first line over, before the rest is parsed."""


@checked_keywords
@dataclass(frozen=True)
class Profiles:
    """Tool profiles by tool name, and the registry's near-miss requests (``no_tool``)."""

    tools: Mapping[str, ToolProfile] = field(default_factory=dict)
    no_tool: tuple[str, ...] = ()
    """Requests users of this agent might type that no tool serves."""
    source: str = field(default="", compare=False)
    """The file they were read from ('' when built in code): what an error about them names."""

    def __len__(self) -> int:
        return len(self.tools)

    def merged(self, other: Profiles) -> Profiles:
        """These profiles with ``other``'s laid over them (tool by tool; its no_tool if it has one).

        A row of ``other`` holding mentions alone (``mentions_only``) gives its mentions to this one's row for the
        tool, which keeps its requests and destroy requests.
        """
        tools = dict(self.tools)
        for name, profile in other.tools.items():
            below = tools.get(name)
            tools[name] = replace(below, mentions=profile.mentions) if below and mentions_only(profile) else profile
        return Profiles(tools, other.no_tool or self.no_tool, self.source or other.source)

    def rows(self) -> list[dict[str, Any]]:
        """The file's rows: ``no_tool`` first, then the tools in name order."""
        out: list[dict[str, Any]] = []
        if self.no_tool:
            out.append({"no_tool": list(self.no_tool)})
        out.extend({"tool": name, **self.tools[name].to_dict()} for name in sorted(self.tools))
        return out

    def write(self, path: str | Path) -> Path:
        """Write the review file (JSON Lines, UTF-8); returns its path."""
        path = Path(path)
        text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in self.rows())
        path.write_text(text, encoding="utf-8")
        return path

    @classmethod
    def of_tools(cls, tools: Iterable[ToolSpec], no_tool: Sequence[str] = ()) -> Profiles:
        """The profiles the tools carry (a store's, for instance)."""
        return cls({t.name: t.profile for t in tools if t.profile is not None}, tuple(no_tool))


def mentions_only(profile: ToolProfile) -> bool:
    """Whether ``profile`` holds mentions alone: the answer to a ``mentions`` prompt, to lay over a tool's row."""
    return bool(profile.mentions) and not profile.requests and not profile.destroy


def as_profiles(value: Profiles | str | Path | None) -> Profiles | None:
    """A ``profiles=`` argument: a ``Profiles``, a profiles file's path, or None.

    Raises:
        ToolSpecError: anything else, or a bad file (``read_profiles``).
    """
    if value is None or isinstance(value, Profiles):
        return value
    if isinstance(value, str | Path):
        return read_profiles(value)
    msg = f"profiles is {type(value).__name__} {str(value)[:60]!r}; expected a Profiles, a profiles file's path or None"
    raise ToolSpecError(msg)


def read_profiles(path: str | Path) -> Profiles:
    """Read a profiles file (JSON Lines, see the module).

    Raises:
        ToolSpecError: unreadable, not UTF-8, bad JSON, or a bad row; the message names the
            file, the 1-based line and the field.
    """
    shown = repr(str(path))
    tools: dict[str, ToolProfile] = {}
    no_tool: dict[str, None] = {}  # distinct, in order: each line adds its own (linear in the file)
    for number, row in _rows(path):
        where = f"profiles file {shown}: line {number}"
        if not isinstance(row, Mapping) or ("tool" in row) == ("no_tool" in row):
            near = misspelt_line(row, ("tool", "no_tool")) if isinstance(row, Mapping) else ""
            said = f"; {near}" if near and "tool" not in row and "no_tool" not in row else _looks_like(row)
            msg = f'{where}: expected {{"tool": NAME, "requests": [...]}} or {{"no_tool": [...]}}{said}'
            raise ToolSpecError(msg)
        if "no_tool" in row:
            no_tool.update(dict.fromkeys(_no_tool(where, row["no_tool"])))
            if len(no_tool) > MAX_NO_TOOL:  # the limit is the file's, not a line's
                msg = f"{where}: {len(no_tool)} no_tool requests; at most {MAX_NO_TOOL}"
                raise ToolSpecError(msg)
            continue
        name = row["tool"]
        if not isinstance(name, str) or not name:
            msg = f"{where}: field 'tool' is {shorten(repr(name), 80)}; expected a tool's name"
            raise ToolSpecError(msg)
        if name in tools:
            msg = f"{where}: tool {name!r} has a profile on an earlier line already; keep one"
            raise ToolSpecError(msg)
        near = misspelt_line(row, ("tool", *PROFILE_FIELDS))
        if near:  # a misspelt field is no reviewer's note: its requests would be dropped without a word
            raise ToolSpecError(f"{where}: tool {name!r}: {near}")
        try:
            profile = read_profile(repr(name), {k: row[k] for k in PROFILE_FIELDS if k in row}, field="profile")
        except ToolSpecError as error:
            raise ToolSpecError(f"{where}: {error}") from None
        if profile is not None and name in profile.same_job_as:
            msg = f"{where}: field 'same_job_as' names the tool itself ({name!r}); it names other tools"
            raise ToolSpecError(msg)
        if profile is not None:
            tools[name] = profile
    return Profiles(tools, tuple(no_tool), str(path))


def _rows(path: str | Path) -> Iterator[tuple[int, Any]]:
    """The file's rows with their lines, parsed one at a time; refused past ``MAX_PROFILE_LINES``.

    Raises:
        ToolSpecError: unreadable, not UTF-8, a line that is not JSON, or too many lines.
    """
    shown = repr(str(path))
    text = read_file_text(path, "profiles file", ToolSpecError)
    if text.count("\n") >= MAX_PROFILE_LINES:
        msg = (
            f"profiles file {shown}: {text.count(chr(10)) + 1:,} lines; at most {MAX_PROFILE_LINES:,} are read "
            "(a profile a tool and the near misses; is it the right file?)"
        )
        raise ToolSpecError(msg)
    try:
        yield from json_lines(text)
    except FileProblem as problem:
        said = csv_problem(path, text) or f"{problem.where()}{problem.message}"
        raise ToolSpecError(f"profiles file {shown}: {said}; {PROFILES_FORMATS}") from None


def _no_tool(where: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        msg = f"{where}: field 'no_tool' is {shorten(repr(value), 80)}; expected a list of strings"
        raise ToolSpecError(msg)
    kept = [" ".join(v.split()) for v in value if v.strip()]
    if len(kept) > MAX_NO_TOOL:
        msg = f"{where}: {len(kept)} no_tool requests; at most {MAX_NO_TOOL}"
        raise ToolSpecError(msg)
    for number, text in enumerate(kept):
        if len(text) > MAX_PROFILE_CHARS:
            msg = f"{where}: a no_tool request of {len(text)} characters; at most {MAX_PROFILE_CHARS}"
            raise ToolSpecError(msg)
        if _SURROGATE.search(text):
            msg = f"{where}: field 'no_tool.{number}' is {shorten(repr(text), 80)}; contains unpaired surrogates"
            raise ToolSpecError(msg)
    return kept


def attach_profiles(
    tools: Sequence[ToolSpec], profiles: Profiles | None, *, warn_unknown: bool = True
) -> list[ToolSpec]:
    """The tools, each carrying its profile from ``profiles`` (None: the tools as they are).

    A tool ``profiles`` has nothing for keeps the profile it carries, if any.

    A profile written for another version of its tool (its ``tool_hash`` differs from the
    tool's ``definition_hash()``) is kept (``_version_change``) when only the description
    changed, when the tool only gained parameters, when it renamed them (as many gained as lost),
    or when it declares none here (a framework built the same tool's schema loosely:
    ``FunctionTool.from_defaults`` over ``fn(**kw)``); it is left out when the tool lost a parameter
    the profile's version had with none in its place (the warning names them), or when the row
    cannot tell (no ``params_hash``, or no
    ``parameters`` and a ``params_hash`` that differs), and so is one for a tool the
    registry lacks. A profile written when its tool was not destructive, for a tool that is
    now (or the reverse: ``destructive_change``), is kept. One ``ToolSpecWarning`` for each kind
    names a few of them and the command that re-exports their prompts (not the tools said before,
    by kind: ``stale_said_before``). The profiles for tools the registry lacks are named only with
    ``warn_unknown`` (a registry that lost a server's tools for a while keeps their profiles
    at hand, unsaid).

    Raises:
        ToolSpecError: with ``warn_unknown``, no profile names a tool of ``tools`` (``check_profiles_match``).
    """
    if profiles is None:
        return list(tools)
    if warn_unknown:  # another registry's file is refused before a word is said of its profiles
        check_profiles_match(profiles, [t.name for t in tools])
    out, found = _attach(tools, profiles)
    said = _STALE_SAID.get()
    unsaid = {kind: [(n, t) for n, t in those if (kind, n) not in said] for kind, those in found.items()}
    for part in _stale_parts(unsaid):  # one short line each: the tools (a few, then how many more) and the command
        warn_at_caller("toolfilter: " + files_named(part, profiles.source), ToolSpecWarning)
    if warn_unknown:
        warn_unknown_profiles(profiles, {t.name for t in tools})
    return out


def _attach(tools: Sequence[ToolSpec], profiles: Profiles) -> tuple[list[ToolSpec], Found]:
    """The tools with their profiles (``attach_profiles``), and those written for another version, by kind."""
    found: Found = {
        "kept": [],
        "grown": [],
        "renamed": [],
        "loose": [],
        "changed": [],
        "unknown_version": [],
        "now destructive": [],
        "no longer destructive": [],
    }
    out = [_attached(tool, profiles.tools.get(tool.name), found) for tool in tools]
    return out, found


def warn_stale_profiles(tools: Sequence[ToolSpec], profiles: Profiles | None) -> frozenset[tuple[str, str]]:
    """Say now what ``attach_profiles`` would say of the profiles written for another version of their tool.

    For an adapter that knows the tools when it is built but builds their index on first use
    (the LangChain middleware without a store): the warning names the line that built it.
    Returns what was said, as (kind, tool name), for ``stale_said_before`` around the later build.
    """
    if profiles is None:
        return frozenset()
    _, found = _attach(tools, profiles)
    for part in _stale_parts(found):
        warn_at_caller("toolfilter: " + files_named(part, profiles.source), ToolSpecWarning)
    return frozenset((kind, name) for kind, those in found.items() for name, _ in those)


def warn_unprofiled_now(tools: Sequence[ToolSpec], profiles: Profiles | None) -> frozenset[str]:
    """Say now what building an index over ``tools`` with ``profiles`` would of the tools left without a profile.

    For the same adapter as ``warn_stale_profiles``; returns the tools said (``coverage.unprofiled_said_before``).
    """
    specs = _attach(tools, profiles)[0] if profiles is not None else list(tools)
    return warn_partly_profiled(specs, frozenset(), profiles.source if profiles is not None else "")


@contextmanager
def stale_said_before(said: frozenset[tuple[str, str]]) -> Iterator[None]:
    """Inside, ``attach_profiles`` does not say again the (kind, tool name) in ``said`` (``warn_stale_profiles``).

    By tool, not by the warning's text: a later build over some of the same tools says nothing of them.
    """
    token = _STALE_SAID.set(_STALE_SAID.get() | said)
    try:
        yield
    finally:
        _STALE_SAID.reset(token)


def _attached(tool: ToolSpec, profile: ToolProfile | None, found: Found) -> ToolSpec:
    """``tool`` with ``profile`` unless it was written for a version too different; what differs goes in ``found``."""
    if profile is None:
        return tool
    if not profile.written_for(tool):
        bucket, said = _version_change(profile, tool)
        found[bucket].append((tool.name, said))
        if bucket in ("changed", "unknown_version"):
            return tool
    change = destructive_change(profile, tool)
    if change:  # kept meanwhile, like an edited description: its requests still say what the tool does
        found[f"{change} destructive"].append((tool.name, tool.name))
    return replace(tool, profile=profile)


def destructive_change(profile: ToolProfile, tool: ToolSpec) -> str:
    """``now``: ``tool`` is destructive and its profile was written when it was not; ``no longer``: the reverse.

    ``""`` when neither. Destructive is ``says_destructive``. The prompt asks ``destroy``
    requests of each destructive target, so a row that does not record ``destructive``
    (written before it was) is judged by whether it has some; a row pinned to no version (no
    ``tool_hash``: written by hand) and not recording it is taken as it is. A destructive tool's
    row that has destroy requests (given by hand to a row recorded ``"destructive": false``) has
    what the prompt asks of a destructive tool: only its field is stale, and that is not a change.
    """
    if profile.destructive is None and not profile.tool_hash:
        return ""
    was = bool(profile.destroy) if profile.destructive is None else profile.destructive
    now = says_destructive(tool)
    if now == was or (now and profile.destroy):  # destroy requests given by hand: only the field is stale
        return ""
    return "now" if now else "no longer"


def is_current(profile: ToolProfile | None, tool: ToolSpec) -> bool:
    """Whether ``profile`` was written for this version of ``tool``, destructive or not as it is now.

    A tool without one, or whose profile is not current, is asked for again (``profiles
    export --profiles``, the writer).
    """
    return profile is not None and profile.written_for(tool) and not destructive_change(profile, tool)


unknown_said: set[tuple[frozenset[str], frozenset[str]]] = set()
"""The profiles and registries (their tool names) whose unknown profiles were said: once a process."""
_SAID_LOCK = threading.Lock()


def warn_unknown_profiles(profiles: Profiles | None, names: Iterable[str]) -> None:
    """One ``ToolSpecWarning`` naming the profiles for tools not in ``names`` (how many, and the first few).

    What ``attach_profiles`` says on a registry's first indexing; an adapter that gives each tool
    set only its own profiles (the LangChain middleware) says it once with the agent's tools.
    Said once a process for the same profiles and registry (``unknown_said``): a second filter
    or agent built over them says nothing.

    Raises:
        ToolSpecError: no profile names a tool of ``names`` (``check_profiles_match``), every time.
    """
    if profiles is None:
        return
    registry = frozenset(names)
    check_profiles_match(profiles, registry)
    unknown = sorted(set(profiles.tools) - registry)
    with _SAID_LOCK:
        key = (frozenset(profiles.tools), registry)
        if not unknown or key in unknown_said:
            return
        unknown_said.add(key)
    shown = few([_with_nearest(name, registry) for name in unknown])
    if len(unknown) == 1:
        msg = f"toolfilter: 1 profile names a tool this registry lacks ({shown}): it is ignored"
    else:
        msg = f"toolfilter: {len(unknown)} profiles name tools this registry lacks ({shown}): they are ignored"
    warn_at_caller(msg, ToolSpecWarning)


def _with_nearest(name: str, registry: Collection[str]) -> str:
    """``name``, and the registry's tool it is spelt close to: ``get_wether (did you mean get_weather?)``."""
    close = close_names(name, sorted(registry), n=1, cutoff=CLOSE)
    return f"{name} (did you mean {close[0]}?)" if close else name


def check_profiles_match(profiles: Profiles, names: Iterable[str]) -> None:
    """Refuse profiles of which none names a tool of the registry ``names``: almost surely another registry's file.

    A partial overlap is left to the warning (``warn_unknown_profiles``); so are profiles of no
    tool (near misses alone) and an empty registry.

    Raises:
        ToolSpecError: names the file, how many profiles it holds, and a few of the registry's tools.
    """
    registry = sorted(set(names))
    if not profiles.tools or not registry or set(profiles.tools) & set(registry):
        return
    shown = f"profiles file {profiles.source!r}" if profiles.source else "profiles"
    count, one = len(profiles.tools), len(profiles.tools) == 1
    held = f"its {count} profile{'' if one else 's'} ({few(sorted(profiles.tools))}) name{'s' if one else ''}"
    msg = (
        f"{shown}: {held} none of this registry's {len(registry)} tool{'' if len(registry) == 1 else 's'} "
        f"({few(registry)}); "
        "allowed: profiles written for these tools (is it another registry's file?)"
    )
    raise ToolSpecError(msg)


def _version_change(profile: ToolProfile, tool: ToolSpec) -> tuple[str, str]:
    """How ``tool`` differs from the version ``profile`` was written for: a bucket and the tool as the warning says it.

    ``kept``: only the description; ``grown``: parameters added, none lost; ``renamed``: as many
    parameters added as lost (kept: a rename changes no act); ``loose``: the
    tool declares no parameters here (kept: a loosely built schema says nothing of them);
    ``changed``: it lost parameters (those named) or, for a row without names, they differ;
    ``unknown_version``: the row has no ``params_hash``.
    """
    now = tuple(tool.parameter_names)
    if profile.same_parameters(tool):
        return "kept", tool.name
    if not now and (profile.params_hash or profile.parameters):
        return "loose", tool.name
    if profile.parameters:
        lost = [p for p in profile.parameters if p not in now]
        added = [p for p in now if p not in profile.parameters]
        if not lost:
            return ("grown", f"{tool.name} (+{', '.join(added)})") if added else ("kept", tool.name)
        if len(added) == len(lost):  # as many new as lost: renamed ("order_id" to "order_number")
            return "renamed", f"{tool.name} ({', '.join(f'{a} → {b}' for a, b in zip(lost, added, strict=True))})"
        return "changed", f"{tool.name} (lost {', '.join(lost)})"
    if profile.params_hash:
        return "changed", f"{tool.name} (now {', '.join(now)}; the row has no parameter names to compare)"
    return "unknown_version", tool.name


def _looks_like(row: Any) -> str:
    """``; this looks like a prompts file ...`` for a row of another file the CLI takes, else ''."""
    if not isinstance(row, Mapping):
        return ""
    if "messages" in row and ("targets" in row or "kind" in row):
        return (
            "; this looks like a prompts file (toolfilter profiles export): have a model answer it, then "
            "`toolfilter profiles import --prompts FILE --answers ANSWERS --out profiles.jsonl` makes the profiles file"
        )
    if "id" in row and "answer" in row:
        return "; this looks like an answers file: `toolfilter profiles import --prompts ... --answers FILE` reads it"
    if "query" in row and "gold" in row:
        return "; this looks like a queries file (labelled requests): give it as --queries (read_queries in Python)"
    if "name" in row and ("description" in row or "parameters" in row):
        return (
            "; this looks like a tools file: give it as the tools, not the profiles (on the command line "
            "--tools FILE; in Python the agent's tools, or read_tools_file(FILE))"
        )
    return ""


REEXPORT = f"re-export: {reprofile('prompts_changed.jsonl')}"
"""The commands each warning of a profile written for another version of its tool ends with: those
tools' prompts alone, to a new file (the first export's stays), answered, laid over the profiles file."""


_STALE = (
    ("kept", "tool(s) whose description changed since its profile was written: {} (kept)"),
    ("grown", "tool(s) with parameters added since its profile was written, the profile kept: {}"),
    ("renamed", "tool(s) with parameters renamed since its profile was written, the profile kept: {}"),
    ("changed", "profile(s) written for parameters their tool no longer has, left out: {}"),
    ("unknown_version", "profile(s) written for another version of their tool (no params_hash), left out: {}"),
    (
        "now destructive",
        "tool(s) marked destructive since its profile was written (it was asked no destroy requests), "
        "the profile kept: {}",
    ),
    ("no longer destructive", "tool(s) no longer destructive since its profile was written, the profile kept: {}"),
)
"""Per kind of change since a profile was written: what its warning says (the tools, a few then how many more)."""

_SILENCED = {
    "now destructive": ' (or add "destroy" requests to its row by hand)',
    "no longer destructive": ' (or set its row\'s "destructive": false)',
}
"""After the re-export hint, how a destructive change is settled: the row rewritten, or set right by hand."""


REEXPORT_BELOW = "re-export: below"
"""The re-export hint of every warning but the last of several: the one command re-exports all their tools."""
REEXPORT_ALL = f"re-export (these tools and the ones above): {reprofile('prompts_changed.jsonl')}"
"""The last of several warnings' re-export hint: the command once, not once per kind of change."""


def _stale_parts(found: Found) -> list[str]:
    """The warnings (one short line each) for profiles written for another version of their tool.

    The re-export command (``REEXPORT``) is said once, by the last of them: the export takes every tool whose
    profile is stale or left out, whatever the change.
    """
    kinds = [(kind, said) for kind, said in _STALE if found[kind]]
    out = []
    for n, (kind, said) in enumerate(kinds, 1):
        hint = REEXPORT if len(kinds) == 1 else REEXPORT_ALL if n == len(kinds) else REEXPORT_BELOW
        tools = [t for _, t in found[kind]]
        out.append(f"{len(tools)} {said.format(few(tools))}; {hint}{_SILENCED.get(kind, '')}")
    return out


def stored_profiles(index: ToolIndex) -> Profiles:
    """The profiles a store holds with its committed tools, and its near misses (vectors not read).

    Empty when the store cannot be read, holds no committed registry, or its commit says it
    holds no profiles (``profiled`` and ``no_tool`` in the store info): the records are then
    not read at all, so indexing without profiles costs what it did before them.
    """
    try:
        info = index.store.read_info()
        if not info.get("profiled") and not info.get("no_tool"):
            return Profiles()
        snap = scan(info, index.store.read(embeddings=False))
    except ToolFilterError:
        return Profiles()
    tools: dict[str, ToolProfile] = {}
    for name, digest in (snap.manifest or {}).items():
        group = snap.complete.get((name, digest))
        if not group:
            continue
        try:
            profile = read_profile(repr(name), json.loads(group[0].document).get("profile"))
        except (ValueError, AttributeError):
            continue
        if profile is not None:
            tools[name] = profile
    near = snap.no_tool.get(str(info.get("no_tool") or ""), [])
    return Profiles(tools, tuple(r.document for r in near))
