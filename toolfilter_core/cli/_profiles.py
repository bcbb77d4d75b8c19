"""``toolfilter profiles export|import|write``: the offline path of the profile writer, and the online one."""

from __future__ import annotations

import argparse
import itertools
import os
import shlex
import sys
import warnings
from typing import Any

from .._files import counted
from ._common import UsageError, check_output, config_of, embedder_flag
from ._warnings import remember_findings

__all__ = ["add_profiles_parser", "cmd_profiles"]


def add_profiles_parser(sub: Any) -> None:
    """The ``profiles`` command and its ``export`` and ``import`` subcommands (``sub``: the subparsers)."""
    profiles = sub.add_parser(
        "profiles",
        help="tool profiles, requests a model writes for each tool: export prompts, import answers, or write via API",
    )
    actions = profiles.add_subparsers(dest="action", required=True, metavar="ACTION")
    export = actions.add_parser("export", help="write the profile writer's prompts for a registry")
    export.add_argument("tools", metavar="TOOLS", help="tools file (JSON Lines, JSON list, or MCP tools/list result)")
    export.add_argument("--out", required=True, metavar="FILE", help="prompts, one JSON object a line")
    export.add_argument("--batch", metavar="FILE", help="also write an OpenAI Batch API input file")
    export.add_argument(
        "--model", default="MODEL", help="model name in the Batch API file (default: MODEL, a placeholder to replace)"
    )
    _add_prompt_flags(export)
    write = actions.add_parser(
        "write",
        help="ask an OpenAI-compatible endpoint for the profiles and write them",
        description="Ask an OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, LM Studio) for the profiles "
        "of the tools without a current one, and write the profiles file. Needs the 'openai' package "
        "(pip install '.[openai]' in toolfilter's clone); the API key comes from the environment variable "
        "--api-key-env (not needed with --openai-base-url). Another model: export the prompts, answer them, import.",
    )
    write.add_argument("tools", metavar="TOOLS", help="tools file (JSON Lines, JSON list, or MCP tools/list result)")
    write.add_argument("--out", required=True, metavar="FILE", help="profiles file to write (JSON Lines)")
    write.add_argument("--model", required=True, help="the model's name at the endpoint")
    write.add_argument("--openai-base-url", metavar="URL", help="an OpenAI-compatible endpoint (default OpenAI's)")
    write.add_argument(
        "--api-key-env",
        default="OPENAI_API_KEY",
        metavar="VAR",
        help="environment variable holding the API key (default OPENAI_API_KEY)",
    )
    write.add_argument("--timeout", type=float, default=120.0, metavar="S", help="seconds per answer (default 120)")
    write.add_argument("--concurrency", type=int, default=4, metavar="N", help="prompts in flight (default 4)")
    _add_prompt_flags(write)
    imp = actions.add_parser("import", help="read a model's answers into a profiles file")
    imp.add_argument("--prompts", required=True, metavar="FILE", help="the file profiles export wrote")
    imp.add_argument(
        "--answers",
        required=True,
        metavar="FILE",
        help='{"id", "answer"} lines, one JSON array of them, or Batch API output',
    )
    imp.add_argument("--out", required=True, metavar="FILE", help="profiles file to write (JSON Lines)")
    imp.add_argument("--writer", default="unknown", help="who answered (a model's name), kept with each profile")
    imp.add_argument("--into", metavar="FILE", help="existing profiles file to lay the answers over")
    imp.add_argument(
        "--allow-partial",
        action="store_true",
        help="exit 0 when some answers were unusable (default: the good ones are written, exit 3)",
    )
    imp.add_argument(
        "--tools",
        metavar="FILE",
        help="tools file the requests are checked against (default: the tools the prompts show)",
    )
    imp.add_argument("--config", metavar="FILE", help="config (its embedder checks the requests, as indexing does)")
    imp.add_argument("--embedder", metavar="NAME", type=embedder_flag, help="embedder that checks them (config's)")


