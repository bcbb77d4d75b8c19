"""A tool without annotations that refunds, retires or says it cannot be undone is destructive.

A user's garage registry: ``payment_refund`` ("Refund a payment to the customer's card")
and ``vehicle_retire`` ("Permanently retire a vehicle ... Cannot be undone.") were read as
not destructive (refund and retire are in no verb list), so they rode along with reads like
any tool. ``benchmarks/destructive_words.py`` measures the reading against the registries'
own hints. Cosines are fixed by hand (``TableEmbedder``).
"""

import numpy as np
import pytest

from toolfilter_core import Reason, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._hints import (
    request_is_destructive,
    request_says_its_act,
    request_says_its_act_across,
    request_says_its_own_act,
    says_destructive,
    says_writes,
)
from toolfilter_core._pipeline.decide import says_acts

from .fakes import TableEmbedder, unit

REFUND = ToolSpec("payment_refund", "Refund a payment to the customer's card, fully or in part.")
RETIRE = ToolSpec("vehicle_retire", "Permanently retire a vehicle from the fleet (sold or scrapped). Cannot be undone.")


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("payment_refund", "Refund a payment to the customer's card, fully or in part."),
        ("vehicle_retire", "Permanently retire a vehicle from the fleet (sold or scrapped). Cannot be undone."),
        ("process_refund", "Send money back to the customer's original payment method."),
        ("stripe__create_refund", "This tool will refund a payment intent or charge in Stripe."),
        ("close_account", "Close the account. This cannot be undone."),
        ("merge_tickets", "Merge source tickets into a target ticket. Irreversible."),
        ("issue_refund", "退款：原路退回已支付的金额（全部或部分）。"),
        ("recall_message", "撤回机器人发送的消息。"),
        ("write_off_stock", "耗材报损，会直接扣减库存，不可撤销。"),
        ("withdraw_application", "Withdraw a submitted visa application."),
        ("waive_fine", "Waive (void) a fine entirely. Staff only; needs a reason, logged for audit."),
        ("fine_relief", "免除罚款：整笔作废，需写明原因。"),
        ("part_write_off", "Write off a damaged part from van stock."),
        ("damage_log", "零件报损：从库存中扣除损坏零件。"),
        ("damage_claim_close", "Close a damage claim (paid or waived). A closed claim cannot be reopened."),
        ("close_ticket", "Close a ticket. Closed tickets can't be reopened."),
        ("mailbox_compact", "Compact a mailbox. There is no way to undo this."),
        ("account_merge", "Merge two customer accounts into one. The merge is permanent."),
    ],
)
def test_its_own_words_say_it_destroys(name: str, description: str) -> None:
    assert says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("get_refund_status", "Get the status of a refund by its id."),
        ("refund_status", "查询退款进度：根据订单号查看退款是否已到账。"),
        ("report_refunds", "Refund report for a period: count, amount and reasons."),
        ("refund_reject", "Reject a refund request with a reason that is e-mailed to the customer."),
        ("list_cancelled_orders", "List orders that were cancelled in a date range."),
        ("can_undo_invoice", "Check whether a void can be undone for an invoice."),
        ("undo_last_change", "Undo the last change made to a document."),
        ("audit_log", "Show the audit log. Entries cannot be undone or edited."),
        ("revenue_report", "营收报表：按日汇总收入、退款、新客数。"),
        ("getRetirementAge", "Retrieve retirement age information."),
        ("block_search", "Search blocks. Each query permanently speeds up future ones."),
        ("invoice_get", "发票详情：金额、状态（已开、已付、已作废）"),
        ("get_waiver_status", "Get the status of a fee waiver request."),
        ("get_writeoff_report", "Get the write-off report for a month."),
        ("write_offer", "Write an offer letter to a candidate."),  # 已作废: a state it shows, not its act
        ("create_credential", "Create a credential. Once created, its value cannot be retrieved."),
    ],
)
def test_a_read_or_a_noun_says_no_destroying(name: str, description: str) -> None:
    assert not says_destructive(ToolSpec(name, description))


