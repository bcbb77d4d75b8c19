"""A LlamaIndex LLM as the core's profile writer (``ProfileWriter``).

The core asks a model for each tool's profile (requests users would type) at index time;
this module only maps the writer's two messages onto ``llm.chat`` and its response back to
text and tokens. The prompts and the reading of the answers are the core's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.llms import LLM

from toolfilter_core import ProfileWriter
from toolfilter_core.integration import checked_keywords

__all__ = ["LLMWriter", "ProfileWriterLike", "as_profile_writer"]

ProfileWriterLike = ProfileWriter | LLM | Callable[..., Any]
"""What ``profile_writer=`` takes: a ``ProfileWriter``, a LlamaIndex ``LLM``, or a callable."""

_ROLES = {"system": MessageRole.SYSTEM, "user": MessageRole.USER}
_TOTAL_KEYS = ("total_tokens", "total_token_count")
_PART_KEYS = (("prompt_tokens", "input_tokens", "prompt_token_count"), ("completion_tokens", "output_tokens"))


def _field(value: Any, key: str) -> Any:
    return value.get(key) if isinstance(value, Mapping) else getattr(value, key, None)


def _total_tokens(raw: Any) -> int:
    """Total tokens from a provider's raw response (``usage`` or ``usage_metadata``); 0 if absent."""
    usage = _field(raw, "usage") or _field(raw, "usage_metadata") if raw is not None else None
    if not usage:
        return 0
    for key in _TOTAL_KEYS:
        if isinstance(_field(usage, key), int):
            return int(_field(usage, key))
    parts = [next((_field(usage, k) for k in keys if isinstance(_field(usage, k), int)), 0) for keys in _PART_KEYS]
    return int(sum(parts))


@checked_keywords
class LLMWriter:
    """Any LlamaIndex LLM as the writer of tool profiles.

    Instantiate:
        .. code-block:: python

            from llama_index.llms.openai import OpenAI
            from llamaindex_toolfilter import LLMWriter, ToolFilterRetriever

            writer = LLMWriter(OpenAI(model="gpt-4.1-mini"))
            retriever = ToolFilterRetriever.from_tools(tools, profile_writer=writer)

        ``profile_writer=llm`` wraps the LLM for you.

    The core calls ``complete`` from worker threads, several at once; ``llm.chat`` is safe
    there.
    """

    def __init__(self, llm: LLM, *, name: str | None = None) -> None:
        """Wrap ``llm``; ``name`` defaults to ``llm.metadata.model_name``, else its class name."""
        if not isinstance(llm, LLM):
            msg = f"LLMWriter: llm is {type(llm).__name__}; expected a LlamaIndex LLM"
            raise TypeError(msg)
        self.llm = llm
        model_name = llm.metadata.model_name
        self.name = name or (model_name if model_name and model_name != "unknown" else type(llm).__name__)

    def complete(self, messages: Sequence[Mapping[str, str]]) -> tuple[str, int]:
        """``llm.chat`` on the system and user messages; its text and total tokens (0 if unknown).

        Raises:
            ValueError: A message's role is not ``system`` or ``user``.
        """
        converted = []
        for number, message in enumerate(messages):
            role = _ROLES.get(message["role"])
            if role is None:
                msg = f"messages.{number}.role is {message['role']!r}; allowed: {sorted(_ROLES)}"
                raise ValueError(msg)
            converted.append(ChatMessage(role=role, content=message["content"]))
        response = self.llm.chat(converted)
        return response.message.content or "", _total_tokens(response.raw)


def as_profile_writer(writer: ProfileWriterLike | None) -> ProfileWriter | Callable[..., Any] | None:
    """``profile_writer=`` for the core: an ``LLM`` wrapped in an ``LLMWriter``, the rest as given."""
    if isinstance(writer, LLM):
        return LLMWriter(writer)
    return writer
