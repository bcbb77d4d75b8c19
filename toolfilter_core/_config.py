"""Configuration: one pydantic model, validated when loaded, built in layers.

Field names, defaults and ranges of the design's "advanced filtering" table are kept
as they are (``enabled`` ... ``block_tools``); the fields after them are ours. A raw
``ToolFilterConfig()`` is plain mode: embedding top-k.

What a user gives (a file, a mapping, keyword fields, ``--set key=value``) is laid over a
*base*, field by field (nested ``weights.*`` and ``store.*`` key by key)::

    base "recommended" (the default)        base "plain"
    ─────────────────────────────────       ─────────────────────────
    ToolFilterConfig's defaults             ToolFilterConfig's defaults
    presets/recommended.yaml    "preset"    (nothing: plain mode)
    presets/per_embedder.yaml   "preset (NAME)", for the embedder in effect
    file / mapping              "file PATH" / "mapping"
    keyword fields, --set ...   "keyword" / "--set" / "--embedder" / "--top-k"

A ``ToolFilterConfig`` object is complete: it is taken as it is, never layered (see
``load_config``). ``resolve_layers`` returns the config with the source of every value,
which ``toolfilter config`` prints.

Here: the models, loading, and the checks a loaded config gets (thresholds tuned for another
embedder, plain mode by omission). Reading files, layers, ``--set`` and error messages:
``_config_layers.py``, which works on plain mappings and never imports this module.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, model_validator

from . import _config_layers as layering
from ._bm25 import FULL_COVERAGE
from ._caller import warn_at_caller
from ._clauses import CLAUSE_MAX_TOOLS, MIN_CLAUSE_CHARS
from ._config_layers import ConfigLayer, config_layer, preset_files
from ._exceptions import ConfigError, ConfigWarning
from ._types import MAX_TOOLS

__all__ = [
    "SIGNALS",
    "StoreConfig",
    "ToolFilterConfig",
    "Weights",
    "check_embedder_thresholds",
    "host_problem",
    "load_config",
    "recommended_config",
    "resolve_layers",
    "warn_untuned_thresholds",
]

SIGNALS = ("embed", "support", "lexical", "tag", "name", "category", "bm25", "argument")
"""Every signal the combined score can weigh, in a fixed order."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", validate_default=True)


class Weights(_Frozen):
    """Weight of each signal in ``combined = sum(w * s) / sum(w)``.

    Unset (``None``) everywhere means the plain rule: embed 1.0, the rest 0. Setting any
    weight makes the unset ones 0. All of them explicitly 0 is refused.
    """

    embed: float | None = Field(default=None, ge=0.0, le=1.0)
    """Embedding similarity (max over the tool's description and trigger vectors).

    Leave it at 1.0 and move the others: only ratios matter (the score is a weighted mean,
    docs/fit.md)."""
    support: float | None = Field(default=None, ge=0.0, le=1.0)
    """Second-best cosine over the tool's vectors (its best when it has one): a second
    phrasing of the tool that also matches.

    It adds most where tools carry triggers or profiles (several vectors each); lower it if
    tools with many phrasings crowd out the rest; ``toolfilter fit`` refits it (docs/fit.md)."""
    lexical: float | None = Field(default=None, ge=0.0, le=1.0)
    """Share of unique query tokens found in name, description and category.

    Off in the preset (BM25 weighs shared words); ``toolfilter fit`` tries 0.1 and 0.2 on
    your registry (docs/fit.md)."""
    tag: float | None = Field(default=None, ge=0.0, le=1.0)
    """Share of a tool's tag tokens found in the query.

    Off in the preset; give it weight only when your tools' tags are words your users
    type."""
    name: float | None = Field(default=None, ge=0.0, le=1.0)
    """1 if the tool's name (or all its name tokens) appears in the query, else 0.

    Off in the preset (a request that is exactly a tool's name selects that tool alone
    anyway); give it weight when users name tools inside their requests."""
    category: float | None = Field(default=None, ge=0.0, le=1.0)
    """1 if the tool's category is the one given to select() or a server the request names.

    Raise it when requests that name a server still get another server's look-alike tools,
    0 to ignore the servers a request names (docs/scoring.md, "Servers a request names"); it
    counts only when select() is given a category or the registry has three or more
    categories (servers)."""
    bm25: float | None = Field(default=None, ge=0.0, le=1.0)
    """BM25 over name, description, parameters, tags and triggers, scaled to [0, 1].

    Raise it when your users type the tools' own words, lower it when shared stray words
    pull in wrong tools; ``toolfilter fit`` refits it for your registry and embedder
    (docs/fit.md)."""
    argument: float | None = Field(default=None, ge=0.0, le=1.0)
    """Share of the kinds of values in the request (URL, path, e-mail, IP, JSON) that the
    tool's parameters take; a request with none leaves this weight out.

    Leave it (0.15 and 0.5 did no better, docs/scoring.md, "Argument values"); 0 when your
    requests carry paths or URLs that say nothing about the tool wanted; ``toolfilter fit``
    tries 0 and 0.3 on your registry."""

    def resolved(self) -> dict[str, float]:
        """The weights in effect, with the plain rule for unset ones applied."""
        values = {name: getattr(self, name) for name in SIGNALS}
        if all(v is None for v in values.values()):
            return {name: (1.0 if name == "embed" else 0.0) for name in SIGNALS}
        return {name: float(v or 0.0) for name, v in values.items()}

    @model_validator(mode="after")
    def _not_all_zero(self) -> Weights:
        values = {name: getattr(self, name) for name in SIGNALS}
        if any(v is not None for v in values.values()) and not any(values.values()):
            given = {k: v for k, v in values.items() if v is not None}
            msg = (
                f"weights: every weight is 0 (set: {given}; unset ones count as 0), so every "
                "tool would score 0 and nothing could ever be selected; set at least one "
                "weight above 0 (each in [0.0, 1.0]), or leave them all unset for embed=1.0"
            )
            raise ValueError(msg)
        return self


