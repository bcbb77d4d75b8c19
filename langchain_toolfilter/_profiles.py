"""A LangChain chat model as the core's profile writer (``ProfileWriter``).

The core asks a model for each tool's profile (requests users would type) at index time;
this module only maps the writer's two messages onto a chat model call and its reply back
to text and tokens. The prompts and the reading of the answers are the core's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from toolfilter_core import ConfigError, Profiles, ProfileWriter, read_profiles
from toolfilter_core.integration import checked_keywords

__all__ = ["ChatModelWriter", "ProfileWriterLike", "as_profile_writer", "profiles_for"]

ProfileWriterLike = ProfileWriter | BaseChatModel | Callable[..., Any]
"""What ``profile_writer=`` takes: a ``ProfileWriter``, a LangChain chat model, or a callable."""

_ROLES: Mapping[str, type[BaseMessage]] = {"system": SystemMessage, "user": HumanMessage}


def _model_name(model: BaseChatModel) -> str:
    for attribute in ("model_name", "model"):
        value = getattr(model, attribute, None)
        if isinstance(value, str) and value:
            return value
    return type(model).__name__


@checked_keywords
class ChatModelWriter:
    """Any LangChain chat model as the writer of tool profiles.

    Instantiate:
        .. code-block:: python

            from langchain.chat_models import init_chat_model
            from langchain_toolfilter import ChatModelWriter, ToolFilterSelector

            writer = ChatModelWriter(init_chat_model("openai:gpt-4.1-mini"))
            selector = ToolFilterSelector.from_tools(tools, profile_writer=writer)

        ``profile_writer=model`` wraps the chat model for you.

    The core calls ``complete`` from worker threads, several at once; a chat model's
    ``invoke`` is safe there.
    """

    def __init__(self, model: BaseChatModel, *, name: str | None = None) -> None:
        """Wrap ``model``; ``name`` defaults to its ``model_name`` or ``model``, else its class name."""
        if not isinstance(model, BaseChatModel):
            msg = f"ChatModelWriter: model is {type(model).__name__}; expected a LangChain BaseChatModel"
            raise TypeError(msg)
        self.model = model
        self.name = name or _model_name(model)

    def complete(self, messages: Sequence[Mapping[str, str]]) -> tuple[str, int]:
        """Invoke the model on the system and user messages; its text and total tokens (0 if unknown).

        Raises:
            ValueError: A message's role is not ``system`` or ``user``.
        """
        converted = []
        for number, message in enumerate(messages):
            kind = _ROLES.get(message["role"])
            if kind is None:
                msg = f"messages.{number}.role is {message['role']!r}; allowed: {sorted(_ROLES)}"
                raise ValueError(msg)
            converted.append(kind(content=message["content"]))
        reply = self.model.invoke(converted, config={"run_name": "toolfilter_profile_writer"})
        usage = getattr(reply, "usage_metadata", None) or {}
        return str(reply.text), int(usage.get("total_tokens") or 0)


def as_profile_writer(writer: ProfileWriterLike | None) -> ProfileWriter | Callable[..., Any] | None:
    """``profile_writer=`` for the core: a chat model wrapped in a ``ChatModelWriter``, the rest as given."""
    if isinstance(writer, BaseChatModel):
        return ChatModelWriter(writer)
    return writer


def profiles_for(
    where: str, profiles: Profiles | str | Path | None, writer: ProfileWriterLike | None, shared: bool
) -> Profiles | None:
    """Read a profiles file now (its errors at construction); refuse profiles beside a shared ``ToolFilter``.

    Raises:
        ConfigError: ``shared`` (a ``tool_filter`` was given) and profiles or a writer too.
        ToolSpecError: The profiles file cannot be read.
    """
    if shared and (profiles is not None or writer is not None):
        given = [n for n, v in (("profiles", profiles), ("profile_writer", writer)) if v is not None]
        msg = (
            f"{where}: {' and '.join(given)} given with tool_filter; the profiles belong to that ToolFilter: "
            "pass them to ToolFilter(tools, profiles=..., profile_writer=...) instead"
        )
        raise ConfigError(msg)
    return read_profiles(profiles) if isinstance(profiles, str | Path) else profiles