def test_hints_still_decide() -> None:
    said_safe = ToolSpec("refund_create", "Issue a refund.", annotations={"destructiveHint": False})
    assert not says_destructive(said_safe)
    claims_read = ToolSpec("payment_refund", REFUND.description, annotations={"readOnlyHint": True})
    assert not says_destructive(claims_read)
    assert says_writes(claims_read)  # the read-only policy still refuses it: its words say it writes


def test_a_refund_request_says_its_act_and_a_list_of_refunds_does_not() -> None:
    assert request_says_its_act("refund order 4471", REFUND)
    assert request_says_its_act("retire LM-301, it was scrapped", RETIRE)
    assert not request_says_its_act("list refunds for customer C-3302", REFUND)


def test_a_waiver_asks_its_act_and_a_question_about_fines_does_not() -> None:
    waive = ToolSpec("waive_fine", "Waive (void) a fine entirely. Staff only; needs a reason, logged for audit.")
    assert request_says_its_act("waive the late fee on F-12", waive)
    assert request_says_its_act_across("把 F-12 的罚款免除", waive)
    assert not request_is_destructive("我欠了多少罚款？")
    assert not request_is_destructive("how much do I owe in fines?")


def test_chinese_says_the_refund_and_the_retiring() -> None:
    assert request_says_its_own_act("把 P-9931 的钱退给客户", REFUND)
    assert request_says_its_own_act("LM-301 那台帕萨特卖了，下掉", RETIRE)


@pytest.mark.parametrize(
    "text",
    [
        "退一下张先生那笔 PAY-1234",
        "退掉王女士那笔钱",
        "给张先生退 300 块",
        "那笔钱退掉吧",
        "把 AP-9 的预约取消，顺便把押金退了",  # a deposit
        "能帮我把多收的房费退一下吗",
        # a course fee: a money word right after 退课, 退选
        "给张三退课费300元",
        "帮张三退课费",
        "退选课费给李四 200 块",
    ],
)
def test_a_bare_refund_that_names_money_says_the_refund(text: str) -> None:
    assert request_says_its_own_act(text, REFUND)
    assert not request_says_its_own_act(text, RETIRE)


@pytest.mark.parametrize(
    "text",
    [
        "明天退房",
        "退订这个频道",
        "把这单退货",
        "退出登录",
        "退一下这个页面",
        "这笔退了吗",
        "那笔钱退过没有？",
        "帮张三退课并把课费记到下学期",  # dropping a course, its fee kept
        "帮李四退选并把选课费记到下学期",
    ],
)
def test_a_bare_refund_without_money_or_of_another_kind_says_none(text: str) -> None:
    assert not request_says_its_own_act(text, REFUND)


TOOLS = [REFUND, ToolSpec("payment_list", "List payments and refunds of a customer or an invoice.")]
STATUS = "what's the status of payment P-1?"
TABLE = {t.document(): unit(0, *([0.0] * i + [1.0])) for i, t in enumerate(TOOLS)} | {
    STATUS: unit(0, 0.8, 0.6),  # ranks payment_refund first, confidently
    "refund payment P-1": unit(0, 0.8, 0.6),
}


def _payments() -> ToolFilter:
    cfg = ToolFilterConfig(
        enabled=True, top_k=2, min_score=0.5, min_gap=0.1, abstain_phrases=(), weights={"embed": 1.0}
    )
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(TABLE))


def test_a_refund_tool_without_annotations_is_held_for_a_status_question() -> None:
    s = _payments().select(STATUS)
    assert "payment_refund" not in s.names, s.names
    assert [r.name for r in s.rejected if r.reason is Reason.DESTRUCTIVE_GUARD] == ["payment_refund"]


def test_the_refund_request_gets_it() -> None:
    assert _payments().select("refund payment P-1").names[0] == "payment_refund"


@pytest.mark.parametrize("text", ["把 F-12 的罚款免除", "罚款免掉吧", "这笔费用给他减免了吧"])
def test_a_waiver_asked_in_chinese_asks_to_destroy(text: str) -> None:
    assert request_is_destructive(text)


