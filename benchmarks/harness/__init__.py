"""The benchmark harness: the datasets, the compared selectors, the metrics and ``toolfilter bench``.

It lives in the source checkout, not in the wheel. Run it from a checkout's root with
``toolfilter bench [flags]`` or ``python -m benchmarks.harness [flags]`` (the same command).

* ``data``: where the labelled datasets are (``benchmarks/data``, ``--shared-data``) and how
  they are read;
* ``base`` and ``systems``: the interface of a selector under test, and bm25, plain
  embedding, the seed filter and toolfilter behind it; ``llamaindex_system``: LlamaIndex's
  ObjectIndex retriever (imports llama_index only when built);
* ``bench``: the metrics, the per-run embedding cache, running a plan and the command;
* ``kits``: the bundled kit's rows as LangChain and LlamaIndex tools.

It uses only the public names of ``toolfilter_core``.
"""

from .base import BenchSystem, K
from .bench import (
    CachingEmbedder,
    add_bench_arguments,
    all_at_k,
    cost_at_k,
    machine_info,
    ranking_metrics,
    recall_at_k,
    run_bench,
    run_bench_command,
)
from .data import (
    DATA_DIR,
    SHARED_DATA_DIR,
    BenchDataset,
    BenchUsageError,
    DatasetSource,
    discover_datasets,
    load_dataset,
    parse_limits,
    strip_version,
)
from .kits import kit_function_tool, kit_structured_tool
from .systems import SEED_CONFIG, make_systems

__all__ = [
    "DATA_DIR",
    "K",
    "SEED_CONFIG",
    "SHARED_DATA_DIR",
    "BenchDataset",
    "BenchSystem",
    "BenchUsageError",
    "CachingEmbedder",
    "DatasetSource",
    "add_bench_arguments",
    "all_at_k",
    "cost_at_k",
    "discover_datasets",
    "kit_function_tool",
    "kit_structured_tool",
    "load_dataset",
    "machine_info",
    "make_systems",
    "parse_limits",
    "ranking_metrics",
    "recall_at_k",
    "run_bench",
    "run_bench_command",
    "strip_version",
]
