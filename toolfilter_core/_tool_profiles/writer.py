"""``write_profiles``: ask a model for the profiles of a registry's tools, at index time.

The writer is any model the user has, behind one small protocol (``ProfileWriter``):
``complete(messages)`` returns the model's text for a system and a user message. Adapters
in this package wrap a plain callable and an OpenAI-compatible endpoint; the LangChain and
LlamaIndex packages wrap their chat models. Prompts run on a bounded thread pool; a failed
or malformed answer is retried, then its tools are skipped with a warning: a writer failure
never fails indexing or selection.
"""

from __future__ import annotations

import functools
import inspect
import logging
import os
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .._caller import warn_at_caller
from .._embedders import Embedder, get_embedder
from .._exceptions import ConfigError, ToolFilterError, ToolFilterWarning
from .._keywords import checked_keywords
from .._progress import StageProgress
from .._types import ToolSpec
from .calls import DaemonPool
from .exchange import collect
from .prompt import AnswerError, ProfilePrompt, PromptSettings, build_prompts, parse_answer
from .sidecar import Profiles, attach_profiles, is_current, stored_profiles

if TYPE_CHECKING:
    from ..index._tool_index import ToolIndex

__all__ = ["CallableWriter", "OpenAIWriter", "ProfileWriter", "WriteReport", "as_writer", "profiled", "write_profiles"]

logger = logging.getLogger("toolfilter")

Messages = Sequence[Mapping[str, str]]


@runtime_checkable
class ProfileWriter(Protocol):
    """A model that answers the profile writer's prompts."""

    name: str
    """Kept with every profile it writes (``ToolProfile.writer``)."""

    def complete(self, messages: Messages) -> str | tuple[str, int]:
        """The model's answer to a system and a user message (and, if known, the tokens used)."""
        ...


@checked_keywords
class CallableWriter:
    """A Python callable as a writer: ``fn(messages) -> str`` (an awaitable is awaited)."""

    def __init__(self, fn: Callable[[Messages], Any], name: str = "") -> None:
        """Wrap ``fn``; ``name`` defaults to the callable's own name."""
        self.fn = fn
        self.name = name or getattr(fn, "__name__", type(fn).__name__)

    def complete(self, messages: Messages) -> str | tuple[str, int]:
        """Call ``fn``; run it to completion if it returns a coroutine."""
        result = self.fn(messages)
        if inspect.isawaitable(result):
            import asyncio

            async def wait() -> Any:
                return await result

            result = asyncio.run(wait())
        if isinstance(result, tuple):
            return str(result[0]), int(result[1])
        return str(result)


@checked_keywords
class OpenAIWriter:
    """An OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, LM Studio) as a writer.

    Needs the ``openai`` package (``pip install '.[openai]'`` in toolfilter's clone). The key comes from
    the environment, never from a file: ``api_key_env`` names the variable.
    """

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key_env: str = "OPENAI_API_KEY",
        timeout: float = 120.0,
        temperature: float | None = 0.7,
        json_mode: bool = True,
    ) -> None:
        """Make the client (nothing is sent until ``complete``)."""
        try:
            import openai
        except ImportError:
            msg = (
                "OpenAIWriter needs the package 'openai'; install the extra 'openai': "
                "pip install '.[openai]' in toolfilter's clone"
            )
            raise ImportError(msg) from None
        key = os.environ.get(api_key_env) or ("not-needed" if base_url else None)
        if key is None:
            msg = (
                f"OpenAIWriter: the environment variable {api_key_env} holds no API key and base_url is not given: "
                f"set {api_key_env}, give base_url a local OpenAI-compatible server (no key needed), or write the "
                "profiles offline (export_prompts, then import_answers: docs/profiles.md)"
            )
            raise ValueError(msg)
        self.client = openai.OpenAI(base_url=base_url, api_key=key, timeout=timeout, max_retries=0)
        self.model = model
        self.name = model
        self.temperature = temperature
        self.json_mode = json_mode

    def complete(self, messages: Messages) -> tuple[str, int]:
        """One chat completion; its text and total tokens."""
        extra: dict[str, Any] = {}
        if self.json_mode:
            extra["response_format"] = {"type": "json_object"}
        if self.temperature is not None:
            extra["temperature"] = self.temperature
        # the roles are plain strings here: openai's typed message dicts cannot be told apart by them
        chat: list[Any] = [{"role": m["role"], "content": m["content"]} for m in messages]
        import openai

        try:
            response = self.client.chat.completions.create(model=self.model, messages=chat, **extra)
        except openai.APITimeoutError:  # a slow answer is this prompt's failure (APIConnectionError's subclass)
            raise
        except openai.APIConnectionError as error:  # no prompt will get an answer: say where, once
            raise WriterUnreachableError(f"cannot reach the writer at {self.client.base_url} ({error})") from None
        usage = getattr(response, "usage", None)
        return response.choices[0].message.content or "", int(getattr(usage, "total_tokens", 0) or 0)


