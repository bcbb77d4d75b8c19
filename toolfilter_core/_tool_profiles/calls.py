"""The writer's calls on daemon threads: a call that hangs never keeps the process alive.

``concurrent.futures.ThreadPoolExecutor`` joins its workers when the interpreter exits, so a
writer that never answers held the process forever after indexing had given up on it. These
workers are daemon threads: once indexing returns, nothing of the writer waits for them.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

__all__ = ["DaemonPool"]

_Job = tuple["Future[Any]", Callable[..., Any], tuple[Any, ...]]


class DaemonPool:
    """``workers`` daemon threads taking calls in turn; ``submit`` returns a ``Future``."""

    def __init__(self, workers: int, name: str) -> None:
        """Start the workers."""
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._threads = [
            threading.Thread(target=self._work, name=f"{name}_{n}", daemon=True) for n in range(max(1, workers))
        ]
        for thread in self._threads:
            thread.start()

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """Queue ``fn(*args)``; its future (cancel it to skip a call not yet started)."""
        future: Future[Any] = Future()
        self._jobs.put((future, fn, args))
        return future

    def shutdown(self) -> None:
        """Cancel the calls not started and let each worker end after its call (no waiting)."""
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                job[0].cancel()
        for _ in self._threads:
            self._jobs.put(None)

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            future, fn, args = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as error:  # handed to the caller through the future
                future.set_exception(error)
