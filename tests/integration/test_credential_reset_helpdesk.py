"""Whole selections, the real default embedder: a credential's reset is not guarded as destroying.

A university helpdesk's "我换了新手机，双重认证要重新绑定" (re-bind my 2FA) had ``mfa_reset`` first and cut by the
destructive guard; a password or a 2FA reset issues a new one, a laptop's factory reset still needs its act asked.
"""

from __future__ import annotations

import pytest

from toolfilter_core import Embedder, ToolFilter, ToolSpec

pytestmark = pytest.mark.integration

HELPDESK = [
    ToolSpec("account_lookup", "Look up a university user account by NetID: status, department."),
    ToolSpec("account_unlock", "Unlock an account after too many failed logins."),
    ToolSpec(
        "password_reset", "Reset a user's password and send a temporary one-time password to their recovery email."
    ),
    ToolSpec(
        "mfa_reset", "Reset multi-factor authentication (MFA/2FA) enrolment so the user can register a new phone."
    ),
    ToolSpec("device_info", "Get details of one managed device by asset tag: model, OS version, last check-in."),
    ToolSpec(
        "device_wipe", "Remotely wipe a managed device (factory reset, all data erased). For lost or stolen laptops."
    ),
    ToolSpec("device_lock", "Remote lock a lost device and show a contact message on screen."),
    ToolSpec("ticket_create", "Open a helpdesk ticket on behalf of a user."),
    ToolSpec("kb_search", "Search the IT knowledge base articles (VPN, Wi-Fi, printing, email setup)."),
]


@pytest.fixture(scope="module")
def helpdesk(default_embedder: Embedder) -> ToolFilter:
    return ToolFilter(HELPDESK, embedder=default_embedder)


@pytest.mark.parametrize(
    ("request_", "tool"),
    [
        ("I forgot my password, please reset it", "password_reset"),
        ("我换了新手机，双重认证要重新绑定", "mfa_reset"),
    ],
)
def test_a_credential_reset_keeps_its_tool(helpdesk: ToolFilter, request_: str, tool: str) -> None:
    selection = helpdesk.select(request_)
    assert tool in selection.names, selection.explain()


def test_a_factory_reset_still_needs_its_act_asked(helpdesk: ToolFilter) -> None:
    assert "device_wipe" in helpdesk.select("factory reset laptop UNI-5521").names
    assert "device_wipe" not in helpdesk.select("I forgot my password, please reset it").names


ACCOUNTS = [
    ToolSpec("send_password_reset_link", "Email a user a link to set a new password."),
    ToolSpec("user_get", "Look up a user account by email: name, status, last login."),
    ToolSpec("user_delete", "Delete a user account permanently."),
    ToolSpec("user_create", "Create a user account."),
    ToolSpec("user_suspend", "Suspend a user account."),
    ToolSpec("group_add_member", "Add a user to a group."),
]


def test_a_reset_link_sent_is_not_guarded(default_embedder: Embedder) -> None:
    selection = ToolFilter(ACCOUNTS, embedder=default_embedder).select("send jo@example.com a password reset link")
    assert "send_password_reset_link" in selection.names, selection.explain()
