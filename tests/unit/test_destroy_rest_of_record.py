"""What is left of a record is the record, no other thing it owns.

A grooming salon's "refund the rest of package PK-77" held ``package_refund`` (the package read as the owner of
another thing, "the rest") while "Refund package PK-77" got it. "the rest of", "the remainder of" and 剩下 / 剩余 keep
the act; "remove the note of package PK-77" still holds it. Fake embedder (``HashingEmbedder``).
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import HashingEmbedder, Profiles, ToolFilter, ToolProfile, ToolSpec
from toolfilter_core._pipeline.owners import owner_only
from toolfilter_core._pipeline.said_objects import things_of_ids

GONE = {"destructiveHint": True}


def _takes(name: str) -> dict[str, object]:
    return {"type": "object", "properties": {name: {"type": "string"}}, "required": [name]}


REFUND = ToolSpec(
    "package_refund",
    "Refund the unused sessions of a prepaid package to the original payment method. Closes the package.",
    _takes("package_id"),
    annotations=GONE,
)
SALON = [
    REFUND,
    ToolSpec("package_list", "Show prepaid grooming packages a customer has bought.", _takes("customer_id")),
    ToolSpec("package_sell", "Sell a prepaid grooming package to a customer.", _takes("customer_id")),
]
PROFILES = Profiles({"package_refund": ToolProfile((), ("refund what's left on PK-12", "退掉次卡 PK-3"))})


def _names(text: str, profiled: bool) -> list[str]:
    profiles = PROFILES if profiled else None
    return list(ToolFilter(SALON, embedder=HashingEmbedder(), profiles=profiles).select(text).names)


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize("text", ["refund the rest of package PK-77", "Refund package PK-77"])
def test_the_rest_of_a_package_refunded_is_its_refund(text: str, profiled: bool) -> None:
    assert "package_refund" in _names(text, profiled)


@pytest.mark.parametrize(
    "text",
    [
        "refund the rest of package PK-77",
        "refund the remainder of package PK-77",
        "refund the remaining sessions of package PK-77",
        "refund the remaining balance of package PK-77",
        "refund all remaining sessions of the package",
    ],
)
def test_the_rest_of_a_package_is_the_package(text: str) -> None:
    assert not owner_only(text, REFUND)


@pytest.mark.parametrize("profiled", [False, True])
@pytest.mark.parametrize(
    "text", ["refund the remaining sessions of package PK-77", "refund the remaining balance of package PK-77"]
)
def test_what_remains_of_a_package_refunded_is_its_refund(text: str, profiled: bool) -> None:
    assert "package_refund" in _names(text, profiled)


@pytest.mark.parametrize(
    "text",
    ["remove the note of package PK-77", "remove the old notes of package PK-77", "delete notes of package PK-77"],
)
def test_another_thing_of_a_package_is_not(text: str) -> None:
    assert owner_only(text, REFUND)


@pytest.mark.parametrize("text", ["refund the rest of package PK-77", "退掉 PK-77 的剩余次数"])
def test_the_rest_of_a_record_is_no_thing_of_it(text: str) -> None:
    assert not things_of_ids(text, [REFUND], np.array([[True]]))[0, 0]