class StoreConfig(_Frozen):
    """Where the tool index lives: a local directory, a Chroma server, or in memory."""

    path: str | None = None
    """Directory of an embedded Chroma store. None with no host: in memory only.

    Set it to keep the index across restarts (a reopened store embeds only new or changed
    tools); one writing process only, else use ``host`` (docs/scaling.md)."""
    host: str | None = None
    """Host of a Chroma server (``chroma run``); excludes ``path``.

    Set it to share one registry between many agent processes or machines
    (docs/scaling.md)."""
    port: int = Field(default=8000, ge=1, le=65535)
    """Port of the Chroma server.

    Set it to the server's port (``chroma run --port``, or a proxy's)."""
    collection: str = Field(default="toolfilter", min_length=3, max_length=512)
    """Chroma collection name (3-512 characters, the installed chromadb's rule).

    Change it to keep several registries apart in one server or directory."""
    on_embedder_change: Literal["rebuild", "error"] = "rebuild"
    """A store built with another embedder: re-embed everything, or refuse with an error.

    Set ``error`` so that indexing with the wrong embedder by mistake is refused instead of
    re-embedding the whole store (docs/reliability.md)."""
    timeout_s: float = Field(default=10.0, gt=0.0, le=600.0)
    """Seconds to wait for a Chroma server before giving up.

    Lower it so that a hung server costs less (one version check of at most this per refresh
    interval, docs/reliability.md); raise it for a slow link to the server."""
    ssl: bool = False
    """Talk HTTPS to the server (a TLS proxy in front of ``chroma run``, docs/scaling.md).

    Turn it on when a TLS proxy fronts the server, as docs/scaling.md advises for a shared
    one (``chroma run`` itself has no authentication)."""
    token: SecretStr | None = Field(default=None, repr=False)
    """A token sent with every request to the server, for a proxy (or a Chroma server) that
    checks it. Kept out of printed configs; on the command line prefer the
    ``TOOLFILTER_CHROMA_TOKEN`` environment variable to ``--chroma-token``.

    Set it when the server or its proxy checks a token (docs/scaling.md)."""
    token_header: Literal["Authorization", "X-Chroma-Token"] = "Authorization"
    """How the token is sent: ``Authorization: Bearer <token>``, or ``X-Chroma-Token: <token>``
    (the two headers Chroma's own token client uses).

    ``X-Chroma-Token`` when the proxy or server checks Chroma's own header instead of a
    Bearer token."""
    basic_auth: SecretStr | None = Field(default=None, repr=False)
    """``user:password`` sent as HTTP basic authentication (``Authorization: Basic ...``).

    Set it, instead of ``token``, when a proxy in front of the server asks for basic
    authentication."""

    @model_validator(mode="after")
    def _one_location(self) -> StoreConfig:
        if self.host is not None and (problem := host_problem(self.host)) is not None:
            raise ValueError(problem)
        if self.path is not None and self.host is not None:
            msg = f"store: only one of 'path' and 'host' is allowed, but got path={self.path!r} and host={self.host!r}"
            raise ValueError(msg)
        if self.token is not None and self.basic_auth is not None:
            msg = "store: give one of 'token' and 'basic_auth', not both (both use the Authorization header)"
            raise ValueError(msg)
        if self.basic_auth is not None and ":" not in self.basic_auth.get_secret_value():
            msg = "store.basic_auth: expected 'user:password'"
            raise ValueError(msg)
        return self

    def headers(self) -> dict[str, str]:
        """The HTTP headers that carry the credentials (empty without any)."""
        if self.token is not None:
            secret = self.token.get_secret_value()
            if self.token_header == "Authorization":
                return {"Authorization": f"Bearer {secret}"}
            return {"X-Chroma-Token": secret}
        if self.basic_auth is not None:
            import base64

            encoded = base64.b64encode(self.basic_auth.get_secret_value().encode("utf-8")).decode("ascii")
            return {"Authorization": f"Basic {encoded}"}
        return {}