_PROMPT_DEFAULTS: dict[str, Any] = {
    "languages": "zh,en",
    "per_tool": 8,
    "no_tool": 16,
    "mentions": 0,
    "batch_size": 6,
    "config": None,
    "embedder": None,
}
"""The defaults of ``_add_prompt_flags`` (``--profiles`` aside): a flag given otherwise is carried into a hint."""


def _add_prompt_flags(parser: Any) -> None:
    """What the prompts ask for, and which tools: ``export``'s and ``write``'s flags."""
    parser.add_argument("--profiles", metavar="FILE", help="existing profiles: only tools without a current one")
    defaults = _PROMPT_DEFAULTS
    parser.add_argument(
        "--languages", default=defaults["languages"], help="request languages, ISO codes (default zh,en)"
    )
    parser.add_argument(
        "--per-tool", type=int, default=defaults["per_tool"], metavar="N", help="requests per tool (default 8)"
    )
    parser.add_argument(
        "--no-tool", type=int, default=defaults["no_tool"], metavar="N", help="near-miss requests (default 16; 0 none)"
    )
    parser.add_argument(
        "--mentions",
        type=int,
        default=defaults["mentions"],
        metavar="N",
        help=(
            "requests per destructive tool that mention its act without asking for it "
            "(default 0: the guard ships without reading them)"
        ),
    )
    parser.add_argument(
        "--batch-size", type=int, default=defaults["batch_size"], metavar="N", help="tools per prompt (default 6)"
    )
    parser.add_argument("--config", metavar="FILE", help="config (its embedder finds each tool's neighbours)")
    parser.add_argument(
        "--embedder", metavar="NAME", type=embedder_flag, help="embedder that finds neighbours (default the config's)"
    )


def _languages(text: str) -> tuple[str, ...]:
    codes = tuple(c.strip() for c in text.split(",") if c.strip())
    if not codes or not all(c.isalpha() and 2 <= len(c) <= 8 for c in codes):
        raise UsageError(f"--languages {text!r}: expected ISO codes separated by commas, such as zh,en")
    from toolfilter_core._tool_profiles.prompt import LANGUAGE_NAMES

    unknown = [c for c in codes if c not in LANGUAGE_NAMES]
    if unknown:
        allowed = ", ".join(LANGUAGE_NAMES)
        raise UsageError(
            f"--languages {text!r}: {', '.join(map(repr, unknown))} is not a language the prompts know; "
            f"allowed: {allowed}"
        )
    return codes


def _missing_hint(count: int, out: str, languages: tuple[str, ...], tools: str | None = None) -> str:
    """How to profile the tools an import left without one, in the ``languages`` its prompts asked in.

    The paths shell-quoted (``tools``: the import's ``--tools`` file, else the tools file the export read,
    else the placeholder TOOLS); ``--languages`` when the prompts file records languages other than the default.
    """
    from toolfilter_core._tool_profiles.prompt import PromptSettings

    path, named = shlex.quote(out), shlex.quote(tools) if tools else "TOOLS"
    asked = f" --languages {','.join(languages)}" if languages and languages != PromptSettings().languages else ""
    return (
        f"{counted(count, 'tool')} without a profile: `toolfilter profiles export {named} --profiles {path} "
        "--out more.jsonl"
        f"{asked}` asks for them alone; answer it, then `toolfilter profiles import --prompts more.jsonl "
        f"--answers ANSWERS --into {path} --out {path}`"
    )


def _exported(tools_file: str) -> str | None:
    """The tools file the prompts were exported from, as a path from here; None if not recorded or gone.

    Relative when it lies below the current directory, else absolute.
    """
    if not tools_file or not os.path.isfile(tools_file):
        return None
    here = os.getcwd()
    below = os.path.commonpath([here, tools_file]) == here if os.path.isabs(tools_file) else False
    return os.path.relpath(tools_file, here) if below else tools_file