@pytest.mark.parametrize("text", ["有没有学费减免政策？", "豁免条件是什么", "免除责任条款是什么意思", "减免的标准"])
def test_a_question_about_waivers_or_their_rules_does_not_ask_to_destroy(text: str) -> None:
    assert not request_is_destructive(text)


def test_the_act_a_colon_explains_says_it_destroys() -> None:
    release = ToolSpec("locker_release", "Release a locker: end the rental and clear it for the next member.")
    assert says_destructive(release)  # "release" is no verb of its own: the act after the colon says it


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("release_version", "Release a version: publish it to the package registry."),
        ("get_locker", "Get a locker: which member has it and when its rental ends; clear or not."),
        ("locker_report", "Lockers. Clear ones are listed first."),
    ],
)
def test_a_colon_that_explains_no_destroying_says_none(name: str, description: str) -> None:
    assert not says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    "text",
    [
        "Take me off the waitlist for Friday's spin class",
        "take Lucas Brown off the ALG-2-P6 roster, he moved",
        "cross her off, she is not coming",
        "Please take Lily out of the spring recital",
        "pull him out of the Saturday class",
    ],
)
def test_taking_someone_off_a_list_asks_to_destroy(text: str) -> None:
    assert request_is_destructive(text)


@pytest.mark.parametrize(
    "text",
    [
        "take 10% off the price",
        "take the day off on Friday",
        "where is the waitlist?",
        "take the money out of the account",
        "how do I take my child out of school early?",
        "take that one off my list, it's done",
        # time taken off a shift, not someone taken off it
        "Can I take next Monday off the early shift?",
        "I need to take a day off the night shift",
        "take him off shiftwork",
    ],
)
def test_taking_something_else_off_asks_nothing(text: str) -> None:
    assert not request_is_destructive(text)


@pytest.mark.parametrize(
    "text",
    [
        "call off appointment AP-1",
        "the surgery was called off",
        "call the 3pm off",
        "call the whole thing off",
        "call the 3pm meeting off",
        "call her party off",
        "call his party off",
    ],
)
def test_calling_something_off_asks_to_destroy(text: str) -> None:
    assert request_is_destructive(text)


@pytest.mark.parametrize(
    "text",
    [
        "call me during off hours about appointment AP-1",
        "please call the vendor off-site about AP-1",
        "call her off, she is shouting",
        "call them back off hours",
    ],
)
def test_a_call_with_off_nearby_asks_nothing(text: str) -> None:
    assert not request_is_destructive(text)


def test_taking_someone_off_a_list_says_a_remove_tools_act() -> None:
    remove = ToolSpec("waitlist_remove", "Remove a member from a class waitlist.")
    assert request_says_its_act("Take me off the waitlist for Friday's spin class", remove)
    assert not request_says_its_act("Where am I on the waitlist for Friday's spin class?", remove)
    cancel = ToolSpec("class_booking_cancel", "Cancel a member's class booking.")
    assert not request_says_its_act("Take me off the waitlist for Friday's spin class", cancel)
    withdraw = ToolSpec("recital_entry_withdraw", "Withdraw a student's entry from a recital.")
    assert request_says_its_act("Please take Lily out of the spring recital", withdraw)


def test_a_write_off_asks_its_act_and_a_read_does_not() -> None:
    write_off = ToolSpec("part_write_off", "Write off a damaged part from van stock.")
    assert request_says_its_act("write off the broken valve P-22", write_off)
    assert request_says_its_act_across("把这个坏阀门报损", write_off)
    assert not request_is_destructive("发票 INV-3310 付清了吗？")


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("rental_end", "End an instrument rental: the instrument is returned, the rental closed and deposit released."),
        ("lease_close", "Close out the lease and settle the final bill."),
        ("lease_closeout", "Closes out the lease and refunds the deposit."),
        ("membership_stop", "Ends a member's membership from today."),
    ],
)
def test_a_description_that_opens_by_ending_something_says_it_destroys(name: str, description: str) -> None:
    assert says_destructive(ToolSpec(name, description))  # "end" is in no verb list: a rental ended rode along


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("eod_report", "End of day report: takings, refunds and tips."),
        ("booking_dates", "End date of a booking and its start date."),
        ("class_times", "Ends at the time the teacher set; shows the timetable."),
        ("daily_digest", "End your day with a summary of open tickets."),
    ],
)
def test_an_end_that_is_no_act_says_none(name: str, description: str) -> None:
    assert not says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    "text", ["end my membership", "End the rental for R-5012, the violin came back", "we're ending her lease early"]
)
def test_ending_something_asks_to_destroy(text: str) -> None:
    assert request_is_destructive(text)


