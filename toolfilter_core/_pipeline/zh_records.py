"""Chinese record nouns and the English record words they translate (客户 → customer, client).

An id's label ("客户号 C-1180", ``id_nouns``) and a request's words ("租车单 R-5512 撤了吧", ``objects``)
name an English-named tool's record in Chinese.
"""

from __future__ import annotations

import re

from .._hints import is_destroy_word
from .id_shapes import ID_AND_WORDS_ZH

__all__ = ["ZH_RECORDS", "english_records", "head_records"]

ZH_RECORDS: dict[str, tuple[str, ...]] = {
    "客户": ("customer", "client"),
    "顾客": ("customer", "client"),
    "客人": ("guest", "customer"),
    "住客": ("guest",),
    "用户": ("user", "account", "customer"),
    "会员": ("member", "membership", "customer"),
    "账户": ("account",),
    "账号": ("account", "user"),
    "学生": ("student",),
    "员工": ("employee", "staff"),
    "教练": ("instructor", "coach", "trainer"),  # a driving school's "李教练下个月离职，把他的教练账号停掉"
    "讲师": ("instructor", "lecturer", "teacher"),
    "订单": ("order",),
    "发票": ("invoice",),
    "账单": ("bill", "invoice", "folio", "tab"),  # tab: a bar's bill (a brewery's "3号桌那个账单开错了，作废掉")
    "付款": ("payment", "charge"),
    "支付": ("payment", "charge"),
    "交易": ("transaction", "payment", "charge"),
    "退款": ("refund",),
    "预约": ("appointment", "booking", "reservation"),
    "预订": ("booking", "reservation"),
    "房间": ("room",),
    "处方": ("prescription",),
    "寄养": ("boarding", "stay"),
    "宠物": ("pet",),
    "化验": ("lab", "test"),
    "工单": ("ticket", "issue"),
    "事件": ("incident", "event"),
    "告警": ("alert", "alarm"),
    "订阅": ("subscription",),
    "续费": ("renewal", "subscription"),  # a renewal is a subscription's, not an order's
    "优惠券": ("coupon",),
    "折扣码": ("discount", "code", "coupon", "promo", "voucher"),  # "把折扣码 BLACKFRIDAY 停掉"
    "优惠码": ("promo", "code", "coupon", "discount", "voucher"),
    "合同": ("contract",),
    "课程": ("course",),
    "作业": ("assignment", "submission"),
    "房卡": ("keycard", "key"),  # not "card": payment and gift cards are cards too
    "门卡": ("keycard", "card"),
    "文件": ("file",),
    "备注": ("note", "remark", "comment"),
    "笔记": ("note",),
    "照片": ("photo", "picture", "image"),
    "附件": ("attachment", "file"),
    "评论": ("comment", "review"),
    "标签": ("tag", "label"),
    "仓库": ("repo", "repository"),
    "分支": ("branch",),
    "设备": ("device",),
    "实例": ("instance",),
    "项目": ("project",),
    "任务": ("task",),
    "车辆": ("vehicle",),
    "零件": ("part",),
    "采购单": ("order", "purchase"),
    "租车": ("rental",),
    "租赁": ("rental", "lease"),
    "租约": ("lease", "rental"),
    "保险": ("insurance",),
    "维修": ("repair",),
    "保养": ("service", "maintenance"),
    "班次": ("shift",),
    "排班": ("shift", "schedule"),
    "删班": ("shift",),  # these three, e.g. "给汤姆发短信说一下删班的事，然后把 S-302 删掉"
    "调班": ("shift",),
    "换班": ("shift",),
    "图书": ("book",),  # these four, e.g. "条码 31200877 这本书破损严重，从馆藏里注销掉"
    "书籍": ("book",),
    "本书": ("book",),  # 这本书, 一本书
    "馆藏": ("copy", "book"),
    "改衣": ("alteration", "tailoring"),  # a dry cleaner's "那件西装的改衣服务不要了，ALT-77 帮我撤掉"
    "箱子": ("box",),  # "把 M-2150 下周箱子里的核桃去掉" (an item taken from a member's box)
}
"""Chinese record nouns and the English record words they translate: the records business tools act on
(customer, booking, invoice, payment...), said in Chinese. Read as substrings of a request: a word of
them names a record wherever it stands ("用户说..." names the account too): it widens which destroyers a
request names (``objects``, ``id_nouns.SEVERAL_RECORDS``)."""


LONGER_WORDS: dict[str, tuple[str, ...]] = {
    "图书": ("图书馆", "图书室"),
}
"""Longer words a record noun stands inside that name no record of it: 图书馆 (the library) and 图书室 (a reading
room) are no book. E.g. "帮我注销读者 20034545 的图书馆账户" and "读者 20034545 要离开本市，注销他在
图书馆的账户" (each named the book copy's destroyer's record); 图书室 beside them."""


def english_records(text: str) -> set[str]:
    """The English record words of the Chinese record nouns ``text`` says, not inside a longer word (图书馆)."""
    return {word for zh, english in ZH_RECORDS.items() if _says(zh, text) for word in english}


_MODIFIES = re.compile(rf"\s*(?:{ID_AND_WORDS_ZH}\s*)?(?:的|里|中)")
"""After a record noun, what makes it a modifier of another noun, not the thing acted on: "客户 C-1 的订阅",
"仓库里的分支" (an id may stand between)."""

ALL_OF_ITS_DATA = re.compile(r"(?:全部|所有|一切|整个|全)的?(?:资料|档案|信息|数据|记录)")
"""All of a record's data: "学生 STU-0877 的所有信息" (all the student's information) is the student's record itself,
not a thing it owns (as ``owners`` reads it), so the record noun before it is the thing acted on."""


JOINS_ACTS = re.compile(r"(?:然后|并且|并|再|接着|随后|顺便|同时|还要|也)\s*$")
"""Words that join an act to the one before it: a record noun that is itself a destroy word (退款) said after one is
the act asked, no record ("取消订单 ORD-5521 并退款", "把 ORD-5521 取消然后退款" refund the order)."""


def head_records(text: str) -> set[str]:
    """The English record words of the Chinese record nouns ``text`` says as the thing itself, not as a modifier.

    "3号桌那个账单开错了，作废掉" says the bill (账单); "删掉仓库里的分支" the branch, not the repository (仓库里的);
    "把学生 STU-0877 的所有信息删掉" the student, all of whose data it deletes; "取消然后退款" no refund, an act
    (``JOINS_ACTS``).
    """
    out: set[str] = set()
    for zh, english in ZH_RECORDS.items():
        if not _says(zh, text):
            continue
        if any(_is_head(text, m.end()) and not _an_act(zh, text, m.start()) for m in re.finditer(re.escape(zh), text)):
            out.update(english)
    return out


def _an_act(zh: str, text: str, start: int) -> bool:
    """The record noun ``zh`` at ``start`` is a destroy word said as an act joined to another (``JOINS_ACTS``)."""
    return is_destroy_word(zh) and JOINS_ACTS.search(text, 0, start) is not None


def _is_head(text: str, end: int) -> bool:
    """The record noun ending at ``end`` is the thing acted on: no modifier, or all its data (``ALL_OF_ITS_DATA``)."""
    modifier = _MODIFIES.match(text, end)
    return modifier is None or ALL_OF_ITS_DATA.match(text, modifier.end()) is not None


def _says(zh: str, text: str) -> bool:
    """``text`` says the record noun ``zh`` outside the longer words it stands in (``LONGER_WORDS``)."""
    for longer in LONGER_WORDS.get(zh, ()):
        text = text.replace(longer, " ")
    return zh in text