def cmd_profiles(args: argparse.Namespace) -> int:
    """Run ``profiles export``, ``import`` or ``write``."""
    check_output(args.out, "--out")
    check_output(getattr(args, "batch", None), "--batch")
    if args.action == "import":
        return _cmd_import(args)
    if args.action == "write":
        return _cmd_write(args)
    return _cmd_export(args)


def _cmd_import(args: argparse.Namespace) -> int:
    """``profiles import``: the answers, checked against their prompts and as indexing checks them, written."""
    from toolfilter_core._tool_defs import read_tools_file
    from toolfilter_core._tool_profiles.exchange import import_answers
    from toolfilter_core._tool_profiles.sidecar import read_profiles

    tools = read_tools_file(args.tools) if args.tools else None  # a bad file is said before anything is written
    if args.embedder:  # so is an embedder given by a name no embedder has
        from toolfilter_core._embedders import check_embedder_name

        check_embedder_name(args.embedder, "--embedder")
    profiles, report = import_answers(args.prompts, args.answers, writer=args.writer)
    for problem in report.problems:
        print(f"toolfilter profiles import: {problem}", file=sys.stderr)
    short = report.short_line()
    unmentioned = _unmentioned(report.unmentioned)
    for note in [*report.notes, *_without_destroy(profiles), *([short] if short else []), *unmentioned]:
        print(f"toolfilter profiles import: warning: {note}", file=sys.stderr)
    if _nothing_usable("import", report.nothing_to_write(), report, args.out):
        return 1
    if args.into:
        profiles = read_profiles(args.into).merged(profiles)
    profiles.write(args.out)
    print(f"{report.summary()}; wrote {args.out}")
    _say_ignored(args, profiles, tools)
    if report.missing:
        print(
            "toolfilter profiles import: "
            + _missing_hint(
                len(report.missing), args.out, report.languages, args.tools or _exported(report.tools_file)
            ),
            file=sys.stderr,
        )
    if report.problems and not args.allow_partial:
        print(
            f"toolfilter profiles import: {counted(len(report.problems), 'answer')} unusable (above): the rest "
            "were written; exit 3 (--allow-partial: exit 0)",
            file=sys.stderr,
        )
        return 3
    return 0


def _say_ignored(args: argparse.Namespace, profiles: Any, tools: Any) -> None:
    """What indexing would say of the answers read, said now, one line each, in the index's words.

    Each tool whose profile requests indexing would ignore (they sit closer to another tool), and
    each near miss it would leave out (it reads like a tool's request). Checked as indexing checks
    them (``ignored_requests``), with the configured embedder, against ``tools`` (``--tools``) or
    else the tools the prompts show; then what to do, in one line. Kept as said for the file
    written (``remember_findings``): ``index`` and ``eval`` on it do not say them again.
    """
    from dataclasses import replace

    from toolfilter_core._embedders import get_embedder
    from toolfilter_core._exceptions import ToolFilterError
    from toolfilter_core._tool_profiles.exchange import read_prompts
    from toolfilter_core.index._ignored import ignored_requests

    if tools is None:
        tools = list({t.name: t for p in read_prompts(args.prompts) for t in p.shown_tools()}.values())
    profiled = [replace(t, profile=profiles.tools[t.name]) if t.name in profiles.tools else t for t in tools]
    if not any(t.profile is not None for t in profiled):
        return
    try:
        embedder = get_embedder(args.embedder or config_of(args).embedder)
        found, near = ignored_requests(profiled, embedder, profiles.no_tool)
    except ToolFilterError as error:  # the profiles are written: the check is said to be left undone
        print(f"toolfilter profiles import: warning: the requests were not checked ({error})", file=sys.stderr)
        return
    _say_findings(args, found, near)


