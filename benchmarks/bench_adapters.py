"""What the LangChain and LlamaIndex adapters add over the core's ``ToolFilter.select``.

Issue #3 asks that the LangChain adapter add under 1 ms over the core's select; this measures
it, and the LlamaIndex adapter's too. On the bundled 48-tool kit with the recommended config
and the real default embedder, over the same 180 queries as ``bench_select.py`` (the kit's 60
dev queries and our 120 paraphrases), it times:

* ``core``: ``ToolFilter.select(query)``;
* ``langchain_str``: ``ToolFilterSelector.invoke(query)``;
* ``langchain_messages``: ``ToolFilterSelector.invoke([HumanMessage(query)])``;
* ``langchain_middleware``: ``ToolFilterMiddleware.wrap_model_call(request, handler)`` on a
  ``ModelRequest`` holding ``[HumanMessage(query)]`` and the 48 tools, with a handler that
  returns at once (the request is built before the clock starts, as the agent builds it);
* ``llamaindex_retrieve``: ``ToolFilterRetriever.retrieve(query)``.

Every call embeds its query, and the embedding dominates the time and its noise. So each
adapter call is paired with a core call on the same query, back to back, the order
alternating from pair to pair; the overhead is the per-pair difference (adapter minus core).
That is done twice:

* ``embedded``: end to end, every call embeds its query (what an agent sees);
* ``cached``: the query vectors are memoized by a wrapper embedder (same id, so no store is
  rebuilt) shared by every system, so both sides of a pair skip the model and the difference
  is the adapter's own work. This is the cleanest figure.

Every system has its own Chroma store in a temporary directory (removed afterwards), the same
config and the same embedder instance. Tools are the kit's rows as LangChain
``StructuredTool``s and LlamaIndex ``FunctionTool``s (as the integration tests build them),
which index the very same text as the core's rows. BLAS and OpenMP are limited to one thread
with threadpoolctl, as in ``bench_select.py``.

Usage:
    python benchmarks/bench_adapters.py [--embedder NAME] [--rounds 5] [--out benchmarks/results/adapter_overhead.json]
"""

from __future__ import annotations

import gc
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("LANGSMITH_TRACING", "false")  # never trace to a server from a benchmark

import numpy as np
from langchain.agents.middleware.types import ModelRequest
from langchain_core.language_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage
from threadpoolctl import threadpool_limits

from langchain_toolfilter import ToolFilterMiddleware, ToolFilterSelector
from llamaindex_toolfilter import ToolFilterRetriever
from toolfilter_core import Embedder, ToolFilter, ToolSpec, load_bundled_tools, read_queries, recommended_config

# The select benchmark's queries, and the kit's tools as the adapter tests build them.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench_select import QUERY_FILES, bench_parser, loaded_embedder, percentiles  # noqa: E402

from benchmarks.harness import kit_function_tool, kit_structured_tool, machine_info  # noqa: E402

TARGET_MS = 1.0
"""Issue #3: the LangChain adapter adds under 1 ms over the core's select."""
MODES = ("embedded", "cached")


class QueryMemo:
    """An embedder wrapper that can memoize ``embed_queries``; documents always pass through.

    Its id is the wrapped embedder's, so a store built through it is the same store. With
    ``memo`` off it only forwards, so one instance serves both modes.
    """

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.memo = False
        self._vectors: dict[tuple[str, ...], np.ndarray] = {}

    @property
    def id(self) -> str:
        return self.inner.id

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        if not self.memo:
            return self.inner.embed_queries(texts)
        key = tuple(texts)
        vectors = self._vectors.get(key)
        if vectors is None:
            vectors = self._vectors[key] = self.inner.embed_queries(texts)
        return vectors.copy()

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_documents(texts)


def timed(call: Callable[[str], Any], query: str) -> float:
    begin = time.perf_counter()
    call(query)
    return (time.perf_counter() - begin) * 1000.0


