"""Requests as people send them: the ask inside pasted material, several asks, a named server.

Each rule is pinned in English and Chinese: a paste never becomes the query; each ask keeps
its tool; a request that names a server (or its id format) prefers that server's tools.
"""

from __future__ import annotations

import json

import pytest

from toolfilter_core import Status, ToolFilter, ToolFilterConfig, ToolSpec
from toolfilter_core._ask import find_ask
from toolfilter_core._clauses import split_clauses
from toolfilter_core._servers import ServerNames

from .fakes import TableEmbedder, unit

LOG = "\n".join(f"2026-12-02 10:{i:02d}:07 ERROR [db-pool] connection refused to pg-primary:5432" for i in range(30))
TRACE = (
    "Traceback (most recent call last):\n"
    '  File "app/billing.py", line 88, in settle\n'
    "    ledger.write(entry)\n"
    '  File "app/ledger.py", line 12, in write\n'
    "    raise IntegrityError(key)\n"
    "sqlalchemy.exc.IntegrityError: duplicate key value violates unique constraint"
)
JSON_PASTE = json.dumps({"order_id": 1043, "items": [{"sku": "A-1", "qty": 2}] * 6, "status": "delivered"}, indent=2)
YAML_PASTE = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: api\n  namespace: prod\nspec:\n  replicas: 3"
CSV_PASTE = "sku,warehouse,qty,updated\n" + "\n".join(f"SKU-{i},WH-2,{i * 3},2026-11-30" for i in range(20))
TABLE_PASTE = "| 房号 | 房态 | 服务员 |\n|---|---|---|\n" + "\n".join(
    f"| {500 + i} | dirty | 陈静 |" for i in range(12)
)
DIFF_PASTE = (
    "diff --git a/app.py b/app.py\nindex 3f2a1c9..8b7e2d1 100644\n--- a/app.py\n+++ b/app.py\n"
    "@@ -1,4 +1,4 @@\n-TIMEOUT = 5\n+TIMEOUT = 30\n import os\n-DEBUG = True\n+DEBUG = False"
)
SQL_PASTE = (
    "SELECT o.id, o.total\nFROM orders o\nJOIN customers c ON c.id = o.customer_id\n"
    "WHERE o.status = 'paid'\nORDER BY o.created_at DESC\nLIMIT 50;"
)
MAIL_PASTE = (
    "From: Ann Lee <ann@example.com>\nSent: Monday, 1 December 2026 09:12\nSubject: broken mug\n\n"
    "Hello, my mug arrived broken. It is the second time this happens and I would like my money back.\n"
    "The order number is on the invoice I attached last week.\n\nThanks,\nAnn Lee\n"
)
CHAT_PASTE = (
    "[10:31] 客户：我的快递三天没动了，单号 SF1234567890\n[10:32] 客服：您好，帮您查一下\n"
    "[10:33] 客户：好的，麻烦快一点，我很着急\n[10:35] 客服：已经在联系快递公司了\n[10:36] 客户：好"
)


@pytest.mark.parametrize(
    ("paste", "ask"),
    [
        pytest.param(LOG, "open a ticket for the on-call team about this", id="log"),
        pytest.param(TRACE, "file a bug for the billing team", id="trace"),
        pytest.param(f"```json\n{JSON_PASTE}\n```", "refund this order please", id="fenced-json"),
        pytest.param(JSON_PASTE, "refund this order please", id="json"),
        pytest.param(YAML_PASTE, "scale this deployment to five replicas", id="yaml"),
        pytest.param(CSV_PASTE, "帮我把这些库存调到 WH-3 仓", id="csv"),
        pytest.param(TABLE_PASTE, "以上标成 dirty 的房间都建一下清洁任务", id="markdown-table"),
        pytest.param(DIFF_PASTE, "open a merge request with this change", id="diff"),
        pytest.param(SQL_PASTE, "explain this query plan for me", id="sql"),
        pytest.param(MAIL_PASTE, "issue a refund for her order", id="quoted-mail"),
        pytest.param(CHAT_PASTE, "帮我查一下这个顺丰单号的物流轨迹", id="chat-zh"),
    ],
)
@pytest.mark.parametrize("where", ["start", "end"])
def test_the_ask_is_found_apart_from_what_was_pasted(paste: str, ask: str, where: str) -> None:
    text = f"{ask}:\n\n{paste}" if where == "start" else f"{paste}\n\n{ask}"
    found = find_ask(text)
    assert found.pasted
    assert found.text.rstrip(":") == ask