@pytest.mark.parametrize(
    "text",
    [
        "what's due at the end of the month?",
        "by the end of the term",
        "my lease ends the 30th",
        "the end the film had",
        "which rentals end this month?",
        "list leases that end the 30th",
        "show me memberships that end this year",
        "meetings ending this week",
    ],
)
def test_an_end_that_is_a_time_asks_nothing(text: str) -> None:
    assert not request_is_destructive(text)


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("refund_status", "Where a refund is: requested, approved, paid."),
        ("refund_history", "Every refund a customer was given, newest first."),
    ],
)
def test_a_refund_name_that_ends_with_a_reads_noun_reads(name: str, description: str) -> None:
    """A grocery service's ``refund_status`` was read as a refund, so "我的退款到账了吗？" never got it."""
    assert not says_destructive(ToolSpec(name, description))
    assert says_destructive(ToolSpec("refund_missing_item", "Refund a missing item to the customer's card."))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("refund_status_get", "Where a refund is: pending, sent to the bank, completed, failed."),
        ("get_refund", "Where a refund is and how much of it was paid."),
        ("refund_progress", "Where a refund is: 退款进度."),
        ("cancellation_history", "Past cancellations of a member's bookings."),
    ],
)
def test_a_refund_name_with_a_read_word_anywhere_reads(name: str, description: str) -> None:
    """A cinema's ``refund_status_get`` ("Where a refund is") was held as a destroyer: its name led with refund."""
    assert not says_destructive(ToolSpec(name, description))
    assert says_destructive(ToolSpec("ticket_refund", "Refund a ticket by its booking code."))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("ban_history", "List a player's past bans and their reasons."),
        ("invoice_void_report", "List the invoices voided in a month and who voided them."),
        ("get_cancel_status", "Get where a cancellation is: requested, confirmed, refused."),
        ("unlink_history", "List the accounts unlinked from a player and when."),
        ("ban_history", "List a player's past bans, bans lifted and their reasons."),  # a plural noun, no verb
        ("purge_log", "Read the purge log."),  # the name is the thing read
    ],
)
def test_a_read_named_on_a_destroying_word_reads(name: str, description: str) -> None:
    """A game support registry's ``ban_history`` ("List a player's past bans") was held as a destroyer."""
    assert not says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("ban_player", "Ban a player from the game servers."),
        ("cancel_order", "Cancel an order before it ships."),
        ("refund_by_check", "Refund a customer by check."),
        ("message_get_and_delete", "Get the next message of a queue and delete it."),
        ("ban_list_purge", "List expired bans, then purge them from the server."),
        ("log_delete", "Get rid of an old log."),
        ("history_wipe", "Show a player's history. Irreversible: the history cannot be restored."),
        ("message_get_and_delete", "Gets the next message of a queue and deletes it."),  # verbs of one form
        ("ban_list_purge", "List expired bans, purge them from the server."),
    ],
)
def test_a_read_name_whose_description_does_the_act_destroys(name: str, description: str) -> None:
    """A read's name does not clear a tool whose description says the act is its own."""
    assert says_destructive(ToolSpec(name, description))


