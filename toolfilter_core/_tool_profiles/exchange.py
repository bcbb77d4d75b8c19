"""The offline path: prompts out to a file, a model's answers back in as ``Profiles``.

``export_prompts`` writes one prompt a line (``ProfilePrompt.to_dict``) and, if asked, an
OpenAI Batch API input file (``custom_id`` is the prompt's id). ``import_answers`` reads
answers as ``{"id": ..., "answer": "<text or object>"}`` lines (or one JSON array of them),
or the Batch API's output lines, checks each against its prompt, and returns the profiles
with a report that names the file and line of each answer it could not use.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from .._exceptions import ToolSpecError
from .._files import counted, excerpt, json_lines_file, json_rows_file
from .._policy import close_names
from .._types import ToolProfile
from .prompt import AnswerError, ProfilePrompt, parse_answer
from .sidecar import Profiles

__all__ = ["ImportReport", "collect", "export_prompts", "import_answers", "read_answers", "read_prompts"]


class OfflinePrompt(Protocol):
    """What the offline path needs of a prompt: a profile's or the doctor's rewrite prompt."""

    @property
    def id(self) -> str:
        """The prompt's id: its answer names it."""
        ...

    @property
    def messages(self) -> tuple[Mapping[str, str], ...]:
        """The system and user messages."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """One line of the prompts file."""
        ...


@dataclass
class ImportReport:
    """What an import made of the answers."""

    prompts: int = 0
    answered: int = 0
    tools: int = 0
    """Tools that got a profile."""
    missing: list[str] = field(default_factory=list)
    """Targets no usable answer covered."""
    problems: list[str] = field(default_factory=list)
    """One line per prompt whose answer was unusable (or absent): the answer's file and line, and why."""
    notes: list[str] = field(default_factory=list)
    """Answers not used that cost no tool its profile: a second answer to a prompt (the last one is used)."""
    languages: tuple[str, ...] = ()
    """The languages the prompts asked in (empty: a prompts file that does not record them)."""
    tools_file: str = ""
    """The tools file the prompts were exported from (empty: a prompts file that does not record one)."""
    unmentioned: list[str] = field(default_factory=list)
    """Destructive tools asked for mentions that no usable answer gave (their profiles stand without)."""
    short: list[tuple[str, int, int]] = field(default_factory=list)
    """Tools profiled with fewer distinct requests than their prompt asked for: ``(name, got, asked)``."""

    def summary(self) -> str:
        """One line for a person."""
        text = f"{self.answered} of {counted(self.prompts, 'prompt')} answered, {counted(self.tools, 'tool')} profiled"
        if self.missing:
            shown = ", ".join(self.missing[:5]) + (" ..." if len(self.missing) > 5 else "")
            text += f", {len(self.missing)} without a profile ({shown})"
        return text

    def short_line(self) -> str | None:
        """One line naming the tools that got fewer requests than their prompt asked (``got/asked``), or None."""
        if not self.short:
            return None
        shown = ", ".join(f"{name} {got}/{asked}" for name, got, asked in self.short[:8])
        more = f" and {len(self.short) - 8} more" if len(self.short) > 8 else ""
        many = len(self.short) > 1
        them = "them" if many else "it"
        return (
            f"{counted(len(self.short), 'tool')} got fewer requests than {'their prompts' if many else 'its prompt'} "
            f"asked: {shown}{more} (got/asked); write more for {them} in the answers and import again, or accept "
            f"{them}: fewer requests still profile a tool, with less to match"
        )

    def nothing_to_write(self) -> str | None:
        """Why these answers make no profiles file worth writing (an existing one is kept), or None.

        The one rule ``profiles import`` writes by: no tool profiled (nothing answered, or
        answers that name no prompt or no tool of their prompt) writes nothing.
        """
        if self.tools:
            return None
        why = "no prompt answered" if not self.answered else "no answer profiled a tool"
        return f"{why}: nothing written (see the lines above for each answer that could not be used)"


def batch_request(prompt: OfflinePrompt, model: str) -> dict[str, Any]:
    """One line of an OpenAI Batch API input file for ``prompt``."""
    return {
        "custom_id": prompt.id,
        "method": "POST",
        "url": "/v1/chat/completions",
        "body": {
            "model": model,
            "messages": [dict(m) for m in prompt.messages],
            "response_format": {"type": "json_object"},
        },
    }