class _AgentCalls:
    """Model calls through the middleware as an agent makes them: one message list and one
    request per query, kept across calls; the handler records the request the model would get."""

    def __init__(self, middleware: ToolFilterMiddleware, tools: list[Any]) -> None:
        self.middleware = middleware
        self.tools = tools
        self.model = GenericFakeChatModel(messages=iter([AIMessage("ok")]))
        self.messages: dict[str, list[HumanMessage]] = {}
        self.requests: dict[str, ModelRequest[Any]] = {}
        self.passed: list[ModelRequest[Any]] = []

    def message_list(self, query: str) -> list[HumanMessage]:
        """The conversation of one request."""
        return self.messages.setdefault(query, [HumanMessage(query)])

    def request_for(self, query: str) -> ModelRequest[Any]:
        """The model request of one query, with every tool."""
        request = self.requests.get(query)
        if request is None:
            request = self.requests[query] = ModelRequest(
                model=self.model, messages=self.message_list(query), tools=list(self.tools)
            )
        return request

    def handler(self, request: ModelRequest[Any]) -> Any:
        """The model: records the request the middleware passed on."""
        self.passed.append(request)
        return None

    def run(self, query: str) -> Any:
        """One model call through the middleware."""
        self.passed.clear()
        return self.middleware.wrap_model_call(self.request_for(query), self.handler)

    def names(self, query: str) -> set[str]:
        """The tools the middleware passed to the model for ``query``."""
        self.run(query)
        return {t.name for t in self.passed[0].tools}


def build_systems(
    kit: list[ToolSpec], config: Any, embedder: QueryMemo, root: Path
) -> tuple[dict[str, Callable[[str], Any]], dict[str, Callable[[str], set[str]]], dict[str, float]]:
    """The core and each adapter call, what each selects (for the agreement check), build times."""
    build_s: dict[str, float] = {}

    def built(name: str, make: Callable[[], Any]) -> Any:
        started = time.perf_counter()
        made = make()
        build_s[name] = round(time.perf_counter() - started, 2)
        return made

    core = built("core", lambda: ToolFilter(kit, config=config, embedder=embedder, store=root / "core"))
    lc_tools = [kit_structured_tool(spec) for spec in kit]
    selector = built(
        "langchain",
        lambda: ToolFilterSelector.from_tools(lc_tools, config=config, embedder=embedder, store=root / "langchain"),
    )
    middleware = ToolFilterMiddleware(config=config, embedder=embedder, store=root / "middleware")
    li_tools = [kit_function_tool(spec) for spec in kit]
    li_metadata = {s.name: {"category": s.category, "tags": list(s.tags), "triggers": list(s.triggers)} for s in kit}
    retriever = built(
        "llamaindex",
        lambda: ToolFilterRetriever.from_tools(
            li_tools, li_metadata, config=config, embedder=embedder, store=root / "llamaindex"
        ),
    )

    agent = _AgentCalls(middleware, lc_tools)  # built before the clock starts, as the agent builds them

    # The middleware builds its index on its first model call, from request.tools: build it here.
    first = built("middleware", lambda: middleware.selector_for(lc_tools))

    calls: dict[str, Callable[[str], Any]] = {
        "core": core.select,
        "langchain_str": selector.invoke,
        "langchain_messages": lambda q: selector.invoke(agent.message_list(q)),
        "langchain_middleware": agent.run,
        "llamaindex_retrieve": retriever.retrieve,
    }

    chosen: dict[str, Callable[[str], set[str]]] = {
        "core": lambda q: set(core.select(q).names),
        "langchain_str": lambda q: {t.name for t in selector.invoke(q)},
        "langchain_messages": lambda q: {t.name for t in selector.invoke(agent.message_list(q))},
        "langchain_middleware": agent.names,
        "llamaindex_retrieve": lambda q: {t.metadata.name for t in retriever.retrieve(q)},
    }
    filters = [core, selector.tool_filter, first.tool_filter, retriever.tool_filter]
    if any(f.embedder is not embedder for f in filters) or any(f.config != config for f in filters):
        msg = "every system must use the same embedder instance and config"
        raise RuntimeError(msg)
    return calls, chosen, build_s


