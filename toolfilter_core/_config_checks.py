"""The checks a loaded config gets: thresholds tuned for another embedder, plain mode by omission.

``_config.py`` holds the public ``check_embedder_thresholds`` and ``warn_untuned_thresholds``, which
hand ``recommended_config`` to ``untuned_thresholds`` here.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING

from ._config_files import profile_files
from ._exceptions import ConfigWarning

if TYPE_CHECKING:
    from ._config import ToolFilterConfig

__all__ = ["THRESHOLDS", "embedder_family", "host_problem", "untuned_thresholds", "warn_plain_by_omission"]


THRESHOLDS = (
    "weights",
    "min_combined_score",
    "min_score",
    "min_gap",
    "relative_cut",
    "abstain_margin",
    "abstain_threshold",
    "abstain_mixed_band",
    "abstain_voice_margin",
)
"""The fields whose values are tuned per embedder (cosines of two models sit in different bands)."""


def embedder_family(embedder_id: str) -> str:
    """``use-m3@0.2.1|minilm@0.1.0`` -> ``use-m3|minilm``: the names, without versions."""
    return re.sub(r"@[^|+]*", "", embedder_id)


def untuned_thresholds(
    config: ToolFilterConfig, embedder_id: str, recommended: Callable[..., ToolFilterConfig]
) -> str | None:
    """``check_embedder_thresholds``, given ``recommended_config`` (see there)."""
    if not config.enabled or embedder_id.startswith("hashing"):
        return None
    profile, per_embedder = profile_files()
    default = str(profile.get("embedder", "default"))
    mine = {name: getattr(config, name) for name in THRESHOLDS}
    tuned_for = [
        name
        for name in dict.fromkeys([default, *per_embedder])
        if mine == {k: getattr(recommended(embedder=name), k) for k in THRESHOLDS}
    ]
    family = embedder_family(embedder_id)
    if not tuned_for or family in tuned_for:
        return None
    named = family in per_embedder or family == default
    hint = (
        f"pass embedder={family!r} by name (or --embedder {family}) to get its shipped thresholds, or " if named else ""
    )
    return (
        f"the recommended profile's thresholds were tuned for embedder {' / '.join(map(repr, tuned_for))}, but "
        f"embedder {embedder_id!r} is in use: its similarities sit in another band, so selections may widen "
        f"too often or say 'no tool fits' wrongly; {hint}calibrate a config for it on labelled requests: "
        "toolfilter fit --tools TOOLS --queries QUERIES --embedder NAME -o fitted.yaml, or "
        "fit_config(tools, queries, embedder=...) in Python (docs/fit.md)"
    )


def warn_plain_by_omission(config: ToolFilterConfig) -> None:
    """Warn (``ConfigWarning``) when a ``ToolFilterConfig`` built without ``enabled`` is plain mode."""
    given = config.model_fields_set
    if given and "enabled" not in given and not config.enabled:
        fields = ", ".join(f"{name}={getattr(config, name)!r}" for name in sorted(given))
        msg = (
            f"ToolFilterConfig({fields}) is a complete config in the seed's plain mode (enabled=False: "
            "embedding top-k, no routing, no fallback, no 'no tool fits' detection), and it is used as it is. "
            f"For the recommended profile with these fields, pass a mapping (config={{...}}) or "
            f"recommended_config({fields}); to mean plain mode, say enabled=False"
        )
        warnings.warn(msg, ConfigWarning, stacklevel=3)


def host_problem(host: str) -> str | None:
    """What is wrong with a Chroma server host name (``store.host``, ``--chroma-host``), or None.

    A space or control character would escape from the HTTP client as ``httpx.InvalidURL``.
    """
    if host.strip() and not any(c.isspace() or not c.isprintable() for c in host):
        return None
    return f"store.host: got {host!r}; allowed: a host name or IP address, no spaces or control characters"