def test_an_ask_in_the_middle_keeps_both_pastes_out() -> None:
    found = find_ask(f"{LOG}\n\nrestart the api pods, and the config is below\n\n{YAML_PASTE}")
    assert found.text == "restart the api pods, and the config is below"


def test_a_message_without_pasted_material_is_its_own_ask() -> None:
    text = "Hi! Could you check whether the Berlin office printer is online,\nand if not, open a ticket?"
    assert find_ask(text).text == text
    assert not find_ask(text).pasted


def test_a_form_of_key_value_lines_in_the_users_words_is_not_a_transcript() -> None:
    text = "Task: refund order 1043\nReason: damaged in transit\nNote: the customer is a VIP"
    assert find_ask(text).text == text


# A registry whose vectors the test fixes: the ask is near `create_ticket`, every pasted line near `query_db`.
TOOLS = [
    ToolSpec("create_ticket", "Open a ticket", category="tickets"),
    ToolSpec("query_db", "Run a database query", category="db"),
    ToolSpec("send_mail", "Send an email", category="mail"),
]
VECTORS = {"create_ticket": unit(1, 0, 0), "query_db": unit(0, 1, 0), "send_mail": unit(0, 0, 1)}


def _filter(table: dict[str, list[float]], **config: object) -> ToolFilter:
    rows = {t.document(): VECTORS[t.name] for t in TOOLS} | table
    cfg = ToolFilterConfig(enabled=True, weights={"embed": 1.0}, abstain_phrases=[], **config)
    return ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(rows))


@pytest.mark.parametrize(
    "ask", ["open a ticket for the on-call team about this:", "把下面的报错建个工单给值班的人："], ids=["en", "zh"]
)
def test_a_paste_never_becomes_the_query(ask: str) -> None:
    message = f"{ask}\n{LOG}"
    tf = _filter({ask: unit(1, 0, 0), message: unit(0, 1, 0)}, top_k=1)
    selection = tf.select(message)
    assert selection.names == ["create_ticket"]
    assert any(n.startswith("pasted material left out") for n in selection.notes)
    assert LOG[:40] not in " ".join(selection.notes)  # a note holds an excerpt of the ask, never the paste


def test_a_message_of_pasted_material_alone_selects_nothing_and_says_so() -> None:
    selection = _filter({}).select(LOG)
    assert (selection.selected, selection.status) == ((), Status.NO_ASK)


def test_a_paste_cut_mid_line_is_no_ask_and_the_words_after_the_cut_are() -> None:
    # a UI truncated the log: its last line stops at "2026-12-03 1"
    cut = f"{LOG}\n2026-12-03 1"
    selection = _filter({cut: unit(0, 1, 0), "2026-12-03 1": unit(0, 1, 0)}).select(cut)
    assert (selection.selected, selection.status) == ((), Status.NO_ASK)
    ask = "open a ticket for the on-call team"
    message = f"{cut} {ask}"
    selection = _filter({ask: unit(1, 0, 0), message: unit(0, 1, 0)}, top_k=1).select(message)
    assert selection.names == ["create_ticket"]


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("open a ticket for the outage and email the customer", 2),
        ("open a ticket, query the orders table and email the customer", 3),
        ("1. open a ticket 2. query the orders table 3. email the customer", 3),
        ("先开个工单，然后查一下订单表，再给客户发个邮件", 3),
        ("开个工单并给客户发邮件", 2),
        ("查一下订单表，顺便给客户发个邮件", 2),
    ],
)
def test_several_asks_are_cut_in_both_languages(text: str, asks: int) -> None:
    assert len(split_clauses(text, 8)) == asks


