import pytest

from toolfilter_core._clauses import is_greeting, is_lead_in, split_clauses


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        # Chinese clause punctuation and connectives
        ("看一下 worker 最近的日志，然后把它停了重新拉起来", ["看一下 worker 最近的日志", "把它停了重新拉起来"]),
        ("翻翻今天新来的信；凡是要我回复的都记下来", ["翻翻今天新来的信", "凡是要我回复的都记下来"]),
        # English: a comma or full stop followed by a space, "and then"
        ("Show me the nginx logs, then restart the service", ["Show me the nginx logs", "then restart the service"]),
        ("Pull the latest sales data and then email it to Anna", ["Pull the latest sales data", "email it to Anna"]),
        ("Back up the database. Afterwards list the tables", ["Back up the database", "Afterwards list the tables"]),
        # "and" between asks, numbered steps, bullets, 并/再 (not in 合并, 再见)
        ("open config.yaml and bump httpx to 0.27.1", ["open config.yaml", "bump httpx to 0.27.1"]),
        ("1. check the stock 2. reorder 20 units", ["check the stock", "reorder 20 units"]),
        ("- restart the api\n- page whoever is on call", ["restart the api", "page whoever is on call"]),
        ("先查一下库存并通知供应商，再把订单取消", ["先查一下库存", "通知供应商", "把订单取消"]),
        ("把这两个分支合并一下吧", []),
        ("search for apples and pears", []),
        # dots of file names, versions and hosts do not cut
        ("open config.yaml", []),
        ("is shop.example.com up right now?", []),
        # one clause, or every other fragment too short: nothing to add
        ("restart nginx", []),
        ("好的，帮我把 /etc/hosts 原样贴出来", []),
        ("", []),
        # a paste's lead-in is no ask: the ask is the sentence before it
        ("resend the reminder for booking B-4410? Log below:", []),
        (
            "check the sms gateway, then resend the reminder. Log below:",
            ["check the sms gateway", "then resend the reminder"],
        ),
        ("把 B-4410 的提醒重新发一遍，日志如下：", []),
        ("the export failed again, see the trace:", []),
        ("rerun the nightly export job; here is the error output", []),
        # a clause that asks for the log is an ask
        ("resend the reminder, then check the log below", ["resend the reminder", "then check the log below"]),
    ],
)
def test_split_clauses(text, clauses):
    assert split_clauses(text, 8) == clauses


def test_min_chars_decides_which_fragments_count():
    # a wide (CJK) character counts twice: "好的" is 4
    assert split_clauses("好的，帮我把 hosts 贴出来", 4) == ["好的", "帮我把 hosts 贴出来"]
    assert split_clauses("好的，帮我把 hosts 贴出来", 5) == []


@pytest.mark.parametrize(
    "clause",
    [
        "Log below:",
        "日志如下：",
        "see the trace:",
        "here is the error output",
        "Here's the stack trace:",
        "下面是报错信息：",
    ],
)
def test_a_pastes_lead_in_is_no_ask(clause):
    assert is_lead_in(clause)


@pytest.mark.parametrize(
    "clause", ["check the log below", "see the trace", "show me the error log", "日志", "重启服务"]
)
def test_an_ask_about_a_log_is_an_ask(clause):
    assert not is_lead_in(clause)


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        (
            "Hi pharmacy team,\n\nI placed order 551 last week. Please give me my money back.\n\nThanks, Li",
            ["I placed order 551 last week", "Please give me my money back"],
        ),
        ("Dear Anna, cancel order 5 and send the invoice. Best regards", ["cancel order 5", "send the invoice"]),
        ("王医生您好，请查一下处方 612 的状态，再帮我续一次药。谢谢", ["请查一下处方 612 的状态", "帮我续一次药"]),
        ("您好 王医生，请查一下处方 612 的状态，再帮我续一次药。此致", ["请查一下处方 612 的状态", "帮我续一次药"]),
    ],
)
def test_a_greeting_or_sign_off_is_no_ask(text, clauses):
    """A greeting ("Hi pharmacy team") or a sign-off ("Thanks", "此致") says no ask: it kept a tool of its own."""
    assert split_clauses(text, 8) == clauses


@pytest.mark.parametrize(
    "text",
    [
        "hi, can you cancel order 5 and email Bob",
        "Hello world app: deploy it and then tag the release",
        "hey cancel my order and email Bob",
        "hi delete it, then check stock of aspirin",
    ],
)
def test_a_greeting_word_before_an_ask_keeps_the_ask(text):
    assert len(split_clauses(text, 8)) == 2


@pytest.mark.parametrize(
    "clause",
    [
        "谢谢帮我取消订单",
        "感谢你们帮我删除账户",
        "Hi Delete It",
        "Hey Cancel Everything",
        "Thanks cancel it",
        "Hello Stop",
    ],
)
def test_an_ask_after_a_thanks_or_in_title_case_is_no_greeting(clause):
    """Chinese has no spaces to count a sign-off's words by, and a destroy verb is no addressee."""
    assert not is_greeting(clause)


@pytest.mark.parametrize("clause", ["谢谢", "非常感谢您！", "此致敬礼", "Thanks a lot", "Dear Team", "Hi Anna Lee"])
def test_a_whole_sign_off_or_a_greeting_still_is_one(clause):
    assert is_greeting(clause)


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        ("谢谢帮我取消订单，另外查一下物流", ["谢谢帮我取消订单", "查一下物流"]),
        ("Hey Cancel Everything. Then show my balance", ["Hey Cancel Everything", "Then show my balance"]),
    ],
)
def test_an_ask_read_as_a_greeting_kept_its_clause(text, clauses):
    assert split_clauses(text, 8) == clauses