class ToolFilterConfig(_Frozen):
    """Every setting of the selection pipeline. See docs/configuration.md for the table.

    Building one directly gives a *complete* config: every field not given keeps the model's
    default, which is plain mode (``enabled=False``: embedding top-k, no
    routing, no fallback, no "no tool fits" detection). ``ToolFilter`` takes such an object as
    it is. To change a few fields of the recommended preset, pass a mapping
    (``config={"top_k": 3}``) or ``recommended_config(top_k=3)``; built without ``enabled``,
    ``ToolFilterConfig(top_k=3)`` warns (``ConfigWarning``) when loaded, so that plain mode is
    never chosen by omission.
    """

    # --- the design's original fields, same names, defaults and ranges ---
    enabled: bool = False
    """Advanced filtering (gates, combined score, routing, fallback). Off: plain embedding
    top-k with ``similarity_threshold``.

    Leave it on (the preset); false only to run or compare against plain
    mode (docs/configuration.md)."""
    candidate_pool_size: int | None = Field(default=None, ge=0, le=100_000)
    """How many tools the embedding and BM25 searches each put in the pool; None or 0:
    max(top_k * 5, 20).

    Leave it; raise it only if your labelled requests show right tools ranked below the
    pool, at the cost of scoring more candidates a request."""
    min_lexical_overlap: int = Field(default=0, ge=0, le=1000)
    """Minimum count of unique query tokens shared with a tool's name, description, category.

    Leave it 0: 1 drops every tool that shares no word with the request, such as Chinese
    requests for English descriptions (docs/benchmarks.md, the plain filter)."""
    min_combined_score: float = Field(default=0.0, ge=0.0, le=1.0)
    """Candidates whose combined score is below this are dropped; it is also the
    "no tool fits" threshold.

    Raise it when weak matches get sent, lower it when the right tool is dropped for a low
    score; with another embedder or registry, recalibrate it with ``toolfilter fit``
    (docs/fit.md)."""
    weights: Weights = Field(default_factory=Weights)
    """Signal weights (see ``Weights``).

    Change them through ``toolfilter fit`` for another embedder or registry (docs/fit.md);
    each ``weights.*`` row says more."""
    use_category_filter: bool = False
    """Keep only tools of the category passed to select(), when confident enough.

    Turn it on only when your caller knows each request's category
    (``select(category=..., confidence=...)``); an MCP client does not (docs/mcp.md)."""
    category_confidence_threshold: float | None = Field(default=None, ge=0.0, le=1.0)
    """If set, the category gate applies only when the given confidence is at least this.

    Set it when your category guesses carry a confidence, so that an unsure guess does not
    hide the other categories' tools."""
    allow_tools: tuple[str, ...] = ()
    """If non-empty, only these tools can be selected.

    Set it when a deployment may use only some of the registered tools."""
    block_tools: tuple[str, ...] = ()
    """These tools are never selected; block wins over allow.

    Set it for tools that must never reach the model, such as an untrusted MCP server's
    (docs/profiles.md, "Untrusted descriptions")."""

    # --- ours ---
    top_k: int = Field(default=5, ge=1, le=MAX_TOOLS)
    """How many tools a confident selection holds at most (128 is OpenAI's hard cap on tools
    per call). When confidence is low (the best score under ``min_score`` or its lead under
    ``min_gap``) the selection is widened (status ``widened``) and holds up to ``fallback_top_k``
    tools whatever top_k is; chains and each ask's best tool may add too. The hard cap on every
    selection is ``max_tools`` (``select(max_tools=N)``, ``--max-tools N``, the adapters').

    Lower it to send the model fewer tools, raise it when requests need more;
    ``toolfilter fit`` chooses it within a cost budget (docs/fit.md). When most selections
    widen, top_k changes little: give the tools profiles (docs/profiles.md) or lower
    ``fallback_top_k``; ``toolfilter select`` says when and why a selection widened."""
    similarity_threshold: float = Field(default=0.0, ge=-1.0, le=1.0)
    """Plain mode (enabled=false): tools whose embedding similarity is below are dropped.

    Raise it in plain mode to send fewer weak matches; the right value depends on the
    embedder's cosine band (docs/fit.md)."""
    min_score: float = Field(default=0.0, ge=0.0, le=1.0)
    """Low confidence when the best combined score is below this: widen the search.

    Higher widens more often (more tools, the right one reached more often), lower sends
    fewer; recalibrate it with ``toolfilter fit`` for another embedder (docs/fit.md)."""
    min_gap: float = Field(default=0.0, ge=0.0, le=1.0)
    """Low confidence when best minus second best combined score is below this.

    Higher widens more often (more tools, the right one reached more often), lower sends
    fewer; recalibrate it with ``toolfilter fit`` for another embedder (docs/fit.md)."""
    relative_cut: float = Field(default=0.0, ge=0.0, le=1.0)
    """Drop tools scoring below this share of the best score not held back by the destructive guard (0: keep top_k).

    Raise it to send fewer tools when one leads clearly, 0 keeps top_k; ``toolfilter fit``
    refits it (docs/fit.md)."""
    fallback_domains: int = Field(default=3, ge=1, le=1000)
    """On low confidence, widen to the best N domains instead of all tools.

    Raise it to reach further when the best domain is wrong, lower it to keep widening
    focused; ``toolfilter fit`` refits it (docs/fit.md)."""
    fallback_top_k: int | None = Field(default=None, ge=1, le=MAX_TOOLS)
    """How many tools a widened selection may hold, whatever ``top_k`` is; None: 2 * top_k.

    Lower it when widened selections overspend your budget (docs/fit.md), raise it to reach
    further when unsure."""
    widen_when_empty: bool = False
    """When every candidate falls below ``min_combined_score`` (but above 0) and the request was
    not found to need no tool, widen over those candidates instead of returning nothing:
    "no tool fits" is said only by the no-tool test or by scores of 0. So too when the
    destructive guard holds back every candidate above it (the held tools stay held).

    Leave it on (the preset); off when an empty selection is better for your agent than a
    weak one."""
    always_include: tuple[str, ...] = ()
    """Tools selected on every call whatever their score (still subject to block_tools).

    Set it for tools the agent needs on every turn whatever the request, such as a docs
    search (docs/langchain.md)."""
    fallback_to_empty: bool = True
    """On a selection failure: true returns no tools with a warning, false raises.

    Set it false when a failed selection must surface as an error (tests, strict services)
    rather than a turn without tools."""
    search_threads: int = Field(default=1, ge=1, le=64)
    """BLAS threads for the vector search over every tool (the query is always embedded on
    one).

    1 suits small registries and busy machines; on idle cores, 2 halve the search at 50,000
    tools (docs/scaling.md)."""
    history_turns: int = Field(default=2, ge=0, le=50)
    """How many earlier user turns the adapters blend into the query (at weight 0.3 against the
    last message together, 0.7 the last message; the weights are fixed).

    Raise it when follow-ups refer further back, 0 to select on the last message alone; it
    also sets the adapters' sticky-tool window (docs/langchain.md)."""
    abstain_phrases: tuple[str, ...] = ()
    """Examples of requests that need no tool (chit-chat, general knowledge, writing). When
    the request is closer to one of these than to every tool by ``abstain_margin``, nothing
    is selected. Empty: off.

    Add the no-tool requests your users send that the preset's miss (a list replaces the
    preset's: copy it to extend it); ``[]`` to never say "no tool fits"."""
    abstain_margin: float = Field(default=0.0, ge=-1.0, le=1.0)
    """``abstain_rule: margin``: how much closer to an abstain phrase than to the best tool a
    request must be to get no tools (negative values abstain even when a tool is slightly
    closer).

    Only for the margin rule (use-m3|minilm's, presets/per_embedder.yaml); lower it to
    refuse more no-tool requests; ``toolfilter fit`` recalibrates it (docs/fit.md)."""
    abstain_rule: Literal["margin", "relative"] = "margin"
    """How "no tool fits" is decided. ``margin``: the closest phrase against the best tool.
    ``relative``: against this registry: the request's closeness to its two nearest
    phrases minus how far its best tool stands above the registry's
    no-tool level (the median best-tool cosine of the phrases themselves), against
    ``abstain_threshold`` (docs/scoring.md, "Abstaining").

    Leave it as your embedder's preset sets it (``relative``; ``margin`` for ``use-m3|minilm``, whose
    cosines the relative rule does not fit): with use-m3 the margin rule refused many tool requests of
    registries it was not tuned on (docs/scoring.md)."""
    abstain_threshold: float = Field(default=0.365, ge=-2.0, le=3.0)
    """``abstain_rule: relative``: the evidence at which a request gets no tools.

    Lower it where refusing no-tool requests matters more than a rare refused tool request,
    raise it for fewer refusals (docs/scoring.md, "Abstaining"); ``toolfilter fit`` refits
    it."""
    abstain_voice_margin: float = Field(default=0.0, ge=-2.0, le=2.0)
    """With tool profiles: a request closer to a no-tool request (phrase or near miss) than
    to every tool's vectors by this much gets no tools (docs/profiles.md).

    Lower it where refusing no-tool requests matters more than a rare refused tool request,
    raise it for fewer refusals; ``toolfilter fit --profiles`` refits it on your labelled
    requests (docs/fit.md)."""
    abstain_mixed_band: float = Field(default=0.1, ge=0.0, le=3.0)
    """Evidence this far below the no-tool bar (``abstain_voice_margin``, ``abstain_threshold``
    or ``abstain_margin``) is "not sure" (``Status.NOT_SURE``): the adapters send only their
    ``find_tools`` search, from which the model reaches any tool in one step.

    Widen it to send fewer tools to borderline requests (more tool requests pay a search
    step), 0 for no "not sure"."""
    embedder: str = "default"
    """Embedder name (see ``toolfilter_core.embedder_names()``) or a sentence-transformers
    model name or path.

    Change it for your users' languages (docs/embedders.md); then take its thresholds from
    presets/per_embedder.yaml or ``toolfilter fit`` (docs/fit.md)."""
    store: StoreConfig = Field(default_factory=StoreConfig)
    """Where the index lives.

    Set it to keep the index across restarts or share it between processes
    (docs/scaling.md); see the ``store.*`` rows."""

    @property
    def pool_size(self) -> int:
        """The candidate pool size in effect."""
        if self.candidate_pool_size:
            return self.candidate_pool_size
        return max(self.top_k * 5, 20)

    @model_validator(mode="before")
    @classmethod
    def _retired(cls, data: Any) -> Any:
        if isinstance(data, Mapping) and RETIRED.keys() & data.keys():
            data = dict(data)
            problems = [retire(name, data.pop(name)) for name in sorted(RETIRED.keys() & data.keys())]
            if refused := [p for p in problems if p]:
                raise ValueError("; ".join(refused))
        return data

    @model_validator(mode="after")
    def _cross_field(self) -> ToolFilterConfig:
        both = sorted(set(self.always_include) & set(self.block_tools))
        if both:
            msg = (
                f"always_include: {both} are also in block_tools; block wins, so they would "
                "never be included; remove them from one of the two lists"
            )
            raise ValueError(msg)
        clash = sorted(set(self.allow_tools) & set(self.block_tools))
        if clash:
            msg = (
                f"allow_tools: {clash} are both allowed and blocked; block wins, so allowing "
                "them has no effect; remove them from one of the two lists"
            )
            raise ValueError(msg)
        return self

    def merged(self, overrides: Mapping[str, Any]) -> ToolFilterConfig:
        """A copy with some fields replaced (nested ones key by key), validated like a fresh load.

        Raises:
            ConfigError: a field is unknown or out of range.
        """
        data = self.model_dump(exclude_unset=False)
        layering.deep_update(data, dict(overrides))
        return _validate(data, {})


