import pytest

from toolfilter_core import ToolSpec
from toolfilter_core._arguments import argument_fit, parameter_kinds, request_kinds


@pytest.mark.parametrize(
    ("request_text", "kinds"),
    [
        ("/etc/hosts 现在原样贴出来我瞅瞅", {"path"}),
        ("把“工作任务.txt”删掉", {"path"}),
        ("open ~/notes/todo.md", {"path"}),
        ("is https://shop.example.com up?", {"url"}),
        ("shop.example.com 这会儿还活着吗", {"url"}),
        ("push it to hooks.example.com/deploy", {"url"}),  # the URL's path is not a file path
        ("mail ops@example.com the report", {"email"}),  # the address's host is not a URL
        ("ping 10.0.0.5", {"ip"}),
        ('post {"env": "staging"} to the webhook', {"json"}),
        ("锁 httpx 0.27.1 版本", set()),  # a version is neither an IP nor a file
        ("config.yaml 里改一下端口", {"path"}),
        ("what is the weather like today?", set()),
        ("", set()),
    ],
)
def test_request_kinds(request_text, kinds):
    assert request_kinds(request_text) == kinds


def _tool(**properties):
    return ToolSpec("t", "a tool", parameters={"type": "object", "properties": properties})


@pytest.mark.parametrize(
    ("properties", "kinds"),
    [
        ({"path": {"type": "string"}}, {"path"}),
        ({"file_path": {"type": "string", "description": "要写入内容的文件路径"}}, {"path"}),
        ({"target": {"type": "string", "description": "目标目录"}}, {"path"}),
        ({"mount": {"type": "string", "description": "Mount point"}}, {"path"}),
        ({"url": {"type": "string"}, "body": {"type": "string"}}, {"url", "json"}),
        ({"site": {"type": "string", "format": "uri"}}, {"url"}),
        ({"to": {"type": "string"}, "subject": {"type": "string"}}, {"email"}),
        ({"content": {"type": "string", "description": "Text to write"}}, set()),  # "to" in prose
        ({"host": {"type": "string"}, "command": {"type": "string"}}, {"ip"}),
        ({"domain": {"type": "string"}}, {"url"}),
        ({"limit": {"type": "integer"}}, set()),
        ({}, set()),
    ],
)
def test_parameter_kinds(properties, kinds):
    assert parameter_kinds(_tool(**properties)) == kinds


def test_a_schema_without_properties_takes_nothing():
    assert parameter_kinds(ToolSpec("t", "a tool")) == frozenset()


def test_argument_fit_is_the_share_of_the_request_kinds_taken():
    assert argument_fit(frozenset({"url", "json"}), frozenset({"url"})) == 0.5
    assert argument_fit(frozenset({"path"}), frozenset({"path", "json"})) == 1.0
    assert argument_fit(frozenset(), frozenset({"path"})) == 0.0
