"""Embedding a registry's tools into records: the main text, each trigger, each profile request.

Profile requests (and a registry's near-miss requests) are user-voice: they are embedded as
queries, as learned examples are; the main text and triggers as documents.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from .._embedders import EMBED_BATCH, Embedder
from .._progress import StageProgress
from .._types import ToolSpec
from ._layout import DESTROY_KIND, NO_TOOL_KIND, PROFILE_KIND, metadata, no_tool_digest, record_id
from ._records import Record

__all__ = ["embed_no_tool", "embed_records"]


def embed_records(embedder: Embedder, tools: Sequence[ToolSpec], *, progress: bool) -> list[Record]:
    """The doc, trigger and profile records of these tools, embedded in batches."""
    items: list[tuple[ToolSpec, str, int, str]] = []
    voices: list[tuple[ToolSpec, str, int, str]] = []
    for tool in tools:
        items.append((tool, "doc", 0, tool.document()))
        items.extend((tool, "trigger", i, text) for i, text in enumerate(tool.triggers))
        if tool.profile is not None:
            voices.extend((tool, PROFILE_KIND, i, text) for i, text in enumerate(tool.profile.requests))
            voices.extend((tool, DESTROY_KIND, i, text) for i, text in enumerate(tool.profile.destroy))
    vectors = embed_texts(embedder, [text for *_, text in items], progress=progress)
    if voices:
        voiced = embed_texts(embedder, [text for *_, text in voices], progress=progress, queries=True)
        items += voices
        vectors = np.vstack([vectors, voiced])
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


def embed_no_tool(embedder: Embedder, texts: tuple[str, ...]) -> list[Record]:
    """The records of a registry's near-miss requests, tagged with their set's digest."""
    digest = no_tool_digest(texts)
    vectors = embed_texts(embedder, list(texts), progress=False, queries=True)
    return [
        Record(
            id=f"{NO_TOOL_KIND}:{digest}:{i}",
            metadata={"tool": "", "kind": NO_TOOL_KIND, "digest": digest, "embedder": embedder.id},
            document=text,
            embedding=vector,
        )
        for i, (text, vector) in enumerate(zip(texts, vectors, strict=True))
    ]


def embed_texts(embedder: Embedder, texts: list[str], *, progress: bool, queries: bool = False) -> NDArray[np.float32]:
    """Document (or query) vectors of ``texts`` in batches of ``EMBED_BATCH``, with progress if asked."""
    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    parts = []
    embed = embedder.embed_queries if queries else embedder.embed_documents
    with StageProgress(len(texts), "embedding tools", unit="text", enabled=progress) as bar:
        for start in range(0, len(texts), EMBED_BATCH):
            chunk = texts[start : start + EMBED_BATCH]
            parts.append(embed(chunk))
            bar.update(len(chunk))
    return np.vstack(parts)