def test_money_back_says_a_refund_tools_act() -> None:
    """Three new users' walks: "give the deposit back", "I want my money back" held their refund tool."""
    from toolfilter_core._hints import request_says_its_own_act

    refund = ToolSpec("deposit_refund", "Refund a rental deposit to the customer's card or cash.")
    for text in (
        "the customer wants his deposit back, R-4410",
        "I want my money back for them",
        "give the deposit back",
        "please give back the 300 euro deposit for RX-3110",
        "pay back the booking fee to C-2210",
        "hand back his cash, R-4410",
    ):
        assert request_says_its_own_act(text, refund), text
    for text in (
        "did she get her money back?",
        "when is the deposit back in my account",
        "step back from the desk",
        "same hoodie in L, no money back, just swap it",
        "I don't want my money back, send another",
        "did they give back the deposit?",
        "give back the keys and pay the fee",
    ):
        assert not request_says_its_own_act(text, refund), text


@pytest.mark.parametrize(
    "description", ["Give the rental deposit back to the tenant.", "Give back the rental deposit to the tenant."]
)
def test_a_tool_that_gives_money_back_is_asked_its_refund_in_everyday_words(description: str) -> None:
    """``deposit_return`` was held for "give back the 300 euro deposit": its act words had no refund."""
    deposit = ToolSpec("deposit_return", description)
    assert says_destructive(deposit)
    for text in ("give back the 300 euro deposit for rental R-9", "give the tenant her deposit back for rental R-9"):
        assert request_says_its_own_act(text, deposit), text
        assert says_acts(text, [deposit], np.array([[True]])).tolist() == [[True]], text
    assert not says_destructive(ToolSpec("form_return", "Send back the payment form to the office."))


def test_money_back_needs_the_money_to_end_its_phrase_and_someone_else_to_pay() -> None:
    """Any money word after give, pay or hand back said a refund: "hand back the payment terminal"."""
    refund = ToolSpec("payment_refund", "Refund a payment to the card it came from.")
    for text in (
        "hand back the payment terminal to the front desk",
        "give back the deposit box key to reception",
        "pay back the cash advance I took",
        "I'll pay back the fee next week",
        "we will pay back the deposit to the landlord",
    ):
        assert not request_says_its_own_act(text, refund), text
        assert says_acts(text, [refund], np.array([[True]])).tolist() == [[False]], text
    for text in ("give back the 300 euro deposit", "pay back the fee, please", "give back deposit D-42 today"):
        assert request_says_its_own_act(text, refund), text


@pytest.mark.parametrize(
    "text",
    [
        "I have to give back the money I borrowed from my sister",
        "my flatmate should give back the money I lent her",
        "we will give back the deposit you paid once the keys are returned",
        "how do I hand back the cash I found in the cab?",
    ],
)
def test_giving_back_a_private_debt_asks_no_refund(text: str) -> None:
    """Was a refund's act: a give or hand back whose subject is the one who asks or a third person repays."""
    refund = ToolSpec("payment_refund", "Refund a payment to the card it came from.")
    assert not request_says_its_own_act(text, refund)
    assert request_says_its_own_act("you should give back my deposit", refund)


@pytest.mark.parametrize(
    "text",
    [
        "Please give back the deposit I paid last month",
        "give back the money you owe me",
        "hand back the cash my landlord kept",
        "please pay back the fee I was charged twice",
        "I'd like my deposit back so I can pay back my friend",
    ],
)
def test_money_back_ends_before_a_pronoun_and_a_repay_holds_only_its_own_pay_back(text: str) -> None:
    """A pronoun after the money word ended no phrase, and any "I ... pay back" in the clause held the ask."""
    refund = ToolSpec("payment_refund", "Refund a payment to the card it came from.")
    assert request_says_its_own_act(text, refund)
    assert says_acts(text, [refund], np.array([[True]])).tolist() == [[True]]


