"""A field deleted by its owner's name, a negated Chinese wipe and a credential's reset."""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import says_destructive
from toolfilter_core._pipeline.parts import field_deleted


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("delete CU-5120's phone number", "phone number"),
        ("delete his phone number", "phone number"),
        ("remove the customer's old email address", "old email address"),
        ("delete Tom's shift", None),
    ],
)
def test_a_field_deleted_by_its_owners_name(text: str, field: str | None) -> None:
    assert field_deleted(text) == field


@pytest.mark.parametrize(
    ("name", "description", "destructive"),
    [
        ("reset_pin", "重置银行卡的交易密码，不会删除账户", False),
        ("device_wipe", "清除设备上的数据，不会注销账号", True),
        ("api_key_reset", "Reset an API key: issue a new key; the old key stops working.", False),
        ("reset_api_key", "Rotate an API key.", False),
        ("api_key_reset", "Reset an API key and delete the old one.", True),
        ("api_key_revoke", "Revoke an API key.", True),
    ],
)
def test_a_negated_wipe_and_a_credential_reset(name: str, description: str, destructive: bool) -> None:
    assert says_destructive(ToolSpec(name, description)) is destructive