def _validate(data: Mapping[str, Any], sources: Mapping[str, str]) -> ToolFilterConfig:
    try:
        return ToolFilterConfig.model_validate(dict(data))
    except ValidationError as error:
        raise ConfigError(layering.format_errors(error, sources, ToolFilterConfig)) from None


@dataclass(frozen=True)
class ResolvedConfig:
    """A config built from layers, with the source of every value (``toolfilter config``)."""

    config: ToolFilterConfig
    base: str
    """``"recommended"`` or ``"plain"``."""
    sources: dict[str, str] = field(default_factory=dict)
    """Dotted field name (``"weights.bm25"``) to the layer that set it, or ``"default"``."""

    def rows(self) -> list[tuple[str, Any, str]]:
        """``(dotted field, value, source)`` for every field, in the model's order."""
        return [(key, value, self.sources.get(key, "default")) for key, value in layering.leaves(self.config)]


def resolve_layers(layers: Sequence[ConfigLayer], *, base: str | None = None) -> ResolvedConfig:
    """Build a config from layers over a base, and say where each value came from.

    Args:
        layers: What the user gave, lowest precedence first (a file, then ``--set``...).
        base: ``"recommended"`` or ``"plain"``; None: what a layer's ``base`` key says,
            else ``"recommended"``. Given twice with different values: refused.

    Returns:
        The validated config, its base and the source of every field.

    Raises:
        ConfigError: a field is unknown or out of range (the message names the layer it
            came from), or the bases disagree.
    """
    chosen, data, sources = layering.merge_layers(layers, base)
    # plain mode chosen through the base is said out loud: loading the result again never
    # reads as "plain mode by omission" (ToolFilter.open hands its config to the constructor)
    data.setdefault("enabled", ToolFilterConfig.model_fields["enabled"].default)
    retired = [retire(k, data.pop(k), layering.source_of(k, sources)) for k in sorted(RETIRED.keys() & data.keys())]
    refused = [p for p in retired if p]
    try:
        config = _validate(data, sources)
    except ConfigError as error:
        raise ConfigError("\n  ".join([str(error), *refused])) from None
    if refused:
        raise ConfigError("invalid toolfilter configuration:\n  " + "\n  ".join(refused))
    known = {key for key, _ in layering.leaves(config)}
    return ResolvedConfig(config, chosen, {k: layering.source_of(k, sources) or "default" for k in sorted(known)})


