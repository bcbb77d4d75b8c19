"""Find the ask in a message: what the user wrote, apart from what they pasted.

"帮我把这个订单退款" followed by 3,000 characters of order JSON asks for a refund; embedded
whole, the JSON outweighs the ask and draws the tools of the pasted content's system. Each
line is read as pasted material or as the user's words, by plain patterns: fenced blocks,
log lines and stack traces, JSON, YAML and code, CSV and Markdown tables, column output,
diffs, SQL, quoted e-mail (headers to the sign-off) and chat transcripts. The user's
words, in their order, are the ask; the pasted lines are left out of the query, and out of
the argument signal (a log full of URLs and paths says nothing about which tool is wanted).
A message with no pasted material is its own ask, unchanged.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from dataclasses import dataclass

__all__ = ["READ_CHARS", "READ_LINES", "Ask", "find_ask", "plain_runs", "within_budget"]

READ_CHARS = 20_000
"""At most this many characters of a message are read (its first and last halves); the rest is
counted, not scanned. Chosen by benchmarks/bench_long_request.py --shapes: reading the worst
shape at this size stays well inside select()'s 50 ms (docs/reliability.md)."""
READ_LINES = 2_000
"""At most this many lines of a message are read (its first and last halves): each line costs
a dozen pattern checks, so a message of empty lines is bounded by lines, not characters."""

# A message shorter than this on one line is its own ask (no scan).
_SCAN_FROM = 160
# Pasted material counts when it is at least this long and this share of the message.
_MIN_PASTE = 60
_MIN_SHARE = 0.25
# A message shorter than this read as all pasted is taken as the user's own (a short form).
_ALL_PASTED = 400

_FENCE = re.compile(r"^\s*+(```|~~~)")
_MACHINE = re.compile(
    r"""^\s*+(?:
        \[?\d{4}[-/.]\d{1,2}[-/.]\d{1,2}[T\s_]\d{1,2}:\d{2}      # 2026-12-02 10:31 (log, export)
      | \[?\d{1,2}:\d{2}:\d{2}                                  # 10:31:07
      | [A-Z][a-z]{2}\s+\d{1,2}\s+\d{2}:\d{2}:\d{2}             # syslog: Dec  2 01:20:24
      | [IWEF]\d{4}\s+\d{2}:\d{2}                               # glog: E1202 10:31
      | \[?(?:INFO|WARN|WARNING|ERROR|ERR|DEBUG|TRACE|FATAL|CRITICAL|NOTICE)\]?[\s:|]
      | at\s+[\w.$<>]+\(                                         # Java / JS stack frame
      | File\s+".+",\s+line\s+\d+                                # Python stack frame
      | Traceback\s\(most\srecent\scall\slast\)
      | Caused\sby:
      | \.\.\.\s\d+\smore
      | goroutine\s\d+
      | [\w.$]*(?:Error|Exception|Panic)(?::|\s*$)               # ValueError: ..., NullPointerException
      | [{}\[\]]                                                 # JSON, code blocks
      | "[^"]{1,80}"\s*:                                         # "key": value
      | </?[A-Za-z][\w:-]*[\s>/]                                 # XML, HTML
      | \|.*\|                                                   # Markdown table
      | (?:diff\s--git|index\s[0-9a-f]{6,}|@@\s.*\s@@|\+\+\+\s|---\s[ab/])   # diff headers
      | [+-][A-Za-z_#/"'(){}\[\]<]                              # a diff's added or removed line
      | (?:SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(?:TABLE|INDEX|VIEW)
         |ALTER\s+TABLE|DROP\s+(?:TABLE|INDEX)|WITH\s+\w+\s+AS|FROM\s|WHERE\s|JOIN\s|LEFT\s+JOIN
         |GROUP\s+BY|ORDER\s+BY|LIMIT\s+\d+|VALUES\s*\()\b
      | (?:def|class|import|function|const|let|var|return|public|private|func|package|\#include)\s
      | (?://|/\*|\*/|\#!|\$\s)                                  # comments, shell prompt
      | (?:[\w.-]+\s*=\s*\S+\s*)$                                # key=value (ini, env)
      | (?:kubectl|docker|curl|git|npm|pip|sudo|helm|psql|mysql)\s
    )""",
    re.VERBOSE,
)
_CODE_END = re.compile(r"[;{}(,\[]\s*$|^\s*[)\]}]")
# Rows of a table or column output: three or more cells.
_CSV = re.compile(r"^[^,\t]*(?:(?:,(?!\s)|\t)[^,\t]*){3,}$")  # commas without a space after (prose has one)
_PIPES = re.compile(r"^[^|]+\|[^|]+\|")
# column output: two gaps of two spaces or more (not after a sentence's end); a gap is the
# character before it, its spaces (taken whole: no backtracking) and the next word's start
_GAP = re.compile(r"[^\s.!?] {2,}+(?=\S)")
_LEAD = re.compile(r"\s*+")
_KEY_VALUE = re.compile(r"^\s*+-?\s*+[\w.\-/\u4e00-\u9fff ]{1,30}[:：]\s*(\S[^:：]{0,60})?$")
_QUOTED = re.compile(r"^\s*+>")
_SYMBOLS = re.compile(r"[^\w\s.,!?'，。！？、；：“”‘’()（）-]|_")
_MAIL_HEADER = re.compile(
    r"^\s*+(?:From|To|Cc|Sent|Date|Subject|Reply-To|发件人|收件人|抄送|发送时间|时间|主题|日期)\s*[:：]", re.I
)
_MAIL_START = re.compile(
    r"^\s*+(?:-{2,}\s*(?:Original Message|Forwarded message)|On\s.+\swrote:\s*$|在.+写道[:：]?\s*$"
    r"|-+\s*原始邮件|-+\s*转发|(?:Subject|主题)\s*[:：])",
    re.I,
)
_SIGN_OFF = re.compile(
    r"^\s*+(?:thanks|thank you|many thanks|best|regards|kind regards|warm regards|cheers|sincerely|yours|br|"
    r"mit freundlichen|viele grüße|谢谢|感谢|此致|祝好|顺祝|敬礼)[^.?!。？！]{0,40}[.!！。]?$|^\s*--\s*$",
    re.I,
)


