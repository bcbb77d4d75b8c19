"""A destroyer whose act and id the request says is sent wherever it ranks; the readings that find such asks.

"取消订单 R-21030" against English descriptions ranked ``cancel_order`` under the relative cut (a Chinese policy
tool whose text says 订单取消 scored first), and "这个测试账户 CU-0001 干掉吧" ranked ``delete_customer_account`` under
the score floor. Here the cancel ranks past ``top_k``, a cut as the relative one. Cosines are fixed by hand
(``TableEmbedder``).
"""

import importlib

import pytest

from toolfilter_core import Reason, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._hints import act_said_nearness, request_is_destructive, request_says_its_act_across
from toolfilter_core._pipeline.id_shapes import id_prefixes, id_shapes

from .fakes import TableEmbedder, act_phrases, hand_filter, takes, tool_axes, unit

asked_kept = importlib.import_module("toolfilter_core._pipeline.asked_kept")

POLICY = ToolSpec("get_shop_policy", "查询网店条款：订单取消时限、退款条件。")
GET_ORDER = ToolSpec("get_order", "One web-shop order by number (R-xxxxx): lines, totals, status.", takes("order_id"))
CANCEL_ORDER = ToolSpec("cancel_order", "Cancel an order that hasn't been dispatched.", takes("order_id"))
SEARCH_ORDERS = ToolSpec("search_orders", "Search orders by customer, date or status.")
TRACKING = ToolSpec("get_shipment_tracking", "Courier tracking for an order's parcel.", takes("order_id"))
TOOLS = [POLICY, GET_ORDER, SEARCH_ORDERS, TRACKING, CANCEL_ORDER]
TABLE = tool_axes(TOOLS) | act_phrases(6, 7)
COSINES = [0.9, 0.5, 0.45, 0.4, 0.15]
"""The cancel ranks fifth, past ``top_k`` 3."""


def _select(text: str, cosines: list[float] = COSINES) -> list[str]:
    table = TABLE | {text: unit(0, *cosines, 0.3, 0.0)}
    return hand_filter(TOOLS, table, min_score=0.5).select(text).names


@pytest.mark.parametrize("kept", [True, False])
def test_the_cancel_under_the_relative_cut_is_sent_for_its_act_and_id(monkeypatch, kept):
    monkeypatch.setattr(asked_kept, "ASKED_KEPT", kept)
    names = _select("取消订单 R-21030")
    assert ("cancel_order" in names) is kept


@pytest.mark.parametrize("kept", [True, False])
def test_the_cancel_under_the_score_floor_is_a_candidate_again_for_its_act_and_id(monkeypatch, kept):
    monkeypatch.setattr(asked_kept, "ASKED_KEPT", kept)
    text = "取消订单 R-21030"
    config = ToolFilterConfig(
        enabled=True,
        top_k=5,
        min_score=0.1,
        min_gap=0.1,
        min_combined_score=0.3,
        abstain_phrases=(),
        weights={"embed": 1.0, "support": 1.0},
    )
    table = TABLE | {text: unit(0, *COSINES, 0.3, 0.0)}
    tool_filter = ToolFilter(TOOLS, config=config, embedder=TableEmbedder(table))
    selection = tool_filter.select(text)
    assert ("cancel_order" in selection.names) is kept
    reasons = {s.name: s.reason for s in selection.rejected}
    assert kept or reasons["cancel_order"] is Reason.BELOW_MIN_COMBINED  # under the floor, not past top_k


def test_a_read_of_the_same_order_gets_no_cancel():
    assert "cancel_order" not in _select("订单 R-21030 到哪了")


def test_the_act_without_the_id_keeps_the_cut():
    assert "cancel_order" not in _select("取消订单")


@pytest.mark.parametrize(
    ("text", "prefixes"),
    [
        ("One web-shop order by number (R-xxxxx)", {"r"}),
        ("by reference (LB-XXXXX)", {"lb"}),
        ("purchase order PO-#####", {"po"}),
        ("the phone in the format (XXX) XXX-XXXX", set()),
        ("a body with no placeholder: R-xx", set()),
    ],
)
def test_an_id_format_written_with_a_placeholder_names_its_prefix(text, prefixes):
    assert id_prefixes(text, placeholders=True) == prefixes
    assert not id_prefixes(text)  # only a one-parameter tool's description gives a placeholder's prefix


