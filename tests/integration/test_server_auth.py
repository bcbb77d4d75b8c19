"""Credentials for a shared Chroma server, and reads that create nothing there (issue 14, defects 9 and 10).

``chroma run`` (chromadb 1.5.9's Rust server) has no authentication of its own: its config
has no auth section and it answers any client (pinned below). The deployment docs/scaling.md
describes is a reverse proxy in front of it that checks a token. Here that proxy is a few
lines of Python on 127.0.0.1 in front of a real ``chroma run``; toolfilter sends the token
(``--chroma-token`` / ``TOOLFILTER_CHROMA_TOKEN`` / ``store.token``, as ``Authorization:
Bearer`` or ``X-Chroma-Token``) or basic credentials with every request, the heartbeat too.
"""

from __future__ import annotations

import base64
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from toolfilter_core import HashingEmbedder, StoreConfig, StoreError, ToolFilter
from toolfilter_core._tool_defs import bundled_tools_path
from toolfilter_core.index.chroma import connect, open_records

pytestmark = pytest.mark.integration

TOOLS = str(bundled_tools_path())
TOKEN = "team-a-s3cret"
HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "host"}


class TokenProxy:
    """A reverse proxy on 127.0.0.1 that forwards to ``chroma run`` only requests carrying ``accepted``."""

    def __init__(self, upstream: str, accepted: dict[str, str]) -> None:
        self.accepted = accepted
        self.seen: list[str] = []
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_):
                pass

            def _forward(self) -> None:
                proxy.seen.append(self.path)
                if any(self.headers.get(k) != v for k, v in proxy.accepted.items()):
                    self.send_response(401)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP}
                answer = httpx.request(self.command, upstream + self.path, content=body, headers=headers, timeout=30)
                self.send_response(answer.status_code)
                for key, value in answer.headers.items():
                    if key.lower() not in HOP:
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(answer.content)))
                self.end_headers()
                self.wfile.write(answer.content)

            do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = _forward  # noqa: N815

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> TokenProxy:
        self.thread.start()
        return self

    def __exit__(self, *_) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)


@pytest.fixture
def bearer_proxy(chroma_server) -> Iterator[TokenProxy]:
    with TokenProxy(f"http://127.0.0.1:{chroma_server.port}", {"Authorization": f"Bearer {TOKEN}"}) as proxy:
        yield proxy


def toolfilter(*argv, env=None):
    full = {k: v for k, v in os.environ.items() if not k.startswith("TOOLFILTER_CHROMA_")}
    full.update({"HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false", **(env or {})})
    return subprocess.run(
        [sys.executable, "-m", "toolfilter_core.cli", *map(str, argv)],
        capture_output=True,
        text=True,
        timeout=600,
        env=full,
    )


def test_chroma_run_itself_answers_any_client(chroma_server):
    # why the deployment needs a proxy: chromadb 1.5.9's server enforces no credentials
    base = f"http://127.0.0.1:{chroma_server.port}/api/v2"
    assert httpx.get(f"{base}/heartbeat", timeout=10).status_code == 200
    listed = httpx.get(f"{base}/tenants/default_tenant/databases/default_database/collections", timeout=10)
    assert listed.status_code == 200


def test_the_cli_sends_the_token_and_a_missing_or_wrong_one_is_named(bearer_proxy):
    flags = ["--chroma-host", "127.0.0.1", "--chroma-port", bearer_proxy.port, "--embedder", "hashing"]
    done = toolfilter("index", TOOLS, *flags, "--no-progress", "--chroma-token", TOKEN)
    assert done.returncode == 0 and "48 added" in done.stdout, done.stderr
    by_env = toolfilter("select", "git_log", *flags, env={"TOOLFILTER_CHROMA_TOKEN": TOKEN})
    assert by_env.returncode == 0 and by_env.stdout.split() == ["git_log"], by_env.stderr
    missing = toolfilter("select", "git_log", *flags)
    assert missing.returncode == 2 and "HTTP 401 (no credentials were given)" in missing.stderr
    assert "--chroma-token" in missing.stderr and "Traceback" not in missing.stderr
    wrong = toolfilter("select", "git_log", *flags, "--chroma-token", "guess")
    assert wrong.returncode == 2 and "the credentials given were refused" in wrong.stderr
    assert "guess" not in wrong.stderr and TOKEN not in missing.stderr + wrong.stderr


@pytest.mark.parametrize(
    ("settings", "accepted"),
    [
        pytest.param({"token": TOKEN}, {"Authorization": f"Bearer {TOKEN}"}, id="bearer"),
        pytest.param(
            {"token": TOKEN, "token_header": "X-Chroma-Token"}, {"X-Chroma-Token": TOKEN}, id="x-chroma-token"
        ),
        pytest.param(
            {"basic_auth": "team-a:pw"},
            {"Authorization": "Basic " + base64.b64encode(b"team-a:pw").decode()},
            id="basic",
        ),
    ],
)
def test_store_config_credentials_reach_the_server(chroma_server, settings, accepted):
    with TokenProxy(f"http://127.0.0.1:{chroma_server.port}", accepted) as proxy:
        config = StoreConfig(host="127.0.0.1", port=proxy.port, timeout_s=10, **settings)
        assert TOKEN not in repr(config) and "pw" not in repr(config)
        records = open_records(config, collection="team_a")
        client = connect(host="127.0.0.1", port=proxy.port, headers=config.headers())
        tf = ToolFilter([{"name": "git_log", "description": "show commits"}], client=client, collection="team_a")
        assert tf.select("git_log").names == ["git_log"]
        assert records.read_info()["tools"] == 1
        with pytest.raises(StoreError, match="HTTP 401"):
            open_records(StoreConfig(host="127.0.0.1", port=proxy.port), collection="team_a")
        assert all(path.startswith("/api/v2") for path in proxy.seen)


def test_select_against_a_server_without_the_collection_creates_nothing(chroma_server):
    flags = ["--chroma-host", chroma_server.host, "--chroma-port", chroma_server.port, "--embedder", "hashing"]
    out = toolfilter("select", "git_log", *flags, "--collection", "other_team")
    assert out.returncode == 2 and "holds no tools" in out.stderr
    assert "--chroma-host H --chroma-port P" in out.stderr and "--store DIR" not in out.stderr
    assert chroma_server.client().list_collections() == []
    with pytest.raises(StoreError, match="holds no tools"):
        ToolFilter.open(client=chroma_server.client(), collection="other_team", embedder=HashingEmbedder())
    assert chroma_server.client().list_collections() == []