def is_sign_off(line: str) -> bool:
    """``line`` closes a letter ("Thanks", "Best regards, Anna", "此致", a ``--`` rule) (``_SIGN_OFF``)."""
    return _SIGN_OFF.match(line) is not None


# A line of dashes, stars or underscores: the end of a pasted e-mail.
_RULE = re.compile(r"^\s*+(?:-{3,}|\*{3,}|_{3,}|={3,})\s*$")
_CHAT = re.compile(
    r"^\s*+(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?\s*[^:：\s][^:：]{0,24}[:：]"  # [10:31] Ann: / 10:31 张三：
    r"|[^\s:：][^:：]{0,20}\s+\d{1,2}:\d{2}(?::\d{2})?\s*$"  # 张三 10:31 (a header line)
    r"|(?:客服|客户|买家|卖家|用户|顾客|我|用户\d*|user|agent|customer|support|bot|assistant|me)\s*[:：])",
    re.I,
)
_STAMP = re.compile(r"^\[?\d{1,2}:\d{2}(?::\d{2})?\]?\s*")
_CHAT_GAP = 3  # speaker lines at most this far apart are one transcript
_SPEAKER = re.compile(r"^\s*+([^\s:：][^:：]{0,20})[:：]\s*\S")


@dataclass(frozen=True, slots=True)
class Ask:
    """What a message asks, apart from what it pasted."""

    text: str
    """The user's own words, in their order ("" when the message is all pasted material)."""
    pasted_chars: int = 0
    """Characters of the message read as pasted material (0: the message is its own ask)."""

    @property
    def pasted(self) -> bool:
        """Whether any pasted material was set apart."""
        return self.pasted_chars > 0


def find_ask(text: str) -> Ask:
    r"""The ask of ``text`` and how much of it was pasted.

    >>> find_ask("restart nginx").text
    'restart nginx'
    >>> log = "\n".join(f"2026-12-02 10:{i:02d}:00 ERROR db pool exhausted" for i in range(9))
    >>> ask = find_ask(f"open a ticket for the on-call team about this:\n{log}")
    >>> ask.text, ask.pasted_chars > 300
    ('open a ticket for the on-call team about this:', True)
    """
    if len(text) < _SCAN_FROM and "\n" not in text:
        return Ask(text)
    lines = text.splitlines()
    pasted = _pasted_lines(lines)
    cut = _cut_lines(lines, pasted)  # a line cut mid-way: its start joins the paste, the rest stays in lines
    paste_chars = min(len(text), cut + sum(len(line) + 1 for line, p in zip(lines, pasted, strict=True) if p))
    if paste_chars < _MIN_PASTE or paste_chars < _MIN_SHARE * len(text):
        return Ask(text)
    own = "\n".join(line.strip() for line, p in zip(lines, pasted, strict=True) if not p and line.strip())
    if not own and len(text) < _ALL_PASTED:  # a short message is rarely all paste: a form of the user's
        return Ask(text)
    return Ask(own, paste_chars)


