"""A huge pasted log with the question last: cut where lines and words end, the question is the ask."""

from __future__ import annotations

from toolfilter_core import HashingEmbedder, ToolFilter, ToolSpec
from toolfilter_core._ask import find_ask, within_budget
from toolfilter_core._files import one_line
from toolfilter_core._types import NoteKind, Status, query_excerpt

QUESTION = "上面这些退款都失败了，帮我查一下 LT-10005 的退款进度"


def _log(lines: int) -> str:
    return "\n".join(
        f"2026-12-03 10:{i % 60:02d}:{i % 60:02d} ERROR payment-gw order=LT-{10000 + i} refund failed: "
        f"gateway timeout (code 504) retry={i % 3}"
        for i in range(lines)
    )


def _filter() -> ToolFilter:
    tools = [ToolSpec("refund_status", "Show the progress of a refund"), ToolSpec("order_get", "Get one order")]
    return ToolFilter(tools, embedder=HashingEmbedder())


def test_a_huge_message_is_read_in_whole_lines() -> None:
    read, unread = within_budget(_log(3000) + "\n\n" + QUESTION)
    assert unread > 0
    whole = set(_log(3000).split("\n"))
    lines = read.split("\n")
    assert lines[-1] == QUESTION
    assert all(line in whole for line in lines[:-1] if line), [line for line in lines if line not in whole][:3]


def test_the_question_after_a_huge_log_is_the_ask_note_and_all() -> None:
    selection = _filter().select(_log(3000) + "\n\n" + QUESTION)
    (pasted,) = [n for n in selection.reasons if n.kind is NoteKind.PASTED]
    assert pasted.values["ask"] == QUESTION


def test_a_log_line_cut_in_two_inside_the_paste_is_not_the_users_words() -> None:
    log = _log(30)
    cut = "2026\nyment-gw order=LT-12902 refund failed: gateway timeout (code 504) retry=1"
    text = f"{log}\n{cut}\n{log}\n\n{QUESTION}"
    assert find_ask(text).text == QUESTION


def test_a_paste_alone_says_why_in_separate_sentences() -> None:
    selection = _filter().select(_log(3000))
    assert selection.status is Status.NO_ASK
    assert selection.detail.startswith("no ask found: ")
    assert "not readno" not in selection.detail and "; " in selection.detail


def test_excerpts_end_where_a_word_ends() -> None:
    text = "refund failed: gateway timeout (code 504) retry=1 and more words follow here"
    assert one_line(text, 40, mark="…") == "refund failed: gateway timeout (code…"
    assert query_excerpt(text, 45).startswith("refund failed: gateway timeout (code 504)… (")
    assert one_line("帮我查一下退款进度" * 10, 12, mark="…") == ("帮我查一下退款进度" * 2)[:11] + "…"
