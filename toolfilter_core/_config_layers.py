"""Config layers: the files read, what each source gives laid over a base, and where each value came from.

``_config.py`` validates the merged data into a ``ToolFilterConfig``; everything here works on plain
mappings (and on any pydantic model for the printed rows and the error messages): it never imports
``_config.py``, which imports it.
"""

from __future__ import annotations

import copy
import difflib
import functools
import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, SecretStr, ValidationError

from ._caller import warn_at_caller
from ._exceptions import ConfigError, ConfigWarning
from ._files import FileProblem, excerpt, parse_json, parse_yaml, read_text, shorten

__all__ = [
    "ConfigLayer",
    "config_layer",
    "deep_update",
    "format_errors",
    "leaves",
    "merge_layers",
    "parse_set",
    "preset_files",
    "source_of",
]

BASES = ("recommended", "plain")
"""What a config is laid over: the recommended preset, or plain mode."""


@functools.cache
def preset_files() -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The presets: presets/recommended.yaml and presets/per_embedder.yaml, read once (callers get copies)."""
    presets = resources.files("toolfilter_core").joinpath("presets")
    base = yaml.safe_load(presets.joinpath("recommended.yaml").read_text("utf-8"))
    per_embedder = yaml.safe_load(presets.joinpath("per_embedder.yaml").read_text("utf-8"))
    return base, per_embedder


def read_file(path: Path) -> Any:
    """The data of a YAML or JSON config file (``{}`` for an empty one).

    Raises:
        ConfigError: the file cannot be read or parsed.
    """
    try:
        text = read_text(path)
        data = parse_json(text) if path.suffix.lower() == ".json" else parse_yaml(text)
    except OSError as error:
        msg = f"config: cannot read {str(path)!r}: {error.strerror or error}"
        raise ConfigError(msg) from None
    except FileProblem as problem:
        kind = "JSON" if path.suffix.lower() == ".json" else "YAML"
        msg = f"config: {str(path)!r} ({kind}): {problem.where()}{problem.message}{read_as(path)}"
        raise ConfigError(msg) from None
    return {} if data is None else data


CONFIG_SUFFIXES = (".yaml", ".yml", ".json")
"""The suffixes of the config formats: YAML, and JSON (read as JSON); any other file is read as YAML."""


def read_as(path: Path) -> str:
    """``; 'c.toml' was read as YAML ...`` for a config file of another suffix (TOML, INI), else ''."""
    if path.suffix.lower() in CONFIG_SUFFIXES:
        return ""
    return (
        f"; {path.name!r} was read as YAML: a config file is YAML (.yaml, .yml) or JSON (.json), "
        f"not {path.suffix or 'a file without a suffix'}"
    )


def deep_update(base: dict[str, Any], extra: Mapping[str, Any]) -> None:
    """Lay ``extra`` over ``base`` in place, nested mappings key by key."""
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(base.get(key), dict):
            deep_update(base[key], value)
        else:
            base[key] = value


_MAX_ERRORS_SHOWN = 20


def format_errors(error: ValidationError, sources: Mapping[str, str], root: type[BaseModel]) -> str:
    """One line per problem of ``error`` (at most 20), naming the layer each value came from."""
    items = error.errors()
    lines = []
    listed: set[tuple[str, ...]] = set()  # the allowed fields already said: each list once
    for item in items[:_MAX_ERRORS_SHOWN]:
        path = shorten(".".join(str(p) for p in item["loc"]), 120) or "config"
        value = item.get("input")
        message = item["msg"].removeprefix("Value error, ")
        elsewhere = _said_elsewhere(item["loc"], root) if item["type"] == "extra_forbidden" else None
        if elsewhere is not None:
            message = elsewhere
        elif item["type"] == "extra_forbidden":
            fields = allowed_fields(item["loc"], root)
            close = difflib.get_close_matches(str(item["loc"][-1]), fields, n=3)
            hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
            allowed = "as above" if tuple(fields) in listed else ", ".join(fields)
            listed.add(tuple(fields))
            message = f"unknown field{hint}; allowed fields here: {allowed}"
        elif item["type"] in ("tuple_type", "list_type", "set_type", "frozen_set_type"):
            what = "phrases" if str(item["loc"][-1]).endswith("phrases") else "tool names"
            message = f"expected a list of {what} (in YAML: [a, b], or one '- item' a line)"
        if not item["loc"]:  # a check across fields: its message names them; the input is the whole config
            lines.append(shorten(message, 2000))
            continue
        where = source_of(path, sources)
        lines.append(f"{path}: {shorten(message, 2000)} (got {excerpt(value)}{f', from {where}' if where else ''})")
    if len(items) > _MAX_ERRORS_SHOWN:
        lines.append(f"... and {len(items) - _MAX_ERRORS_SHOWN} more")
    return "invalid toolfilter configuration:\n  " + "\n  ".join(lines)


def _said_elsewhere(loc: tuple[Any, ...], root: type[BaseModel]) -> str | None:
    """For an unknown top-level key that names, or is spelt close to, what goes beside a config: where it goes.

    ``max_tool`` is closer to the per-request ``max_tools`` than to any field: said so, as ``--set max_tool=3``
    is answered with ``--max-tools``, not with the nearest field (``allow_tools``).
    """
    if len(loc) != 1:
        return None
    key = str(loc[0])
    elsewhere = {**NOT_CONFIG_FIELDS, **PER_REQUEST}
    if key in elsewhere:
        return f"unknown field: {elsewhere[key]}"
    close = difflib.get_close_matches(key.replace("-", "_").lower(), [*elsewhere, *root.model_fields], n=1, cutoff=0.8)
    if close and close[0] in elsewhere:
        return f"unknown field (did you mean {close[0]!r}?): {elsewhere[close[0]]}"
    return None


def allowed_fields(loc: tuple[Any, ...], root: type[BaseModel]) -> list[str]:
    """The field names allowed where ``loc`` points, in ``root`` or the nested model there."""
    model = root
    for part in loc[:-1]:
        field = model.model_fields.get(str(part))
        annotation = field.annotation if field else None
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            model = annotation
    return sorted(model.model_fields)


@dataclass(frozen=True)
class ConfigLayer:
    """Some config fields and where they came from (``"file my.yaml"``, ``"--set"``, ...).

    ``values`` may hold the key ``base`` (``"recommended"`` or ``"plain"``) besides fields;
    nested fields are mappings (``{"weights": {"bm25": 0.0}}``).
    """

    source: str
    values: Mapping[str, Any]


def leaves(config: BaseModel, prefix: str = "") -> list[tuple[str, Any]]:
    """``(dotted field, value)`` for every field of ``config``, nested ones flattened, credentials hidden."""
    out: list[tuple[str, Any]] = []
    for name in type(config).model_fields:
        value = getattr(config, name)
        if isinstance(value, BaseModel):
            out.extend(leaves(value, f"{prefix}{name}."))
        elif isinstance(value, SecretStr):
            out.append((f"{prefix}{name}", "**********"))  # a credential is never shown
        else:
            out.append((f"{prefix}{name}", value))
    return out


def source_of(path: str, sources: Mapping[str, str]) -> str:
    """The layer that set ``path`` or, for a nested field set whole, its parent."""
    while path:
        if path in sources:
            return sources[path]
        path = path.rpartition(".")[0]
    return ""


def layered(
    target: dict[str, Any], values: Mapping[str, Any], source: str, sources: dict[str, str], prefix: str
) -> None:
    """Lay ``values`` over ``target``: mappings merge key by key, anything else replaces."""
    for key, value in values.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping) and isinstance(target.get(key), dict | type(None)) and value:
            if not isinstance(target.get(key), dict):
                target[key] = {}
            layered(target[key], value, source, sources, f"{path}.")
        else:
            target[key] = copy.deepcopy(value)
            for known in [k for k in sources if k.startswith(f"{path}.")]:
                del sources[known]  # a nested field set whole: its parts come from here now
            sources[path] = source


def base_of(layers: Sequence[ConfigLayer], base: str | None) -> str:
    """The base the argument and the layers name (``"recommended"`` when none does).

    Raises:
        ConfigError: an unknown base, or two bases that disagree.
    """
    named = [("the base= argument", base)] if base is not None else []
    named += [(layer.source, layer.values["base"]) for layer in layers if "base" in layer.values]
    for where, value in named:
        if _file_like(value):
            raise ConfigError(_file_as_base("base", value, where))
        if value not in BASES:
            msg = f"base: {value!r} (from {where}) is not a base; allowed: {ALLOWED_BASES}"
            raise ConfigError(msg)
    chosen = {value for _, value in named}
    if len(chosen) > 1:
        given = ", ".join(f"{value!r} from {where}" for where, value in named)
        msg = f"base: two different bases were given ({given}); name one"
        raise ConfigError(msg)
    return str(chosen.pop()) if chosen else "recommended"


ALLOWED_BASES = "'recommended' (the recommended preset) or 'plain' (plain mode)"
"""The bases, said where a value is refused."""
PROFILES_GO_WITH_TOOLS = (
    "tool profiles are not a config setting: they go with the tools they describe, --profiles {cli} beside the "
    "tools file on the command line (toolfilter index, select, eval, fit, doctor), ToolFilter(tools, "
    "profiles={python}) in Python"
)
"""Where tool profiles are given, for a config that names a profiles file (``{cli}``, ``{python}``: the file)."""
NOT_CONFIG_FIELDS = {
    "profiles": PROFILES_GO_WITH_TOOLS.format(cli="FILE", python="FILE"),
    "tools": "tools are not a config setting: --tools FILE (toolfilter index TOOLS) on the command line, "
    "ToolFilter(tools) in Python",
}
"""Keys of what goes beside a config, not in it: where each goes instead (said for an unknown field of that name)."""
PER_REQUEST = {
    "max_tools": "max_tools is no config setting but a cap given per request: --max-tools N on the command line "
    "(select, eval), select(max_tools=N) or the adapters' max_tools=N in Python",
    "read_only": "read_only is no config setting but a policy given per request: --read-only on the command line "
    "(select), select(policy=Policy(read_only=True)) in Python",
    "block_tags": "block_tags is no config setting but a policy given per request: --block-tag T on the command "
    "line (select), select(policy=Policy(block_tags={...})) in Python; block_tools is the config's",
}
"""Settings given per request, not in a config: where each goes (said for an unknown field that names one, or
is spelt close to one, as ``--set max_tool=3`` is answered with the option)."""
_FILE_SUFFIXES = (".jsonl", ".json", ".yaml", ".yml")


def _file_like(value: object) -> bool:
    """Whether a value given as ``base`` (or ``profile``) reads as a file: a path, a file's name, or a file there."""
    if not isinstance(value, str) or value in BASES:
        return False
    if "/" in value or "\\" in value or value.lower().endswith(_FILE_SUFFIXES):
        return True
    try:
        return Path(value).is_file()
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return False


