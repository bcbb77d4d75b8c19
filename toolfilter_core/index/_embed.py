"""Embedding a registry's tools into records: one per tool's main text, one per trigger phrase."""

from __future__ import annotations

import json
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from .._embedders import EMBED_BATCH, Embedder
from .._progress import StageProgress
from .._types import ToolSpec
from ._layout import metadata, record_id
from ._records import Record

__all__ = ["embed_records", "embed_texts"]


def embed_records(embedder: Embedder, tools: Sequence[ToolSpec], *, progress: bool) -> list[Record]:
    """The doc and trigger records of these tools, embedded in batches."""
    items: list[tuple[ToolSpec, str, int, str]] = []
    for tool in tools:
        items.append((tool, "doc", 0, tool.document()))
        items.extend((tool, "trigger", i, text) for i, text in enumerate(tool.triggers))
    vectors = embed_texts(embedder, [text for *_, text in items], progress=progress)
    records = []
    for (tool, kind, position, text), vector in zip(items, vectors, strict=True):
        digest = tool.content_hash()
        document = json.dumps(tool.to_dict(), ensure_ascii=False) if kind == "doc" else text
        records.append(
            Record(
                id=record_id(tool.name, digest, kind, position),
                metadata=metadata(tool, kind, digest, embedder.id),
                document=document,
                embedding=vector,
            )
        )
    return records


def embed_texts(embedder: Embedder, texts: list[str], *, progress: bool) -> NDArray[np.float32]:
    """Document vectors of ``texts`` in batches of ``EMBED_BATCH``, with a progress bar if asked."""
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    parts = []
    with StageProgress(len(texts), "embedding tools", unit="text", enabled=progress) as bar:
        for start in range(0, len(texts), EMBED_BATCH):
            chunk = texts[start : start + EMBED_BATCH]
            parts.append(embedder.embed_documents(chunk))
            bar.update(len(chunk))
    return np.vstack(parts)
