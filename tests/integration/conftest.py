"""Fixtures for integration tests: a real ``chroma run`` server on 127.0.0.1, real embedders."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _chroma_binary() -> str:
    local = Path(sys.executable).parent / "chroma"
    found = str(local) if local.exists() else shutil.which("chroma")
    if not found:
        pytest.fail("the 'chroma' command (from the chromadb package) is not installed")
    return found


class ChromaServer:
    """A ``chroma run`` process on a free loopback port, stopped by the fixture."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.host = "127.0.0.1"
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = open(self.path.parent / f"chroma-{self.port}.log", "wb")  # noqa: SIM115
        self.process = subprocess.Popen(
            [_chroma_binary(), "run", "--path", str(self.path), "--host", self.host, "--port", str(self.port)],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"chroma run exited with {self.process.returncode}; see {log.name}")
            try:
                with socket.create_connection((self.host, self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.1)
        pytest.fail("chroma run did not start listening within 30 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def client(self):  # noqa: ANN201
        import chromadb
        from chromadb.config import Settings

        return chromadb.HttpClient(host=self.host, port=self.port, settings=Settings(anonymized_telemetry=False))


@pytest.fixture
def chroma_server(tmp_path: Path) -> Iterator[ChromaServer]:
    """A fresh Chroma server on 127.0.0.1 for one test."""
    server = ChromaServer(tmp_path / "chroma-data")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def default_embedder():
    """The real default embedder, loaded once per test session."""
    from toolfilter_core import get_embedder

    return get_embedder("default")