class WriterUnreachableError(ConnectionError):
    """The writer's endpoint cannot be reached: no prompt of the run is sent again."""


@dataclass
class WriteReport:
    """What a ``write_profiles`` run did."""

    tools: int = 0
    """Tools that got a new profile."""
    kept: int = 0
    """Tools whose current profile was kept (their definition did not change)."""
    calls: int = 0
    failures: int = 0
    """Calls that raised, timed out or answered in the wrong shape."""
    tokens: int = 0
    """Tokens the writer reported (0 when it reports none)."""
    seconds: float = 0.0
    skipped: list[str] = field(default_factory=list)
    """Tools left without a profile after every retry."""
    problems: list[str] = field(default_factory=list)
    unreachable: str = ""
    """Why the writer's endpoint could not be reached, when it could not (no call was answered)."""

    def summary(self) -> str:
        """One line for a person."""
        text = (
            f"profiles: {self.tools} written, {self.kept} kept, {self.calls} calls ({self.failures} failed), "
            f"{self.tokens:,} tokens, {self.seconds:.1f} s"
        )
        if self.skipped:
            text += f"; no profile for {len(self.skipped)}: {', '.join(self.skipped[:5])}"
        return text


def needs_profile(tools: Sequence[ToolSpec], current: Profiles | None) -> list[str]:
    """The tools without a profile written for their current definition (destructive or not as it is now)."""
    have = current.tools if current is not None else {}
    return [t.name for t in tools if not is_current(have.get(t.name), t)]


def as_writer(writer: ProfileWriter | Callable[[Messages], Any]) -> ProfileWriter:
    """``writer`` as a ``ProfileWriter`` (a callable is wrapped in ``CallableWriter``).

    Raises:
        ConfigError: neither a ``ProfileWriter`` nor a callable.
    """
    if isinstance(writer, ProfileWriter):
        return writer
    if callable(writer):
        return CallableWriter(writer)
    msg = (
        f"profile_writer is {type(writer).__name__} {str(writer)[:60]!r}; expected a ProfileWriter "
        "(name, complete(messages)), a callable(messages) -> str, or a LangChain / LlamaIndex model through its adapter"
    )
    raise ConfigError(msg)


