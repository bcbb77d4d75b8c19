"""Another's announced act, a wish relayed twice, a word's object over an id's, and an act clause's own thing.

A home solar installer's requests: "Customer says they'll cancel if the install slips again.
Email them …" tells the customer's own threatened act, it asks an e-mail (``wishes._ANNOUNCES_EN``);
"销售说客户想撤回贷款申请，你先查查…" relays the customer's wish through the sales rep, and the ask comes first
(``wishes._RELAY_ZH``); "把这个客户的账号干掉，C-6612" names the account, so a device remover the customer id reaches
is not named
(``decide.names_objects``); "客户自己改了线路，把C-3345的施工质保作废" voids the warranty its own clause names, not the
customer of the clause before (``said_objects._act_and_topic``).
"""

import importlib

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.said_objects import on_the_record_said
from toolfilter_core._pipeline.wishes import split_wishes

from .fakes import takes

decide = importlib.import_module("toolfilter_core._pipeline.decide")

ACCOUNT_DELETE = ToolSpec("customer_account_delete", "Delete a customer account and all personal data.")
DEVICE_REMOVE = ToolSpec("monitoring_device_remove", "Remove a monitoring gateway and stop its data.")
WARRANTY_VOID = ToolSpec("warranty_void", "Void a workmanship warranty.", takes("customer_id"))
BOTH = np.array([[True, True]])


@pytest.mark.parametrize(
    ("text", "told"),
    [
        (
            "Customer says they'll cancel if the install slips again. Email them the new install date.",
            "Customer says they'll cancel if the install slips again",
        ),
        (
            "The tenant said she will terminate the lease if the heating stays off. Book a plumber for unit 4.",
            "The tenant said she will terminate the lease if the heating stays off",
        ),
        (
            "my landlord threatened to close the account, show me the balance",
            "my landlord threatened to close the account",
        ),
        ("销售说客户想撤回贷款申请，你先查查A-3321现在什么状态", "销售说客户想撤回贷款申请"),
        ("前台说客人想退房，你先看看 305 的账单", "前台说客人想退房"),
        (
            "sales says the customer wants to cancel job J-1, first show me its status",
            "sales says the customer wants to cancel job J-1",
        ),
    ],
)
def test_another_s_announced_act_or_twice_relayed_wish_is_told(text: str, told: str) -> None:
    assert split_wishes(text)[1] == told


@pytest.mark.parametrize(
    "text",
    [
        "cancel the install if it slips again",
        "the customer wants to cancel, please cancel installation IN-22",
        "客户想撤回贷款申请，帮他撤回 A-3321",
        "the customer says they will cancel, please do it",
        "Mr. Lee wants to cancel. Please cancel booking B-1.",
    ],
)
def test_an_ask_stays_asked(text: str) -> None:
    assert split_wishes(text)[1] == ""


def test_a_word_s_object_over_an_id_both_take() -> None:
    tools = [DEVICE_REMOVE, ACCOUNT_DELETE]
    named = decide.names_objects("把这个客户的账号干掉，C-6612", tools, BOTH, [True, True])
    assert named.tolist() == [[False, True]]
    assert decide.names_objects("delete the account, C-6612", tools, BOTH, [True, True]).tolist() == [[False, True]]
    assert decide.names_objects("干掉 C-6612", tools, BOTH, [True, True]).tolist() == [[True, True]]  # no word: the id
    # the word names a tool that takes no id of the request: the id still names its taker
    assert decide.names_objects("delete the account, GW-1", tools, BOTH, [True, False]).tolist() == [[True, True]]


def test_an_act_clause_that_names_its_own_thing_is_read_without_its_topic() -> None:
    tools = [ACCOUNT_DELETE, WARRANTY_VOID]
    assert 1 in on_the_record_said("客户自己改了线路，把C-3345的施工质保作废", tools, [0, 1])
    assert on_the_record_said("客户自己改了线路，作废掉", tools, [0, 1]) == [0]  # no thing of its own: the topic's