def _file_as_base(key: str, value: str, where: str) -> str:
    """Why a file given as ``key`` (``base``, or its old name ``profile``) is refused, and where it goes instead."""
    named = "base" if key == "base" else "base (profile is its old name)"
    said = f"{key}: {value!r} (from {where}) names a file, but {named} names a preset: {ALLOWED_BASES}"
    if value.lower().endswith((".yaml", ".yml")):
        return f"{said}; a config is not laid over another config file: copy that file's fields into this one"
    return f"{said}; {PROFILES_GO_WITH_TOOLS.format(cli=shlex.quote(value), python=repr(value))}"


def _old_base_key(layer: ConfigLayer) -> ConfigLayer:
    """``layer`` with the old key ``profile`` read as ``base`` (with a ``ConfigWarning``).

    Raises:
        ConfigError: the layer gives both, with different values.
    """
    if "profile" not in layer.values:
        return layer
    values = dict(layer.values)
    old = values.pop("profile")
    if _file_like(old):  # tool profiles meant: the old name's advice (write base: FILE) would mislead
        raise ConfigError(_file_as_base("profile", old, layer.source))
    if "base" in values and values["base"] != old:
        said = values["base"]
        msg = f"profile: {old!r} (from {layer.source}) is the old name of base, which says {said!r}; keep base"
        raise ConfigError(msg)
    warn_at_caller(f"profile: {old!r} (from {layer.source}) is the old name of base; write base: {old}", ConfigWarning)
    return ConfigLayer(layer.source, {**values, "base": old})