def _say_findings(args: argparse.Namespace, found: list[Any], near: list[Any]) -> None:
    """The ignored requests (``coverage.ignored_line``) and the near misses left out (``guard.NEAR_MISS``), then how."""
    from toolfilter_core._tool_profiles.coverage import ignored_line
    from toolfilter_core._tool_profiles.guard import NEAR_MISS

    for said in found:
        print(f"toolfilter profiles import: warning: {ignored_line(*said)}", file=sys.stderr)
    lines = [NEAR_MISS % said for said in near]
    for line in lines:
        print(f"toolfilter profiles import: warning: {line}", file=sys.stderr)
    remember_findings(args.out, found, lines)  # index and eval do not say them again for the file written
    against = f"the tools in {args.tools}" if args.tools else "the tools the prompts show"
    if found:
        print(
            f"toolfilter profiles import: {counted(len(found), 'tool')} with requests that indexing will leave out "
            f"(above; checked against {against}): rewrite each in {args.out} so it reads as its own tool's, or "
            "delete it; if many of a tool's are, its description may say another tool's act: fix that instead",
            file=sys.stderr,
        )
    if near:
        print(
            f"toolfilter profiles import: {len(near)} near miss{'' if len(near) == 1 else 'es'} that indexing will "
            f"leave out (above; checked against {against}): each reads like a request the tool named serves; "
            f"rewrite it in {args.out}'s no_tool list so that no tool serves it, or delete it",
            file=sys.stderr,
        )


def _without_destroy(profiles: Any) -> list[str]:
    """The line naming the destructive tools answered with no destroy requests (``"destroy": []``), if any.

    Their destroy requests are what reads a request in their users' words as asking for their act
    (docs/profiles.md, "Destructive tools"); without them such a request is held back.
    """
    from toolfilter_core._tool_profiles.coverage import few
    from toolfilter_core._tool_profiles.sidecar import mentions_only

    rows = profiles.tools.items()
    names = sorted(n for n, p in rows if p.destructive and not p.destroy and not mentions_only(p))
    if not names:
        return []
    return [
        f"{counted(len(names), 'destructive tool')} answered with no destroy requests: {few(names)}; without them "
        "a request for their act in their users' words is not read as asking for it, and the tool stays held "
        '(docs/profiles.md): add a few to each row\'s "destroy", or have the model answer their prompts again'
    ]


def _unmentioned(names: list[str]) -> list[str]:
    """The line naming the destructive tools asked for mentions that no usable answer gave, if any."""
    from toolfilter_core._tool_profiles.coverage import few

    if not names:
        return []
    return [
        f"{counted(len(names), 'destructive tool')} got no mentions: {few(sorted(set(names)))}; the guard reads "
        "no mention of their act for them (docs/profiles.md): answer their mentions prompts again and import "
        "them --into the profiles file"
    ]


def _nothing_usable(action: str, refused: str | None, report: Any, out: str) -> bool:
    """True, having said so on stderr, when ``refused`` says why nothing is written (``out`` is kept)."""
    if refused is None:
        return False
    print(
        f"toolfilter profiles {action}: error: no usable answer ({report.summary()}); {refused}; {out} left as it was",
        file=sys.stderr,
    )
    return True


def _settings(args: argparse.Namespace) -> Any:
    from toolfilter_core._tool_profiles.prompt import PromptSettings

    for flag, value in (("--per-tool", args.per_tool), ("--batch-size", args.batch_size)):
        if not 1 <= value <= 64:
            raise UsageError(f"{flag} {value}: expected 1-64")
    if not 0 <= args.no_tool <= 256:
        raise UsageError(f"--no-tool {args.no_tool}: expected 0-256")
    if not 0 <= args.mentions <= 32:
        raise UsageError(f"--mentions {args.mentions}: expected 0-32")
    return PromptSettings(
        languages=_languages(args.languages),
        requests_per_tool=args.per_tool,
        no_tool_requests=args.no_tool,
        mentions_per_tool=args.mentions,
        batch_size=args.batch_size,
    )


