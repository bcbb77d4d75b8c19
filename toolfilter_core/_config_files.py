"""The files a config is read from: a user's YAML or JSON file, and the shipped profiles."""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from ._exceptions import ConfigError
from ._files import FileProblem, parse_json, parse_yaml, read_text

__all__ = ["profile_files", "read_file"]


@functools.cache
def profile_files() -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """recommended.yaml and per_embedder.yaml, read once (callers get copies)."""
    profiles = resources.files("toolfilter_core").joinpath("profiles")
    base = yaml.safe_load(profiles.joinpath("recommended.yaml").read_text("utf-8"))
    per_embedder = yaml.safe_load(profiles.joinpath("per_embedder.yaml").read_text("utf-8"))
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
        msg = f"config: {str(path)!r} ({kind}): {problem.where()}{problem.message}"
        raise ConfigError(msg) from None
    return {} if data is None else data
