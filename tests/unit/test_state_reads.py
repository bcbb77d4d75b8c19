"""A question about a held destructive tool's act gets the read tools of that tool's object.

In a registry without profiles, "R-22018 取消了没？" ranked only destructive
tools above the gates; the guard held them all (a question about an act's state,
``ask_form.about_state``) and nothing was sent, or a tool of another object. Each held tool now
gives way to its object's reads (``state_reads``). Cosines fixed by hand (``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import NoteKind, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._pipeline.state_reads import object_reads

from .fakes import TableEmbedder, unit

state_reads = importlib.import_module("toolfilter_core._pipeline.state_reads")

TOOLS = [
    ToolSpec("reservation_get", "Look up a reservation by its number: dates, vehicle, status."),
    ToolSpec("reservation_modify", "Change the dates of an existing reservation."),
    ToolSpec("reservation_cancel", "Cancel a rental reservation."),
    ToolSpec("invoice_get", "Show an invoice: lines, total, and whether it was voided."),
    ToolSpec("invoice_void", "作废一张发票。Void an invoice."),
    ToolSpec("repair_order_get", "Show a repair order: diagnosis, parts, status."),
    ToolSpec("repair_order_delete", "Delete a repair order that was opened by mistake."),
    ToolSpec("payment_list", "List payments and refunds of a customer, with dates and amounts."),
    ToolSpec("payment_refund", "Refund a payment.", annotations={"destructiveHint": True}),
    ToolSpec("vehicle_update_mileage", "Record a vehicle's odometer reading."),
    ToolSpec("parts_order", "向供应商订购零件。"),
    ToolSpec("parts_order_cancel", "取消一张零件采购单。"),
]
AXIS = {t.name: i for i, t in enumerate(TOOLS)}
# each question sits on its destroyer's axis alone (and, for the refund, a little on the mileage tool)
ROWS = [
    ("R-22018 取消了没？", "reservation_cancel", "reservation_get"),
    ("INV-5520 是不是已经作废了", "invoice_void", "invoice_get"),
    ("W-2207 被删了吗？", "repair_order_delete", "repair_order_get"),
    ("P-9931 退过款吗", "payment_refund", "payment_list"),
]


def _vector(**weights: float) -> list[float]:
    out = [0.0] * 16
    for name, w in weights.items():
        out[AXIS[name]] = w
    return out


TABLE = {t.document(): unit(*_vector(**{t.name: 1.0})) for t in TOOLS} | {
    "R-22018 取消了没？": unit(*_vector(reservation_cancel=0.45, parts_order_cancel=0.5)),
    "INV-5520 是不是已经作废了": unit(*_vector(invoice_void=0.45)),
    "W-2207 被删了吗？": unit(*_vector(repair_order_delete=0.45)),
    "P-9931 退过款吗": unit(*_vector(payment_refund=0.45, vehicle_update_mileage=0.4)),
}
for text in list(TABLE)[len(TOOLS) :]:  # the rest of each question points nowhere
    TABLE[text] = [*TABLE[text][:15], 0.8]


def _filter() -> ToolFilter:
    cfg = ToolFilterConfig(enabled=True, top_k=3, min_score=0.6, abstain_phrases=(), weights={"embed": 1.0})
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE, id="garage-1"))


@pytest.mark.parametrize(("text", "held", "read"), ROWS)
def test_a_question_about_a_held_tools_act_gets_its_objects_read(text: str, held: str, read: str) -> None:
    s = _filter().select(text)
    assert read in s.names, (s.status, s.names, s.detail)
    assert not {"reservation_cancel", "invoice_void", "repair_order_delete", "payment_refund"} & set(s.names)
    assert held in {r.name for r in s.rejected}
    note = next(r for r in s.reasons if r.kind is NoteKind.STATE_READS)
    assert read in note.values["tools"]


@pytest.mark.parametrize(("text", "held", "read"), ROWS)
def test_off_the_read_is_not_sent(monkeypatch: pytest.MonkeyPatch, text: str, held: str, read: str) -> None:
    monkeypatch.setattr(state_reads, "STATE_READS", "off")  # the rule before: empty, or another object's tool
    assert read not in _filter().select(text).names


def test_a_destroy_request_is_sent_its_tool_and_no_read() -> None:
    s = _filter().select("cancel reservation R-22018")
    assert not any(r.kind is NoteKind.STATE_READS for r in s.reasons)


def test_a_read_is_a_tool_that_says_no_write_over_the_held_tools_object() -> None:
    by = {t.name: t for t in TOOLS}
    assert [t.name for t in object_reads(by["reservation_cancel"], TOOLS)] == ["reservation_get"]
    assert [t.name for t in object_reads(by["payment_refund"], TOOLS)] == ["payment_list"]
    assert [t.name for t in object_reads(by["repair_order_delete"], TOOLS)] == ["repair_order_get"]
    assert object_reads(by["parts_order_cancel"], TOOLS) == []  # parts_order orders parts: no read verb
    server = [ToolSpec("shop__get_orders", "Get orders."), ToolSpec("shop__cancelOrder", "Cancel an order.")]
    assert [t.name for t in object_reads(server[1], server)] == ["shop__get_orders"]


# A home-cleaning registry: shifts are read by the cleaner's schedule alone (no read's name says "shift").
CLEANING = [
    ToolSpec("customer_find", "Look up a customer by name, phone or e-mail and return their profile."),
    ToolSpec("customer_delete", "Permanently delete a customer and all their data. Cannot be undone."),
    ToolSpec("cleaner_schedule", "List a cleaner's shifts and assigned bookings for a day or week."),
    ToolSpec("shift_create", "为保洁员排一个新班次（日期、开始和结束时间）。"),
    ToolSpec("shift_delete", "删除保洁员的一个班次（例如请病假）。"),
    ToolSpec("booking_get", "Show a cleaning booking: date, slot, status."),
    ToolSpec("booking_cancel", "Cancel a cleaning booking."),
    ToolSpec("subscription_get", "Show a recurring cleaning plan: frequency, price, active or cancelled."),
    ToolSpec("subscription_cancel", "Cancel a recurring cleaning plan at the end of the period."),
    ToolSpec("payment_refund", "Refund a payment to the customer's card, fully or in part."),  # no read
]
CLEANING_AXIS = {t.name: i for i, t in enumerate(CLEANING)}
# each question: its likeliest held tool 0.5, another held tool 0.45, the rest nowhere
QUESTIONS = {
    "S-778 这个班删了吗": ("shift_delete", "customer_delete"),
    "取消了吗？": ("booking_cancel", "subscription_cancel"),
    "was the subscription cancelled?": ("booking_cancel", "subscription_cancel"),
    "是不是被删除了？": ("booking_cancel", "customer_delete"),
    "P-55 那笔钱退了没有？": ("payment_refund", "customer_delete"),
}


def _cleaning(min_score: float = 0.3) -> ToolFilter:
    """The cleaning registry; its questions' best score (0.48) passes ``min_score`` 0.3: confident."""
    table = {t.document(): unit(*[float(i == CLEANING_AXIS[t.name]) for i in range(16)]) for t in CLEANING}
    for text, (first, second) in QUESTIONS.items():
        row = [0.0] * 16
        row[CLEANING_AXIS[first]], row[CLEANING_AXIS[second]], row[15] = 0.5, 0.45, 0.8
        table[text] = unit(*row)
    cfg = ToolFilterConfig(enabled=True, top_k=3, min_score=min_score, abstain_phrases=(), weights={"embed": 1.0})
    return ToolFilter(CLEANING, config=cfg, embedder=TableEmbedder(table, id="cleaning-1"))