def write_profiles(
    tools: Sequence[ToolSpec],
    writer: ProfileWriter | Callable[[Messages], Any],
    *,
    current: Profiles | None = None,
    settings: PromptSettings | None = None,
    embedder: Embedder | str | None = None,
    concurrency: int = 4,
    retries: int = 2,
    timeout: float | None = 300.0,
    progress: bool = False,
) -> tuple[Profiles, WriteReport]:
    """Ask ``writer`` for the profiles of the tools that lack a current one.

    Args:
        tools: The registry.
        writer: The model (``ProfileWriter``, or a callable taking the messages).
        current: Profiles written before: a tool whose definition did not change keeps its
            own, and is not sent to the model again. The registry's near-miss requests are
            asked for again only when some tool is written.
        settings: What the prompts ask for (languages, counts, batch size).
        embedder: Finds each tool's closest neighbours (default: the default embedder).
        concurrency: Prompts in flight at once.
        retries: Further tries of a prompt whose call failed or whose answer was malformed;
            targets a usable answer left out are asked for once more in a prompt of their own.
        timeout: Seconds to wait for one answer (None: no limit).
        progress: One progress line per answered prompt.

    Returns:
        The profiles (``current`` with the new ones laid over) and a report. Tools left
        without a profile are named in one ``ToolFilterWarning``.
    """
    started = time.perf_counter()
    model = as_writer(writer)
    settings = settings or PromptSettings()
    if embedder is None or isinstance(embedder, str):
        embedder = get_embedder(embedder or "default")
    report = WriteReport()
    todo = needs_profile(tools, current)
    report.kept = len(tools) - len(todo)
    base = current or Profiles()
    if not todo:
        report.seconds = time.perf_counter() - started
        return base, report
    ask = functools.partial(
        _answer_all, model, report=report, concurrency=concurrency, retries=retries, timeout=timeout
    )
    written = _written(model.name, tools, todo, embedder, settings, ask, no_tool=not base.no_tool, progress=progress)
    report.tools = len(written.tools)
    report.skipped = [n for n in todo if n not in written.tools]
    if report.skipped:
        why = f" ({report.unreachable})" if report.unreachable else ""
        warn_at_caller(
            f"toolfilter: the profile writer {model.name!r} gave no usable profile for {len(report.skipped)} "
            f"tool(s){why}: {', '.join(report.skipped[:10])}{' ...' if len(report.skipped) > 10 else ''}; they "
            "are selected by their own words",
            ToolFilterWarning,
        )
    report.seconds = time.perf_counter() - started
    return base.merged(written), report


def _written(
    name: str,
    tools: Sequence[ToolSpec],
    todo: Sequence[str],
    embedder: Embedder,
    settings: PromptSettings,
    ask: Callable[..., dict[str, str]],
    *,
    no_tool: bool,
    progress: bool,
) -> Profiles:
    """The profiles the model wrote for ``todo``; targets a usable answer left out are asked for once more.

    ``ask(prompts, progress=...)``: the answers by prompt id.
    """
    prompts = build_prompts(tools, embedder, settings, only=todo, no_tool=no_tool)
    answers = ask(prompts, progress=progress)
    written, imported = collect(prompts, answers, writer=name)
    # targets a usable answer left out; a prompt that never got one had its retries already
    unanswered = {target for p in prompts if p.id not in answers for target in p.targets}
    missing = [n for n in imported.missing if n not in written.tools and n not in unanswered]
    if missing:  # one more prompt for targets a usable answer left out
        again = build_prompts(tools, embedder, settings, only=missing, no_tool=False)
        more, _ = collect(again, ask(again, progress=False), writer=name)
        written = written.merged(Profiles(more.tools, written.no_tool))
    return written


def write_at_index(
    index: ToolIndex,
    tools: Sequence[ToolSpec],
    writer: ProfileWriter | Callable[[Messages], Any],
    given: Profiles | None,
    *,
    progress: bool,
) -> tuple[Profiles | None, WriteReport | None]:
    """``ToolFilter``'s writer step: profiles for the tools without a current one.

    The store's profiles and ``given`` count as current. A writer failure is a warning, and
    the profiles at hand are kept: it never fails indexing.
    """
    try:
        index.load(force=True)
        stored = Profiles.of_tools(index.tools, index.no_tool_texts)
    except ToolFilterError:
        stored = Profiles()
    current = stored.merged(given) if given is not None else stored
    try:
        return write_profiles(tools, writer, current=current, embedder=index.embedder, progress=progress)
    except Exception as error:  # a writer failure never fails indexing
        logger.warning("toolfilter: the profile writer failed (%s); indexing with the profiles at hand", error)
        warn_at_caller(f"toolfilter: the profile writer failed: {error}", ToolFilterWarning)
        return current, None


