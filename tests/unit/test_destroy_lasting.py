"""A tool that acts for good, or stops something and undoes it, is destructive by its own words.

A user's parcel-courier registry had, without hints, "Close a business account permanently. ..." and "Stop delivery
and return the parcel to the sender. ..." read as not destructive: a trailing "permanently" said nothing where a
leading "Permanently ..." did, and no verb of a list leads "Stop ... and return ...". Both rode along with reads
("is the account still active?", "where's my parcel?"). Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import Reason, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._hints import says_destructive, says_writes, text_says_destructive

from .fakes import TableEmbedder, unit

CLOSE = ToolSpec("membership_close", "Close a membership permanently. Unpaid fees are charged first.")
RECALL = ToolSpec("transfer_recall", "Stop a transfer and return the funds to the payer. A fee is charged.")
DETAILS = ToolSpec("membership_get", "Membership details: plan, renewal date, balance.")
TRACK = ToolSpec("transfer_track", "Track a transfer by its reference: where the money is now.")


@pytest.mark.parametrize(
    ("name", "description"),
    [
        (CLOSE.name, CLOSE.description),
        ("member_remove", "Remove a member from the team for good."),
        ("site_takedown", "Takes a site offline irreversibly, and frees its domain."),
        ("instances_shut", "Shuts down the specified instances permanently."),
        (RECALL.name, RECALL.description),
        ("order_halt", "Halt the shipment and cancel the order."),
        ("payment_stop", "Stops a payment and sends back the money to the card."),
    ],
)
def test_a_lead_clause_for_good_or_a_stop_that_undoes_says_it_destroys(name: str, description: str) -> None:
    assert says_destructive(ToolSpec(name, description))
    assert says_writes(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("file_restore", "Restore a permanently deleted file from the backup."),
        ("item_trash", "Move an item to trash. Items in trash are deleted for good after 30 days."),
        ("instance_halt", "Stop a running instance. You can start it again later."),
        ("deleted_list", "List the items removed permanently."),  # a read
        ("stop_report", "Stop times of a route and return times of the depot."),  # no act on a thing
        (DETAILS.name, DETAILS.description),
    ],
)
def test_a_later_sentence_a_participle_a_bare_stop_or_a_read_says_none(name: str, description: str) -> None:
    assert not says_destructive(ToolSpec(name, description))


def test_each_reading_is_its_own_part() -> None:
    assert text_says_destructive(CLOSE, ("lasting",)) and not text_says_destructive(CLOSE, ("stop",))
    assert text_says_destructive(RECALL, ("stop",)) and not text_says_destructive(RECALL, ("lasting",))
    assert not text_says_destructive(CLOSE, ("verbs", "irreversible"))
    assert text_says_destructive(CLOSE, ("ending",))  # a membership closed is ended (``_CLOSE_RUNNING``)


TOOLS = [CLOSE, RECALL, DETAILS, TRACK]
ACTIVE = "is membership M-2001 still active?"
WHERE = "where's my money? transfer T-77"
TABLE = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)} | {
    ACTIVE: unit(0, 0.7, 0, 0.7),  # ranks membership_close beside membership_get
    WHERE: unit(0, 0, 0.7, 0, 0.7),  # ranks transfer_recall beside transfer_track
}


def _club() -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, min_score=0.5, min_gap=0.1, abstain_phrases=(), weights={"embed": 1.0}
    )
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE))


@pytest.mark.parametrize(
    ("text", "held", "read"), [(ACTIVE, CLOSE.name, DETAILS.name), (WHERE, RECALL.name, TRACK.name)]
)
def test_a_read_is_sent_no_closing_for_good_nor_stopping(text: str, held: str, read: str) -> None:
    s = _club().select(text)
    assert held not in s.names, s.names
    assert read in s.names
    assert held in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("message_pin", "Pin a message to the channel permanently."),
        ("settings_save", "Save your display settings permanently."),
        ("allowlist_add", "Add an IP address to the allowlist for good."),
        ("timer_stop", "Stop the timer and return the elapsed time."),
        ("job_halt", "Halt the job and return its logs."),
        ("shipment_create", "Create a shipment. Tracking number is permanent."),
        ("parking_assign", "Assign a parking spot. Parking assignment is permanent until changed."),
        ("domain_register", "Register a domain. Registration of the domain is permanent for the term."),
        ("archive_upload", "Upload a file to the archive. This is permanent storage; files are kept 10 years."),
        ("pet_report", "Log a missing pet report. The pet is gone since last night."),
    ],
)
def test_a_lasting_word_of_an_ordinary_act_or_a_result_returned_says_none(name: str, description: str) -> None:
    """Was destructive: "permanently" after any lead verb, "Stop ... and return" a result, "is permanent" after any
    gerund or -ion noun, "This is permanent" before a noun, "is gone" before a time."""
    assert not says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("account_close", "Close a business account permanently."),
        ("instances_shut", "Shuts down the specified instances permanently."),
        ("parcel_stop", "Stop delivery and return the parcel to the sender."),
        ("customer_anonymise", "Anonymise a customer's personal data. This is permanent."),
        ("mailbox_shred", "Shred a mailbox. Its messages are gone."),
    ],
)
def test_the_acts_the_lasting_words_were_made_for_still_say_it(name: str, description: str) -> None:
    assert says_destructive(ToolSpec(name, description))


def test_the_acts_of_a_tool_closing_a_running_thing_are_a_constant() -> None:
    """``_CLOSE_RUNNING_ACTS`` was a list used as a constant, which any caller could change."""
    from toolfilter_core import _hints

    assert isinstance(_hints._CLOSE_RUNNING_ACTS, tuple)