def load_config(
    source: ToolFilterConfig | Mapping[str, Any] | str | Path | None = None,
    *,
    base: str | None = None,
    **overrides: Any,
) -> ToolFilterConfig:
    """Load and validate a configuration, laid over the recommended preset.

    A file or a mapping changes only the fields it names: ``{"top_k": 3}`` is the
    recommended preset with ``top_k`` 3, routing, fallback and "no tool fits" detection
    kept. Plain mode is a choice: ``enabled: false`` in the source, ``base: plain``
    in it, or ``base="plain"`` here (the plain defaults under the source).

    A ``ToolFilterConfig`` object is complete, so it is returned as it is (with
    ``overrides`` applied); ``ToolFilterConfig(top_k=3)``, built without ``enabled``, is
    plain mode and warns (``ConfigWarning``) saying so.

    Args:
        source: A config, a mapping of fields, or a path to a YAML or JSON file. None:
            the base alone (the recommended preset by default).
        base: ``"recommended"`` or ``"plain"``; None: the source's ``base`` key, else
            ``"recommended"``.
        **overrides: Fields laid over the source (``top_k=3``, ``weights={"bm25": 0}``).
            ``embedder=NAME`` also brings that embedder's shipped thresholds
            (``presets/per_embedder.yaml``) when the base is the recommended preset.

    Returns:
        The validated configuration.

    Raises:
        ConfigError: A field is unknown or out of range; the message names the field
            path, the value, what is allowed and where the value came from. Also for an
            unreadable file, an unknown base, or two bases that disagree.
    """
    if isinstance(source, ToolFilterConfig):
        if base is not None:
            msg = f"base: {base!r} given with a ToolFilterConfig, which is complete already; pass a mapping instead"
            raise ConfigError(msg)
        warn_plain_by_omission(source)
        return source.merged(overrides) if overrides else source
    layers = [] if source is None else [config_layer(source)]
    if overrides:
        layers.append(ConfigLayer("keyword", overrides))
    return resolve_layers(layers, base=base).config


