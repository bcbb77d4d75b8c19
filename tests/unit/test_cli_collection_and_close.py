"""``--collection`` is checked before any work; a Chroma server's client is closed when the command ends."""

from __future__ import annotations

from types import SimpleNamespace

import httpx
import pytest

from toolfilter_core.cli._parser import build_parser
from toolfilter_core.index.chroma import close_client


@pytest.mark.parametrize("name", ["c2", "_abc", "abc-", "a..b", "127.0.0.1", "a b c", "x" * 513, "读者"])
def test_a_collection_name_chroma_refuses_is_refused_naming_the_flag_the_value_and_the_rule(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["index", "tools.jsonl", "--store", "st", "--collection", name])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--collection" in err and repr(name) in err
    assert "3-512 characters of a-z A-Z 0-9 . _ -" in err


@pytest.mark.parametrize("name", ["c22", "tool_filter-2.x", "A" * 63, "x" * 64, "x" * 512])
def test_a_collection_name_chroma_takes_is_read(name: str) -> None:
    args = build_parser().parse_args(["index", "tools.jsonl", "--store", "st", "--collection", name])
    assert args.collection == name


def test_closing_a_server_client_closes_both_its_sessions() -> None:
    """chromadb's own ``close()`` left them open: ``ResourceWarning: unclosed <socket.socket ...>`` at exit."""
    own, admin = httpx.Client(), httpx.Client()
    closed: list[bool] = []
    client = SimpleNamespace(
        _server=SimpleNamespace(_session=own),
        _admin_client=SimpleNamespace(_server=SimpleNamespace(_session=admin)),
        close=lambda: closed.append(True),
    )
    close_client(client)
    assert own.is_closed and admin.is_closed and closed == [True]


def test_the_config_takes_a_collection_name_as_long_as_chroma_takes() -> None:
    """The config refused 64 characters while the installed chromadb (and ``--collection``) take up to 512."""
    from toolfilter_core import ToolFilterConfig

    assert ToolFilterConfig.model_validate({"store": {"collection": "x" * 512}}).store.collection == "x" * 512