def profiled(
    index: ToolIndex,
    tools: list[ToolSpec],
    writer: ProfileWriter | Callable[[Messages], Any] | None,
    given: Profiles | None,
    progress: bool,
    first: bool,
) -> tuple[list[ToolSpec], Profiles | None, WriteReport | None]:
    """The tools with their profiles, written first by ``writer`` where a tool has none current.

    ``first``: the registry's first indexing (a profile for a tool it lacks is said then).
    Without a writer and without ``given``, a persistent store's own profiles (those still
    current) are kept: re-indexing the same tools never drops what was written for them.
    Returns the tools, the profiles in force and the writer's report (None: no writer ran).
    """
    report = None
    if tools and writer is not None:
        given, report = write_at_index(index, tools, writer, given, progress=progress)
    elif given is None and tools and getattr(index.store, "persistent", False):
        stored = stored_profiles(index)  # the store's own: indexing the same tools again keeps them
        return attach_profiles(tools, stored, warn_unknown=False), stored if len(stored) else None, None
    return attach_profiles(tools, given, warn_unknown=first), given, report


def _answer_all(
    model: ProfileWriter,
    prompts: Sequence[ProfilePrompt],
    report: WriteReport,
    concurrency: int,
    retries: int,
    timeout: float | None,
    progress: bool,
) -> dict[str, str]:
    """Each prompt's first well-formed answer, by prompt id (prompts that never got one are absent)."""
    answers: dict[str, str] = {}
    # Daemon workers, never waited for: a writer that hangs past ``timeout`` holds neither the
    # caller nor, at exit, the process. Calls given up on finish (or hang) on their own
    # threads; queued ones are cancelled.
    pool = DaemonPool(max(1, concurrency), "toolfilter-profiles")
    try:
        with StageProgress(len(prompts), "writing profiles", unit="prompt", enabled=progress) as bar:
            _attempts(model, prompts, pool, bar, answers, report, retries, timeout, max(1, concurrency))
    finally:
        pool.shutdown()
    return answers


def _attempts(
    model: ProfileWriter,
    prompts: Sequence[ProfilePrompt],
    pool: DaemonPool,
    bar: StageProgress,
    answers: dict[str, str],
    report: WriteReport,
    retries: int,
    timeout: float | None,
    concurrency: int,
) -> None:
    """Send the prompts without an answer yet, 1 + ``retries`` times, keeping well-formed answers.

    A round waits ``timeout`` per prompt a worker has to take in turn (the prompts over the
    workers), not ``timeout`` per prompt one after the other; after a round with a call that
    timed out (workers that may hang), nothing is sent again.
    """
    pending = {p.id: p for p in prompts}
    for _attempt in range(1 + max(0, retries)):
        futures = {pid: pool.submit(model.complete, p.messages) for pid, p in pending.items()}
        turns = -(-len(futures) // concurrency)
        deadline = None if timeout is None else time.monotonic() + timeout * turns
        stuck = False
        for pid, future in futures.items():
            report.calls += 1
            prompt = pending[pid]
            try:
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                result = future.result(timeout=left)
                text, tokens = result if isinstance(result, tuple) else (result, 0)
                report.tokens += int(tokens)
                parse_answer(prompt, text)  # the shape asked for, or retry
            except FutureTimeout:
                future.cancel()  # a call still queued behind calls that hang is not made at all
                stuck = True
                report.failures += 1
                report.problems.append(f"{pid}: no answer within {timeout} s")
                continue
            except AnswerError as error:
                report.failures += 1
                report.problems.append(f"{pid}: {error}")
                continue
            except WriterUnreachableError as error:  # every other call would fail alike: said once
                report.failures += 1
                report.problems.append(str(error))
                report.unreachable = str(error)
                for other in futures.values():
                    other.cancel()
                return
            except Exception as error:  # the model's failure is the writer's to report, not to raise
                report.failures += 1
                report.problems.append(f"{pid}: {type(error).__name__}: {error}"[:300])
                continue
            answers[pid] = text
            bar.update(1)
        pending = {pid: p for pid, p in pending.items() if pid not in answers}
        if stuck:
            break
        if not pending:
            break