def measure(
    calls: dict[str, Callable[[str], Any]], queries: Sequence[str], rounds: int
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Per system its call times, and per adapter the paired differences (adapter - core), in ms."""
    core = calls["core"]
    adapters = [(name, call) for name, call in calls.items() if name != "core"]
    times: dict[str, list[float]] = {name: [] for name in calls}
    diffs: dict[str, list[float]] = {name: [] for name, _ in adapters}
    for query in queries:  # warm-up pass, not timed
        for call in calls.values():
            call(query)
    gc.collect()
    for r in range(rounds):
        for q, query in enumerate(queries):
            for a, (name, call) in enumerate(adapters):
                if (r + q + a) % 2 == 0:
                    core_ms = timed(core, query)
                    adapter_ms = timed(call, query)
                else:
                    adapter_ms = timed(call, query)
                    core_ms = timed(core, query)
                times["core"].append(core_ms)
                times[name].append(adapter_ms)
                diffs[name].append(adapter_ms - core_ms)
    return times, diffs


def _run(
    kit: list[ToolSpec], config: Any, embedder: QueryMemo, queries: list[str], rounds: int
) -> tuple[dict[str, Any], dict[str, int], dict[str, float]]:
    """Per mode the call times and overheads; per adapter the queries it selects as the core does; build times."""
    results: dict[str, Any] = {}
    agreement: dict[str, int] = {}
    with (
        tempfile.TemporaryDirectory(prefix="toolfilter-bench-adapters-", ignore_cleanup_errors=True) as tmp,
        threadpool_limits(limits=1),
    ):
        calls, chosen, build_s = build_systems(kit, config, embedder, Path(tmp))
        core_names = {query: chosen["core"](query) for query in queries}
        for name, names_of in chosen.items():
            if name != "core":
                agreement[name] = sum(names_of(query) == core_names[query] for query in queries)
        for mode in MODES:
            embedder.memo = mode == "cached"
            times, diffs = measure(calls, queries, rounds)
            results[mode] = {
                "ms": {name: percentiles(values, ("p50", "p95", "mean")) for name, values in times.items()},
                "overhead_ms": {
                    name: percentiles(values, ("p5", "p50", "p95", "mean")) for name, values in diffs.items()
                },
            }
    return results, agreement, build_s


def _print_report(report: dict[str, Any], results: dict[str, Any], rounds: int) -> None:
    """The figures per mode and adapter, the target's verdict and the agreement with the core."""
    print(
        f"{report['tools']} tools, {report['embedder']}, {report['queries']} queries x {rounds} rounds, "
        f"{report['pairs_per_adapter']} pairs per adapter and mode"
    )
    for mode in MODES:
        row = results[mode]
        core = row["ms"]["core"]
        print(f"{mode}: core select p50 {core['p50']:.3f} ms, p95 {core['p95']:.3f} ms")
        for name, over in row["overhead_ms"].items():
            own = row["ms"][name]
            print(
                f"  {name:22s} p50 {own['p50']:.3f} p95 {own['p95']:.3f} ms; over core: p50 {over['p50']:+.3f} "
                f"p95 {over['p95']:+.3f} mean {over['mean']:+.3f} ms"
            )
    verdict = ", ".join(f"{n} {'met' if ok else 'NOT met'}" for n, ok in report["meets_target"].items())
    print(f"issue #3 target, overhead < {TARGET_MS:.0f} ms (cached, p95): {verdict}")
    print(f"same selection as the core: {report['same_selection_as_core']}")


def main(argv: list[str] | None = None) -> int:
    rounds_help = "timed passes over the queries per mode (default 5)"
    args = bench_parser(__doc__.split("\n\n")[0], rounds_help).parse_args(argv)

    started_all = time.perf_counter()
    config = recommended_config(**({"embedder": args.embedder} if args.embedder else {}))
    queries = [q.query for path in QUERY_FILES for q in read_queries(path)]
    kit = load_bundled_tools()
    embedder = QueryMemo(loaded_embedder(config.embedder))
    results, agreement, build_s = _run(kit, config, embedder, queries, args.rounds)

    cached = results["cached"]["overhead_ms"]
    langchain = ("langchain_str", "langchain_messages", "langchain_middleware")
    report = {
        "command": "python benchmarks/bench_adapters.py" + "".join(f" {a}" for a in (argv or sys.argv[1:])),
        "embedder": embedder.id,
        "tools": len(kit),
        "queries": len(queries),
        "rounds": args.rounds,
        "pairs_per_adapter": args.rounds * len(queries),
        "build_s": build_s,
        "same_selection_as_core": {name: f"{count}/{len(queries)}" for name, count in agreement.items()},
        "modes": {
            "embedded": "end to end: every call embeds its query",
            "cached": "query vectors memoized (both sides of a pair): the adapter's own work",
        },
        "results": results,
        "target_ms": TARGET_MS,
        "meets_target": {name: cached[name]["p95"] < TARGET_MS for name in langchain},
        "elapsed_s": round(time.perf_counter() - started_all, 1),
        "versions": {package: _version(package) for package in ("langchain-core", "langchain", "llama-index-core")},
        "machine": machine_info(),
    }
    _print_report(report, results, args.rounds)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


def _version(package: str) -> str | None:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return None


if __name__ == "__main__":
    sys.exit(main())
