"""A ``FunctionTool``'s signature line does not hide what its docstring says.

LlamaIndex's ``FunctionTool.from_defaults(fn)`` describes a tool as ``name(arg: str) -> str`` and then its
docstring: "Release a locker ..." no longer opened the description, so ``locker_release`` was not read as
destructive and rode along on "is my locker still mine?".
"""

from toolfilter_core import ToolSpec
from toolfilter_core._hints import opening_word, request_says_its_act, says_destructive
from toolfilter_core._types import docstring_of

SIGNED = ToolSpec(
    "locker_release",
    "locker_release(locker_id: str) -> str\nRelease a member's locker: ends the rental and clears it for someone else.",
)
PLAIN = ToolSpec("locker_status", "locker_status(locker_id: str) -> str\nWho holds a locker and until when.")


def test_the_docstring_is_the_description_less_its_own_signature_line() -> None:
    assert docstring_of(SIGNED) == "Release a member's locker: ends the rental and clears it for someone else."
    other = ToolSpec("x", "y(a: int) -> int\nDelete it.")  # another name's line is text
    assert docstring_of(other) == other.description
    for name in ("locker-release", "locker.release"):
        assert docstring_of(ToolSpec(name, f"{name}(locker_id: str) -> str\nRelease it.")) == "Release it."
    served = ToolSpec("gym__locker_release", "locker_release(locker_id: str) -> str\nRelease it.")  # a server's
    assert docstring_of(served) == "Release it."


def test_a_signed_destroyer_is_read_from_its_docstring() -> None:
    assert says_destructive(ToolSpec("locker_release", docstring_of(SIGNED)))
    assert says_destructive(SIGNED)
    assert not says_destructive(PLAIN)
    cancel = ToolSpec("class_booking_cancel", "class_booking_cancel(booking_id: str) -> str\nCancel a class booking.")
    assert opening_word(cancel) is None  # "Cancel" is its name's word, read as its own verb
    assert request_says_its_act("cancel booking B-12 please", cancel)


def test_a_description_that_gives_money_back_says_a_refund() -> None:
    assert says_destructive(ToolSpec("deposit_return", "Give the rental deposit back to the customer when it ends."))
    assert not says_destructive(ToolSpec("feedback_send", "Give the user feedback on the order."))
    assert not says_destructive(ToolSpec("deposit_status", "Return the deposit status of a rental."))
    assert not says_destructive(ToolSpec("finance_report", "Send the payment back-office report to finance."))


def test_giving_money_back_and_ending_are_a_tools_own_acts() -> None:
    from toolfilter_core._hints import own_acts

    deposit = ToolSpec("deposit_return", "Give the rental deposit back to the customer when it ends.")
    membership = ToolSpec("membership_end", "End (terminate) a membership on a date; billing stops.")
    assert own_acts(deposit) == {"refund"} and own_acts(membership) == {"end", "terminate"}  # its gloss's too
    assert request_says_its_act("refund the deposit for rental R-9", deposit)
    assert request_says_its_act("end my membership", membership)
    assert not request_says_its_act("what happens at the end of the month?", membership)
    assert not request_says_its_act("when does my membership end?", membership)


def test_an_ending_with_a_parenthesis_before_its_object_says_it_destroys() -> None:
    assert says_destructive(ToolSpec("membership_end", "End (terminate) a membership on a date; billing stops."))
    assert not says_destructive(ToolSpec("booking_dates", "End (optional) date of a booking."))


def test_the_doctor_reads_no_word_of_a_signature_line() -> None:
    import importlib

    crowding = importlib.import_module("toolfilter_core._doctor.crowding")
    words = crowding._words(ToolSpec("desk_book", "desk_book(date: str, zone: str) -> str\nBook a hot desk on a date."))
    assert "str" not in words and "zone" not in words
    assert {"book", "hot", "desk", "date"} <= words


def test_the_doctor_reads_a_signature_line_alone_as_no_description() -> None:
    import importlib

    definitions = importlib.import_module("toolfilter_core._doctor.definitions")
    bare = ToolSpec("ping", "ping(host: str, port: int, timeout: float, retries: int) -> str")
    thin = definitions._thin(bare)
    assert thin is not None and thin.detail == "no description at all"
    short = definitions._thin(ToolSpec("x", "x(a: str, b: str, c: str, d: str, e: str) -> str\nDo it."))
    assert short is not None and short.detail == "one short line: 'Do it.'"
    assert definitions._when(bare, {"ping": bare.description}, None) is None  # no description: thin, not "no when"


def test_the_doctor_finds_no_duplicate_in_two_signature_lines_alike() -> None:
    import importlib

    definitions = importlib.import_module("toolfilter_core._doctor.definitions")
    signature = "(date: str, zone: str, floor: str, user_id: str, site: str, team: str) -> str\n"
    desk = ToolSpec("desk_book", f"desk_book{signature}Book a desk.")
    room = ToolSpec("room_book", f"room_book{signature}Book a room.")
    assert definitions._duplicates([desk, room]) == []  # their signatures were 83% of their words
