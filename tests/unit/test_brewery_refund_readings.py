"""A brewery's registry: a question whether a refund happened, a refund given to a customer, a bill voided.

"Customer wants to know if the refund for order 55087 already went through" was sent ``shop_order_refund``: an
indirect question whether an act happened asks its state (``ask_form.asks_whether_done``). "give the customer of
order 60231 a full refund" and "给订单 60231 的客人全额退款" were held, the order read as only the customer's owner:
the customer is the one paid (``owners``). "3号桌那个账单开错了，作废掉" (void the bill) was sent
``tour_booking_cancel`` for its act said in the other language (作废, cancel): the request names the bill, none of
the tour booking's words (``said_objects.on_the_record_said``). A request that is one of a destructive tool's own
profile requests asks its act (``act_words.is_its_profile_request``). ``--read-only`` over a registry that
annotates no tool says why every tool is blocked (``_policy.read_only_unmarked``).
"""

import json

import numpy as np
import pytest

from toolfilter_core import ToolProfile, ToolSpec
from toolfilter_core._negated import refused_apart
from toolfilter_core._pipeline.act_words import is_its_profile_request
from toolfilter_core._pipeline.ask_form import about_state, asks_whether_done
from toolfilter_core._pipeline.owners import owner_only, owners_only
from toolfilter_core._pipeline.said_objects import on_the_record_said
from toolfilter_core._pipeline.zh_records import head_records
from toolfilter_core._policy import read_only_unmarked
from toolfilter_core.cli import main

REFUND = ToolSpec("shop_order_refund", "Refund a web shop order (full or partial) to the original payment method.")
COUPON_DELETE = ToolSpec("patient_delete", "Permanently delete a patient profile and its data.")
VOID = ToolSpec("taproom_tab_void", "Void tab.", profile=ToolProfile(requests=("这张 T-118 是点错了，整单不算了",)))
TOUR_CANCEL = ToolSpec("tour_booking_cancel", "Cancel a tour booking. Cannot be undone.")


@pytest.mark.parametrize(
    "text",
    [
        "Customer wants to know if the refund for order 55087 already went through",
        "Customer wants to know whether the refund for order 55087 went through",
        "Check whether the refund for order 55087 went through",
        "The customer is asking whether we already refunded order 55087",
        "find out whether member 8812 has been deleted",
    ],
)
def test_an_indirect_question_whether_an_act_happened_asks_its_state(text: str) -> None:
    assert asks_whether_done(text) and about_state(text)


@pytest.mark.parametrize(
    "text",
    [
        "The customer wants to know if we can refund order 55087",  # whether it may be done: no state
        "Customer asks if you could refund order 55087",
        "check whether the refund for order 55087 went through, if not refund it",  # the act asked beside it
        "see if order 55087 needs a refund",
        "refund order 55087",
    ],
)
def test_an_ask_beside_or_instead_of_such_a_question_is_no_state(text: str) -> None:
    assert not asks_whether_done(text)


def test_if_not_is_otherwise_not_a_refusal() -> None:
    ask, refused = refused_apart("check whether the refund went through, if not refund it")
    assert refused == "" and "refund it" in ask
    assert refused_apart("don't refund it, just void it")[1]  # a refusal still


@pytest.mark.parametrize(
    "text",
    [
        "give the customer of order 60231 a full refund",
        "refund the customer of order 60231",
        "给订单 60231 的客人全额退款",
        "为订单 60231 的客户办理全额退款",
        "给客人办理订单 60231 的全额退款",
        "process order 60231's full refund",
    ],
)
def test_the_customer_paid_or_the_refund_itself_leaves_the_order_the_object(text: str) -> None:
    assert not owner_only(text, ToolSpec("order_refund", "Refund an order."))


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("email the customer of order 60231 about the refund", ToolSpec("order_refund", "Refund an order.")),
        ("给订单 60231 的客人发邮件说明退款", ToolSpec("order_refund", "Refund an order.")),
        ("delete the customer of order 60231", ToolSpec("order_delete", "Delete an order.")),
        ("Refund receipt 0045-99812 and delete the patient's loyalty coupon", COUPON_DELETE),
    ],
)
def test_an_owner_of_another_thing_is_still_only_an_owner(text: str, tool: ToolSpec) -> None:
    assert owner_only(text, tool)
    assert owners_only(text, [tool], np.array([[True]]))[0, 0]


def test_a_request_of_the_tools_own_profile_is_its_own_ids_aside() -> None:
    assert is_its_profile_request("这张 T-118 是点错了，整单不算了", VOID)
    assert is_its_profile_request("这张 T-120 是点错了, 整单不算了", VOID)
    assert not is_its_profile_request("这张 T-118 是点错了，整单不算了吗？", VOID)
    assert not is_its_profile_request("这张 T-118 是点错了，整单不算了", TOUR_CANCEL)


def test_the_record_said_as_the_thing_acted_on() -> None:
    assert "tab" in head_records("3号桌那个账单开错了，作废掉")
    assert head_records("删掉仓库里的分支") == {"branch"}  # the repository only holds it
    assert "customer" not in head_records("取消客户 C-1 的订阅")
    assert on_the_record_said("3号桌那个账单开错了，作废掉", [TOUR_CANCEL, VOID], [0, 1]) == [1]
    assert on_the_record_said("作废掉", [TOUR_CANCEL, VOID], [0, 1]) == [0, 1]  # no record said: as before


def test_read_only_over_tools_annotated_none_says_why() -> None:
    plain = [ToolSpec("tab_view", "Show a tab."), ToolSpec("tab_void", "Void a tab.")]
    said = read_only_unmarked(plain)
    assert said is not None and "readOnlyHint" in said and '"annotations"' in said and "2 tools" in said
    marked = [*plain, ToolSpec("menu", "Show the menu.", annotations={"readOnlyHint": True})]
    assert read_only_unmarked(marked) is None


def test_select_read_only_says_it_once(tmp_path, capsys) -> None:
    tools = tmp_path / "tools.jsonl"
    rows = [{"name": "tab_view", "description": "Show a tab."}, {"name": "tab_void", "description": "Void a tab."}]
    tools.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    argv = ["select", "what's on tap", "--tools", str(tools), "--embedder", "hashing", "--read-only"]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert len([line for line in err.splitlines() if "readOnlyHint" in line]) == 1, err
    assert main([*argv[:-1]]) == 0
    assert "readOnlyHint" not in capsys.readouterr().err


def test_the_question_ends_at_a_conjunction() -> None:
    assert not asks_whether_done("check if the booking is confirmed then cancel it")
    assert not about_state("check whether the refund for order 55087 went through and if not refund it")


def test_the_record_is_read_in_the_acts_clause_and_its_topic() -> None:
    """A customer in a later clause is no thing acted on: the cancel of a plumber's appointment stays."""
    appointment = ToolSpec("cancel_appointment", "Cancel an appointment.")
    text = "先查一下 JB-75470 约的是几点，然后取消掉，再记一条投诉，客户对上次迟到很不满。"
    assert on_the_record_said(text, [appointment], [0]) == [0]
