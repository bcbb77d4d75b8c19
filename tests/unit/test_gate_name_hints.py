"""An ``always_include`` typo gets "did you mean" like a ``block_tools`` one, in every face."""

from __future__ import annotations

import inspect
import warnings

import pytest
from langchain_core.tools import tool

from langchain_toolfilter import ToolFilterMiddleware
from toolfilter_core import ConfigError, HashingEmbedder, ToolFilter, ToolSpec, deferred_tools


@tool
def email_send(to: str) -> str:
    """Send an e-mail to someone."""
    return to


@tool
def order_cancel(order_id: str) -> str:
    """Cancel an order."""
    return order_id


def test_the_middlewares_list_of_its_arguments_is_its_signatures() -> None:
    keywords = [
        p.name
        for p in inspect.signature(ToolFilterMiddleware.__init__).parameters.values()
        if p.kind is inspect.Parameter.KEYWORD_ONLY
    ]
    assert "deferral" in keywords
    with pytest.raises(ConfigError, match=r"did you mean 'max_tools'\?.*'deferral'"):
        ToolFilterMiddleware(max_tool=5)


def test_the_middleware_names_the_always_include_tool_meant() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(ConfigError, match=r"always_include: \['email_sned'\] .*\(did you mean 'email_send'\?\)"):
            ToolFilterMiddleware(tools=[email_send, order_cancel], always_include=["email_sned"], embedder="hashing")


def test_deferred_tools_name_the_always_include_tool_meant() -> None:
    specs = [ToolSpec("email_send", "Send an e-mail"), ToolSpec("order_cancel", "Cancel an order")]
    tf = ToolFilter(specs, embedder=HashingEmbedder())
    tools = [{"name": s.name, "description": s.description, "input_schema": {"type": "object"}} for s in specs]
    with pytest.raises(ConfigError, match=r"\(did you mean 'email_send'\?\)"):
        deferred_tools(tf, tools, always_include=["email_sned"])


def test_the_llamaindex_retriever_names_the_always_include_tool_meant() -> None:
    from llama_index.core.tools import FunctionTool

    from llamaindex_toolfilter import ToolFilterRetriever

    def send_mail(to: str) -> str:
        """Send an e-mail."""
        return to

    with pytest.raises(ConfigError, match=r"always_include: 'send_mial' .*\(did you mean 'send_mail'\?\)"):
        ToolFilterRetriever.from_tools(
            [FunctionTool.from_defaults(send_mail)], embedder="hashing", always_include=["send_mial"]
        )


def test_the_llamaindex_retriever_names_the_indexed_tool_a_tool_object_meant() -> None:
    from llama_index.core.tools import FunctionTool

    from llamaindex_toolfilter import ToolFilterRetriever

    def send_mial(to: str) -> str:
        """Send an e-mail."""
        return to

    tf = ToolFilter([ToolSpec("send_mail", "Send an e-mail")], embedder=HashingEmbedder())
    with pytest.raises(ValueError, match=r"\['send_mial'\] are not in the tool index \(did you mean 'send_mail'\?\)"):
        ToolFilterRetriever(tf, [FunctionTool.from_defaults(send_mial)])


def test_an_always_include_typo_found_at_the_first_request_names_the_tool_meant() -> None:
    from langchain.agents.middleware import ModelRequest
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage

    mw = ToolFilterMiddleware(always_include=["email_sned"], embedder="hashing")  # no tools=: checked on use
    model = GenericFakeChatModel(messages=iter([AIMessage("ok")]))
    request = ModelRequest(model=model, messages=[HumanMessage("cancel order 7")], tools=[email_send, order_cancel])
    with pytest.raises(ConfigError, match=r"always_include: \['email_sned'\] .*\(did you mean 'email_send'\?\)"):
        mw.filter_request(request)


def test_an_always_include_naming_a_provider_tool_passes_the_first_request() -> None:
    """``check()`` counts a provider-format dict among the agent's tools; the first model call does too."""
    from langchain.agents.middleware import ModelRequest
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage, HumanMessage

    web = {"type": "function", "function": {"name": "web_lookup", "description": "Look up the web.", "parameters": {}}}
    mw = ToolFilterMiddleware(always_include=["web_lookup"], embedder="hashing")
    mw.check([email_send, order_cancel, web])
    model = GenericFakeChatModel(messages=iter([AIMessage("ok")]))
    request = ModelRequest(
        model=model, messages=[HumanMessage("cancel order 7")], tools=[email_send, order_cancel, web]
    )
    assert "web_lookup" in [t["function"]["name"] for t in mw.filter_request(request).tools if isinstance(t, dict)]
