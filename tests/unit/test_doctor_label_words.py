"""A label word is no shared meaning (a pharmacy's registry).

On ce2da86 the doctor's close pairs paired ``stock_lot_writeoff`` ("Write off a stock lot ... Destructive, cannot be
reversed.") and ``sale_void`` ("Void a completed sale ... Destructive; manager approval required.") on the shared
word "destructive": a word saying how a tool acts, not what it does.
"""

from __future__ import annotations

from toolfilter_core._doctor.crowding import shared_words


def test_label_words_are_not_said_as_shared_words() -> None:
    writeoff = {"write", "stock", "lot", "destructive", "inventory", "危险", "不可", "可恢", "恢复"}
    void = {"void", "sale", "destructive", "register", "transaction", "危险", "不可", "可恢", "恢复"}
    idf = dict.fromkeys(writeoff | void, 1.0)
    assert shared_words(writeoff, void, idf) == ()
    assert shared_words(writeoff | {"register"}, void, idf) == ("register",)
    from toolfilter_core._doctor.crowding import LABEL_WORDS

    assert {"destructive", "irreversible", "deprecated", "internal", "beta", "危险", "不可恢复"} <= LABEL_WORDS


def test_a_chinese_word_holding_a_label_is_still_said() -> None:
    restore = {"恢复", "备份"}
    idf = dict.fromkeys(restore, 1.0)
    assert set(shared_words(restore, restore, idf)) == {"恢复", "备份"}  # restore, backup: what both do