def merge_layers(layers: Sequence[ConfigLayer], base: str | None) -> tuple[str, dict[str, Any], dict[str, str]]:
    """The layers laid over their base: ``(base chosen, merged data, dotted field -> source)``.

    Raises:
        ConfigError: an unknown base, or two bases that disagree.
    """
    layers = [_old_base_key(layer) for layer in layers]
    chosen = base_of(layers, base)
    user = [ConfigLayer(layer.source, {k: v for k, v in layer.values.items() if k != "base"}) for layer in layers]
    stack: list[ConfigLayer] = []
    if chosen == "recommended":
        preset, per_embedder = preset_files()
        embedder = str(preset.get("embedder", "default"))
        for layer in user:
            if isinstance(layer.values.get("embedder"), str):
                embedder = layer.values["embedder"]
        stack.append(ConfigLayer("preset", preset))
        if per_embedder.get(embedder):
            stack.append(ConfigLayer(f"preset ({embedder})", per_embedder[embedder]))
    stack.extend(user)
    data: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for layer in stack:
        layered(data, layer.values, layer.source, sources, "")
    return chosen, data, sources


def config_layer(source: Mapping[str, Any] | str | Path) -> ConfigLayer:
    """A file (read and checked) or a mapping as a layer, named for ``toolfilter config``.

    Raises:
        ConfigError: the file cannot be read or parsed, or holds no mapping.
    """
    if isinstance(source, str | Path):
        data = read_file(Path(source))
        label, where = f"file {source}", f" in file {source}{read_as(Path(source))}"
    else:
        data, label, where = source, "mapping", ""
    if not isinstance(data, Mapping):
        msg = f"config: expected a mapping of fields, got {type(data).__name__} {excerpt(data)}{where}"
        raise ConfigError(msg)
    return ConfigLayer(label, data)


def parse_set(option: str) -> dict[str, Any]:
    """One ``--set KEY=VALUE``: a dotted key (``weights.bm25``) and a YAML value.

    ``top_k=3`` gives ``{"top_k": 3}``; ``weights.bm25=0`` gives ``{"weights": {"bm25": 0}}``;
    ``block_tools=[a, b]`` a list; ``store.path=null`` None.

    Raises:
        ConfigError: no ``=``, an empty key, or a value that is not YAML.
    """
    key, sep, text = option.partition("=")
    key = key.strip()
    if not sep or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", key):
        msg = f"--set: expected KEY=VALUE with a field name as KEY (top_k=3, weights.bm25=0), got {option!r}"
        raise ConfigError(msg)
    try:
        value = yaml.safe_load(text) if text.strip() else None
    except yaml.YAMLError as error:
        msg = f"--set {key}: the value {text!r} is not valid YAML ({error})"
        raise ConfigError(msg) from None
    out: dict[str, Any] = {}
    node = out
    *parents, last = key.split(".")
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value
    return out
