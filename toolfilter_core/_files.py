"""Reading the files users give: text, JSON, JSON Lines and YAML, each refused cleanly.

Every reader here turns what the standard parsers do with hostile input (``RecursionError``
on deep nesting, ``UnicodeDecodeError`` on Latin-1, ``ValueError`` on a 5,000-digit
integer, hundreds of megabytes from a YAML alias bomb) into the caller's error class, with
the file, the 1-based line and, where there is one, the field. ``excerpt`` is the one way
error messages show a value: short, and bounded in time and memory whatever the value is.
"""

from __future__ import annotations

import csv
import json
import re
import reprlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import yaml

__all__ = [
    "counted",
    "first_few",
    "MAX_FILE_BYTES",
    "FileProblem",
    "csv_problem",
    "excerpt",
    "one_line",
    "json_lines",
    "json_lines_file",
    "json_rows_file",
    "parse_json",
    "parse_yaml",
    "read_file_text",
    "read_text",
    "scan_json",
    "shorten",
]

MAX_FILE_BYTES = 256 * 2**20
"""The largest tools file, config, query file or call log read (a 50,000-tool registry is about 60 MB)."""
MAX_FILE_NESTING = 128
"""Deepest nesting of objects and arrays in a file (the registry's limit for schemas too)."""
MAX_NUMBER_DIGITS = 4000
"""Longest integer literal (Python refuses to read more than 4,300 digits by default)."""
MAX_YAML_NODES = 100_000
"""Most values a YAML document may stand for once its aliases are expanded: a config needs a
few hundred; an alias bomb of 394 bytes stands for 387 million."""

EXCERPT_CHARS = 80

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser is 10x faster


class _Excerpt(reprlib.Repr):
    """``reprlib`` limits (few items, shallow) plus integers too long to print."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 4
        self.maxstring = self.maxother = EXCERPT_CHARS
        self.maxlong = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # repr() itself refuses past 4,300 digits
            return f"<an integer of about {int(x.bit_length() * 0.30103) + 1:,} digits>"
        return super().repr_int(x, level)

    def repr_instance(self, x: Any, level: int) -> str:
        try:
            return super().repr_instance(x, level)
        except Exception:
            return f"<{type(x).__name__}>"


_EXCERPT = _Excerpt()


def counted(number: int, noun: str) -> str:
    """``1 prompt``, ``3 prompts``: a count and its noun, singular for one."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def first_few(names: Sequence[str], shown: int) -> str:
    """``a, b, c +4 more``: the first ``shown`` of ``names``, and how many it leaves out."""
    more = len(names) - shown
    return ", ".join(names[:shown]) + (f" +{more} more" if more > 0 else "")


def excerpt(value: Any, limit: int = EXCERPT_CHARS) -> str:
    """A short ``repr`` of any value, for an error message: at most ``limit`` characters.

    Only the first few items of the first levels are looked at, so a value of any size
    (a YAML alias bomb stands for 387 million strings) costs microseconds.
    """
    try:
        shown = _EXCERPT.repr(value)
    except Exception:  # a hostile __repr__: say what it is
        shown = f"<{type(value).__name__}>"
    if len(shown) > limit:
        shown = shown[: limit - 3] + "..."
    return shown


_WORD_BACK = 20  # a cut moves back at most this far to end where a word does (a CJK run has no spaces)


def one_line(text: str, limit: int, *, mark: str = "...") -> str:
    """``text`` on one line (whitespace runs made one space), cut to ``limit`` characters ending in ``mark``."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else word_cut(flat, limit - len(mark)) + mark


def word_cut(text: str, limit: int) -> str:
    """``text``'s first ``limit`` characters at most, ending where a word ends when one ends nearby.

    A cut inside a word moves back to the white space before it, at most ``_WORD_BACK``
    characters; text without spaces there (Chinese, a long token) is cut on a character.
    """
    cut = text[:limit]
    if len(text) <= limit or text[limit].isspace():
        return cut.rstrip()
    space = max(cut.rfind(" "), cut.rfind("\n"), cut.rfind("\t"))
    return cut[:space].rstrip() if space >= max(len(cut) - _WORD_BACK, 1) else cut


def shorten(text: str, limit: int = EXCERPT_CHARS) -> str:
    """Text cut to ``limit`` characters, with ``...`` when cut (for text already in a message)."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


