"""How many BLAS threads numpy may use, around one piece of work.

numpy's BLAS threads fight the embedder's on small machines: by default the vector search
and the embedding of a request run on one thread (measured: p95 of select on 2,573 tools
fell from 96 ms to 10 ms on 2 cores), while a bulk embedding of tool texts may use two.
"""

from __future__ import annotations

from typing import Any

from threadpoolctl import ThreadpoolController

__all__ = ["blas_threads", "one_blas_thread"]

# One controller for the process: building one per call costs about a millisecond.
_THREADPOOLS: ThreadpoolController | None = None


def blas_threads(limit: int) -> Any:
    """A context manager that limits numpy's BLAS to ``limit`` threads."""
    global _THREADPOOLS
    if _THREADPOOLS is None:
        _THREADPOOLS = ThreadpoolController()
    return _THREADPOOLS.limit(limits=limit, user_api="blas")


def one_blas_thread() -> Any:
    """``blas_threads(1)``."""
    return blas_threads(1)