def within_budget(text: str) -> tuple[str, int]:
    """The part of ``text`` that is read, and how many characters were left unread.

    A message within ``READ_CHARS`` and ``READ_LINES`` is read whole (``(text, 0)``); a longer
    one is read on its first and last halves of each budget, joined by a line break: the ask
    sits at the start or end of a huge paste, and its middle costs time, not meaning.
    """
    half_chars, half_lines = READ_CHARS // 2, READ_LINES // 2
    if len(text) <= READ_CHARS:
        lines = text.splitlines(keepends=True)
        if len(lines) <= READ_LINES:
            return text, 0
        head, tail = "".join(lines[:half_lines]), "".join(lines[-half_lines:])
    else:  # cut where a line (else a word) ends: a log line cut mid-word reads as words of the user's
        head = "".join(_whole(text[:half_chars], text[half_chars:]).splitlines(keepends=True)[:half_lines])
        tail = _whole(text[-half_chars:][::-1], text[:-half_chars][::-1])[::-1]
        tail = "".join(tail.splitlines(keepends=True)[-half_lines:])
    return f"{head.rstrip()}\n{tail.lstrip()}", len(text) - len(head) - len(tail)


def _whole(part: str, rest: str) -> str:
    """``part`` (the text read up to a cut, ``rest`` what follows it) without a line or word the cut splits.

    Works on reversed strings alike (a tail read backwards). A part of one line loses the
    split word only; a cut that falls where a line or word ends keeps everything.
    """
    if not rest or not part or part[-1] in "\n\r" or rest[0] in "\n\r":
        return part
    line_end = max(part.rfind("\n"), part.rfind("\r"))
    if line_end > 0:
        return part[: line_end + 1]
    if part[-1].isspace() or rest[0].isspace():
        return part
    space = max(part.rfind(" "), part.rfind("\t"))
    return part[: space + 1] if space > 0 else part


_SEPARATOR = "\x0b\x0c\x1c-\x1f\x85\u2028\u2029"
_SPACE_RUN = re.compile(rf"[^\S{_SEPARATOR}]*+[{_SEPARATOR}]\s*+|\s{{3,}}+")
_BREAKS = re.compile(rf"[\n\r{_SEPARATOR}]")


def plain_runs(text: str) -> str:
    """``text`` with each run of 3+ white-space characters, and each line separator, as one.

    The run becomes one space, or one line break when it holds one. A run of line separators
    (U+2028, U+2029, NEL) costs an embedder a token each; a tokenizer reads a run of spaces
    as one, so nothing else changes.
    """
    return _SPACE_RUN.sub(lambda m: "\n" if _BREAKS.search(m.group()) else " ", text)


def _pasted_lines(lines: list[str]) -> list[bool]:
    """Per line: read as pasted material."""
    marks = [_machine(line) for line in lines]
    _fences(lines, marks)
    _tables(lines, marks)
    _mail(lines, marks)
    _chat(lines, marks)
    _sandwiched(lines, marks)
    _fragments(lines, marks)
    _parts(lines, marks)
    return marks


def _machine(line: str) -> bool:
    stripped = line.strip()
    if not stripped:
        return False
    if _MACHINE.match(line) or _QUOTED.match(line) or _RULE.match(line) or _columns(line):
        return True
    if _CSV.match(stripped) or _PIPES.match(stripped):
        return True
    if _CODE_END.search(stripped) and _symbol_share(stripped) > 0.12:
        return True
    return len(stripped) >= 12 and _symbol_share(stripped) > 0.3


