"""The ``argument`` signal: the request holds a value of a kind that the tool takes.

"/etc/hosts 原样贴出来我瞅瞅" names a file path; "往 hooks.example.com/deploy 推一条 {...}" a
URL and a JSON body. Requests in everyday words are often far from every tool's text, but
the values they carry still say which tools could take them. Five kinds are recognised, by
plain patterns, in the request and in a tool's parameters (name, description, JSON Schema
``format``):

* ``url``: ``https://...`` or a host name with a well-known top-level domain; parameters
  named or described as url, uri, link, endpoint, webhook, domain, 网址, 链接, 域名.
* ``path``: a path with a slash, or a file name with a common extension; parameters about
  a path, file, directory, folder or mount point (路径, 文件, 目录, 挂载).
* ``email``: an e-mail address; parameters named email, to, cc, recipient(s) (邮箱, 收件人).
* ``ip``: a dotted IPv4 address; parameters named or described as host, ip, hostname, server.
* ``json``: a ``{...: ...}`` object; parameters named body, payload, json, data.

The signal is the share of the request's kinds the tool takes. A request with no value of a
known kind has no ``argument`` signal: its weight is left out of the combined score.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ._types import ToolSpec

__all__ = ["argument_fit", "parameter_kinds", "request_kinds"]

_EXTENSIONS = (
    "txt|md|py|go|js|ts|java|rs|c|cpp|h|json|ya?ml|toml|ini|conf|cfg|env|csv|tsv|log|sql|sh|"
    "html?|css|xml|pdf|docx?|xlsx?|pptx?|jpe?g|png|gif|webp|svg|bmp|tiff?|mp3|mp4|wav|zip|tar|gz"
)
# In this order: each kind's matches are blanked before the next looks, so the host of an
# e-mail address is not a URL and the path of a URL is not a file path.
_IN_REQUEST: Mapping[str, re.Pattern[str]] = {
    "email": re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b", re.ASCII),
    "url": re.compile(
        r"https?://\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|dev|cn|co|app|ai)\b(?:/[\w./?=&%-]*)?", re.ASCII | re.I
    ),
    "ip": re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}\b"),
    "path": re.compile(rf"(?:~|\.{{1,2}})?/[\w.-]+(?:/[\w.-]*)*|[\w-]+\.(?:{_EXTENSIONS})\b", re.I),
    "json": re.compile(r"\{[^{}:]*:[^{}]*\}"),  # no ":" before the first: linear time
}
# Hints in a parameter's name or description (lowercased, "_" and "-" as spaces).
_IN_PARAMETER: Mapping[str, re.Pattern[str]] = {
    "url": re.compile(r"\b(?:url|uri|link|endpoint|webhook|domain)s?\b|网址|链接|域名"),
    "path": re.compile(r"\b(?:path|file|filename|dir|directory|folder|mount)s?\b|路径|文件|目录|挂载"),
    "email": re.compile(r"\b(?:e ?mail|recipient)s?\b|邮箱|收件人"),
    "ip": re.compile(r"\b(?:host|ip|hostname|server)s?\b"),
    "json": re.compile(r"\b(?:body|payload|json)\b"),
}
# Short parameter names that only count as the whole name ("to" in a description is noise).
_NAMED: Mapping[str, str] = {"to": "email", "cc": "email", "bcc": "email", "data": "json"}
_FORMATS: Mapping[str, str] = {"uri": "url", "url": "url", "email": "email", "ipv4": "ip", "hostname": "ip"}


def request_kinds(text: str) -> frozenset[str]:
    r"""The kinds of argument values that occur in a request.

    >>> sorted(request_kinds("push {\"env\": \"staging\"} to https://hooks.example.com/deploy"))
    ['json', 'url']
    >>> sorted(request_kinds("看看 /etc/hosts 里 10.0.0.5 那条"))
    ['ip', 'path']
    >>> sorted(request_kinds("mail ops@example.com the report.pdf"))
    ['email', 'path']
    """
    kinds = []
    for kind, pattern in _IN_REQUEST.items():
        text, found = pattern.subn(" ", text)
        if found:
            kinds.append(kind)
    return frozenset(kinds)


def parameter_kinds(tool: ToolSpec) -> frozenset[str]:
    """The kinds of argument values the tool's top-level parameters take."""
    properties = tool.parameters.get("properties") or {}
    kinds: set[str] = set()
    for name, schema in properties.items():
        spec: Mapping[str, Any] = schema if isinstance(schema, Mapping) else {}
        text = f"{name} {spec.get('description', '')}".lower().replace("_", " ").replace("-", " ")
        kinds.update(kind for kind, pattern in _IN_PARAMETER.items() if pattern.search(text))
        if str(name).lower() in _NAMED:
            kinds.add(_NAMED[str(name).lower()])
        if isinstance(spec.get("format"), str) and spec["format"] in _FORMATS:
            kinds.add(_FORMATS[spec["format"]])
    return frozenset(kinds)


def argument_fit(wanted: frozenset[str], taken: frozenset[str]) -> float:
    """Share of the request's argument kinds that the tool takes (0 when the request has none)."""
    if not wanted:
        return 0.0
    return len(wanted & taken) / len(wanted)
