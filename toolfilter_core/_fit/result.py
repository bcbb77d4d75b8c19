"""``FitResult``: a fitted config and how it did, next to the shipped preset, on both splits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml

from .._config import ToolFilterConfig
from .._evaluate import EvalResult

__all__ = ["FitResult", "served"]

# ----- the result -----


REPORTED = ("recall", "recall_mean", "dangerous_misselect", "no_tool_rejection", "fallback_rate", "mean_selected")


@dataclass(frozen=True, slots=True)
class FitResult:
    """A fitted config and how it did, next to the shipped preset, on both splits."""

    config: ToolFilterConfig
    """The fitted configuration (complete; ``load_config`` reads ``to_yaml()`` back)."""
    default: ToolFilterConfig
    """The shipped preset with the same embedder, for comparison."""
    embedder: str
    """The embedder name written into the config."""
    embedder_id: str
    """The embedder's id (model and version) the thresholds were fitted with."""
    tools: int
    budget: float
    split: float
    seed: int
    max_dangerous: float
    fit_ids: tuple[str, ...]
    heldout_ids: tuple[str, ...]
    fit: EvalResult
    """The fitted config on the fit split (real pipeline)."""
    heldout: EvalResult
    """The fitted config on the held-out split: the figures to trust."""
    default_fit: EvalResult
    default_heldout: EvalResult
    feasible: bool
    """Both constraints met on the fit split: cost within budget, no dangerous misselection."""
    candidates: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    """The threshold values tried for the chosen weights (quantiles of this embedder's scores)."""
    notes: tuple[str, ...] = ()
    configs_evaluated: int = 0
    seconds: float = 0.0
    abstain_rule: str = ""
    """The rule whose threshold was fitted: "voice" for a registry with tool profiles
    (``abstain_voice_margin``), else the config's ``abstain_rule`` ('' : the config's)."""

    @property
    def worse_than_default(self) -> bool:
        """The fitted config serves fewer held-out queries than the shipped preset does."""
        return served(self.heldout) < served(self.default_heldout) - 1e-9

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary (``toolfilter fit --json``)."""
        return {
            "embedder": self.embedder,
            "embedder_id": self.embedder_id,
            "tools": self.tools,
            "budget": self.budget,
            "max_dangerous": self.max_dangerous,
            "split": self.split,
            "seed": self.seed,
            "fit_queries": len(self.fit_ids),
            "heldout_queries": len(self.heldout_ids),
            "feasible": self.feasible,
            "heldout_served": round(served(self.heldout), 4),
            "default_heldout_served": round(served(self.default_heldout), 4),
            "worse_than_default": self.worse_than_default,
            "notes": list(self.notes),
            "configs_evaluated": self.configs_evaluated,
            "seconds": round(self.seconds, 2),
            "fitted": fitted_fields(self.config, voiced=self.abstain_rule == "voice"),
            "threshold_candidates": {k: list(v) for k, v in self.candidates.items()},
            "fit": self.fit.to_dict(),
            "heldout": self.heldout.to_dict(),
            "default_fit": self.default_fit.to_dict(),
            "default_heldout": self.default_heldout.to_dict(),
        }

    def summary(self) -> str:
        """A table of the figures: fitted and default, on the fit and held-out splits."""
        lines = [f"{'metric':<22}{'fit: fitted':>13}{'held-out: fitted':>18}{'held-out: default':>19}"]
        for key in (*REPORTED, "cost_ratio"):
            values = [r.to_dict()[key] for r in (self.fit, self.heldout, self.default_heldout)]
            shown = ["-" if v is None else f"{v:.3f}" for v in values]
            lines.append(f"{key:<22}{shown[0]:>13}{shown[1]:>18}{shown[2]:>19}")
        fields = fitted_fields(self.config, voiced=self.abstain_rule == "voice")
        lines.append("fitted: " + ", ".join(f"{k}={v}" for k, v in fields.items()))
        lines.extend(f"note: {n}" for n in self.notes)
        return "\n".join(lines)

    def to_yaml(self, *, tools_source: str = "", queries_source: str = "", profiles_source: str = "") -> str:
        """The config as YAML, with a header saying what it was fitted on and how it did."""
        fit_tool = self.fit.tool_queries
        held_tool = self.heldout.tool_queries
        header = [
            "Fitted by `toolfilter fit`: a complete config, loadable by load_config().",
            f"Tools: {tools_source or 'given in code'} ({self.tools} tools).",
            f"Queries: {queries_source or 'given in code'}.",
            *([f"Tool profiles: {profiles_source}."] if profiles_source else []),
            f"Split: {self.split} to fit on (seeded shuffle, seed {self.seed}, stratified by tool / no-tool): "
            f"fitted on {len(self.fit_ids)} ({fit_tool} need a tool), held out {len(self.heldout_ids)} "
            f"({held_tool} need a tool).",
            f"Embedder: {self.embedder} ({self.embedder_id}); the thresholds are only valid for it.",
            f"Order of preference: mean cost_ratio <= {self.budget}; then "
            + ("no dangerous misselection" if not self.max_dangerous else f"dangerous <= {self.max_dangerous:.0%}")
            + "; then recall (and no-tool rejection); then cost.",
            "Constraints met on the fit split." if self.feasible else "Constraints NOT all met on the fit split.",
            *(
                ["With tool profiles 'no tool fits' is the voice rule: abstain_voice_margin was fitted."]
                if self.abstain_rule == "voice"
                else []
            ),
            "Held-out figures (this config | the shipped preset, same embedder):",
        ]
        for key in (*REPORTED, "cost_ratio"):
            mine, theirs = self.heldout.to_dict()[key], self.default_heldout.to_dict()[key]
            header.append(f"  {key:<20} {_show(mine)} | {_show(theirs)}")
        header.extend(f"Note: {n}" for n in self.notes)
        body = str(yaml.safe_dump(self.config.model_dump(mode="json"), sort_keys=False, allow_unicode=True, width=100))
        return "".join(f"# {line}\n" for line in header) + body


def _show(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def fitted_fields(config: ToolFilterConfig, *, voiced: bool = False) -> dict[str, Any]:
    """The fields the fit chooses; ``voiced`` (tool profiles): the abstain threshold is ``abstain_voice_margin``."""
    weights = {k: v for k, v in config.weights.resolved().items() if v}
    if voiced:
        abstain: dict[str, Any] = {"abstain_voice_margin": config.abstain_voice_margin}
    elif config.abstain_rule == "margin":
        abstain = {"abstain_margin": config.abstain_margin}
    else:
        abstain = {"abstain_threshold": config.abstain_threshold}
    return {
        "weights": weights,
        "top_k": config.top_k,
        "relative_cut": config.relative_cut,
        "fallback_top_k": config.fallback_top_k,
        "fallback_domains": config.fallback_domains,
        "min_score": config.min_score,
        "min_gap": config.min_gap,
        "min_combined_score": config.min_combined_score,
        **abstain,
    }


def served(result: EvalResult) -> float:
    """The share of queries served: recall share on tool requests, rejection on the others."""
    total = result.tool_queries + result.no_tool_queries
    if not total:
        return 0.0
    tools = (result.recall_mean or 0.0) * result.tool_queries
    none = (result.no_tool_rejection or 0.0) * result.no_tool_queries
    return (tools + none) / total