def _columns(line: str) -> bool:
    """Column output: a word, then two gaps of two spaces or more, each after a word that goes on.

    One pass (the gaps' spaces are read once): the first gap after the line's first character,
    then any gap after the word that follows it.
    """
    first = _LEAD.match(line)
    start = first.end() if first else 0
    if start >= len(line):
        return False
    gap = _GAP.search(line, start + 1)
    return gap is not None and _GAP.search(line, gap.end() + 1) is not None


def _symbol_share(text: str) -> float:
    """Share of characters that are neither letters, digits, spaces nor sentence punctuation."""
    return len(_SYMBOLS.findall(text)) / max(len(text), 1)


def _fences(lines: list[str], marks: list[bool]) -> None:
    """Lines from an opening fence to its closing fence (or the end) are pasted."""
    inside = False
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            marks[i] = True
            inside = not inside
        elif inside:
            marks[i] = True


def _tables(lines: list[str], marks: list[bool]) -> None:
    """Runs of three or more ``key: value`` lines (a form, YAML, a header block) are pasted."""
    run: list[int] = []
    for i, line in enumerate([*lines, ""]):
        if line.strip() and _KEY_VALUE.match(line):
            run.append(i)
            continue
        if len(run) >= 3:
            for j in run:
                marks[j] = True
        run = []


def _mail(lines: list[str], marks: list[bool]) -> None:
    """A quoted e-mail, from its headers to its sign-off and signature, is pasted."""
    i = 0
    while i < len(lines):
        start = _MAIL_START.match(lines[i]) or (
            _MAIL_HEADER.match(lines[i]) and any(_MAIL_HEADER.match(x) for x in lines[i + 1 : i + 4])
        )
        if not start:
            i += 1
            continue
        j = i
        while j < len(lines):
            if j > i and (_RULE.match(lines[j]) or _MAIL_START.match(lines[j])):
                break
            marks[j] = True
            if _SIGN_OFF.match(lines[j]):
                j = _signature(lines, marks, j + 1)
                break
            j += 1
        i = j


def _signature(lines: list[str], marks: list[bool], start: int) -> int:
    """Mark the up-to-three short lines of a signature after a sign-off; the next line's index."""
    j = start
    while j < len(lines) and j < start + 3 and lines[j].strip() and len(lines[j].strip()) <= 60:
        marks[j] = True
        j += 1
    return j


def _chat(lines: list[str], marks: list[bool]) -> None:
    """A transcript is pasted: runs of speakers' lines (two speakers at least, one speaking twice).

    Speaker lines more than two lines apart start another run; lines already read as pasted
    (``"key": value`` in JSON, indented YAML) are no speakers. The last speaker's
    continuation lines, up to a blank line, belong to the run.
    """
    speakers = [None if marked else _speaker(line) for line, marked in zip(lines, marks, strict=True)]
    runs: list[list[int]] = []
    for i, name in enumerate(speakers):
        if name is None:
            continue
        if runs and i - runs[-1][-1] <= _CHAT_GAP:
            runs[-1].append(i)
        else:
            runs.append([i])
    for run in runs:
        names = [speakers[i] for i in run]
        if len(run) < 3 or len(set(names)) < 2 or len(set(names)) == len(names):
            continue
        for i in range(run[0], run[-1] + 1):
            if lines[i].strip():
                marks[i] = True
        j = run[-1] + 1
        while j < len(lines) and lines[j].strip():
            marks[j] = True
            j += 1


def _speaker(line: str) -> str | None:
    if line[:1].isspace():  # transcripts start at the margin; indented "name: x" is YAML
        return None
    if _CHAT.match(line):
        bare = _STAMP.sub("", line.strip())
        return re.split(r"[:：]|\s\d", bare, maxsplit=1)[0].strip().lower()
    found = _SPEAKER.match(line)
    if found and len(found.group(1).split()) <= 3:
        return found.group(1).strip().lower()
    return None


def _sandwiched(lines: list[str], marks: list[bool]) -> None:
    """An unmarked line with pasted, non-blank lines directly above and below it is pasted (of any length)."""
    for i in range(1, len(lines) - 1):
        if (
            not marks[i]
            and lines[i].strip()
            and marks[i - 1]
            and marks[i + 1]
            and lines[i - 1].strip()
            and lines[i + 1].strip()
        ):
            marks[i] = True


_FRAGMENT = re.compile(r"^[^A-Za-z\u00c0-\u024f\u0370-\u04ff\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]*$|\w=\S")
_FRAGMENT_RUN = 2