def check_embedder_thresholds(config: ToolFilterConfig, embedder_id: str) -> str | None:
    """Why ``config``'s thresholds do not fit the embedder ``embedder_id``, or None when they do.

    The preset's thresholds (weights, ``min_score``, ``min_gap``, ``min_combined_score``,
    ``relative_cut``, ``abstain_margin``, ``abstain_threshold``, ``abstain_mixed_band``) were
    tuned for one embedder, or for one of those in
    ``presets/per_embedder.yaml``. With the advanced pipeline on, those thresholds untouched,
    and another embedder (a LlamaIndex embed model, a sentence-transformers path, ``minilm``),
    the message says so and names ``toolfilter fit``. Thresholds of your own (a fitted config,
    any threshold changed), plain mode and the test embedder ``hashing`` are not checked.
    """
    if not config.enabled or embedder_id.startswith("hashing"):
        return None
    preset, per_embedder = preset_files()
    default = str(preset.get("embedder", "default"))
    mine = {name: getattr(config, name) for name in THRESHOLDS}
    tuned_for = [
        name
        for name in dict.fromkeys([default, *per_embedder])
        if mine == {k: getattr(recommended_config(embedder=name), k) for k in THRESHOLDS}
    ]
    family = embedder_family(embedder_id)
    if not tuned_for or family in tuned_for:
        return None
    named = family in per_embedder or family == default
    hint = (
        f"pass embedder={family!r} by name (or --embedder {family}) to get its shipped thresholds, or " if named else ""
    )
    return (
        f"the recommended preset's thresholds were tuned for embedder {' / '.join(map(repr, tuned_for))}, but "
        f"embedder {embedder_id!r} is in use: its similarities sit in another band, so selections may widen "
        f"too often or say 'no tool fits' wrongly; {hint}calibrate a config for it on labelled requests: "
        "toolfilter fit --tools TOOLS --queries QUERIES --embedder NAME -o fitted.yaml, or "
        "fit_config(tools, queries, embedder=...) in Python (docs/fit.md)"
    )


