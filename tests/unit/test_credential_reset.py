"""A credential's reset issues a new one and destroys nothing kept; a device's, a database's, a repository's does.

A university helpdesk's ``password_reset`` and ``mfa_reset`` read as destructive from their words, so "re-bind my
2FA" lost ``mfa_reset`` to the destructive guard.
"""

import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._hints import says_destructive


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("password_reset", "Reset a user's password and send a temporary one-time password to their recovery email."),
        ("mfa_reset", "Reset multi-factor authentication (MFA/2FA) enrolment so the user can register a new phone."),
        ("resetPassword", "Reset the password for a user account"),
        ("reset_pin", "重置银行卡的交易密码"),
        ("session_token_reset", "Reset a user's session token."),
        ("send_password_reset_link", "Email a user a link to set a new password."),
        ("password_reset_email", "Send a user the email to reset their password."),
        ("mfa_reset_request", "Open a request to reset a user's MFA."),
        ("password_reset", "Reset a user's password. Does not delete the account or any data."),
        ("mfa_reset", "Reset a user's MFA so they can enrol a new phone (pick the method from the dropdown)."),
    ],
)
def test_a_credential_reset_is_not_destructive(name: str, description: str) -> None:
    assert not says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("device_wipe", "Remotely wipe a managed device (factory reset, all data erased)."),
        ("resetDeviceSettings", "Reset the settings of a telecommunications device"),
        ("factory_reset", "Reset a phone to its factory settings."),
        ("database_reset", "Reset the database to an empty schema."),
        ("git_reset", "Reset the repository's branch to a commit (git reset --hard)."),
        ("device_reset", "重置设备到出厂设置"),
        ("password_reset", "Reset a user's password."),
    ],
)
def test_other_resets_stay_destructive(name: str, description: str) -> None:
    hinted = {"destructiveHint": True} if name == "password_reset" else {}
    assert says_destructive(ToolSpec(name, description, annotations=hinted))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("secrets_reset", "Reset the secrets manager to empty, deleting all stored secrets."),
        ("reset_password_vault", "Reset the password vault: every stored secret is erased."),
        ("reset_user_sessions", "Reset a user's sessions database and delete their data."),
        ("token_table_reset", "Reset the tokens table (truncates all rows)."),
        ("login_history_reset", "Reset login history, erasing all sign-in records."),
        ("vault_reset", "重置密码库，清空所有数据"),
    ],
)
def test_a_reset_of_a_store_of_credentials_or_that_wipes_stays_destructive(name: str, description: str) -> None:
    assert says_destructive(ToolSpec(name, description))


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("resetPassword", "Send a reset link / set a new password"),
        ("reset_password_for_user", "Reset the password of a user."),
        ("pin_reset", "Reset a card's PIN"),
    ],
)
def test_a_reset_whose_object_is_the_credential_is_not_destructive(name: str, description: str) -> None:
    assert not says_destructive(ToolSpec(name, description))