def export_prompts(
    prompts: Sequence[OfflinePrompt], path: str | Path, *, batch: str | Path | None = None, model: str = "MODEL"
) -> None:
    """Write the prompts (JSON Lines), and the Batch API input file if ``batch`` is given."""
    Path(path).write_text("".join(json.dumps(p.to_dict(), ensure_ascii=False) + "\n" for p in prompts), "utf-8")
    if batch is not None:
        lines = (json.dumps(batch_request(p, model), ensure_ascii=False) + "\n" for p in prompts)
        Path(batch).write_text("".join(lines), "utf-8")


_SWAPPED = (
    "this looks like {this} file, not {other}: are the two swapped? "
    "(--prompts takes the file profiles export wrote, --answers the model's answers)"
)


def _rows(path: str | Path, what: str) -> list[tuple[int, Any]]:
    return json_lines_file(path, what, ToolSpecError)


def read_prompts(path: str | Path) -> list[ProfilePrompt]:
    """Read an exported prompts file.

    Raises:
        ToolSpecError: unreadable, bad JSON, or a line that is not a prompt (file and line named).
    """
    out = []
    for number, row in _rows(path, "prompts"):
        if _answer_of(row) is not None and "messages" not in row:
            msg = f"prompts file {str(path)!r}: line {number}: {_SWAPPED.format(this='an answers', other='prompts')}"
            raise ToolSpecError(msg)
        try:
            out.append(ProfilePrompt.from_dict(row if isinstance(row, Mapping) else {}))
        except ValueError as error:
            msg = f"prompts file {str(path)!r}: line {number}: {error}"
            raise ToolSpecError(msg) from None
    return out