@pytest.mark.parametrize(
    ("request_text", "first", "second"),
    [
        ("open a ticket for the outage and email the customer", "open a ticket for the outage", "email the customer"),
        ("给这次故障开个工单，然后给客户发封邮件", "给这次故障开个工单", "给客户发封邮件"),
    ],
    ids=["en", "zh"],
)
def test_each_ask_keeps_its_best_tool_however_the_whole_request_ranks(
    request_text: str, first: str, second: str
) -> None:
    request = request_text
    table = {
        request: unit(0, 1, 0.1),  # the whole request reads like a database query
        first: unit(1, 0, 0),
        second: unit(0, 0, 1),
    }
    selection = _filter(table, top_k=1).select(request)
    assert set(selection.names) == {"query_db", "create_ticket", "send_mail"}
    assert any(n.startswith("kept each ask's best tool") for n in selection.notes)


SERVERS = [
    ToolSpec(f"{server}__{verb}", f"{verb.title()} {noun} in {server.title()}", category=server, parameters=params)
    for server, noun, params in [
        ("jira", "issues", {"properties": {"key": {"type": "string", "description": "Issue key, e.g. PROJ-123"}}}),
        ("github", "issues", {"properties": {"number": {"type": "integer", "description": "Issue number, e.g. #42"}}}),
        ("linear", "issues", {"properties": {"id": {"type": "string", "description": "Issue id"}}}),
        ("stripe", "charges", {"properties": {"charge": {"type": "string", "description": "Charge id like ch_3Pq9x"}}}),
    ]
    for verb in ("search", "comment", "close")
]


@pytest.mark.parametrize(
    ("text", "server"),
    [
        ("close PROJ-881 in jira", "jira"),
        ("在 Jira 里把这个单关掉", "jira"),
        ("comment on it in GitHub", "github"),
        ("去 linear 上搜一下相关的 issue", "linear"),
        ("why did ch_3Qz81LmN fail", "stripe"),
    ],
)
def test_a_request_names_a_server_by_name_or_by_its_id_format(text: str, server: str) -> None:
    assert server in ServerNames(SERVERS).named(text)


def test_a_named_server_wins_among_near_duplicate_tools() -> None:
    docs = {t.document(): unit(*([0.0] * i), 1.0) for i, t in enumerate(SERVERS) if i < 8}
    docs |= {t.document(): unit(0, 0, 0, 0, 0, 0, 0, 1) for i, t in enumerate(SERVERS) if i >= 8}
    # every "search" tool is as close to the request as every other: only the named server tells them apart
    request = "search the open issues about login in linear"
    searches = [t for t in SERVERS if t.name.endswith("__search")]
    table = {t.document(): unit(1, 0.1 * k, 0, 0, 0, 0, 0, 0) for k, t in enumerate(searches)} | {request: unit(1)}
    cfg = ToolFilterConfig(
        enabled=True, top_k=1, abstain_phrases=[], weights={"embed": 1.0, "category": 0.3}, relative_cut=0.0
    )
    tf = ToolFilter(SERVERS, config=cfg, embedder=TableEmbedder(docs | table))
    selection = tf.select(request)
    assert selection.names == ["linear__search"]
    assert selection.selected[0].breakdown.signals["category"] == 1.0
    # the same request naming no server: the closest search tool by its vector
    plain = "search the open issues about login"
    tf = ToolFilter(SERVERS, config=cfg, embedder=TableEmbedder(docs | table | {plain: unit(1)}))
    assert tf.select(plain).names == ["jira__search"]


def test_an_ask_that_reads_like_no_tools_keeps_none() -> None:
    # "any suggestions" sits on the no-tool phrase and near send_mail: a pleasantry is no ask
    request = "open a ticket for the outage, any suggestions welcome"
    table = {
        request: unit(0.2, 1, 0),
        "open a ticket for the outage": unit(1, 0, 0),
        "any suggestions welcome": unit(0, 0, 0.6, 0.8),
        "give me some advice": unit(0, 0, 0.5, 0.866),
    }
    rows = {t.document(): VECTORS[t.name] for t in TOOLS} | table
    cfg = ToolFilterConfig(enabled=True, top_k=1, weights={"embed": 1.0}, abstain_phrases=["give me some advice"])
    selection = ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(rows)).select(request)
    assert "create_ticket" in selection.names
    assert "send_mail" not in selection.names
    # the same ask without the phrase nearby keeps its tool
    cfg = ToolFilterConfig(enabled=True, top_k=1, weights={"embed": 1.0}, abstain_phrases=[])
    assert "send_mail" in ToolFilter(TOOLS, config=cfg, embedder=TableEmbedder(rows)).select(request).names