class FileProblem(Exception):
    """What is wrong with a file, and where.

    Raised by these readers; each caller re-raises it as its own error class
    (``ToolSpecError``, ``ConfigError``) with the file's name in front.
    """

    def __init__(self, message: str, line: int | None = None, field: str | None = None) -> None:
        """Keep the parts, so the caller can add the file's name in front."""
        super().__init__(message)
        self.message = message
        self.line = line
        self.field = field

    def where(self) -> str:
        """``line 3, field 'parameters.type': `` or empty."""
        parts = []
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.field:
            parts.append(f"field {shorten(self.field, 80)!r}")
        return (", ".join(parts) + ": ") if parts else ""


def read_text(path: Path) -> str:
    """The file as UTF-8 text (a UTF-8 byte-order mark is allowed).

    Raises:
        OSError: the file cannot be read (the caller words it).
        FileProblem: the file is over ``MAX_FILE_BYTES`` (``/dev/zero`` would fill the
            memory), or the bytes are not UTF-8; names the line and column of the first bad byte.
    """
    with path.open("rb") as stream:
        data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise FileProblem(f"is over {MAX_FILE_BYTES // 2**20} MB; at most that much is read (is it the right file?)")
    return decode_text(data)


def decode_text(data: bytes, *, cut: bool = False) -> str:
    """``data`` as UTF-8 text (a byte-order mark allowed), refused when binary or not UTF-8.

    ``cut``: ``data`` is the start of something longer, so a character cut at its end is
    dropped rather than refused.

    Raises:
        FileProblem: UTF-16, a binary file (named by ``binary_kind``), or bytes that are
            not UTF-8; names the line and column of the first bad byte.
    """
    if cut:
        data = data[: len(data) - _cut_tail(data)]
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise FileProblem("is UTF-16 text; save it as UTF-8", line=1)
    kind = binary_kind(data)
    if kind is not None:
        raise FileProblem(f"is a binary file ({kind}), not text; give a UTF-8 text file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        msg = (
            f"is not UTF-8 text (byte 0x{data[error.start]:02x} at column {column}); "
            "save it as UTF-8 (it looks like another encoding, such as Latin-1)"
        )
        raise FileProblem(msg, line=line) from None


def _cut_tail(data: bytes) -> int:
    """How many bytes at the end of ``data`` start a UTF-8 character they do not finish."""
    for back in range(1, min(4, len(data)) + 1):
        byte = data[-back]
        if byte & 0xC0 != 0x80:  # a lead byte (or ASCII): does it need more than it has?
            need = 2 if byte >= 0xC0 else 1
            need = 3 if byte >= 0xE0 else need
            need = 4 if byte >= 0xF0 else need
            return back if need > back else 0
    return 0


_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"%PDF-", "a PDF document"),
    (b"PK\x03\x04", "a ZIP archive, or an Office document"),
    (b"\x1f\x8b", "a gzip archive"),
    (b"\x7fELF", "a program"),
    (b"SQLite format 3\x00", "an SQLite database"),
)


def binary_kind(data: bytes) -> str | None:
    """What binary file ``data`` is ("a PNG image"), by its first bytes; None for anything else."""
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "a WebP image"
    return None


def _field(stack: list[list[Any]]) -> str | None:
    path = ".".join(str(frame[1]) for frame in stack if frame[1] is not None and frame[1] != -1)
    return path or None


_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"?|[{}\[\],]|-?[0-9][0-9.eE+-]*|[A-Za-z]+|\n')


def scan_json(text: str, first_line: int = 1) -> dict[tuple[Any, ...], list[int]]:
    """Check nesting depth and number sizes of JSON text in one pass, without recursion.

    Returns, per array (keyed by its path of keys and indices), the line each element
    starts on, so that a bad element found later can be named by its line.

    Raises:
        FileProblem: nested deeper than ``MAX_FILE_NESTING``, or an integer longer than
            ``MAX_NUMBER_DIGITS`` digits (with the line and the field path).
    """
    lines: dict[tuple[Any, ...], list[int]] = {}
    stack: list[list[Any]] = []  # per open container: [kind, current key or index]
    line = first_line
    expect_key = False
    for match in _TOKEN.finditer(text):
        token = match.group()
        c = token[0]
        if c == "\n":
            line += 1
            continue
        if c == ",":
            expect_key = bool(stack) and stack[-1][0] == "{"
            continue
        if c in "}]":
            if stack:
                stack.pop()
            expect_key = False
            continue
        if c == '"' and expect_key:
            try:
                stack[-1][1] = str(json.loads(token))
            except ValueError:
                stack[-1][1] = token[1:-1]
            expect_key = False
            continue
        if stack and stack[-1][0] == "[":  # a value starts inside an array
            stack[-1][1] += 1
            lines.setdefault(tuple(frame[1] for frame in stack[:-1]), []).append(line)
        if c in "{[":
            if len(stack) >= MAX_FILE_NESTING:
                msg = f"nested more than {MAX_FILE_NESTING} levels deep"
                raise FileProblem(msg, line=line, field=_field(stack))
            stack.append([c, None if c == "{" else -1])
            expect_key = c == "{"
        elif c == "-" or c.isdigit():
            digits = sum(1 for ch in token if ch.isdigit())
            if digits > MAX_NUMBER_DIGITS:
                msg = f"a number of {digits:,} digits; at most {MAX_NUMBER_DIGITS:,} are read"
                raise FileProblem(msg, line=line, field=_field(stack))
    return lines