def test_a_held_tool_no_reads_name_says_gets_the_read_its_description_says() -> None:
    by = {t.name: t for t in CLEANING}
    assert [t.name for t in object_reads(by["shift_delete"], CLEANING)] == ["cleaner_schedule"]
    assert [t.name for t in object_reads(by["customer_delete"], CLEANING)] == ["customer_find"]  # by name first
    assert [t.name for t in object_reads(by["booking_cancel"], CLEANING)] == ["booking_get"]  # not the schedule


def test_a_question_about_a_shift_gets_the_shifts_read_not_another_records() -> None:
    s = _cleaning().select("S-778 这个班删了吗")
    assert "cleaner_schedule" in s.names, (s.names, s.detail)
    assert "customer_find" not in s.names  # customer_delete is held, but the question is the shift's
    note = next(r for r in s.reasons if r.kind is NoteKind.STATE_READS)
    assert note.values["held"] == ("shift_delete",)
    assert "names no object" in note and not note.values["object_named"]


def test_a_question_naming_no_object_gets_the_likeliest_held_tools_read_alone() -> None:
    s = _cleaning().select("取消了吗？")
    assert "booking_get" in s.names, (s.names, s.detail)
    assert "subscription_get" not in s.names


def test_a_widened_question_naming_no_object_gets_every_held_tools_read() -> None:
    s = _cleaning(min_score=0.6).select("取消了吗？")  # unsure: the scores tell the held tools apart too little
    assert s.status.value == "widened"
    assert {"booking_get", "subscription_get"} <= set(s.names), (s.names, s.detail)
    assert "selection widened" in next(r for r in s.reasons if r.kind is NoteKind.STATE_READS)