def warn_untuned_thresholds(config: ToolFilterConfig, embedder: Any) -> None:
    """Warn (``ConfigWarning``, at the caller's line) when ``check_embedder_thresholds`` finds a mismatch.

    Args:
        config: The config in use.
        embedder: The embedder in use (anything with an ``id``).
    """
    message = check_embedder_thresholds(config, str(getattr(embedder, "id", embedder)))
    if message is not None:
        warn_at_caller(message, ConfigWarning)


def recommended_config(**overrides: Any) -> ToolFilterConfig:
    """The shipped preset ``ToolFilter()`` uses, with optional field overrides.

    Its values were chosen on the bundled kit's dev queries, our own paraphrase set and
    public data (docs/benchmarks.md); ``toolfilter fit`` calibrates one for your tools.
    Thresholds are per embedder: with ``embedder=NAME`` for an embedder the shipped
    ``presets/per_embedder.yaml`` has values for (``use-m3|minilm``), those come too.
    Same as ``load_config(None, **overrides)``.
    """
    return load_config(None, **overrides)


# --- the checks a loaded config gets ---

RETIRED: dict[str, tuple[object, str]] = {
    "bm25_full_coverage": (FULL_COVERAGE, "toolfilter_core._bm25.FULL_COVERAGE"),
    "min_clause_chars": (MIN_CLAUSE_CHARS, "toolfilter_core._clauses.MIN_CLAUSE_CHARS"),
    "clause_max_tools": (CLAUSE_MAX_TOOLS, "toolfilter_core._clauses.CLAUSE_MAX_TOOLS"),
    # 0.10: knobs no page recommended moving from the preset's value (tests/unit/test_config.py
    # checks each value here against its constant, which cannot be imported here without a cycle)
    "lexical_candidates": (True, "toolfilter_core._pipeline.candidates.LEXICAL_CANDIDATES"),
    "clause_matching": (True, "toolfilter_core._pipeline.vectors.CLAUSE_MATCHING"),
    "exact_name_match": (True, "toolfilter_core._pipeline.request.EXACT_NAME_MATCH"),
    "route_domains": (0, "toolfilter_core._pipeline.route.ROUTE_DOMAINS"),
    "guard_destructive": (True, "toolfilter_core._pipeline.route.GUARD_DESTRUCTIVE"),
    "history_weight": (0.3, "toolfilter_core._pipeline.vectors.HISTORY_WEIGHT"),
    "chains": (True, "toolfilter_core._pipeline.decide.CHAINS"),
    "max_query_chars": (1_000_000, "toolfilter_core._pipeline.request.MAX_QUERY_CHARS"),
    "long_request_chars": (2500, "toolfilter_core._pipeline.request.LONG_REQUEST_CHARS"),
    "abstain_top_phrases": (2, "toolfilter_core._pipeline.abstain.ABSTAIN_TOP_PHRASES"),
}
"""Settings that became constants (0.9, 0.10): a config may still name one at its fixed value."""