def test_a_placeholder_gives_its_prefix_to_the_parameter_every_tool_shares():
    shapes = id_shapes(hand_filter(TOOLS, TABLE).snapshot)
    assert shapes.takes("cancel R-21020", [GET_ORDER, CANCEL_ORDER, POLICY]) == [True, True, False]
    bare = ToolSpec("product_sale_get", "Look up a product sale by sale id (S-xxxx).")
    assert id_shapes(hand_filter([bare], tool_axes([bare])).snapshot).takes("refund S-4455", [bare]) == [False]


def test_a_placeholder_by_a_bare_id_goes_only_to_the_tools_that_name_its_thing():
    bare = [
        ToolSpec(GET_ORDER.name, GET_ORDER.description, takes("id")),
        ToolSpec("cancel_order", "Cancel an order that hasn't shipped.", takes("id")),
        ToolSpec("delete_customer", "Delete a customer account and personal data.", takes("id")),
        ToolSpec("get_product", "Product page data: price, stock.", takes("id")),
    ]
    shapes = id_shapes(hand_filter(bare, tool_axes(bare)).snapshot)
    assert shapes.takes("delete R-21030", bare) == [True, True, False, False]


@pytest.mark.parametrize(
    ("get_order", "delete_customer"),
    [
        ("Get one web-shop order by number (R-xxxxx).", "Delete a customer account; get the id from find_customer."),
        ("One web-shop order by number (R-xxxxx).", "Delete a customer account and all their orders."),
    ],
)
def test_a_bare_ids_thing_is_the_nouns_of_its_tool(get_order: str, delete_customer: str) -> None:
    """Its thing is "order", not "get" (a verb of the name), and the object of the tools it goes to: a customer
    deleter whose description says "orders" or "get" takes no R-id."""
    bare = [
        ToolSpec("get_order", get_order, takes("id")),
        ToolSpec("cancel_order", "Cancel an order that hasn't shipped.", takes("id")),
        ToolSpec("delete_customer", delete_customer, takes("id")),
        ToolSpec("get_product", "Product page data: price, stock.", takes("id")),
    ]
    shapes = id_shapes(hand_filter(bare, tool_axes(bare)).snapshot)
    assert shapes.takes("delete R-21030", bare) == [True, True, False, False]


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("Frankfurt station asked us to take bag XA447201 off courier run CD-4450", True),
        ("pull XA453066 off CD-5266 and keep it in storage", True),
        ("take 10% off order O-1", False),
        ("take Monday off shift S-12", False),
        ("take that one off my list, it's done", False),
        ("把 COFFEE30 这个码废了", True),
        ("手机废了，怎么办", False),
    ],
)
def test_taking_a_thing_off_a_record_and_voiding_it_ask_to_destroy(text, asks):
    assert request_is_destructive(text) is asks


@pytest.mark.parametrize(
    ("text", "tool", "says"),
    [
        ("CD-4460 里那件 XA447300 拿掉", ToolSpec("remove_bag_from_delivery", "Remove a bag from a delivery."), True),
        ("这个测试账户 CU-0001 干掉吧", ToolSpec("delete_customer_account", "Delete a customer account."), True),
        ("把 COFFEE30 这个码废了", ToolSpec("void_discount_code", "Void a discount code immediately."), True),
        ("把 COFFEE30 这个码废了", ToolSpec("refund_payment", "Refund a payment."), False),
    ],
)
def test_slang_removals_say_the_english_act(text, tool, says):
    assert request_says_its_act_across(text, tool) is says


def test_killing_an_instance_says_terminate_before_delete():
    terminate = ToolSpec("terminate_instances", "Terminate the specified instances permanently.")
    delete = ToolSpec("delete_issue", "Delete an issue.")
    near, far = act_said_nearness("i-0c4e8b2a 干掉", terminate), act_said_nearness("i-0c4e8b2a 干掉", delete)
    assert near is not None and far is not None and near < far
