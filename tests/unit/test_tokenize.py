import pytest

from toolfilter_core._tokenize import tokenize, unique_tokens


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # lowercase, split on non letters/digits
        ("Send the E-mail!", ["send", "the", "e", "mail"]),
        # snake_case and camelCase identifiers
        ("send_email", ["send", "email"]),
        ("getHTTPResponse", ["get", "http", "response"]),
        ("XMLParser v2", ["xml", "parser", "v2"]),
        # a CJK run: unigrams then bigrams
        ("发邮件", ["发", "邮", "件", "发邮", "邮件"]),
        # a single CJK character is a token of its own
        ("表", ["表"]),
        # mixed scripts split where the script changes
        ("orders表", ["orders", "表"]),
        # emoji, punctuation and empty text give nothing
        ("🎉🎉 !!", []),
        ("", []),
        # non-ASCII letters stay letters
        ("Café ÜberCool", ["café", "über", "cool"]),
        # kana counts as CJK
        ("ファイル", ["フ", "ァ", "イ", "ル", "ファ", "ァイ", "イル"]),
        # digits stay with the word before them; a capital after a digit starts a word
        ("HTTP2Server v2Name", ["http2", "server", "v2", "name"]),
        # script changes inside one identifier, and CJK Extension B
        (
            "查orders表getRows\U00020001\U00020002",
            ["查", "orders", "表", "get", "rows", "\U00020001", "\U00020002", "\U00020001\U00020002"],
        ),
    ],
)
def test_tokenize(text, expected):
    assert tokenize(text) == expected


def test_unique_tokens_uses_bigrams_only_for_cjk_runs():
    assert unique_tokens("约个会 meeting") == {"约个", "个会", "meeting"}


def test_tokenize_huge_and_control_characters():
    text = "a\x00b\x1fc " * 10_000
    assert set(tokenize(text)) == {"a", "b", "c"}
