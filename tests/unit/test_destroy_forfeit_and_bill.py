"""Forfeiting points, releasing a hold, taking a charge off a bill, a lost door card.

A user's boutique-hotel registry: a points tool described "Forfeit (remove) ... The points are gone for good." was
read as not destructive and rode along with balance questions; a tool that releases a held room back to inventory
rode along with a room status question; "the minibar charge is wrong, ..., take it off" was not read as asking a
void, so the charge's void was held; and "房卡丢了，把原来的卡作废" let the charge's void in beside the card's
revoke (作废 reads as void): the card names the revoke's object. Cosines are fixed by hand (``TableEmbedder``).
"""

import pytest

from toolfilter_core import Reason, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._hints import request_is_destructive, request_says_its_act, says_destructive
from toolfilter_core._pipeline.objects import names_object

from .fakes import TableEmbedder, unit

FORFEIT = ToolSpec("points_forfeit", "Forfeit (remove) reward points of a member after fraud; they are gone for good.")
BALANCE = ToolSpec("points_balance", "Reward points balance of a member.")
VOID = ToolSpec("tab_charge_void", "Void a charge on a bar tab (wrong drink, double entry).")
ADD = ToolSpec("tab_charge_add", "Add a charge to a bar tab.")
CARD = ToolSpec("door_card_revoke", "Revoke (deactivate) the door cards of a member, e.g. a lost card.")
SEAT = ToolSpec("seat_release", "Release a held seat back to the pool so it can be booked again.")
SEATS = ToolSpec("seat_status", "Whether a seat is free, held or booked.")


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("deposit_forfeit", "Forfeit a security deposit when a tenant breaks the lease."),
        ("member_points", "Forfeits points of a member."),
        ("comment_retract", "Retract (delete) a published comment."),
        ("photo_shred", "Shred a scanned photo. The original is gone for good."),
        ("mailbox_shred", "Shred a mailbox. Its messages are gone."),
        (SEAT.name, SEAT.description),
    ],
)
def test_a_forfeit_a_gloss_a_gone_or_a_release_back_says_it_destroys(name: str, description: str) -> None:
    assert says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("forfeit_rules", "Get the forfeit rules of the loyalty programme."),
        ("points_add", "Add (credit) points to a member account."),
        ("ticket_escalate", "Escalate a ticket when the assigned agent is gone."),
        ("list_departures", "List guests who are gone: checked out today."),
        ("release_build", "Release a new version of the app to the store."),
        ("order_hold_release", "Release the hold on an order so it ships."),
    ],
)
def test_a_rule_a_credit_a_state_or_a_release_that_publishes_says_none(name: str, description: str) -> None:
    assert not says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the drink charge on tab T-12 is wrong, take it off", True),
        ("take the corkage fee off please", True),
        ("take the wine off the bill for table 4", True),
        ("take off the service charge", True),
        ("get that charge off my tab", True),
        ("take 10% off the bill", False),
        ("take ten dollars off the invoice", False),
        ("take it off", False),  # no charge or item said
        ("take twenty off the bill", False),  # an amount in words: a discount
        ("take half off the bill please", False),
        ("take the items off the shelf", False),  # items, but off no bill
        ("take the items off the bill", True),
        ("can I take a day off next week", False),
    ],
)
def test_taking_a_charge_off_a_bill_asks_a_void(text: str, expected: bool) -> None:
    assert request_is_destructive(text) is expected
    assert request_says_its_act(text, VOID) is expected


def test_a_room_card_names_a_key_card_not_a_payment_or_gift_card() -> None:
    """房卡 gave "card", which a gift card's void and a payment card's removal matched too."""
    text = "客人的房卡丢了，作废一下"
    assert not names_object(text, ToolSpec("gift_card_void", "Void a gift card."))
    assert not names_object(text, ToolSpec("payment_card_remove", "Remove a saved payment card."))
    assert names_object(text, ToolSpec("key_card_revoke", "Revoke a key card."))


def test_forfeit_and_its_gloss_are_the_tools_own_acts() -> None:
    assert request_says_its_act("forfeit 500 points of M-12", FORFEIT)
    assert request_says_its_act("those points came from a chargeback, remove them", FORFEIT)


def test_a_door_card_in_chinese_names_the_cards_revoke_not_the_charges_void() -> None:
    text = "会员的门卡丢了，把原来的卡作废"
    assert names_object(text, CARD)
    assert not names_object(text, VOID)


TOOLS = [FORFEIT, BALANCE, VOID, ADD, CARD, SEAT, SEATS]
POINTS = "how many points does M-12 have?"
TAKE_IT_OFF = "the drink charge on tab T-12 is wrong, they never ordered it, take it off"
LOST_CARD = "会员的门卡丢了，把原来的卡作废"
SEAT_FREE = "is seat 12 free yet?"
SEAT_BACK = "we no longer hold seat 12, release it"
TABLE = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)} | {
    POINTS: unit(0, 0.7, 0.7),  # ranks the forfeit beside the balance
    TAKE_IT_OFF: unit(0, 0, 0, 0.6, 0.8),  # ranks the charge's add first, its void second
    LOST_CARD: unit(0, 0, 0, 0.65, 0, 0.76),  # ranks the card's revoke first, the charge's void second
    SEAT_FREE: unit(0, 0, 0, 0, 0, 0, 0.7, 0.7),  # ranks the release beside the status
    SEAT_BACK: unit(0, 0, 0, 0, 0, 0, 0.6, 0.8),  # ranks the status first, the release second
}


def _bar() -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, min_score=0.5, min_gap=0.1, abstain_phrases=(), weights={"embed": 1.0}
    )
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE))


@pytest.mark.parametrize(("text", "held"), [(POINTS, FORFEIT.name), (SEAT_FREE, SEAT.name)])
def test_a_question_is_sent_no_forfeit_nor_release(text: str, held: str) -> None:
    s = _bar().select(text)
    assert held not in s.names, s.names
    assert held in [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD]


@pytest.mark.parametrize(("text", "sent"), [(TAKE_IT_OFF, VOID.name), (SEAT_BACK, SEAT.name)])
def test_taking_the_charge_off_or_releasing_the_seat_is_sent_its_act(text: str, sent: str) -> None:
    assert sent in _bar().select(text).names


def test_voiding_a_lost_door_card_is_sent_the_cards_revoke_not_the_charges_void() -> None:
    s = _bar().select(LOST_CARD)
    assert CARD.name in s.names, s.names
    assert VOID.name not in s.names, s.names