def _answer_of(row: Any) -> tuple[str, Any] | None:
    """(prompt id, answer) from a simple line or a Batch API output line; None if neither."""
    if not isinstance(row, Mapping):
        return None
    if "id" in row and "answer" in row:
        return str(row["id"]), row["answer"]
    if "custom_id" in row:
        try:
            body = row["response"]["body"]
            return str(row["custom_id"]), body["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError):
            return str(row["custom_id"]), None
    return None


def collect(
    prompts: Sequence[ProfilePrompt],
    answers: Mapping[str, Any],
    *,
    writer: str,
    where: Mapping[str, str] | None = None,
) -> tuple[Profiles, ImportReport]:
    """Profiles from answers by prompt id, each checked against its prompt.

    ``where``: per prompt id, where its answer is (``answers.jsonl line 3``), said with each
    answer that cannot be used.
    """
    report = ImportReport(prompts=len(prompts), languages=next((p.languages for p in prompts if p.languages), ()))
    report.tools_file = next((p.tools_file for p in prompts if p.tools_file), "")
    tools: dict[str, ToolProfile] = {}
    no_tool: list[str] = []
    ids = [p.id for p in prompts]
    at = functools.partial(_at, where or {})
    known = _registry(prompts)
    mentioned: dict[str, tuple[ProfilePrompt, tuple[str, ...]]] = {}
    for unknown in (a for a in answers if a not in set(ids)):
        close = _did_you_mean(unknown, ids)
        report.problems.append(f"{at(unknown)}answer id {unknown!r} matches no prompt{close}; ignored")
    for prompt in prompts:
        answer = answers.get(prompt.id)
        if answer is None:
            report.problems.append(f"{at(prompt.id)}{prompt.id}: no answer")  # at: a failed Batch API line
            (report.unmentioned if prompt.kind == "mentions" else report.missing).extend(prompt.targets)
            continue
        try:
            parsed = parse_answer(prompt, answer)
        except AnswerError as error:
            shown = "" if "(starts " in str(error) else f" (the answer: {excerpt(answer, 60)})"
            report.problems.append(f"{at(prompt.id)}{prompt.id}: {error}{shown}")
            (report.unmentioned if prompt.kind == "mentions" else report.missing).extend(prompt.targets)
            continue
        report.answered += 1
        if prompt.kind == "no_tool":
            no_tool.extend(parsed["no_tool"])
            continue
        if prompt.kind == "mentions":
            mentioned.update(_mentioned(prompt, parsed, report, at(prompt.id)))
            continue
        tools.update(_profiled(prompt, parsed["tools"], known, report, at(prompt.id), writer))
        report.missing.extend(parsed["missing"])
        for name in parsed["ignored"]:
            close = _did_you_mean(name, list(prompt.targets))
            said = f"tool {name!r} is not one this prompt asked about{close}; ignored"
            report.problems.append(f"{at(prompt.id)}{prompt.id}: {said}")
    tools.update(_with_mentions(tools, mentioned, writer))
    report.tools = len(tools)
    return Profiles(tools, tuple(dict.fromkeys(no_tool))), report


def _mentioned(
    prompt: ProfilePrompt, parsed: Mapping[str, Any], report: ImportReport, at: str
) -> dict[str, tuple[ProfilePrompt, tuple[str, ...]]]:
    """A ``mentions`` answer's mentions by tool, with their prompt; what it left out said in ``report``."""
    report.unmentioned.extend(parsed["missing"])
    for name in parsed["ignored"]:
        close = _did_you_mean(name, list(prompt.targets))
        report.problems.append(f"{at}{prompt.id}: tool {name!r} is not one this prompt asked about{close}; ignored")
    for name in parsed["not_destructive"]:
        report.notes.append(
            f"{at}{prompt.id}: mentions for {name!r}, which the prompt does not mark destructive, ignored "
            "(mentions serve destructive tools only)"
        )
    return {name: (prompt, tuple(texts)) for name, texts in parsed["mentions"].items()}


def _with_mentions(
    tools: Mapping[str, ToolProfile], mentioned: Mapping[str, tuple[ProfilePrompt, tuple[str, ...]]], writer: str
) -> dict[str, ToolProfile]:
    """The profiles that get mentions: those written here with them, else rows of mentions alone.

    A row of mentions alone (no requests) is laid over an existing row by ``Profiles.merged``, which keeps
    that row's requests and destroy requests.
    """
    out = {}
    for name, (prompt, texts) in mentioned.items():
        if name in tools:
            out[name] = replace(tools[name], mentions=texts)
            continue
        out[name] = ToolProfile(
            mentions=texts,
            tool_hash=prompt.targets[name],
            params_hash=prompt.params.get(name, ""),
            parameters=tuple(prompt.parameters.get(name, ())),
            writer=writer,
            prompt_version=prompt.prompt_version,
            destructive=True,
        )
    return out


def _profiled(
    prompt: ProfilePrompt,
    answered: Mapping[str, Mapping[str, Any]],
    known: Sequence[str],
    report: ImportReport,
    at: str,
    writer: str,
) -> dict[str, ToolProfile]:
    """The profiles of a ``tools`` prompt's answered targets; a target whose ``same_job_as`` is bad is refused."""
    out = {}
    asked = prompt.counts.get("requests", 0)
    for name, texts in answered.items():
        try:
            same = _same_job_as(name, texts.get("same_job_as"), known, str(texts.get("field") or "same_job_as"))
        except AnswerError as error:
            report.problems.append(f"{at}{prompt.id}: {error}")
            report.missing.append(name)
            continue
        if len(texts["requests"]) < asked:
            report.short.append((name, len(texts["requests"]), asked))
        out[name] = ToolProfile(
            tuple(texts["requests"]),
            tuple(texts["destroy"]),
            tool_hash=prompt.targets[name],
            params_hash=prompt.params.get(name, ""),
            parameters=tuple(prompt.parameters.get(name, ())),
            writer=writer,
            prompt_version=prompt.prompt_version,
            destructive=name in prompt.destructive,
            same_job_as=same,
        )
    return out


def _registry(prompts: Sequence[ProfilePrompt]) -> list[str]:
    """The tool names the prompts know: every target, and every tool a prompt shows (its neighbours)."""
    names = [name for p in prompts for name in p.targets]
    names += [tool.name for p in prompts if p.kind != "no_tool" for tool in p.shown_tools()]
    return list(dict.fromkeys(names))


def _same_job_as(name: str, value: Any, known: Sequence[str], field: str = "same_job_as") -> tuple[str, ...]:
    """A target's ``same_job_as`` as answered: the tools it names, each one the prompts file knows (None: none).

    ``field``: where the answer holds it (``tools.3.same_job_as``).

    Raises:
        AnswerError: not a list of names, the target itself, or a name no prompt of the prompts file knows (with
            "did you mean"): the target is refused, not a name dropped.
    """
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        msg = f"tool {name!r}: field {field!r} is {excerpt(value, 60)}; expected a list of tool names"
        raise AnswerError(f"{msg}; {name} not profiled")
    for number, other in enumerate(value):
        said = f"tool {name!r}: field '{field}.{number}'"
        if other == name:
            raise AnswerError(f"{said} names the tool itself; {name} not profiled")
        if other not in known:
            close = _did_you_mean(other, known)
            raise AnswerError(
                f"{said} names {other!r}, a tool the prompts file does not know (its targets and the tools its "
                f"prompts show){close}; {name} not profiled"
            )
    return tuple(dict.fromkeys(value))


def _at(where: Mapping[str, str], key: str) -> str:
    """``answers.jsonl line 3: `` for the answer to prompt ``key``, or ``""`` when not known."""
    return f"{where[key]}: " if key in where else ""


def import_answers(
    prompts: str | Path | Sequence[ProfilePrompt], answers: str | Path, *, writer: str = "unknown"
) -> tuple[Profiles, ImportReport]:
    """Read a model's answers to exported prompts.

    Args:
        prompts: The exported prompts file (or the prompts).
        answers: JSON Lines of ``{"id", "answer"}`` or OpenAI Batch API output lines.
        writer: Who answered (a model's name), kept with each profile.

    Raises:
        ToolSpecError: a file cannot be read, or a line is neither kind of answer.
    """
    if isinstance(prompts, str | Path):
        prompts = read_prompts(prompts)
    by_id, where, notes = _answers_by_id(answer_rows(answers))
    profiles, report = collect(prompts, by_id, writer=writer, where=where)
    report.notes = notes
    return profiles, report


def _answers_by_id(rows: Sequence[tuple[str, str, Any]]) -> tuple[dict[str, Any], dict[str, str], list[str]]:
    """Per prompt id its answer and where it is, and a note on each second answer to a prompt.

    The last answer is used, except that a failed one (a Batch API line with no answer) never
    replaces a real one.
    """
    by_id: dict[str, Any] = {}
    where: dict[str, str] = {}
    notes = []
    for place, key, answer in rows:
        if key in where and answer is None and by_id[key] is not None:
            notes.append(f"{place}: a failed answer to {key} (no answer); the answer at {where[key]} is used")
            continue
        if key in where:
            notes.append(f"{place}: a second answer to {key} (the first: {where[key]}); the last one is used")
        by_id[key], where[key] = answer, place
    return by_id, where, notes


def _did_you_mean(name: str, known: Sequence[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``known``, or ``""``."""
    close = close_names(name, known, n=1, cutoff=0.8)  # a typo or a word swap, not a kin name
    return f" (did you mean {close[0]!r}?)" if close else ""


ANSWERS_FORMATS = (
    'an answers file is JSON Lines, one {"id": PROMPT_ID, "answer": TEXT} a line (or OpenAI Batch API '
    "output lines), or one JSON array of the same objects"
)
"""What an answers file may be, said when one cannot be read."""


def answer_rows(answers: str | Path) -> list[tuple[str, str, Any]]:
    """Each answer in the file: where it is (``answers.jsonl line 3``), its prompt id and the answer.

    The file holds ``{"id", "answer"}`` lines, OpenAI Batch API output lines, or one JSON
    array of the same objects (a model asked for JSON Lines often writes one).

    Raises:
        ToolSpecError: the file cannot be read, or a row is neither kind of answer.
    """
    out = []
    for place, row in json_rows_file(answers, "answers", ToolSpecError, ANSWERS_FORMATS):
        found = _answer_of(row)
        if found is None and isinstance(row, Mapping) and "kind" in row and "messages" in row:
            msg = f"answers file {str(answers)!r}: {place}: {_SWAPPED.format(this='a prompts', other='answers')}"
            raise ToolSpecError(msg)
        if found is None:
            msg = (
                f"answers file {str(answers)!r}: {place}: expected "
                '{"id": PROMPT_ID, "answer": TEXT} or an OpenAI Batch API output line, '
                f"got {excerpt(row, 60)}"
            )
            raise ToolSpecError(msg)
        out.append((f"{answers} {place}", found[0], found[1]))
    return out


def read_answers(answers: str | Path) -> dict[str, Any]:
    """A model's answers by prompt id (``answer_rows``; a prompt answered twice: the last real answer).

    Raises:
        ToolSpecError: the file cannot be read, or a row is neither kind of answer.
    """
    return _answers_by_id(answer_rows(answers))[0]