def _cmd_write(args: argparse.Namespace) -> int:
    """``profiles write``: the endpoint's answers, checked, into the profiles file."""
    from toolfilter_core._embedders import get_embedder
    from toolfilter_core._tool_defs import read_tools_file
    from toolfilter_core._tool_profiles.sidecar import read_profiles
    from toolfilter_core._tool_profiles.writer import write_profiles

    settings = _settings(args)
    if not 1 <= args.concurrency <= 64 or not 0 < args.timeout <= 3600:
        raise UsageError(f"--concurrency {args.concurrency} / --timeout {args.timeout}: expected 1-64 and 0-3600 s")
    tools = read_tools_file(args.tools)
    current = read_profiles(args.profiles) if args.profiles else None
    writer = _openai_writer(args)
    embedder = get_embedder(args.embedder or config_of(args).embedder)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        profiles, report = write_profiles(
            tools,
            writer,
            current=current,
            settings=settings,
            embedder=embedder,
            concurrency=args.concurrency,
            timeout=args.timeout,
        )
    if report.unreachable:  # one cause, one line: every tool's missing profile is its consequence
        print(
            f"toolfilter profiles write: error: {report.unreachable}; nothing written; {args.out} left as it was",
            file=sys.stderr,
        )
        return 1
    for warning in said:
        warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    for problem in report.problems[:20]:
        print(f"toolfilter profiles write: {problem}", file=sys.stderr)
    empty = None if profiles.tools or profiles.no_tool else "no profile made: nothing written"
    if tools and _nothing_usable("write", empty, report, args.out):
        return 1
    for note in _without_destroy(profiles):
        print(f"toolfilter profiles write: warning: {note}", file=sys.stderr)
    profiles.write(args.out)
    print(f"{report.summary()}; wrote {args.out}")
    return 0 if report.tools or report.kept or not tools else 1


def _asked(args: argparse.Namespace) -> str:
    """The prompt flags ``args`` gives other than their defaults (`` --languages en``), shell-quoted."""
    flags = [(name, getattr(args, name, default)) for name, default in _PROMPT_DEFAULTS.items()]
    return "".join(
        f" --{name.replace('_', '-')} {shlex.quote(str(value))}"
        for name, value in flags
        if value != _PROMPT_DEFAULTS[name]
    )


def _no_key(args: argparse.Namespace) -> str:
    """Why ``profiles write`` has no key, and the three ways on: a key, a local server, the offline files.

    The offline files do what the command would have: the export asks with its prompt flags for the tools
    without a current profile (``--profiles``), and the import lays the answers over those profiles
    (``--into``) and writes ``--out`` (``coverage.reprofile``). The prompts go to a file none of the
    command's own files is, and that does not exist yet.
    """
    from toolfilter_core._tool_profiles.coverage import reprofile

    variable = args.api_key_env
    given = {os.path.abspath(p) for p in (args.tools, args.out, args.profiles) if p}
    first = "prompts_more.jsonl" if args.profiles else "prompts.jsonl"
    names = itertools.chain([first], (f"toolfilter_prompts_{i}.jsonl" for i in itertools.count()))
    # none of the command's files, nor a file the user has (their earlier prompts): it would be written over
    prompts = next(p for p in names if os.path.abspath(p) not in given and not os.path.lexists(p))
    hint = reprofile(
        prompts,
        tools=shlex.quote(args.tools),
        profiles=shlex.quote(args.profiles) if args.profiles else None,
        write=shlex.quote(args.out),
        asked=_asked(args),
    )
    return (
        f"the environment variable {variable} holds no API key and no --openai-base-url is given: set {variable} "
        "(or name another with --api-key-env), point --openai-base-url URL at a local OpenAI-compatible server "
        f"(Ollama, vLLM, LM Studio, llama.cpp: no key needed), or answer the prompts offline: {hint}"
    )