def test_a_question_naming_an_object_gets_that_objects_read() -> None:
    s = _cleaning().select("was the subscription cancelled?")
    assert "subscription_get" in s.names, (s.names, s.detail)
    assert "booking_get" not in s.names  # booking_cancel scores higher, but the request names the subscription
    note = next(r for r in s.reasons if r.kind is NoteKind.STATE_READS)
    assert "the object the request names" in note and note.values["object_named"]


def test_a_question_saying_a_held_tools_act_gets_that_tools_read() -> None:
    s = _cleaning().select("是不是被删除了？")  # 删除 is customer_delete's act, not booking_cancel's
    assert "customer_find" in s.names, (s.names, s.detail)
    assert "booking_get" not in s.names


def test_a_question_whose_likeliest_held_tool_has_no_read_gets_no_other_tools_read() -> None:
    """A refund's question got ``member_get`` "for access_card_deactivate": another held tool's read."""
    s = _cleaning().select("P-55 那笔钱退了没有？")
    assert "payment_refund" not in s.names and "customer_find" not in s.names, (s.names, s.detail)


# A grocery registry: the held order_cancel scores first, its read order_get under the delivery's tools.
GROCERY = [
    ToolSpec("order_cancel", "Cancel an order before it is picked."),
    ToolSpec("slot_book", "Book or change the delivery slot of an order."),
    ToolSpec("delivery_track", "Track a delivery: where the van is and when it arrives."),
    ToolSpec("order_update_items", "Add, remove or change the items of an order."),
    ToolSpec("substitution_list", "Show the substitutions proposed for an order's items."),
    ToolSpec("refund_status", "Where a refund is: requested, approved, paid."),
    ToolSpec("order_get", "Get one order by its id: items, total, delivery slot, status."),
    ToolSpec("order_search", "Search orders by date or status."),
]


def _grocery() -> ToolFilter:
    """Scores 0.5 (order_cancel), then 0.45 down to 0.3 in registry order: widened (min_score 0.6)."""
    table = {t.document(): unit(*[float(i == j) for i in range(16)]) for j, t in enumerate(GROCERY)}
    row = [0.5, 0.45, 0.43, 0.41, 0.39, 0.37, 0.33, 0.3] + [0.0] * 7 + [0.6]
    table["is order B2231 cancelled or still coming?"] = unit(*row)
    cfg = ToolFilterConfig(
        enabled=True, top_k=3, fallback_top_k=8, min_score=0.6, abstain_phrases=(), weights={"embed": 1.0}
    )
    return ToolFilter(GROCERY, config=cfg, embedder=TableEmbedder(table, id="grocery-1"))


def test_the_held_tools_read_takes_its_rank_so_max_tools_keeps_it() -> None:
    """``--max-tools 5`` cut ``order_get``: seventh, the held ``order_cancel``'s read after the delivery's tools."""
    s = _grocery().select("is order B2231 cancelled or still coming?", max_tools=5)
    assert "order_cancel" not in s.names
    assert s.names[0] == "order_get", (s.status, s.names, s.detail)
    assert len(s.names) == 5


def test_a_read_already_sent_and_moved_up_is_said() -> None:
    """The read was sent already (widened): moving it above higher-scored tools is told, not silent."""
    s = _grocery().select("is order B2231 cancelled or still coming?")
    said = [str(n) for n in s.reasons if n.kind is NoteKind.STATE_READS]
    assert said == [
        "a question about a held tool's act: its object's reads moved up to the held tool's place: "
        "order_get (for order_cancel)"
    ], (said, s.names)


def test_a_reads_object_is_its_own_not_a_noun_its_description_mentions_later() -> None:
    """A stock count that says when the next delivery is due reads stock; "Track a home delivery" reads deliveries."""
    tools = [
        ToolSpec("stock_check", "How many units of a drug a store has, and when the next delivery is due."),
        ToolSpec("delivery_track", "Track a home delivery: courier, location, arrival time."),
        ToolSpec("delivery_cancel", "Cancel a scheduled home delivery."),
    ]
    assert [t.name for t in object_reads(tools[2], tools)] == ["delivery_track"]
