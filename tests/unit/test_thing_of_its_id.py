"""An act on a thing of an id's record ("ID 的 X") holds a destroyer only for the id's own tool and a thing known.

``said_objects.on_another_object`` read the first "ID 的 X" against every candidate and held the destroyer whose
object X did not name, whatever X was: "吊销 C-77 的证书" held ``certificate_revoke`` (证书 is no word of the
vocabulary, ``zh_records``), "取消订单 O-5512，再把 D-101 的草稿删掉" held ``order_cancel`` (D-101 is a draft's).
"""

from __future__ import annotations

import numpy as np
import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._pipeline.said_objects import on_another_object


def _held(text: str, tool: ToolSpec, owners: list[bool] | None = None) -> bool:
    tools = [ToolSpec("weather", "Current weather for a city."), tool]
    said, named = np.array([[False, True]]), np.array([[False, False]])
    return bool(on_another_object(text, tools, said, named, lambda _: owners)[0, 1])


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("吊销 C-77 的证书", "certificate_revoke"),  # 证书: no word of the vocabulary
        ("删除 P-1001 的帖子", "post_delete"),
        ("撤销 K-1001 的密钥", "api_key_revoke"),
        ("删除 V-1001 的虚拟机", "vm_delete"),
        ("删除 CU-0001 的账户", "delete_customer_account"),  # its own object
    ],
)
def test_a_thing_its_id_says_and_the_vocabulary_does_not_holds_no_destroyer(text: str, name: str) -> None:
    assert not _held(text, ToolSpec(name, name.replace("_", " ")))


def test_a_thing_of_another_tools_id_holds_no_destroyer() -> None:
    """D-101 is a draft's (``owners``); 客户 CU-1, an id the registry reads not, is a customer's by its label."""
    cancel, refund = ToolSpec("order_cancel", "Cancel an order."), ToolSpec("order_refund", "Refund an order.")
    assert not _held("取消订单 O-5512，再把 D-101 的账户删掉", cancel, owners=[False, False])
    assert not _held("给订单 O-5512 退款，然后注销客户 CU-1 的账户", refund)


@pytest.mark.parametrize("owners", [[False, True], None])
def test_a_known_thing_of_its_own_id_that_is_not_its_object_holds_it(owners: list[bool] | None) -> None:
    """R-21030 is ``cancel_order``'s (or nothing tells whose): its 订阅 (subscription) is no order."""
    assert _held("取消 R-21030 的订阅提醒邮件", ToolSpec("cancel_order", "Cancel an order."), owners)
    assert _held("去掉 CU-0001 的会员折扣", ToolSpec("remove_from_lesson_course", "Remove a swimmer."), owners)