@pytest.mark.parametrize(
    ("name", "description", "expected"),
    [
        ("read_status", "Status of a cleaning. This status is permanent once set.", False),
        ("plan_tier", "The plan tier of an account; the tier is permanent for the billing year.", False),
        ("log_compact", "Compact a log into one file. Deletion is permanent.", True),
        ("photo_archive", "Move a photo to cold storage. This action is permanent.", True),
        ("customer_anonymise", "Anonymise a customer's personal data. This is permanent.", True),
        ("member_status", "Set a member's status. Removal of the member is permanent.", True),
        ("repo_transfer", "Transfer ownership of a repo. Deleting the source is permanent.", True),
        ("mfa_reset", "Reset a user's MFA devices; the reset is permanent.", True),
        ("plan_tier_info", "The plan of an account. Setting the tier is permanent.", False),
        ("file_pick", "Pick a file. The version of the file is permanent.", False),
    ],
)
def test_is_permanent_says_it_of_an_act_only(name: str, description: str, expected: bool) -> None:
    """A permanent status read as destructive and writing: "is permanent" counted anywhere."""
    assert says_destructive(ToolSpec(name, description)) is expected
    assert says_writes(ToolSpec(name, description)) is expected


@pytest.mark.parametrize(
    ("name", "description", "expected"),
    [
        ("stop_job", "Stop the job and return its result to the caller.", False),
        ("stop_timer", "Stop the timer and return the elapsed time back to the client.", False),
        ("job_stop", "Stop the job and return its result to the owner.", False),
        ("delivery_stop", "Stop delivery and return the parcel to the sender.", True),
        ("transfer_recall", "Stop a transfer and return the funds to the payer.", True),
        ("order_halt", "Halt the order and return the items back to the warehouse.", True),
    ],
)
def test_a_stop_that_returns_says_destroys_only_when_something_goes_back(
    name: str, description: str, expected: bool
) -> None:
    """A stop that returned a result "to the caller" or a time "back to the client" read as destructive."""
    assert says_destructive(ToolSpec(name, description)) is expected


@pytest.mark.parametrize(
    ("name", "description", "expected"),
    [
        ("mute", "Shut off notifications for the account.", False),
        ("alerts_off", "Shut off alerts from the water meter.", False),
        ("cut_supply", "Cut off the water supply at an address.", True),
        ("account_cutoff", "Cut off a customer's account.", True),
    ],
)
def test_a_cut_off_says_destroys_when_the_supply_is_its_object(name: str, description: str, expected: bool) -> None:
    """Up to three words between "Shut off" and a supply word read, a preposition among them too."""
    assert says_destructive(ToolSpec(name, description)) is expected


def test_a_write_off_reads_in_its_gerund() -> None:
    """``write[- ]?off``'s -ing form was ``write-offf?ing``: "Writing off the part is permanent" read nothing."""
    assert says_destructive(ToolSpec("part_adjust", "Adjust a part's count. Writing off the part is permanent."))
    assert says_destructive(ToolSpec("debt_adjust", "Adjust a debt. Writing-off the debt is permanent."))


def test_tickets_given_back_say_a_refund() -> None:
    """A cinema's "BK-901223 的两张票给客户退了" held ``ticket_refund``: 退 on tickets was read as no refund."""
    from toolfilter_core._hints import request_says_its_own_act

    refund = ToolSpec("ticket_refund", "Refund one or more tickets of a booking to the original payment method.")
    assert request_says_its_own_act("BK-901223 的两张票给客户退了", refund)
    assert request_says_its_own_act("BK-1 的票给他退一下", refund)
    assert not request_says_its_own_act("两张票退了吗？", refund)  # asks whether
    assert not request_says_its_own_act("BK-901223 的发票给客户开了", refund)


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("delete_records", "Find records that match a query and delete matching records."),
        ("delete_logs", "List log files on a server and delete old log files."),
        ("remove_list", "List a mailing list's addresses and remove bounced addresses."),
        ("cancel_list", "List a venue's bookings, then cancel unpaid bookings."),
        ("delete_records", "Find records that match a query."),
    ],
)
def test_a_bulk_deleter_that_reads_first_destroys(name: str, description: str) -> None:
    """``delete_records`` ("Find records ... and delete matching records") was read as a read: its name's verb is a
    destroyer's, and a destroying verb after a read's "and" or "then" is the tool's own act on any object."""
    assert says_destructive(ToolSpec(name, description))