def retire(name: str, value: object, source: str | None = None) -> str | None:
    """Why ``name``'s value is refused (a value other than its fixed one), or None after a warning."""
    fixed, where = RETIRED[name]
    if value != fixed:
        came = f" (from {source})" if source else ""
        return (
            f"{name}: got {value!r}{came}; it is no longer a setting but the constant {where} = {fixed!r} "
            f"(the recommended preset's value, which a config without the preset gets too); "
            f"allowed: {fixed!r} or leave it out"
        )
    msg = f"{name}: no longer a setting (fixed at {fixed!r}, {where}); remove it from your config"
    warn_at_caller(msg, ConfigWarning)
    return None


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


def warn_plain_by_omission(config: ToolFilterConfig) -> None:
    """Warn (``ConfigWarning``) when a ``ToolFilterConfig`` built without ``enabled`` is plain mode."""
    given = config.model_fields_set
    if given and "enabled" not in given and not config.enabled:
        fields = ", ".join(f"{name}={getattr(config, name)!r}" for name in sorted(given))
        msg = (
            f"ToolFilterConfig({fields}) is a complete config in plain mode (enabled=False: "
            "embedding top-k, no routing, no fallback, no 'no tool fits' detection), and it is used as it is. "
            f"For the recommended preset with these fields, pass a mapping (config={{...}}) or "
            f"recommended_config({fields}); to mean plain mode, say enabled=False"
        )
        warn_at_caller(msg, ConfigWarning)


def host_problem(host: str) -> str | None:
    """What is wrong with a Chroma server host name (``store.host``, ``--chroma-host``), or None.

    A space or control character would escape from the HTTP client as ``httpx.InvalidURL``.
    """
    if host.strip() and not any(c.isspace() or not c.isprintable() for c in host):
        return None
    return f"store.host: got {host!r}; allowed: a host name or IP address, no spaces or control characters"