def parse_json(text: str, first_line: int = 1) -> Any:
    """Parse JSON text; on the inputs ``json`` cannot take, say why and where.

    Raises:
        FileProblem: not JSON (with the line), nested too deep, or a number too long.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        said = f"{error.msg.removesuffix(' at')} at column {error.colno}"  # the line is the problem's
        raise FileProblem(f"not valid JSON: {said}", line=first_line + error.lineno - 1) from None
    except (RecursionError, ValueError):
        scan_json(text, first_line)  # names the cause, the line and the field
        raise FileProblem("not valid JSON (nested too deep or a number too long)", line=first_line) from None


def json_lines(text: str) -> Iterator[tuple[int, Any]]:
    """The rows of JSON Lines text with their 1-based line numbers; blank lines skipped.

    Lines end at a line feed only (a carriage return before it is dropped): U+2028, U+2029,
    U+0085 and form feeds are ordinary characters inside a JSON string, and
    ``json.dumps(..., ensure_ascii=False)`` writes them raw.

    Raises:
        FileProblem: a row that is not JSON, too deep, or holds a number too long.
    """
    start, number = 0, 0
    while start <= len(text):  # line by line, not split at once: a file of empty lines costs no list
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        number += 1
        line = text[start:end].removesuffix("\r")
        start = end + 1
        if line.strip():
            yield number, parse_json(line, first_line=number)


def parse_yaml(text: str) -> Any:
    """Parse YAML after checking depth, alias expansion and number sizes from its events.

    The check runs on the event stream (no recursion, no expansion), then PyYAML's safe
    loader builds the value.

    Raises:
        FileProblem: not YAML (with the line), nested too deep, aliases that stand for more
            than ``MAX_YAML_NODES`` values, or a number too long.
    """
    try:
        _scan_yaml(text)
        return yaml.load(text, Loader=_LOADER)  # noqa: S506 - a safe loader
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise FileProblem(f"not valid YAML: {excerpt(problem, 120)}", line=line) from None
    except (RecursionError, ValueError) as error:  # the scan should have caught these
        raise FileProblem(f"cannot be read: {type(error).__name__}") from None


def _scan_yaml(text: str) -> None:
    sizes: dict[str, int] = {}  # anchor -> values it stands for
    stack: list[list[Any]] = []  # per open collection: [anchor, size, is_mapping, next_is_key, key]
    total = 0

    def field() -> str | None:
        return ".".join(str(frame[4]) for frame in stack if frame[2] and frame[4] is not None) or None

    def counted(size: int, line: int | None) -> None:
        nonlocal total
        total += size
        if stack:
            frame = stack[-1]
            frame[1] += size
            if frame[2]:
                frame[3] = not frame[3]
        if total > MAX_YAML_NODES:
            msg = (
                f"its aliases (*name) stand for more than {MAX_YAML_NODES:,} values (a config needs a "
                "few hundred): write the values out, or use fewer aliases"
            )
            raise FileProblem(msg, line=line, field=field())

    for event in yaml.parse(text, Loader=_LOADER):
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        if isinstance(event, yaml.CollectionStartEvent):
            if len(stack) >= MAX_FILE_NESTING:
                msg = f"nested more than {MAX_FILE_NESTING} levels deep"
                raise FileProblem(msg, line=line, field=field())
            stack.append([event.anchor, 1, isinstance(event, yaml.MappingStartEvent), True, None])
        elif isinstance(event, yaml.CollectionEndEvent):
            anchor, size, *_ = stack.pop()
            if anchor is not None:
                sizes[anchor] = size
            counted(size, line)
        elif isinstance(event, yaml.AliasEvent):
            counted(sizes.get(event.anchor or "", 1), line)
        elif isinstance(event, yaml.ScalarEvent):
            value = event.value
            if stack and stack[-1][2] and stack[-1][3]:
                stack[-1][4] = excerpt(value, 40) if len(value) > 40 else value
            if len(value) > MAX_NUMBER_DIGITS and not event.style and value.lstrip("+-").replace("_", "").isdigit():
                msg = f"a number of {len(value):,} digits; at most {MAX_NUMBER_DIGITS:,} are read"
                raise FileProblem(msg, line=line, field=field())
            if event.anchor is not None:
                sizes[event.anchor] = 1
            counted(1, line)


_TABLE_SUFFIXES = {".csv": "a CSV file (comma-separated values)", ".tsv": "a TSV file (tab-separated values)"}
_TABLE_SEPARATORS = ((",", "comma"), ("\t", "tab"), (";", "semicolon"))


def csv_problem(path: str | Path, text: str) -> str | None:
    """What to say of a file that did not parse as JSON when it is a CSV table, else None.

    Text whose first non-blank line starts an object or array (``{``, ``[``) is JSON with a
    bad row, whatever its name. Otherwise a table by its name (``.csv``, ``.tsv``), or by its
    first two non-blank lines: a header of two or more bare names (one to three words, at most
    40 characters, no quotes or colons) between commas, tabs or semicolons, and a second line
    of as many fields.
    The caller puts the file's name in front and the formats it reads after.
    """
    lines = [line.strip() for line in text[:65536].splitlines() if line.strip()]
    first = lines[0] if lines else ""
    if first.startswith(("{", "[")):
        return None
    kind = _TABLE_SUFFIXES.get(Path(path).suffix.lower())
    if kind is not None:
        return f"is {kind}, which toolfilter does not read"
    if len(lines) < 2:
        return None
    for separator, name in _TABLE_SEPARATORS:
        fields = next(csv.reader([first], delimiter=separator))
        if len(fields) < 2 or not all(_bare_name(field) for field in fields):
            continue
        if len(next(csv.reader([lines[1]], delimiter=separator))) == len(fields):
            table = f"a CSV table ({name}-separated: {excerpt(first, 60)})"
            return f"its first line reads as {table}, which toolfilter does not read"
    return None


def _bare_name(field: str) -> bool:
    """Whether a header field is a column name: one to three words, at most 40 characters, no quotes or colons."""
    return 0 < len(field.strip()) <= 40 and len(field.split()) <= 3 and not any(c in field for c in "\"':")


def read_file_text(path: str | Path, what: str, error: type[Exception]) -> str:
    """A file's text (``read_text``), or ``error`` naming it: ``{what} 'path': ...``.

    Raises:
        error: the file cannot be read, is too large, or is not UTF-8.
    """
    shown = repr(str(path))
    try:
        return read_text(Path(path))
    except OSError as problem:
        msg = f"{what} {shown}: cannot read it ({problem.strerror or problem})"
        raise error(msg) from None
    except FileProblem as problem:
        raise error(f"{what} {shown}: {problem.where()}{problem.message}") from None


def json_lines_file(path: str | Path, what: str, error: type[Exception]) -> list[tuple[int, Any]]:
    """Every row of a JSON Lines file with its 1-based line, or ``error`` naming the file (``what`` file).

    Raises:
        error: the file cannot be read, is not UTF-8, or a line is not JSON.
    """
    text = read_file_text(path, f"{what} file", error)
    try:
        return list(json_lines(text))
    except FileProblem as problem:
        raise error(f"{what} file {str(path)!r}: {problem.where()}{problem.message}") from None


def json_rows(text: str) -> list[tuple[str, Any]]:
    """The rows of JSON Lines text, or the items of text that is one JSON array, each with where it is.

    A model asked for JSON Lines often writes one JSON array of the same objects instead.
    Where a row is: ``line 3`` (JSON Lines), ``item 2 (line 7)`` (an array).

    Raises:
        FileProblem: a row (or the array) that is not JSON, too deep, or holds a number too long.
    """
    if not text.lstrip().startswith("["):
        return [(f"line {number}", row) for number, row in json_lines(text)]
    items = parse_json(text)
    starts = scan_json(text).get((), [])  # the line each top-level item starts on
    return [(f"item {i + 1} (line {starts[i] if i < len(starts) else 1})", item) for i, item in enumerate(items)]


def json_rows_file(path: str | Path, what: str, error: type[Exception], formats: str) -> list[tuple[str, Any]]:
    """``json_lines_file`` that also takes a file holding one JSON array of the rows (``json_rows``).

    ``formats``: what the file may hold, said after a row that is not JSON.

    Raises:
        error: the file cannot be read, is not UTF-8, or is not JSON Lines nor a JSON array.
    """
    text = read_file_text(path, f"{what} file", error)
    try:
        return json_rows(text)
    except FileProblem as problem:
        raise error(f"{what} file {str(path)!r}: {problem.where()}{problem.message}; {formats}") from None