def _fragments(lines: list[str], marks: list[bool]) -> None:
    """Lines inside a paste that read as no request (no letters, or ``key=value``) are pasted.

    Only when the message ends in the user's own words: the ask is there, and a log line
    cut in two (``2026`` / ``yment-gw order=LT-12902 refund failed``) is not part of it.
    """
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if not filled or marks[filled[-1]]:
        return
    runs: list[list[int]] = [[]]
    for i in filled:
        if marks[i]:
            runs.append([])
        else:
            runs[-1].append(i)
    inside = [run for run in runs[1:-1] if run and len(run) <= _FRAGMENT_RUN]  # pasted above and below
    for run in inside:
        if all(_FRAGMENT.search(lines[i]) for i in run):
            for i in run:
                marks[i] = True


_SHORT_PART = 500
_LONG_PART = 800


def _parts(lines: list[str], marks: list[bool]) -> None:
    r"""Parts split by rule lines: beside a short part of the user's words, a long part is pasted.

    "<an essay>\n---\ngrade this 42/50" pastes prose no line pattern tells from the ask.
    """
    cuts = [i for i, line in enumerate(lines) if _RULE.match(line)]
    if not cuts:
        return
    bounds = [-1, *cuts, len(lines)]
    parts = [range(a + 1, b) for a, b in zip(bounds, bounds[1:], strict=False)]
    own = [sum(len(lines[i]) for i in part if not marks[i] and lines[i].strip()) for part in parts]
    pasted = [sum(len(lines[i]) for i in part if marks[i]) for part in parts]
    if not any(0 < size <= _SHORT_PART and size > paste for size, paste in zip(own, pasted, strict=True)):
        return
    # a part of only the user's words beside it: the rest of a mostly pasted part is pasted too
    pure = any(0 < size <= _SHORT_PART and paste == 0 for size, paste in zip(own, pasted, strict=True))
    for part, size, paste in zip(parts, own, pasted, strict=True):
        if size >= _LONG_PART or (pure and paste > size):
            for i in part:
                marks[i] = True


# a start set apart holds a symbol and a letter or digit: "2 invoices failed" is words, "-    " an indent
_LOG_MARK = re.compile(r"[^\w\s].*?[^\W_]|[^\W_].*?[^\w\s]")
_DIGIT = re.compile(r"\d")


def _cut_lines(lines: list[str], marks: list[bool]) -> int:
    """Lines right under a paste that begin as its lines do: a paste cut mid-line.

    A UI that truncates a log leaves ``2026-12-03 1`` as the last line; it continues the
    shape of the run of pasted lines above it (the same characters, any digit for a digit),
    so it is pasted. When the message's last line breaks that shape at a blank
    (``2026-12-03 1 which invoices are unpaid?``), its start is pasted and the rest, the
    user's words, replaces the line in ``lines`` (inside a message such a line is a log
    line of another shape: ``10.20.2.47 - - [30/Nov…``). Returns the characters set apart
    that way (a line marked whole counts with the rest). The run's lines are kept sorted,
    digits as ``0``: the longest shared start is a neighbour's (one pass, no line compared twice).
    """
    cut = 0
    last = max((i for i, line in enumerate(lines) if line.strip()), default=0)
    run: list[str] = []  # the pasted run above, digits as 0, sorted
    for i, raw in enumerate(lines):
        if not raw.strip():
            run = []
        elif marks[i]:
            insort(run, _DIGIT.sub("0", raw))
        elif run:
            line = raw.rstrip()
            start = _shared_start(run, _DIGIT.sub("0", line))
            if start == len(line):
                marks[i] = True  # the run goes on: a start of its lines adds no shape to it
                continue
            if i == last and start and (line[start].isspace() or line[start - 1].isspace()):
                if _LOG_MARK.search(line[:start]):
                    lines[i] = line[start:].strip()
                    cut += len(line) - len(lines[i])
            run = []
    return cut


def _shared_start(ordered: list[str], shape: str) -> int:
    """The longest start ``shape`` shares with a string of ``ordered`` (sorted): one of its two neighbours'."""
    at = bisect_left(ordered, shape)
    return max((_common(shape, ordered[j]) for j in (at - 1, at) if 0 <= j < len(ordered)), default=0)


def _common(a: str, b: str) -> int:
    """The length of the start ``a`` and ``b`` share."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n