def _openai_writer(args: argparse.Namespace) -> Any:
    """The endpoint as a writer (``OpenAIWriter``), or a ``UsageError`` saying what is missing."""
    from toolfilter_core._tool_profiles.writer import OpenAIWriter

    if not args.openai_base_url and not os.environ.get(args.api_key_env):
        raise UsageError(_no_key(args))
    try:
        return OpenAIWriter(
            args.model, base_url=args.openai_base_url, api_key_env=args.api_key_env, timeout=args.timeout
        )
    except (ImportError, ValueError) as error:
        raise UsageError(str(error)) from None


def _cmd_export(args: argparse.Namespace) -> int:
    """``profiles export``: the prompts (and the Batch API file) for the tools without a current profile."""
    from dataclasses import replace

    from toolfilter_core._embedders import get_embedder
    from toolfilter_core._tool_defs import read_tools_file
    from toolfilter_core._tool_profiles.exchange import export_prompts
    from toolfilter_core._tool_profiles.prompt import build_prompts
    from toolfilter_core._tool_profiles.sidecar import is_current, read_profiles

    settings = _settings(args)
    tools = read_tools_file(args.tools)
    only = mentions = None
    near_misses: tuple[str, ...] = ()
    why = ""
    if args.profiles:
        given = read_profiles(args.profiles)
        current, near_misses = given.tools, given.no_tool
        only = [t.name for t in tools if not is_current(current.get(t.name), t)]
        # a current profile without mentions is asked for its mentions alone (laid over it by the import's --into)
        redo = set(only)
        mentions = [*only, *(t.name for t in tools if t.name not in redo and not current[t.name].mentions)]
        why = _destructive_since(tools, current)
    config = config_of(args)
    embedder = get_embedder(args.embedder or config.embedder)
    prompts = build_prompts(tools, embedder, settings, only=only, no_tool=not near_misses, mentions=mentions)
    if os.path.isfile(args.tools):  # named in the import's hints (not standard input)
        prompts = [replace(p, tools_file=os.path.abspath(args.tools)) for p in prompts]
    existed = [p for p in (args.out, args.batch) if p and os.path.isfile(p)]
    export_prompts(prompts, args.out, batch=args.batch, model=args.model)
    for path in existed:  # written over as every --out is, but said: answers may have been written for it
        print(f"toolfilter profiles export: warning: {path} existed and was replaced", file=sys.stderr)
    targets = sum(len(p.targets) for p in prompts if p.kind == "tools")
    mentioned = sum(len(p.targets) for p in prompts if p.kind == "mentions")
    print(
        f"wrote {counted(len(prompts), 'prompt')} for {counted(targets, 'tool')} to {args.out}"
        + (f" and the Batch API file {args.batch}" if args.batch else "")
        + (f" ({_have_current(len(tools) - targets)}{why})" if only is not None else "")
        + (f"; mentions asked for {counted(mentioned, 'destructive tool')}" if mentioned else "")
    )
    return 0


def _have_current(count: int) -> str:
    """``1 tool already has a current profile``, ``3 tools already have ...``."""
    return f"{counted(count, 'tool')} already {'has' if count == 1 else 'have'} a current profile"


def _destructive_since(tools: Any, current: Any) -> str:
    """``; asked again: 1 marked destructive since its profile was written: NAME`` (and the reverse), or ``""``.

    Only tools whose profile is otherwise current: one written for another version is asked again for that.
    """
    from toolfilter_core._tool_profiles.coverage import few
    from toolfilter_core._tool_profiles.sidecar import destructive_change

    turned: dict[str, list[str]] = {"now": [], "no longer": []}
    for tool in tools:
        profile = current.get(tool.name)
        if profile is not None and profile.written_for(tool) and (change := destructive_change(profile, tool)):
            turned[change].append(tool.name)
    said = [
        f"; asked again: {len(names)} {'marked' if change == 'now' else 'no longer'} destructive since its "
        f"profile was written: {few(names)}"
        for change, names in turned.items()
        if names
    ]
    return "".join(said)
