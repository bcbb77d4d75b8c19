"""What a tool may do to the world, read off MCP annotations and, for widening, its own words.

MCP's defaults (``ToolAnnotations``): ``readOnlyHint`` false, ``destructiveHint`` true; the
destructive hint means something only when the tool is not read-only. So a tool without
annotations may modify and may destroy, unless it says otherwise. Hints are truthy only when
they are JSON ``true``: ``1``, ``"yes"`` or ``"true"`` are not the boolean an MCP server sends,
and a hint that is not a boolean falls back to the default.
"""

from __future__ import annotations

import re
from collections.abc import Container

from ._tool_defs import lenient_name
from ._types import ToolSpec, bare_name, docstring_of

__all__ = [
    "ASKS_ZH",
    "QUESTION_ZH",
    "account_closed_at",
    "act_said_nearness",
    "asks_money_back_zh",
    "account_closing_apart",
    "closes_accounts",
    "ends_accounts",
    "destroying_said",
    "first_clause",
    "gives_money_back",
    "is_destroy_word",
    "is_destructive",
    "is_read_only",
    "name_words",
    "names_cut_or_removal",
    "opens_with_read",
    "part_put_out_of_use",
    "pointed_to",
    "puts_out_of_use_as_told",
    "request_is_destructive",
    "request_says_its_act",
    "request_says_its_act_across",
    "request_says_its_own_act",
    "refuses_account_close",
    "removal_at",
    "says_destructive",
    "says_its_act_any_way",
    "supply_cut_at",
    "says_writes",
    "scrapped_at",
    "taken_off_at",
    "TOLD",
    "split_reports",
    "text_says_destructive",
    "told",
    "told_apart",
]


def _hint(tool: ToolSpec, key: str, default: bool) -> bool:
    value = tool.annotations.get(key)
    return value if isinstance(value, bool) else default


def is_read_only(tool: ToolSpec) -> bool:
    """The tool says it does not modify its environment (``readOnlyHint: true``)."""
    return _hint(tool, "readOnlyHint", False)


def is_destructive(tool: ToolSpec) -> bool:
    """By MCP's defaults: not read-only, and not ``destructiveHint: false``."""
    return not is_read_only(tool) and _hint(tool, "destructiveHint", True)


_VERBS_EN = (
    "delete|remove|drop|kill|wipe|purge|erase|destroy|truncate|terminate|cancel|revoke|"
    "uninstall|unsubscribe|deactivate|disable|reset|shutdown|reboot|restart|overwrite|void|"
    "ban|evict|unenroll|discard|clear|flush|rm|del|nuke|prune"
)
_NAME_WORD = re.compile(rf"^(?:{_VERBS_EN})(?:s|ing)?$")  # not -ed: check_file_deleted reads
_DESC_START = re.compile(rf"^\s*(?:permanently\s+|irreversibly\s+|force\s+)?(?:{_VERBS_EN})(?:s|es)?\b", re.I)
_ZH = re.compile(
    r"删除|删掉|清空|清除|销毁|注销(?!登录|登出)|撤销|吊销|取消|终止|格式化|重置|卸载|移除|作废|封禁|踢出|停用|禁用|抹掉|解约"
)
"""The Chinese destructive verbs; not 注销登录 / 注销登出 (logging out: "账号 CU-0001 在前台电脑上注销登录一下"); 解约
ends a contract ("合同 K-415 提前解约")."""
_CREDENTIAL = (
    r"(?:passwords?|passwd|pwd|passcodes?|passphrases?|pins?|mfa|2fa|otp|totp|multi[- ]?factor|two[- ]?factor"
    r"|authenticat\w*|logins?|sign[- ]?ins?|sessions?|tokens?|credentials?|secrets?|api[- ]?keys?)"
)
"""What a reset issues anew rather than destroys: a password, a PIN, 2FA/MFA, a login, a session, a token, a
credential (``password_reset``, ``mfa_reset``; a device, a
database, factory settings, a repository reset still destroys)."""
_CREDENTIAL_RESET = re.compile(
    r"^\s*reset(?:s|ting)?\s+(?:(?:a|an|the|this|that|its|their|his|her|your|my|our)\s+)?(?:[\w-]+['\u2019]s\s+)?"
    rf"(?:[\w-]+\s+){{0,2}}?{_CREDENTIAL}\b"
    r"(?=\s*(?:$|[.,;:()\[\]!?/\u2014\u2013-]|(?:for|of|to|and|or|so|via|by|with|from|on|in|if|when|that|which|"
    r"enrol\w*|enroll\w*)\b))",
    re.I,
)
"""A description that opens by resetting a credential itself: "Reset a user's password", "Reset multi-factor
authentication (MFA/2FA) enrolment"; not a store of them ("Reset the password vault", "Reset the tokens table",
"Reset login history": the credential's word is followed by another noun, the reset's object)."""
_WIPES = re.compile(
    r"\b(?:delet(?:e|es|ed|ing|ion)|eras(?:e|es|ed|ing|ure)|truncat(?:e|es|ed|ing|ion)|wip(?:e|es|ed|ing)"
    r"|empt(?:y|ies|ied|ying)|purg(?:e|es|ed|ing)|drop(?:s|ped|ping)?|destroy(?:s|ed|ing)?)\b"
    r"|清空|删除|删掉|抹掉|清除|销毁",
    re.I,
)
"""A reset that says it wipes what is held ("deleting all stored secrets", "truncates all rows", "to empty")
destroys, whatever it resets (``secrets_reset``, ``token_table_reset``,
``reset_user_sessions``); whole words only ("the dropdown" drops nothing)."""
_WIPE_NEGATED = re.compile(
    r"(?:\b(?:not|no|never|without|nor)|n['\u2019]t)\s+(?:[\w'-]+\s+){0,2}?$|(?:不|没|无|未|勿|别)[\u4e00-\u9fff]{0,2}$",
    re.I,
)
"""A negation just before a wipe's word: "Does not delete the account", "不会删除账户" say no wipe (a
``password_reset``, a ``reset_pin``)."""


_NEGATION_REACH = 120
"""How far before a wipe's word a negation is looked for: three words and a space each, with room to spare."""


def _says_wipe(description: str) -> bool:
    """The description says a wipe (``_WIPES``) that no negation just before it denies (``_WIPE_NEGATED``).

    Each negation is looked for in the ``_NEGATION_REACH`` characters before its wipe word only, so a long
    description costs time in proportion to its length.
    """
    return any(
        not _WIPE_NEGATED.search(description, max(0, m.start() - _NEGATION_REACH), m.start())
        for m in _WIPES.finditer(description)
    )


_CREDENTIAL_RESET_ZH = re.compile(r"重置(?=[^，,。；;！!？?\n]{0,6}?(?:密码|口令|验证|认证|令牌|PIN|pin))")
_SPLIT = re.compile(r"[^a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def _name_words(name: str) -> list[str]:
    return [w for w in _SPLIT.split(_CAMEL.sub(" ", lenient_name(name)).lower()) if w]


_MONEY_VERBS = "refund|retire|withdraw|unpublish|decommission|waive|write[- ]?off|forfeit"
"""Acts that undo a payment, a charge, a listing or an asset (``waive``: a fine or a
fee), read apart from ``_VERBS_EN``: ``refund`` is a noun as often as a verb (``get_refund_status``,
"Refund report for a period"), so only a name that leads or ends with the bare verb says it, and only a
description that opens with it before no word of a read. ``write off`` (a damaged part, a bad debt) is
two words of a name (``part_write_off``, ``_money_ends``)."""
_READ_OPENING = re.compile(
    r"^\s*(?:get|retrieve|list|show|search|find|look|check|track|query|fetch|view|calculate|compare|provide|"
    r"return|preview|count|describe|read|report|whether|is|are|does|can)(?:s|es)?\b"
    r"|^\s*(?:查询|获取|查看|搜索|列出|统计|检索|计算|预览)",
    re.I,
)
_READ_NOUN = r"(?:status|report|history|details?|info|information|polic(?:y|ies)|list|summary|eligibility|rules?)"
_READ_NAME_WORD = rf"{_READ_NOUN}|progress|state|get|retrieve|list|show|search|find|lookup|check|track|query|fetch|view"
"""A name's word that makes a refund, retire... name a read of the act (``refund_status_get``, ``get_refund``,
``refund_progress``, ``refund_status_get``)."""
_MONEY_DESC = re.compile(
    rf"^\s*(?:permanently\s+|irreversibly\s+)?({_MONEY_VERBS})(?:s|es)?\b(?!\s+{_READ_NOUN}\b)", re.I
)
_MONEY_ENDS = (
    r"(?:\s+#?[A-Za-z_-]*\d[\w-]*)?(?=\s*(?:$|[,.;:!?)]|(?:to|for|of|on|in|at|from|into|onto|and|or|but|by|with|via|that"
    r"|which|who|so|now|today|tonight|tomorrow|asap|please|then|because|since|as|if|when|minus|less|plus"
    r"|online|here|immediately|right|altogether"
    r"|i|you|we|he|she|they|it|my|our|your|his|her|their)\b))"
)
"""After a money word, the end of its noun phrase (an id allowed): "the deposit for R-9", "the fee, please", "the
deposit I paid", "the money you owe me", "the cash my landlord kept", "my account online" (not "the payment
terminal", "the deposit box key", "the cash advance")."""
_MONEY_BACK_DESC = re.compile(
    r"^\s*(?:give|pay|hand|send)s?\s+(?:(?:[\w'-]+\s+){0,3}?(?:deposit|money|payment|fee|charge)s?\s+back(?![-\w])"
    rf"|back\s+(?:[\w'-]+\s+){{0,3}}?(?:deposit|money|payment|fee|charge)s?{_MONEY_ENDS})",
    re.I,
)
"""A description that opens by giving money back: "Give the rental deposit back to the customer", "Give back the
deposit to a tenant" (a refund in other words; not "Send the payment back-office report to finance", "Send back the
payment form")."""
_DOING = r"process|issue|execute|perform|make|initiate|handle|complete"
"""Verbs that only say an act is done, its noun saying which (``order_refund_process``, "Process a ... refund")."""
_MONEY_DONE_DESC = re.compile(
    rf"^\s*(?:{_DOING})(?:s|es)?\s+(?:[\w'-]+\s+){{0,4}}?(?:{_MONEY_VERBS})s?"
    r"(?=\s*(?:$|[,.;:!?()]|(?:back|to|for|of|on|in|at|from|into|by|via|with|using|through|and|or|that|which)\b))",
    re.I,
)
"""A description whose opening verb only says an act is done and whose object is a refund: "Process a ticket order
refund back to the customer's payment method", "Issue a refund to the card" (not "Process refund requests", "Issue
a refund report": the refund names what the object is about)."""
_MONEY_ZH = re.compile(r"退款|退费|退钱|撤回|撤单|下架|报废|报损|免除|减免|豁免")
_UNDO_VERBS = "unassign|unlink|unregister|unenrol"
"""Verbs that undo an assignment, a link, a registration or an enrolment (``unenroll`` and
``unsubscribe`` are ``_VERBS_EN``'s, ``unpublish`` ``_MONEY_VERBS``'): read in a name or opening a description,
as ``_VERBS_EN``'s are. Not ``unlock``, ``unblock``, ``unarchive``, ``undo``: they give back, not take away; nor
an ``-ed`` state ("Unassigned jobs waiting for a cleaner")."""
_ACT_NOUNS = (
    r"(?:deletion|removal|erasure|cancell?ation|termination|revocation|closing|closure|merge|purge|wipe|ban|change"
    r"|action|operation|reset)"
)
"""Nouns of a destroying act, or of the act itself, that "is permanent" may follow ("Deletion is permanent", "This
action is permanent", "Removal of the member is permanent"; not "Tracking number is permanent", "Parking assignment is
permanent", "Registration of the domain is permanent for the term")."""


def _gerund(verb: str) -> str:
    """A pattern for ``verb``'s -ing form: "delete" -> "deleting", "drop" -> "dropping", "ban" -> "banning".

    A verb and its particle takes the verb's: "write[- ]?off" -> "writing off", "writing-off", "writingoff".
    """
    if "[- ]?" in verb:  # a verb and its particle: "write[- ]?off" -> "writing[- ]?off"
        head, particle = verb.split("[- ]?", 1)
        return _gerund(head) + "[- ]?" + re.escape(particle)
    return re.escape(verb[:-1]) + "ing" if verb.endswith("e") else re.escape(verb) + f"{verb[-1]}?ing"


_DESTROYING = (
    "(?:" + "|".join(_gerund(v) for v in f"{_VERBS_EN}|{_MONEY_VERBS}|{_UNDO_VERBS}|close|end|merge".split("|")) + ")"
)
"""The -ing forms of the destroying verbs (``_VERBS_EN``, ``_MONEY_VERBS``, the undoing ones, close, end, merge):
"Deleting the source is permanent" (not "Tracking number is permanent", "Setting the tier is permanent")."""
_IRREVERSIBLE = re.compile(
    r"\b(?:cannot|can't|can not|could not|will not)\s+be\s+"
    r"(?:undone|reversed|recovered|restored|reopened|reverted|undeleted)\b"
    r"|\birreversibl[ey]\b|\bno undo\b|\bno way to undo\b|^\s*permanently\s+[a-z]"
    rf"|\b{_ACT_NOUNS}\s+is\s+permanent\b|(?<=[.;:!?]\s)\s*this\s+is\s+permanent\s*(?:[.;:!?]|$)"
    rf"|(?:^|[.;:!?]\s)\s*{_DESTROYING}\b(?:\s+[\w'-]+){{0,4}}?\s+(?:is|are)\s+permanent\b"
    rf"|\b{_ACT_NOUNS}s?\s+of\s+(?:[\w'-]+\s+){{0,3}}?(?:is|are)\s+permanent\b"
    r"|不可撤销|无法撤销|不能撤销|不可恢复|无法恢复|不能恢复|不可逆|无法找回",
    re.I,
)
"""Words that say the act cannot be undone; "is permanent" after an act ("Deletion is permanent", "This action is
permanent", "Deleting the source is permanent", "Removal of the member is permanent": ``_ACT_NOUNS``,
``_DESTROYING``), "This is permanent." ending a later sentence; not "This status is permanent once set", "Setting the
tier is permanent", "This is permanent storage"."""
_GONE = re.compile(
    r"\bgone\s+for\s+good\b|(?:^|[.!?;]\s+)(?:the|its|their|all|these|those)\s+(?:[\w'-]+\s+){0,3}?(?:is|are)\s+gone"
    r"\s*(?:[.!?;]|$)",
    re.I,
)
"""What the act took is gone: "The points are gone for good", "Its files are gone." (read with
``_IRREVERSIBLE``, part ``irreversible``), "gone" ending its sentence; not a time or a state the tool waits on:
"Escalate a ticket when the agent is gone", "The pet is gone since last night"."""
_EXPLAINED = re.compile(
    rf"^[^:.!?\n]{{1,60}}:\s*(?:[^.!?;\n]*?(?:\band|\bthen|,)\s+)?(?:{_VERBS_EN})(?:s|es)?\b(?![-_])", re.I
)
"""The act explained after a colon in the first sentence: "Release a locker: end the rental and clear it for
the next member." (the verb that opens the explanation or one joined to it by and, then or a comma)."""
_GLOSSED = re.compile(rf"^\s*[A-Za-z]+\s*\(\s*({_VERBS_EN})(?:s|es)?\s*\)", re.I)
"""The opening verb glossed in brackets by a destructive one: "Forfeit (remove) loyalty points", "Revoke
(deactivate) key cards" (read with ``_EXPLAINED``, part ``explained``)."""
_BRACKETED_ACTS = {
    "erasure": "erase",
    "deletion": "delete",
    "removal": "remove",
    "cancellation": "cancel",
    "revocation": "revoke",
    "withdrawal": "withdraw",
}
_ACT_IN_BRACKETS = re.compile(rf"\(\s*(?:[\w-]+\s+){{0,2}}?({'|'.join(_BRACKETED_ACTS)})\s*\)", re.I)
"""A destroying act named in brackets in the first sentence, by its noun: "Permanently delete a member record and all
personal data (GDPR erasure)." names an erasure (``member_delete``: "erase all my personal
data" asks for it)."""


def _acts_named_in_brackets(description: str) -> list[str]:
    """The verbs of the destroying acts the first sentence names in brackets (``_ACT_IN_BRACKETS``): ``erase``."""
    first = re.split(r"(?<=[.!?])\s", description, maxsplit=1)[0]
    return [_BRACKETED_ACTS[m.group(1).lower()] for m in _ACT_IN_BRACKETS.finditer(first)]


_DETERMINER = r"(?:a|an|the|this|that|these|those|its|their|his|her|your|my|our|one|every|each|any|all)"
_ENDING = re.compile(
    rf"^\s*(?:(?:end|terminate)s?|close[sd]?\s+out)\s+(?:\([^()\n]{{1,40}}\)\s+)?{_DETERMINER}\b"
    r"(?!\s+(?:day|week|month|year|shift)\b)(?!(?:\s+[\w'-]+){0,3}?\s+(?:freeze|pause|hold|suspension|block|trial)s?\b"
    r"(?![-\w]|\s+(?:bookings?|reservations?|orders?|sales?|subscriptions?|memberships?|accounts?)\b))",
    re.I,
)
"""A description that opens by ending something: "End an instrument rental: ...", "Closes out the lease", "End
(terminate) a membership on a date"
(a verb, a determiner: not "End of day report", "End date of a booking", "Ends at ...", nor a time: "End
your day with a summary of open tickets"), nor a pause: ending a freeze, a hold, a suspension resumes what it
paused ("End a membership freeze early and resume billing"), ending a trial starts what it tried ("End a free
trial early and start the paid plan"; a trial subscription ended is one ended)."""
_RUNNING = r"(?:lease|contract|subscription|membership|agreement|tenancy|account)s?\b"
"""A thing that runs until it is ended: a lease, a contract, a subscription, a membership, an agreement, a tenancy,
an account (the nouns of ``_TERMINATION``, and an account as ``_CLOSE_ACCOUNT`` reads one)."""
_CLOSE_RUNNING = re.compile(
    rf"^\s*close[sd]?\s+{_DETERMINER}\s+(?:[\w-]+['\u2019]s\s+)?(?:[\w'-]+\s+){{0,2}}?{_RUNNING}"
    r"(?![-\w]|\s+(?:settings?|pages?|views?|forms?))",
    re.I,
)
"""A description that opens by closing a thing that runs (``_RUNNING``): "Close a garden-waste subscription.", "Closes
the member's account", "Close a patient's online portal account" (an owner's, then two words) end it, as cancelling
does (part ``ending``; not "Close a ticket", "Close the account settings page": a ticket closed is
resolved, a page closed is left)."""
_CLOSE_RUNNING_NAME = re.compile(r"close|closes|closing")
"""A name's word that closes: first or last of a name whose other words hold a thing that runs (``_RUNNING``:
``portal_account_close``, ``close_customer_account``; part ``ending``; not ``account_close_date``, a close read)."""
_TAKE_AWAY = "delete|remove|revoke|cancel|terminate|void|purge|erase|destroy|wipe|deactivate|disable|ban|evict"
"""The verbs of ``_VERBS_EN`` that take a thing away rather than service it (not reset, clear, flush, restart...)."""
_JOINED_TAKE_AWAY = re.compile(
    rf"(?:,\s*|\s)(?:and|then|and\s+then)\s+(?:{_TAKE_AWAY})s?\s+(?:{_DETERMINER}|[\w-]+['\u2019]s)\s",
    re.I,
)
"""A taking away (``_TAKE_AWAY``) joined to the lead clause's act by and or then, before its object: "Close a patient's
portal account and revoke their login access", "Move a member out and delete the member's locker code" (part
``verbs``; an opening read reads: "Get a user and ...")."""
_CLOSE_RUNNING_ACTS = ("close", "cancel", "end", "unsubscribe")
"""The acts of a tool that closes a thing that runs (``_CLOSE_RUNNING``): a subscription closed is one cancelled,
ended, unsubscribed from (取消, 停掉, 退订 through ``_ZH_EN``)."""
_TERMINATION = re.compile(
    rf"(?:^|(?:\band|\bthen|,|:)\s+)end\s+(?:{_DETERMINER}\s+|[\w-]+['\u2019]s\s+)(?:[\w'-]+\s+){{0,2}}?"
    r"(?:lease|contract|subscription|membership|agreement|tenancy)s?\b"
    r"(?!\s+(?:freeze|pause|hold|suspension|trial)s?\b)",
    re.I,
)
"""A termination the lead clause does: "end the lease", "end a customer's subscription", opening it or joined to its
act by and, then, a comma or a colon ("Check a tenant out and end the lease"; part ``ending``);
not a purpose ("Quote the fee to end the lease
early"), nor a pause or a trial ended ("end the membership freeze")."""
_LABEL = re.compile(
    r"^\s*(?!(?:note|tip|hint|example|usage|warning|caution|important|returns?|output|input|deprecated)\b)"
    r"[A-Za-z][\w'/-]*(?:\s+[\w'/-]+){0,2}\s*:\s+",
    re.I,
)
"""A label of one to three words before the lead verb: "Move-out: end the lease ...", "Admin: delete a user" (the
readings of an opening read past it; not a note: "Note: ...", "Tip: ...", "Returns: ...")."""
_RELEASE_HOLD = re.compile(
    r"^\s*releases?\s+[^.!?;\n]{0,60}?\bback\s+(?:in)?to\s+(?:the\s+)?(?:inventory|stock|pool|sale)\b", re.I
)
"""A description that opens by releasing what was held back to where it is sold or booked: "Release a held seat back
to the pool" (it gives the hold up, as cancelling an order releases its stock; part ``ending``);
not "Release a new version", nor "Release the hold on an order" (the order goes on)."""
_UNDO_WORD = re.compile(rf"^(?:{_UNDO_VERBS})(?:s|ing)?$")
_UNDO_DESC = re.compile(rf"^\s*(?:permanently\s+|force\s+)?({_UNDO_VERBS})(?:s|es)?\b", re.I)
_TAKEN = r"(?![\d$€£¥%])(?:[\w'.-]+\s+){1,3}?(?:off|out\s+of)\s"
"""One to three words taken, none a number or an amount ("take 10% off the total" is a discount), then off or out
of."""
_TAKE_OFF_DESC = re.compile(r"^\s*(?:take|pull)s?\s+(?![\d$€£¥%])(?:[\w'.-]+\s+){1,3}?off\s", re.I)
"""A description that opens by taking or pulling someone off something: "Take a cleaner off a job", "Pull a
driver off a route": a remove act in the tool's own words (not "Take screenshot of ...", nor out of something:
"Pull the latest logs out of a server", "Take a quote out of an article" read)."""
_LASTING_LEAD = (
    rf"(?:permanently\s+|force\s+)?(?:{_VERBS_EN}|{_MONEY_VERBS}|{_UNDO_VERBS}|close|end|shut|merge)(?:s|es)?\b"
)
"""The lead verbs "permanently" or "for good" closing the lead clause say a destroying act of: a destroying verb, merge,
close, end, shut (not "Pin a message to the channel permanently.", "Add an IP address to the allowlist for good")."""
_LASTING = re.compile(
    rf"^\s*(?:{_LASTING_LEAD}[^.;:,()\n\u2014\u2013]*?[a-z]\s+(?:permanently|for\s+good)"
    r"|[^.;:,()\n\u2014\u2013]*?[a-z]\s+irreversibly)\s*(?:[.;:,()!?\n\u2014\u2013]|and\b|$)",
    re.I,
)
"""The lead clause of a description closes with "irreversibly", or with "permanently" or "for good" after a lead verb
that ends something (``_LASTING_LEAD``): "Close a business account permanently.", "Remove a member for good" (as a
leading "Permanently ..." says it; not "Save your display settings permanently.", "Restore a permanently deleted
file", nor "Items in trash are deleted for good after 30 days": a later sentence)."""
_GETS_BACK = r"(?:sender|owner|payer|pool|stock|inventory|warehouse|customer)s?"
"""Who or where a return gives something back to:
not the caller, the client or the user a tool returns its output to."""
_RETURNED = r"(?:(?!(?:results?|times?|ids?|values?|logs?|outputs?)\b)[\w'-]+\s+)"
"""A word of what a return gives back, not a tool's output (a result, a time, an id, a value, logs)."""
_STOP_UNDO = re.compile(
    r"^\s*(?:stop|halt)s?\s+(?:[\w'-]+\s+){1,3}?and\s+(?:(?:cancel|refund|void)(?:s|es)?\b|sends?\s+back\b"
    rf"|returns?\s+{_RETURNED}{{1,4}}?(?:back\s+)?(?:in)?to\s+(?:(?:the|its|their|a|an)\s+)?(?:[\w'-]+\s+)?"
    rf"{_GETS_BACK}\b)",
    re.I,
)
"""A description that opens by stopping something and undoing it: "Stop delivery and return the parcel to the
sender", "Stop a transfer and return the funds to the payer" (a return to a party or a place that gets back what
it gave or held, ``_GETS_BACK``; not a result returned: "Stop the timer and return the elapsed time (back to the
client)", "Stop the job and return its result to the caller", nor a bare "Stop a running instance": "You can start
it again later")."""
_SUPPLY = r"(?:water|electricity|power|gas|heating|supply|supplies|services?|utility|utilities|accounts?)"
_CUT_SUPPLY = re.compile(
    r"^\s*(?:permanently\s+|immediately\s+)?(?:(disconnect)(?:s|es)?|(shut|cut)s?\s+off)\s+(?!from\b)"
    rf"(?:(?!(?:for|from|to|of|on|with)\b)[\w'/-]+\s+){{0,3}}?{_SUPPLY}\b(?!['\u2019]s\b)",
    re.I,
)
"""A description that opens by cutting a supply, a service or an account off: "Disconnect water and/or electricity at
an address", "Shut off the water supply", "Cuts off electricity to a service address" (part
``supply``); the supply the direct object, no preposition between (not "Shut off notifications for the account",
"Disconnect from the database service", "Disconnect a websocket client"), nor a cut off reported ("Report that the
supply was cut off")."""
PARTS = ("verbs", "money", "money_zh", "irreversible", "explained", "ending", "undo", "lasting", "stop", "supply")
"""The readings of ``says_destructive`` without hints: the verbs of ``_VERBS_EN``
and a refund, retire... verb (``_MONEY_VERBS``), its Chinese (``_MONEY_ZH``), words that say the act
cannot be undone or what it took is gone (``_IRREVERSIBLE``, ``_GONE``), a destructive verb in the act a colon
explains or glossing the opening verb in brackets (``_EXPLAINED``, ``_GLOSSED``), and a description that opens with
"End", "Terminate" or "Close out" and a determiner, or "Close" and a thing that runs (a subscription, an account), or
releases what was held back to inventory (``_ENDING``, ``_CLOSE_RUNNING``, ``_RELEASE_HOLD``); a verb that undoes an
assignment, a link... in the name or opening the description, or a description that opens by taking someone off
something (``undo``: ``_UNDO_VERBS``, ``_TAKE_OFF_DESC``); a lead clause that closes with "permanently", "for good"
(``lasting``: ``_LASTING``); a description that opens "Stop ... and return ..." (``stop``: ``_STOP_UNDO``); one that
opens by disconnecting, shutting or cutting off a supply, a service or an account (``supply``: ``_CUT_SUPPLY``).
``benchmarks/destructive_words.py`` measures each."""


def opens_with_read(description: str) -> str | None:
    """The read word a description opens with ("Track a home delivery" -> ``track``), lowercased; None for none.

    The openings ``says_destructive`` reads as a read (``_READ_OPENING``).
    """
    found = _READ_OPENING.match(description)
    return found.group(0).strip().lower() if found else None


def _first_clause(description: str) -> str:
    return re.split(r"[。；;.!?\n]", description, maxsplit=1)[0][:24]


def _money_ends(name: str) -> list[str]:
    """The ``_MONEY_VERBS`` verbs a name (less a server) leads or ends with (``write_off`` joined as ``writeoff``).

    A last word that only says the act is done (``_DOING``) is read past: ``order_refund_process`` ends with refund.
    """
    words = _name_words(bare_name(name))
    words = words[:-1] if len(words) > 1 and re.fullmatch(_DOING, words[-1]) else words
    ends = [*words[:1], *words[-1:], "".join(words[:2]), "".join(words[-2:])] if words else []
    return [w for w in dict.fromkeys(ends) if re.fullmatch(_MONEY_VERBS, w)]


def _money_name(tool: ToolSpec) -> bool:
    """The name leads or ends with a ``_MONEY_VERBS`` verb: ``payment_refund``, ``part_write_off``.

    Not a name with a read's noun or verb in its act (``_READ_NAME_WORD`` before a ``_MEANS`` word): ``refund_status``,
    ``refund_status_get``, ``get_refund``, ``refund_history`` read; ``refund_by_check`` refunds.
    """
    return bool(_money_ends(tool.name)) and not any(re.fullmatch(_READ_NAME_WORD, w) for w in _words_of_act(tool.name))


_MEANS = re.compile(r"by|via|with|using|through|from|to|into|as")
"""A name's word that leads a means or a destination, not the act (``refund_by_check``: a refund paid by check)."""


def _words_of_act(name: str) -> list[str]:
    """A name's (less a server) words up to its first ``_MEANS`` word: ``refund_by_check`` is ``refund``."""
    words = _name_words(bare_name(name))
    cut = next((i for i, w in enumerate(words) if _MEANS.fullmatch(w)), len(words))
    return words[:cut]


_READ_NAME = re.compile(rf"{_READ_NAME_WORD}|logs?|audit|lookup|look|reports?|lists?|count|records?")
"""A name's word that says a read of what its other words name (``ban_history``, ``deletion_log``, ``appeal_list``,
``get_refund``): ``_READ_NAME_WORD`` and a log, an audit, a lookup, a count, a record (``ban_history``,
``refund_status_get``)."""
_GET_RID = re.compile(r"\s*get(?:s|ting)?\s+rid\b", re.I)
""""Get rid of ...": a removal, not a read."""
_OWN_ACT_AFTER_READ = re.compile(
    rf"(?:\band|\bthen|,|;)\s+(?:also\s+|optionally\s+|permanently\s+)?(?:{_VERBS_EN}|{_MONEY_VERBS}|{_UNDO_VERBS})"
    rf"(?P<s>s|es)?\s+(?!{_READ_NOUN}\b|(?:of|for|and|or|to|in|on|at|by|as|when|if|from|with)\b)[\w'-]",
    re.I,
)
"""A destroying act joined to a read, the tool's own: "Get the next message and delete it", "List old bans, then
remove them", "Find records that match a query and delete matching records" (an act said of any object, after and,
then, a comma or a semicolon; not "List a player's past bans and their reasons": no verb; nor a read's noun after a
money verb: "List orders and refund status"). A verb in the form of the read it is joined to (``_own_act_after_read``):
"Gets the next message and deletes it"; "List a player's past bans, bans lifted" joins a plural noun."""
_OPENS_THIRD_PERSON = re.compile(r"\s*[A-Za-z]+s\b")


def _own_act_after_read(description: str) -> bool:
    """The description says a destroying act of its own after its read (``_OWN_ACT_AFTER_READ``), in the read's form.

    A verb joined to a read takes its form: "-s" only after a read that has it ("Gets ... and deletes it").
    """
    third = _OPENS_THIRD_PERSON.match(description) is not None
    return any(third or not found.group("s") for found in _OWN_ACT_AFTER_READ.finditer(description))


def _verb_named(words: list[str], description: str) -> bool:
    """A name that leads with a destroying verb on its object (``delete_records``, ``delete_logs``): not a read.

    Not one whose destroying word names what a read's noun reads (``ban_history``, ``cancel_list``), nor one whose
    description says the name as the thing it reads ("Read the purge log." of ``purge_log``).
    """
    lead, after = [*words, "", ""][:2]
    if re.search(rf"\b{re.escape(' '.join(words))}\b", description, re.I):
        return False
    return _NAME_WORD.match(lead) is not None and not re.fullmatch(_READ_NOUN, after)


def _read_by_name(tool: ToolSpec, description: str) -> bool:
    """The name says a read (``_READ_NAME``: ``ban_history``) and its description no act of its own after it.

    The description opens with a read (the caller's reading); an act of its own: ``_OWN_ACT_AFTER_READ``, words that
    say it cannot be undone, "Get rid of"; a name that leads with a destroying verb (``_verb_named``) never. The
    destroying word of such a name is what the read reads ("List a player's past bans"); ``ban_player``,
    ``cancel_order``, ``refund_by_check`` name no read and stay destroyers.
    """
    words = _words_of_act(tool.name)
    if (
        not any(_READ_NAME.fullmatch(w) for w in words)
        or _GET_RID.match(description)
        or _verb_named(words, description)
    ):
        return False
    return not _own_act_after_read(description) and not _IRREVERSIBLE.search(description)


def _undoes(tool: ToolSpec) -> list[str]:
    """The ``_UNDO_VERBS`` verbs of a tool's name (less a server) and of its description's opening."""
    verbs = [w for w in _name_words(bare_name(tool)) if _UNDO_WORD.match(w)]
    opening = _UNDO_DESC.match(docstring_of(tool).strip())
    return verbs + ([opening.group(1).lower()] if opening else [])


def _takes_off(tool: ToolSpec) -> bool:
    """The tool's description opens by taking someone off something (``_TAKE_OFF_DESC``)."""
    return _TAKE_OFF_DESC.match(docstring_of(tool).strip()) is not None


def _gives_money_back(tool: ToolSpec) -> bool:
    """The tool's description opens by giving money back (``_MONEY_BACK_DESC``, ``_MONEY_DONE_DESC``): a refund."""
    description = docstring_of(tool).strip()
    return any(pattern.match(description) is not None for pattern in (_MONEY_BACK_DESC, _MONEY_DONE_DESC))


_STATE_ZH = re.compile(rf"(?:已经?|被|未|是否)(?:{_ZH.pattern})")
"""A destructive verb as a state a read shows ("状态（已开、已付、已作废）"), not an act the tool does."""
_NEGATED_ZH = re.compile(rf"(?:不|没|无|勿|别)[\u4e00-\u9fff]{{0,2}}?(?:{_ZH.pattern})")
"""A destructive verb negated ("不会删除账户", "不会被清空"): an act the tool does not do, as "does not delete" in
English (``_WIPE_NEGATED``; a ``reset_pin``'s "重置银行卡的交易密码，不会删除账户")."""


_READ_ZH = re.compile(r"^\s*(?:查询|查看|获取|显示|列出|检索|搜索|统计|预览)")
_THEN_ZH = re.compile(r"并|然后|随后|之后|接着|再|后|，|,|同时")
"""A second act after a Chinese read ("查询订单并取消", "查看订单后取消", "查询订单，取消"): not the read's object."""


def _zh_read_object(first: str) -> bool:
    """A Chinese first clause that opens with a read and whose destroy words are all that read's object.

    "查询场馆规定：预订取消时限、退款规则" reads the rules of a cancel; "查询订单并取消" reads, then cancels (written
    from the cases ``get_centre_policy`` and ``get_shop_policy``).
    """
    opening = _READ_ZH.match(first)
    if opening is None:
        return False
    return all(not _THEN_ZH.search(first[opening.end() : m.start()]) for m in _ZH.finditer(first))


def _destroying_name_words(tool: ToolSpec) -> list[str]:
    """A name's words less a credential's reset (``password_reset``, ``resetMfa``, ``send_password_reset_link``).

    Not where the description says it wipes (``_says_wipe``: ``secrets_reset`` "... deleting all stored secrets",
    ``token_table_reset`` "... (truncates all rows)").
    """
    words = _name_words(tool.name)
    if _resets_by_name(words) and not _says_wipe(docstring_of(tool)):
        return [w for w in words if not re.fullmatch(r"reset(?:s|ting)?", w)]
    return words


def _resets_by_name(words: list[str]) -> bool:
    """The name says a reset and a credential (``_CREDENTIAL``), wherever they stand.

    ``mfa_reset``, ``reset_password_for_user``, ``send_password_reset_link``, ``mfa_reset_request``, ``api_key_reset``
    (two words of the name read as one: "api key"); a store of them
    (``token_table_reset``) is told by its description's wipe or its opening (``_CREDENTIAL_RESET``).
    """
    resets = any(re.fullmatch(r"reset(?:s|ting)?", w) for w in words)
    pairs = [f"{a}{b}" for a, b in zip(words, words[1:], strict=False)]  # api_key_reset: "apikey"
    return resets and any(re.fullmatch(_CREDENTIAL, w) for w in [*words, *pairs])


def text_says_destructive(tool: ToolSpec, parts: tuple[str, ...] = PARTS) -> bool:
    """The tool's own words (its hints aside) say it destroys, cancels, refunds or cannot be undone (``PARTS``).

    A label before the lead verb is read past ("Move-out: end the lease ...": ``_LABEL``), not one that opens with a
    read ("Get a lease: ...").
    """
    description = docstring_of(tool).strip()
    read = _READ_OPENING.match(description) is not None
    label = None if read else _LABEL.match(description)  # "Get a lease: end date ..." reads
    unlabelled = description[label.end() :] if label else None
    read = read or bool(unlabelled and _READ_OPENING.match(unlabelled))
    by_name = not (read and _read_by_name(tool, description))
    if by_name and "verbs" in parts and any(_NAME_WORD.match(w) for w in _destroying_name_words(tool)):
        return True
    if "money" in parts and _money_name(tool) and not read:
        refusing = (re.match(r"\s*(?:reject|decline|deny|denies)", t, re.I) for t in (description, unlabelled or ""))
        if not any(refusing):  # a refund request rejected
            return True
    if by_name and "undo" in parts and any(_UNDO_WORD.match(w) for w in _name_words(bare_name(tool))):
        return True
    if by_name and "ending" in parts and _closes_running_by_name(tool):
        return True
    return any(_words_say_destructive(text, parts, read) for text in (description, unlabelled) if text is not None)


def _closes_running_by_name(tool: ToolSpec) -> bool:
    """The name's first or last word closes (``_CLOSE_RUNNING_NAME``), another a thing that runs (``_RUNNING``)."""
    words = _name_words(bare_name(tool.name))
    ends = [w for w in (words[:1] + words[-1:]) if _CLOSE_RUNNING_NAME.fullmatch(w)]
    return bool(ends) and any(re.fullmatch(_RUNNING, w) for w in words if w not in ends)


def _resets_a_credential(description: str) -> bool | None:
    """The description resets a credential itself and says no wipe (True); says a wipe (False); neither (None).

    "Reset a user's password" (True); "Reset the secrets manager to empty, deleting all stored secrets" (False).
    """
    if _says_wipe(description):
        return False
    return True if _CREDENTIAL_RESET.match(description) else None


def _words_say_destructive(description: str, parts: tuple[str, ...], read: bool) -> bool:
    """``text_says_destructive``'s readings of a description (or of what follows its label)."""
    credential = _resets_a_credential(description)
    first = _NEGATED_ZH.sub("", _STATE_ZH.sub("", _first_clause(description)))
    first = _CREDENTIAL_RESET_ZH.sub("", first) if credential is not False else first
    zh_act = _ZH.search(first) is not None and not _zh_read_object(first)
    if "verbs" in parts and ((_DESC_START.match(description) and not credential) or zh_act):
        return True
    money_desc = (_MONEY_DESC, _MONEY_BACK_DESC, _MONEY_DONE_DESC)
    if "money" in parts and any(pattern.match(description) for pattern in money_desc):
        return True
    if "money_zh" in parts and not read and _MONEY_ZH.search(re.split(r"[：:，,、（(]", _first_clause(description))[0]):
        return True
    if "explained" in parts and not read and (_EXPLAINED.match(description) or _GLOSSED.match(description)):
        return True
    ends = _ENDING.match(description) or _CLOSE_RUNNING.match(description) or _RELEASE_HOLD.match(description)
    if "ending" in parts and ends:
        return True
    lead = re.split(r"[.!?;\n]", description, maxsplit=1)[0]
    if "ending" in parts and not read and _TERMINATION.search(lead):
        return True
    if "verbs" in parts and not read and _JOINED_TAKE_AWAY.search(lead):
        return True
    if "undo" in parts and (_UNDO_DESC.match(description) or _TAKE_OFF_DESC.match(description)):
        return True
    if "lasting" in parts and not read and _LASTING.match(description):
        return True
    if "stop" in parts and _STOP_UNDO.match(description):
        return True
    if "supply" in parts and _CUT_SUPPLY.match(description):
        return True
    gone = _IRREVERSIBLE.search(description) or _GONE.search(description)
    return "irreversible" in parts and not read and gone is not None


_SAID_VERBS = "|".join(v for v in f"{_VERBS_EN}|{_MONEY_VERBS}|{_UNDO_VERBS}|stop|end".split("|") if len(v) > 3)
_NOT_AN_OBJECT = (
    r"(?:when|while|if|after|before|at|on|in|over|under|within|into|across|per|via|once|until|till|during|throughout|by"
    r"|with|without|to|of|for|from|and|or|but|so|as|then|that|which|where|automatically|immediately|only|a\s+new)"
)
_SAID_DESTROYING = re.compile(
    rf"(?<![\w'-])(?:{_SAID_VERBS})(?:s|es)\s+(?!{_NOT_AN_OBJECT}\b)(?:{_DETERMINER}\s+)?[\w'-]+"
    rf"(?:\s+(?!{_NOT_AN_OBJECT}\b)[\w'-]+)?",
    re.I,
)
"""A destroying verb said of an object mid-text, the tool's own act: "deletes the gate code", "stops billing",
"Overwrites existing scores" (``_VERBS_EN`` but rm, del, the money and undoing verbs, stop, end; the third person
only: a purpose, "Use to delete ...", says no act of its own; not a time or a manner after it: "stops when the timer
ends", "billing stops during the freeze" (a pause, no object), "refunds for an order")."""
_CUT = re.compile(rf"\s(?:{_DETERMINER}|{_NOT_AN_OBJECT})$", re.I)
"""A quoted act ending on a function word ("removes one of the"): cut before its object."""
_NEXT_WORD = re.compile(r"\s+[\w'-]+")
_NOT_ITS_ACT = re.compile(
    r"\b(?:not|never|no|nor|n't|if|when|whenever|once|after|before|until|unless|whether|who|someone|anyone|users?"
    r"|customers?)\b[^.;,:!?]*$",
    re.I,
)
"""Before a destroying verb in its clause: a negation, a condition or someone else doing it ("does not delete",
"when a user deletes a file")."""


_QUANTIFIER = (
    r"(?:a|an|the|these|those|its|their|his|her|your|my|our|every|each|any|all|some|many|few|no|past|prior|previous)"
)
_A_NOUN_BEFORE = re.compile(rf"\b{_QUANTIFIER}\s+$", re.I)
"""Before a verb's -s form: a determiner or a quantifier makes it a noun ("any refunds", "the stops"); not "this" or
"that", which may be its subject ("This deletes ...")."""
_DONE_AFTER = re.compile(
    rf"\s+(?:\w+ly\s+|already\s+|since\s+)?(?:\w+ed|made|done|paid|sent|given|taken|written|held|kept|left)"
    rf"(?=\s*(?:$|[.;,:!?)]|{_NOT_AN_OBJECT}\b))",
    re.I,
)
"""After a verb's -s form: a participle closing the phrase makes it a noun, things done ("refunds already made",
"refunds issued to the customer"); not one before a noun, its object's adjective ("Removes expired tokens")."""


def _whole(description: str, said: re.Match[str]) -> str:
    """The act quoted in whole words: past a function word it ends on, up to the next word (at most three)."""
    end = said.end()
    for _ in range(3):
        after = _NEXT_WORD.match(description, end)
        if not _CUT.search(description[said.start() : end]) or not after:
            break
        end = after.end()
    return description[said.start() : end]


def destroying_said(tool: ToolSpec) -> tuple[str, ...]:
    """The destroying acts a description says after its opening: ("deletes the gate code", "stops billing").

    Read for the doctor (a destroyer ``text_says_destructive`` misses), not by the selection. Not a noun: the -s form
    after a determiner or a quantifier, or before a participle closing its phrase ("any refunds already made").
    """
    description = docstring_of(tool).strip()
    found = (m for m in _SAID_DESTROYING.finditer(description) if m.start() > 0)
    return tuple(
        _whole(description, m)
        for m in found
        if not _NOT_ITS_ACT.search(description[: m.start()])
        and not _A_NOUN_BEFORE.search(description[: m.start()])
        and not _DONE_AFTER.match(description, m.start() + len(m.group(0).split()[0]))
    )


def says_destructive(tool: ToolSpec) -> bool:
    """The tool says it destroys, cancels, refunds or irreversibly changes something.

    Stricter about evidence than ``is_destructive`` (MCP's defaults): MCP hints decide when
    present (``destructiveHint: true``, or ``readOnlyHint: false`` without a
    ``destructiveHint``, whose MCP default is true: yes; ``readOnlyHint: true`` or
    ``destructiveHint: false``: no). Otherwise its own words (``text_says_destructive``): a word
    of the name is a destructive verb (``delete_user``, ``cancelOrder``), or the description
    begins with one, or (Chinese) the first clause of the description holds one; the name leads
    or ends with ``refund``, ``retire``, ``withdraw``... (``payment_refund``) or the description
    opens with it; the first clause says 退款, 撤回...; the description says the act cannot be
    undone ("Cannot be undone", "cannot be reopened", "is permanent", "irreversible", "Permanently ...",
    不可恢复); the name or the description's opening undoes an assignment, a link, a registration
    (``unassign_ticket``, "Unlink ..."), or
    the description opens by taking someone off something ("Take a cleaner off a job"); its lead clause closes
    with "permanently" or "for good" ("Close a business account permanently."); it opens "Stop ... and return
    ..." (``_STOP_UNDO``) or by disconnecting or cutting off a supply ("Disconnect water and/or electricity at an
    address", ``_CUT_SUPPLY``). Refunds in the description, 退款..., "cannot be undone" and a lead clause "for good"
    not when it opens with a read ("Get ...", "查询...").
    """
    hints = tool.annotations
    if hints.get("readOnlyHint") is True or hints.get("destructiveHint") is False:
        return False  # read-only first: MCP's destructive hint means something only when not read-only
    if hints.get("destructiveHint") is True:
        return True
    if hints.get("readOnlyHint") is False and not isinstance(hints.get("destructiveHint"), bool):
        return True  # the server said "not read-only" and left destructiveHint at its default, true
    return text_says_destructive(tool)


_WRITE_EN = (
    f"{_VERBS_EN}|create|add|insert|update|edit|modify|write|set|put|patch|send|submit|upload|save|move|"
    "rename|publish|deploy|install|execute|exec|transfer|pay|charge|grant|assign|invite|approve|reject|"
    "merge|push|commit|replace|append|enable|register|schedule|trigger|forward|reply|mutate"
)
"""Verbs that change something: the destructive ones and the others. Words that are nouns as
often as verbs (``order``, ``post``, ``tag``, ``run``) are left out: a read-only ``get_order``
must stay a read."""
_WRITE_WORD = re.compile(rf"^(?:{_WRITE_EN})$")  # the bare verb only: get_updates, list_changes read
_WRITE_DESC = re.compile(
    rf"^\s*(?:(?:this tool|it|use (?:this|it) to|used to|tool to|lets you|allows you to)\s+)?(?:{_WRITE_EN})(?:s|es)?\b"
    r"|\b(?:writes?|overwrites?|modif(?:y|ies)|deletes?|sends?|uploads?|creates?|updates?|changes?)\s+(?:to\s+)?"
    r"(?:the |a |an |any |your |user |all )?"
    r"(?:files?|data|records?|databases?|disk|state|settings|emails?|messages?)\b",
    re.I,
)
_WRITE_ZH = re.compile(r"创建|新建|添加|新增|更新|修改|编辑|写入|保存|发送|提交|上传|转账|支付|下单|" + _ZH.pattern)
_WRITE_PARAMETER = re.compile(r"^(?:new|overwrite|body|payload)(?:_|$)|_to_write$")


def says_writes(tool: ToolSpec) -> bool:
    """The tool's own words say it changes something, whatever its hints claim.

    Its name (without a server's ``server__``) begins with a write verb (``create_user``,
    ``sendEmail``) or holds a destructive one (``customer_delete``), its description begins
    with one or says it writes files, data, records..., the first clause of a Chinese
    description holds one, its words say it refunds, retires..., undoes an assignment or a link, takes someone off
    something or cannot be undone (as
    ``says_destructive`` reads them without hints), or a parameter is named for what a write sends (``body``,
    ``payload``, ``new_name``, ``overwrite``, ``text_to_write``). ``Policy(read_only=True)`` refuses such a tool even
    when it says ``readOnlyHint: true``: the hint is the server's claim.
    """
    words = _name_words(bare_name(tool))  # the tool's own name, without its server
    if (words and _WRITE_WORD.match(words[0])) or any(_NAME_WORD.match(w) for w in words):
        return True  # a verb leads a name (get_schedule reads); a destructive verb anywhere
    if text_says_destructive(tool, ("money", "money_zh", "irreversible", "undo", "lasting", "stop", "supply")):
        return True  # "Refund a payment", 退款..., "Cannot be undone", "Unlink ...": the reading of says_destructive
    description = docstring_of(tool).strip()
    if _WRITE_DESC.search(description):
        return True
    first = re.split(r"[。；;.!?\n]", description, maxsplit=1)[0][:24]
    if _WRITE_ZH.search(first):
        return True
    properties = tool.parameters.get("properties")
    names = properties if isinstance(properties, dict) else {}
    return any(isinstance(n, str) and _WRITE_PARAMETER.search(n.lower()) for n in names)


_TIME_TAKEN = (
    r"(?!(?:[\w'.-]+\s+){0,2}?(?:days?|weeks?|time|mornings?|afternoons?|nights?|evenings?|hours?|weekends?"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight|天|周)\s+off\b)"
)
_OFF_THE_LIST = (
    rf"(?:take|takes|taking|taken|took)\s+{_TIME_TAKEN}(?:[\w'.-]+\s+){{1,3}}?off\s+"
    r"(?:(?:the|my|our|his|her|their|this|that)\s+)?"
    r"(?:[\w'.-]+[\s-]+){0,2}?(?:wait(?:ing)?[\s-]?list|roster|rota|register|team|shifts?\b)"
    rf"|(?:take|takes|taking|took|pull|pulls|pulled|pulling)\s+{_TIME_TAKEN}(?![\d$€£¥%])"
    r"(?:(?:the|that|this)\s+)?(?:[a-z][\w'.-]*\s+)?[a-z]{0,6}[-_]?\d[\w-]*\s+off\s+"
    r"(?:(?:the|my|our|his|her|their|this|that)\s+)?(?:[a-z][\w'.-]*\s+){0,2}?[a-z]{1,6}[-_]?\d[\w-]*"
    r"|cross(?:es|ed|ing)?\s+(?:[\w'.-]+\s+){1,3}?off"
    r"|(?:take|takes|taking|taken|took|pull|pulls|pulled|pulling)\s+(?:[\w'.-]+\s+){1,3}?out\s+of\s+"
    r"(?:(?:the|my|our|his|her|their|this|that)\s+)?(?:[\w'.-]+[\s-]+){0,2}?"
    r"(?:recital|concert|show|class|course|team|roster|event|competition|program(?:me)?)"
    r"|kick(?:s|ed|ing)?\s+(?:[\w'.-]+\s+){0,3}?out\b"
    r"|boot(?:s|ed|ing)?\s+(?:[\w'.-]+\s+){1,3}?(?:from|out\s+of)\s+(?:(?:the|my|our|his|her|their|this|that)\s+)?"
    r"(?:[\w'.-]+[\s-]+){0,2}?(?:class|course|team|roster|group|channel|chat|list|club|league|program(?:me)?)"
)
"""Taking someone off a list or out of an event: "take me off the waitlist for Friday's spin class", "take
Lucas Brown off the ALG-2-P6 roster", "take him off the morning shift", "cross her off", "take Lily out of the
spring recital" (not "take 10% off the price", nor "take the money out of the account": a waitlist, a roster, a
rota, a team, a shift, a class, an event; or a record its id names: "take bag XA447201 off courier run CD-4450",
"pull XA453066 off CD-5266": the thing taken off named by its own id,
a bag or an item the record carries, not "take five dollars off invoice INV-22", "take the hold off order O-12" nor
"take the sticker off bag XA447201"; not a bare list: "take that one off my
list, it's done" is a to-do
done; not time taken off: "Can I take next Monday off the early shift?", "take a day off the night shift"); kicking
someone out ("kick him out of class C-21") and booting someone from a class, a team, a group ("boot S-3 from class
C-21"; not "boot the VM from the ISO", nor "kick off the meeting")."""
_CALL_OFF_BETWEEN = (
    r"(?!(?:me|us|you|him|her|them|about|after|at|before|by|during|for|from|in|into|of|on|over|to|until|with"
    r"|within|without)\s)"
)
_CALL_OFF_FIRST = rf"(?:her\s+(?!off\b)|{_CALL_OFF_BETWEEN}[\w'.-]+\s+)"
_CALL_OFF_EN = rf"call(?:s|ed|ing)?\s+(?:{_CALL_OFF_FIRST}(?:[\w'.-]+\s+){{0,2}}?)?off(?![-\w])"
_CALL_OFF = re.compile(rf"\b{_CALL_OFF_EN}\b", re.I)
"""Calling something off says cancel ("call off appointment AP-1", "the surgery was called off", "call the 3pm
off", "call the whole thing off", "call her party off"), not "call me back", "call the office", "call me during
off hours" nor "call the vendor off-site": at most three words between, the first no pronoun ("her" only before
another word) nor a preposition."""
_END_TIMES = r"(?:end|day|week|month|year|term|quarter|season|semester|weekend|night|morning|evening|afternoon|\d)"
_END_ASKED = (
    r"(?<!\bthe\s)(?<!\ban\s)(?<!\bthat\s)(?<!\bwhich\s)(?<!\bwho\s)(?<!\bwhen\s)(?<!\bwill\s)"
    rf"(?:end(?:ing)?\s+(?:my|the|her|his|their|our|your|this|that|its)\s+(?!{_END_TIMES})"
    r"|(?:^|(?<=[,;:.!?\n])\s*|(?<=[,;:.!?]\s)|(?<=\bplease\s)|(?<=\bjust\s)|(?<=\bthen\s)|(?<=\band\s)|(?<=\bso\s))"
    r"end\s+(?:it|them)\b(?!\s+(?:with|for|by|on|up|at)\b))"
)
"""Ending something asked: "end my membership", "end the rental for R-5012", "ending her lease", an imperative on a
pronoun ("…, end it today", "please end them"; not "the film will end it", "we should end it", "end it with a
summary"; not "the end of the month", "by the end of the term", "at the end the ...", "my lease ends the 30th", nor a
question of when things end: "which rentals end this month?", "memberships that end this year", "meetings ending this
week")."""
_CLOSE_ASKED = re.compile(
    r"\bclos(?:e|es|ing)\s+(?:down\s+)?(?:it|them|(?:my|the|her|his|their|our|your|this|that|its|a|an)\s+[\w'-]"
    r"|#?[A-Za-z]{0,6}[-_]?\d)",
    re.I,
)
"""Closing something asked: "close my garden subscription", "close it", "close GS-1029" (a verb on its object; not "5
Birch Close", a street, nor "closed": a report or a state)."""
_REQUEST_EN = re.compile(
    rf"\b(?:{_END_ASKED}|(?:{_VERBS_EN}|{_MONEY_VERBS}|restore|revert|rollback|roll back|bounce|stop|shut down|"
    rf"erasure|get rid of|take down|tear down|{_UNDO_VERBS}|withdraw|undo)(?:s|es|ing|ed|d)?|cancell(?:ed|ing)|"
    rf"{_OFF_THE_LIST}|{_CALL_OFF_EN})\b",
    re.I,
)
_OUT_OF_ZH = r"移出|撤出|退出(?![了过])(?=[^，,。；;！!？?\n]{0,16}?(?:班|课(?!程?直播)|名单|小组|群))"
"""Taking someone out of something in Chinese: 移出 ("把她从 C-21 里移出去"), 撤出 ("把 S-3 从 C-12 撤出"),
退出 before a class, a course, a list, a group or a chat ("让 S-3 退出商务英语 C-12 班"; not "退出登录", logging
out, nor "老师退出了课程直播，怎么办": 了 after it reports, a course's live stream is no roster)."""
_OUT_OF = re.compile(_OUT_OF_ZH)
_WITHDRAW_FROM = re.compile(
    r"(?<!\bnot\s)(?<!n't\s)(?<!\bnever\s)\b(?:pull|pulls|pulling|drop|drops|dropping|back|backs|backing)\s+out\s+of\b"
    r"|(?<![不没别])(?<!不要|不想|不会|没有)(?:退赛(?!的)|退出(?![了过])[^，,。；;！!？?\n后时不没]{0,12}?赛(?![的程事]))",
    re.I,
)
"""Withdrawing from a competition: "pull out of the spring doubles", "drop out of the league", "back out of the
open", 退赛, 退出…赛 ("退出春季联赛"); not a report ("pulled out of", "退出了比赛"), nor a noun's modifier
("说一下退赛的事"), nor a negated one ("we are not pulling out of", "我们不退赛了"), nor 退出 of another clause
("退出登录后看不到比赛赛程": the gap holds no 后, 时 or negation, and 赛程, a schedule, is no match). It asks to
destroy, and says the act of a tool whose own verb is ``withdraw``."""
_REQUEST_ZH = re.compile(
    _ZH.pattern
    + r"|删|取消|退订|退掉|不要了|去掉|拿掉|撤回|撤掉|撤单|关掉|停掉|停了|杀掉|干掉|踢掉|清理|重启|关机|回滚|恢复|"
    + r"退款|报损|"
    + _OUT_OF_ZH
    + r"|把[^，,。；;！!？?\n]{1,24}?废(?:掉|了)"
)
_WAIVE_WORDS = "免除|免掉|减免|豁免"
_WAIVE_ZH = re.compile(
    rf"(?:{_WAIVE_WORDS})(?![^，,。；;！!？?\n]{{0,4}}(?:政策|条件|条款|规定|标准|办法))(?![^。！!\n]*(?:是什么|吗|[?？]))"
)
"""A waiver asked ("把 F-12 的罚款免除", "罚款免掉吧"); not a rule of waivers ("减免政策", "豁免条件") nor a
question ("免除责任条款是什么意思", "有没有减免？")."""


EVERYDAY_STOPS = True
"""Everyday ways to call something off ask to destroy too (``_EVERYDAY_STOP``). Chosen by
``benchmarks/choose_neighbour_reads.py`` (dev registries, each left out in turn)."""
_STOP_VERBS = "租|修|要|做|办|买|订|续|约|住|学|寄|发|卖|拍"
_NOT_ASKED_WHETHER = r"(?!\s*(?:吗|么|没|[?？]))"
"""Not a question whether it was done ("R-5512撤了没有？", "把会员退了吗")."""
_EVERYDAY_STOP = re.compile(
    rf"(?<![我们他她你经就都])撤了{_NOT_ASKED_WHETHER}"
    rf"|把(?![^，,。；;！!？?\n]*房)[^，,。；;！!？?\n]{{1,16}}退了{_NOT_ASKED_WHETHER}"
    r"|把[^，,。；;！!？?\n]{1,16}?关了吧(?!\s*[?？吗么])"
    r"|(?<![我们他她])把[^，,。；;！!？?\n]{1,16}?关了(?=\s*(?:$|[，,。；;！!~～]))"
    rf"|(?<![打拉推离张])(?:不想?(?:{_STOP_VERBS})了|会不开了)(?=\s*(?:$|[，,。；;！!~～吧啦呀啊]))"
    r"|算了[，,\s]*(?:我们?|咱们?)?(?:就|也|还是)?不(?:去|来)了(?=\s*(?:$|[，,。；;！!~～吧啦呀啊]))"
    r"|\bwants? out of\b",
    re.I,
)
"""Calling off in everyday words: 撤了 ("R-5512撤了吧"; not "我撤了", leaving, nor "已经撤了", done),
把…退了 ("把会员退了"; not 把房间退了, a check-out), neither asking whether ("撤了没有？"), 把…关了 as 关掉 is
("把单子关了吧"; not one told done, "我把单子关了", nor a guess, "他把单子关了吧？"); a clause
that ends with 不+verb+了 where the verb is an act done for someone (不租了, 不修了, 不续了, 不拍了,
会不开了: "算了，不租了"; not 不来了 nor 不去了, "客户不来了" gives a reason, nor 打不开了 or 灯不开了,
"won't open", "won't turn on"), "wants out of" ("C-88 wants out of the membership"); the speaker giving up
going (算了不去了, 算了，我们不来了: 算了 says it is their own plan called off, not another's reason)."""

_BILLED = r"(?:charges?|surcharges?|fees?|items?|postings?)"
_CHARGED = r"(?:charges?|surcharges?|fees?|postings?)"
"""What is billed: ``_BILLED`` less items, which are billed only with a bill word after ("take the items off the
shelf" voids nothing)."""
_BILL = r"(?:bills?|folios?|invoices?|tabs?|statements?|receipts?)"
_NUMBER_WORDS = (
    r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy"
    r"|eighty|ninety|hundred|thousand|half|quarter|a\s+third|a\s+half|a\s+quarter)\b"
)
"""An amount in words, as a digit is one: "take twenty off the bill", "take half off the bill" (discounts)."""
_NO_AMOUNT = (
    rf"(?![\d$€£¥%])(?!{_NUMBER_WORDS})"
    r"(?!(?:[\w'.-]+\s+){0,2}?(?:percent|per\s+cent|dollars?|euros?|pounds?|bucks|discount)\b)"
)
_TAKE_BILLED_OFF = re.compile(
    rf"\b(?:take|get)\s+{_NO_AMOUNT}(?:[\w'.-]+\s+){{0,3}}?{_CHARGED}\s+off\b"
    rf"|\b(?:take|get)\s+off\s+(?:[\w'.-]+\s+){{0,3}}?{_CHARGED}\b"
    rf"|\b(?:take|get)\s+{_NO_AMOUNT}(?:[\w'.-]+\s+){{1,3}}?off\s+(?:[\w'.-]+\s+){{0,3}}?{_BILL}\b",
    re.I,
)
_TAKE_IT_OFF = re.compile(r"\b(?:take|get)\s+(?:it|that|this|them|those|these)\s+off\b", re.I)
_BILLED_SAID = re.compile(rf"\b{_BILLED}\b", re.I)
"""Taking a charge off a bill: "take the minibar charge off", "take the wine off the folio", "take off the late
fee", or "take it off" after a charge or an item is said ("the minibar charge is wrong, take it off"); not an
amount ("take 10% off the bill", "take ten dollars off", "take twenty off the bill": a discount, ``_NUMBER_WORDS``),
nor items off no bill ("take the items off the shelf", ``_CHARGED``)."""


def _takes_off_the_bill(text: str) -> bool:
    """``text`` asks to take a charge or an item off a bill (``_TAKE_BILLED_OFF``, ``_TAKE_IT_OFF``): a void."""
    if _TAKE_BILLED_OFF.search(text):
        return True
    found = _TAKE_IT_OFF.search(text)
    return found is not None and _BILLED_SAID.search(text[: found.start()]) is not None


_ACCOUNT_ZH = "(?:账号|账户|帐号|帐户)"
_CLAUSE_END_ZH = r"(?=\s*(?:[了吧吗呢啊呀嘛哦哈啦]\s*)*(?:$|[，,。；;！!？?~～\n]))"
"""The end of a Chinese clause, particles allowed before it: what comes before it is the clause's last noun."""
_CLOSED_ACCOUNT_ENDS_ZH = (
    r"(?=\s*(?:[A-Za-z_\-Ａ-Ｚａ-ｚ＿－]*\d[\dA-Za-z_\-Ａ-Ｚａ-ｚ＿－]*\s*)?(?:(?:谢谢|多谢|感谢|麻烦了|拜托了?|谢了)\s*)?"
    r"(?:[了吧吗呢啊呀嘛哦哈啦]\s*)*(?:$|[，,。；;！!？?~～\n]))"
)
"""After a closed account in Chinese, the end of its clause: an id ("关闭账号12345", "关闭账号１２３４５":
letters, digits, - and _, full-width too) and thanks ("请关闭我的账号 谢谢") allowed before it
(``_CLAUSE_END_ZH``); not a noun after the id ("关闭账号12345的自动续费", "帮我关闭账号A1的登录提醒": what is
turned off is the account's)."""
_CLOSE_ACCOUNT = re.compile(
    r"\bclos(?:e|es|ing)\s+(?:down\s+)?(?:(?:my|our|his|her|their|the|this|that|your|a|an)\s+)?"
    r"(?:(?!(?:for|on|of|in|to|from|with|about|and|or)\b)[\w'.@-]+\s+){0,2}?accounts?"
    rf"(?:{_MONEY_ENDS}|\s+(?:permanently|forever|completely|entirely|too|next|this)\b|\s*[—–]|\s+-\s)"
    rf"|销户|(?:关闭|关掉|注销)[^，,。；;！!？?\n]{{0,8}}?{_ACCOUNT_ZH}{_CLOSED_ACCOUNT_ENDS_ZH}"
    rf"|{_ACCOUNT_ZH}[^，,。；;！!？?\n的]{{0,4}}?(?:关闭|关掉|注销(?!登录|登出))",
    re.I,
)
"""Closing an account: "close my library account", "please close my account", "closing her account", 销户,
"把账户关闭", "close my account too", "close my account next week", "close my account — I'm done",
"关闭账号12345", 注销 (deregistering: "注销账号C-501", "把客户C-501的账户注销"; not 注销登录, logging out):
the act of
the tool that deletes, deactivates or terminates an account
(``closes_accounts``). Not "closed" (a report or a state: "the accounts were closed"), nor "close the ticket on my
account" (a preposition between), nor a noun after the account ("close the account settings page", "close the
accounts payable period", "帮我关闭账号的登录提醒": the account ends its noun phrase, ``_MONEY_ENDS``, or its
clause, ``_CLAUSE_END_ZH``)."""
_CLOSE_ACTS = frozenset(
    {"delete", "deactivate", "disable", "terminate", "remove", "close out", "end", "注销", "删除", "停用"}
)
"""The acts of a tool that closes an account: its own verbs (``_own_acts``) that end one."""


def _match_end(text: str, at: int, *patterns: re.Pattern[str]) -> int | None:
    """Where the first of ``patterns`` that matches ``text`` at ``at`` ends; None when none does."""
    for pattern in patterns:
        found = pattern.match(text, at)
        if found is not None:
            return found.end()
    return None


def removal_at(text: str, at: int) -> int | None:
    """Where a taking out of a class or a list (``_OUT_OF_ZH``: 移出, 撤出, 退出…班) that starts at ``at`` ends.

    "别让 S-3333 退出 C-12 班": the act a negation refuses (``_negated``), though 退出 alone is no destroy word.
    """
    return _match_end(text, at, _OUT_OF)


def supply_cut_at(text: str, at: int) -> int | None:
    """Where a supply cut off (``_CUT_ZH``, ``_CUT_ASKED_EN``) that starts at ``at`` ends, if one does.

    "明天别切断3号楼的电", "don't cut off the power": the act a negation refuses (``_negated``).
    """
    return _match_end(text, at, _CUT_ZH, _CUT_ASKED_EN)


_SCRAPPED_ZH = re.compile(r"废(?:掉|了)")
_TAKEN_OFF = re.compile(_OFF_THE_LIST, re.I)


def scrapped_at(text: str, at: int) -> int | None:
    """Where a 废掉 / 废了 (scrapped, void) that starts at ``at`` ends, if one does.

    "不要把 COFFEE30 这个码废了" after 把: the act a negation refuses (``_negated``), as 拿掉 is.
    """
    return _match_end(text, at, _SCRAPPED_ZH)


def taken_off_at(text: str, at: int) -> int | None:
    """Where a taking off a list or a record (``_OFF_THE_LIST``) that starts at ``at`` ends, if one does.

    "don't take bag XA447201 off courier run CD-4450": the act a negation refuses (``_negated``).
    """
    return _match_end(text, at, _TAKEN_OFF)


def account_closed_at(text: str, at: int) -> int | None:
    """Where a closing of an account (``_CLOSE_ACCOUNT``) that starts at ``at`` ends, if one does.

    "close my account" after "don't", 关闭账号12345 after 别: the act a negation refuses (``_negated``).
    """
    return _match_end(text, at, _CLOSE_ACCOUNT)


def closes_accounts(tool: ToolSpec) -> bool:
    """The tool's own act ends an account: a verb of ``_CLOSE_ACTS`` and "account" in its name or first clause.

    ``delete_patron_account`` ("Permanently delete a patron account ..."), ``account_disable``, 注销用户账号.
    """
    english, chinese = _own_acts(tool)
    if not _CLOSE_ACTS & {*english, *chinese}:
        return False
    words = _name_words(bare_name(tool))
    first = _first_clause(docstring_of(tool).strip())
    return (
        bool({"account", "accounts"} & set(words))
        or re.search(rf"\baccounts?\b|{_ACCOUNT_ZH}", first, re.I) is not None
    )


def refuses_account_close(refused: str, tool: ToolSpec) -> bool:
    """A refusal closes an account ("don't close my account", "别关闭账号12345") and the tool's act closes one.

    One that ends an account (``closes_accounts``), or one whose name or opening word is close, with "account" in its
    name or first clause (``close_account``: "Close a customer account permanently ...").
    """
    return _CLOSE_ACCOUNT.search(refused) is not None and ends_accounts(tool)


def account_closing_apart(text: str) -> str:
    """``text`` less its closings of an account (``_CLOSE_ACCOUNT``: "close my account", 注销账号)."""
    return _CLOSE_ACCOUNT.sub(" ", text)


def ends_accounts(tool: ToolSpec) -> bool:
    """The tool ends an account: it closes accounts (``closes_accounts``), or says close and account.

    Close in its name or as its opening word, "account" in its name or first clause (``close_customer_account``,
    ``close_account``: "Close a customer account permanently ...").
    """
    words = set(_name_words(bare_name(tool)))
    first = _first_clause(docstring_of(tool).strip())
    closes = "close" in words or re.match(r"\s*close[sd]?\b", first, re.I) is not None
    on_account = bool({"account", "accounts"} & words) or re.search(rf"\baccounts?\b|{_ACCOUNT_ZH}", first, re.I)
    return closes_accounts(tool) or (closes and bool(on_account))


def request_is_destructive(text: str) -> bool:
    """True when the request itself asks to delete, cancel, drop, kill... (English or Chinese verbs).

    A request that asks for a destructive act may be sent the destructive tool it means; one
    that does not (a read, a lookup, a question) gets none, however well they score. With
    ``EVERYDAY_STOPS``, everyday ways to call it off count too (``_EVERYDAY_STOP``); taking a charge off a bill asks
    a void (``_takes_off_the_bill``). Closing an account ("close my account", 销户: ``_CLOSE_ACCOUNT``) asks to end it,
    pulling out of a competition (``_WITHDRAW_FROM``: "pull out of the open", 退赛) to withdraw, shutting off a way in
    (``_ACCESS_OFF``: "shut off their gate code") to revoke it.
    """
    if _REQUEST_EN.search(text) or _REQUEST_ZH.search(text) or _WAIVE_ZH.search(text) or _takes_off_the_bill(text):
        return True
    if _CLOSE_ACCOUNT.search(text) or _WITHDRAW_FROM.search(text) or _ACCESS_OFF.search(text):
        return True
    return EVERYDAY_STOPS and bool(_EVERYDAY_STOP.search(text))


_DESC_VERB = re.compile(rf"^\s*(?:permanently\s+|irreversibly\s+|force\s+)?({_VERBS_EN})(?:s|es)?\b", re.I)


def _own_acts(tool: ToolSpec) -> tuple[list[str], list[str]]:
    """The destructive verbs of a tool's own words: English and Chinese.

    English: its name's (less a ``server__``; a ``_MONEY_VERBS`` one leading or ending it; an ``_UNDO_VERBS`` one), its
    description's opening one (``refund`` for one that gives money back, ``end`` or ``close out`` for one that
    ends something: ``_MONEY_BACK_DESC``, ``_ENDING``), ``remove`` for a description that opens by taking
    someone off something (``_TAKE_OFF_DESC``), the verb that glosses its opening one (``_GLOSSED``: ``remove`` of
    "Forfeit (remove) ..."); Chinese: those in the first clause of its description.
    """
    words = _name_words(bare_name(tool))
    english = [w for w in words if _NAME_WORD.match(w)]
    english += [w.replace("writeoff", "write off") for w in _money_ends(tool.name)]
    english += [*_undoes(tool), *(["remove"] if _takes_off(tool) else [])]  # "Take a cleaner off a job": a removal
    description = docstring_of(tool).strip()
    opening = _DESC_VERB.match(description) or _MONEY_DESC.match(description)
    if opening:
        english.append(opening.group(opening.lastindex or 0).lower())
    elif _gives_money_back(tool):
        english.append("refund")  # "Give the rental deposit back ..."
    elif ending := _ENDING.match(description):
        english.append("close out" if ending.group().lower().lstrip().startswith("clos") else "end")
    elif _CLOSE_RUNNING.match(description):
        english += list(_CLOSE_RUNNING_ACTS)  # "Close a garden-waste subscription": ended, as cancelling one does
    elif cut := _CUT_SUPPLY.match(description):
        english.append((cut.group(1) or f"{cut.group(2)} off").lower())  # "Disconnect water ...": disconnect
    if glossed := _GLOSSED.match(description):
        english.append(glossed.group(1).lower())  # "Forfeit (remove) ...": its act is a removal too
    english += _acts_named_in_brackets(description)  # "... all personal data (GDPR erasure)": erase
    first = re.split(r"[。；;.!?\n]", description, maxsplit=1)[0][:24]
    return [re.sub(r"(?:s|ing)$", "", w) or w for w in english], _ZH.findall(first)


_ZH_EN: dict[str, tuple[str, ...]] = {
    "删除": ("delete", "remove", "erase", "del", "rm"),
    "删掉": ("delete", "remove", "erase", "del", "rm"),
    "抹掉": ("erase", "wipe", "delete"),
    "清空": ("clear", "purge", "wipe", "flush", "truncate"),
    "清除": ("clear", "purge", "wipe", "erase", "flush"),
    "销毁": ("destroy",),
    "注销": ("deactivate", "close", "delete", "unregister"),
    "撤销": ("revoke", "cancel", "undo"),
    "吊销": ("revoke",),
    "取消": ("cancel", "void", "unsubscribe"),
    "终止": ("terminate", "kill", "stop"),
    "解约": ("terminate", "cancel"),
    "格式化": ("wipe", "format", "erase"),
    "重置": ("reset",),
    "卸载": ("uninstall", "remove"),
    "移除": ("remove", "evict", "drop"),
    "移出": ("remove", "evict", "drop"),
    "撤出": ("remove", "withdraw"),
    "撤掉": ("revoke", "cancel", "withdraw", "remove"),
    "作废": ("void", "cancel", "revoke", "invalidate"),
    "免除": ("waive",),
    "免掉": ("waive",),
    "减免": ("waive",),
    "豁免": ("waive",),
    "报损": ("write off",),
    "封禁": ("ban",),
    "踢出": ("evict", "remove", "ban", "kick"),
    "踢掉": ("remove", "evict", "ban", "kick"),
    "停用": ("disable", "deactivate"),
    "禁用": ("disable", "deactivate"),
    "停掉": ("disable", "deactivate", "end"),
    "退订": ("unsubscribe",),
    "关停": ("disable", "deactivate", "shutdown"),
    "拿掉": ("remove", "drop"),
    "去掉": ("remove", "delete", "drop"),
    "干掉": ("terminate", "kill", "delete", "remove"),
    "废掉": ("void", "cancel", "invalidate", "delete"),
    "废了": ("void", "cancel", "invalidate", "delete"),
}
"""The Chinese destructive verbs of ``_ZH`` (and 停掉, 移出, 撤出 and 踢掉 of a request's, ``_REQUEST_ZH``; 关停, which
asks only beside another word of the list: "关停期间" is a time) and the English ones of ``_VERBS_EN`` they
translate, nearest first (``act_said_nearness``): a request in one language says the act of a tool described in the
other ("把他的门禁卡 C-9001 停掉" for ``access_card_deactivate``; not 关掉, which closes an issue as often). 拿掉,
去掉, 干掉 (words a request says for a removal, ``_REQUEST_ZH``), 撤掉 (take down: revoke, call off) and 废掉 / 废了
(void; a request's after 把 ..., ``_REQUEST_ZH``) hold cases such as "CD-4460 里那件 XA447300 拿掉", "这个
测试账户 CU-0001 干掉吧", "撤掉他的积分会员" and "把 COFFEE30 这个码废了"."""


def own_acts(tool: ToolSpec) -> frozenset[str]:
    """The destructive verbs of a tool's own words, English and Chinese (``cancel`` of ``boarding_cancel``)."""
    english, chinese = _own_acts(tool)
    return frozenset(english) | frozenset(chinese)


def gives_money_back(tool: ToolSpec) -> bool:
    """The tool's own acts (``own_acts``) all give money back: each is said 退款 (``_OWN_ACTS``), as ``refund`` is.

    ``refund_order`` ("Refund an order's payment"); not ``cancel_order`` nor a tool that cancels and refunds.
    """
    acts, said = own_acts(tool), _own_acts_said()
    return bool(acts) and all("退款" in said.get(act, ()) for act in acts)


def request_says_its_act_across(text: str, tool: ToolSpec) -> bool:
    """The request says the tool's own destructive verb in the other language (``_ZH_EN``).

    "取消..." for ``shipment_cancel``; "cancel ..." for a tool described "取消订单...".
    """
    english, chinese = _own_acts(tool)
    if any(word in text and set(_ZH_EN[word]) & set(english) for word in _ZH_EN):
        return True
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
    stems = {re.sub(r"(?:s|es|ed|d|ing|led|ling)$", "", w) for w in said} | said
    return any(any(v in stems or v.rstrip("e") in stems for v in _ZH_EN.get(word, ())) for word in chinese)


def act_said_nearness(text: str, tool: ToolSpec) -> int | None:
    """How near the request says the tool's own destructive verb; None where it says it in neither language.

    0 in the tool's language by its own words (its Chinese act, a word of its name or its description's opening
    word: "cancel my eye exam A-1188" for ``appointment_cancel``), 1 by a verb given it (``request_says_its_act``:
    "cancel" for ``customer_account_close``); in the other, 2 + the place of the tool's verb among the Chinese word's
    English (``_ZH_EN``, nearest first: 取消 is "cancel" before "void", 作废 "void" before "cancel").
    """
    english, chinese = _own_acts(tool)
    if request_says_its_act(text, tool):
        own = set(english) & _act_words(tool)
        by_own = any(w in text for w in chinese) or any(re.search(rf"\b{re.escape(v)}", text, re.I) for v in own)
        return 0 if by_own else 1
    places = [i for word, verbs in _ZH_EN.items() if word in text for i, v in enumerate(verbs) if v in english]
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
    stems = {re.sub(r"(?:s|es|ed|d|ing|led|ling)$", "", w) for w in said} | said
    places += [
        i for word in chinese for i, v in enumerate(_ZH_EN.get(word, ())) if v in stems or v.rstrip("e") in stems
    ]
    return 2 + min(places) if places else None


_ADVERBS = frozenset({"permanently", "irreversibly", "force", "immediately"})
_NO_ACT = frozenset(
    {"take", "make", "get", "put", "set", "give", "have", "keep", "let", "bring", "turn", "does", "goes", "come"}
    | {"takes", "makes", "gets", "puts", "sets", "gives", "keeps", "lets", "brings", "turns", "comes", "uses"}
    | {"this", "that", "these", "those", "when", "with", "used", "using", "allows", "calling", "manually"}
)
"""Opening words that say no act: a light verb, whose act is its particle or object ("Take a teacher off the
timetable": "take them back" is no such act), a determiner ("This tool ..."), or what a description says
before its act ("Used to ...", "Allows ...", "Manually ...")."""


def opening_word(tool: ToolSpec) -> str | None:
    """The word a tool's English description opens with, its act as the tool says it ("Unfollow artists...").

    None when the description opens with no word (Chinese), with one under four letters, one that says no act
    (``_NO_ACT``: "Take ... off", "This ..."), a read before the tool's own act (``_reads_then_acts``), or with a
    word of the tool's name (its object: "DHCP ..." for ``remove_dhcp_reservation``) not followed by a determiner
    (``_ACT_ON``: "Close a ticket" for ``ticket_close``).
    """
    description = docstring_of(tool).strip()
    words = re.findall(r"^[A-Za-z]+|(?<=\s)[A-Za-z]+", description[:80])[:2]
    if words and words[0].lower() in _ADVERBS:
        words = words[1:]
        description = description[len(description.split(None, 1)[0]) :].lstrip()  # "Permanently close a ticket"
    if not words or not re.match(r"[A-Za-z]", description[:1] or "_"):
        return None
    word: str = words[0].lower()
    named = set(_name_words(bare_name(tool)))
    if len(word) < 4 or word in _NO_ACT or _reads_then_acts(description):
        return None
    if _ACT_ON.match(description) and not re.fullmatch(_VERBS_EN, word, re.I):
        return word  # "Close a ticket ..." for ticket_close: a verb on its object no verb list names
    if _acts_on_its_object(word, description, _name_words(bare_name(tool))):
        return word  # "Release held seats ..." for seat_release
    return word if word not in named and word.rstrip("s") not in named else None


def _reads_then_acts(description: str) -> bool:
    """The description opens with a read and says its own act after it (``_OWN_ACT_AFTER_READ``).

    "Find records matching a filter and delete them" (``delete_records``): its opening word is no act of its own
    ("find the records that match ..." reads).
    """
    return _READ_OPENING.match(description) is not None and _OWN_ACT_AFTER_READ.search(description) is not None


def _acts_on_its_object(word: str, description: str, named: list[str]) -> bool:
    """The opening word ends the name and the name's first word, its object, follows within three words.

    "Release held seats back to sale." for ``seat_release``: the verb on its object, an adjective between (``_ACT_ON``
    wants a determiner); not "DHCP reservations ..." for ``remove_dhcp_reservation`` (the word is not the name's last).
    """
    if len(named) < 2 or named[-1] != word or re.fullmatch(_VERBS_EN, word, re.I):
        return False
    after = re.findall(r"[A-Za-z]+", description)[1:4]
    return any(w.lower().rstrip("s") == named[0].rstrip("s") for w in after)


_ACT_ON = re.compile(r"[A-Z][a-z]{3,}\s+(?:a|an|the|one|all|every|any|this|that|these|those)\s", re.I)
"""An opening word then a determiner: an act on its object ("Close a ticket", "Retire the bike"), not an object
("DHCP reservations ...")."""


_THING_GOT = r"(?:invoice|receipt|bill|discount|refund|credit|money|cash|photo|picture|image|file|document|copy)s?"
"""Things one gets off or out of something (``_TAKE_OFF_ASKED``): "get the invoice out of job B123"."""
_TAKE_OFF_ASKED = re.compile(
    r"\b(?:(?:tak(?:e|es|ing)|took|pull(?:s|ed|ing)?)\s+|get(?:s|ting)?\s+(?!(?:a|an|some|any)\s"
    r"|(?:(?:the|this|that|my|our|your)\s+)?[\d$€£¥%]"
    rf"|(?:(?:the|this|that|my|our|your)\s+)?(?:[\w'-]+\s+){{0,2}}?{_THING_GOT}\b)){_TAKEN}",
    re.I,
)
"""Taking, pulling or getting someone off or out of something: "take Maria off job B123", "pull Jose off booking
4410", "get me off the rota", "get my son off the 3pm swim lesson" (not "take 10% off job B123"; nor getting a
thing: a thing got, a number or a ``_THING_GOT``: "get the invoice out of job B123", "can I get a discount off job
B123?")."""


def request_says_its_opening_word(text: str, tool: ToolSpec) -> bool:
    """The request says the word the tool's description opens with, in any form ("unfollow ..." for "Unfollow ...").

    For a description that opens by taking someone off something ("Take a cleaner off a job", ``_TAKE_OFF_DESC``: a
    light verb whose act is its particle), the request takes, pulls or gets someone off or out of something
    (``_TAKE_OFF_ASKED``: "take Maria off job B123"); so does one that undoes an assignment, a link... (``_undoes``:
    "take Bob off ticket T-9" for ``unassign_ticket``).
    """
    if (_takes_off(tool) or _undoes(tool)) and _TAKE_OFF_ASKED.search(text + " "):
        return True
    word = opening_word(tool)
    if word is None:
        return False
    word = re.sub(r"(?:es|s)$", "", word) if len(word) > 5 else word
    stem = re.escape(word[:-1] if word.endswith("e") else word)
    # a word said, not part of a name or path ("python-requests", "/unfollow/"), nor of a place's ("5 Birch Close")
    found = re.finditer(rf"(?<![\w\-/.]){stem}(?:e|es|s|ing|ed|d)?(?![\w\-/])", text, re.I)
    return any(not _in_a_name(text, m.start()) for m in found)


_NAME_BEFORE = re.compile(r"[^.!?:;\s]\s+[A-Z][\w'-]*\s+$")
"""A capitalised word before, itself not opening a sentence: "Birch" of "5 Birch Close"."""


def _in_a_name(text: str, at: int) -> bool:
    """The capitalised word at ``at`` follows another inside a sentence: part of a name ("Book for 5 Birch Close")."""
    return text[at : at + 1].isupper() and _NAME_BEFORE.search(text[:at]) is not None


_STOP_FOR_GOOD = re.compile(
    r"\bstop(?:s|ped|ping)?\b(?:[^,.;!?\n]{0,40}?|\s*,\s*)"
    r"\b(?:permanently|for good|forever|for ever|once and for all)\b",
    re.I,
)
"""Stopping something for good: "stop my recurring cleaning permanently", "stop the weekly visits for good", "stop,
once and for all, the membership" (not "stop the cleaning for today"): the act of a tool that ends or terminates
something."""


_ACCESS = r"(?:codes?|badges?|cards?|pass(?:es)?|keys?|fobs?|access|logins?|passwords?|tokens?)"
_BESIDE = r"(?:(?!(?:for|of|on|from|in|about)\b)[\w'’-]+\s+){0,3}?"
_ACCESS_OFF = re.compile(
    rf"\b(?:shut|switch|turn|cut)(?:s|ting|ted)?\s+off\s+{_BESIDE}{_ACCESS}\b"
    rf"|\b(?:shut|switch|turn|cut)(?:s|ting|ted)?\s+{_BESIDE}{_ACCESS}\s+off\b",
    re.I,
)
"""Shutting off a way in: "shut off their gate code", "turn the key card off" (not "turn off the alerts for badge B-1",
a setting of it): a thing put out of use, as "disable" says (``_OUT_OF_USE``). E.g. "Just shut off
their gate code until they pay"."""
_OUT_OF_USE = re.compile(
    r"(?<![被已])(?<!已经)(?:停用|禁用)(?!了?吗|了没|中|状态|日期|时间)|\bde-?activates?\b|\bdisables?\b"
    r"|(?<![被已])(?<!已经)停掉(?!了?吗|了没)"
    rf"|{_ACCESS_OFF.pattern}",
    re.I,
)
"""Putting a thing out of use: 停用, 禁用, 停掉, "deactivate", "disable": the act of a tool that revokes it ("Revoke
a guest's access badge": a badge revoked is a badge put out of use; "门禁卡直接停掉", stop the card, is its revoke), as
it is of one whose own words deactivate it. Not a question or a told state (停用了吗, 被停用, 已停用, 停用中, 停用状态,
停掉了吗, "deactivated", "disabled", "disabling")."""
_PART_PUT_OUT_OF_USE = re.compile(
    r"\b(?:de-?activates?|disables?)\s+(?P<part>(?:[\w'-]+\s+){0,3}?[\w'-]+)\s+(?:for|of|on|from)\s"
    r"|(?:停用|禁用)[^，,。；;!！？?\n]{0,20}?[A-Za-z]+[-_]?\d[\w-]*\s*的\s*(?P<zh>[^\s，,。；;!！？?]+)",
    re.I,
)
"""A part of a thing put out of use: "disable notifications for guest badge B-902", 停用门禁卡 B-902 的短信提醒
(its SMS reminders): not the thing itself, unless the part names it ("disable the badge of guest Wang")."""


def part_put_out_of_use(text: str) -> tuple[str, str] | None:
    """The part of a thing ``text`` puts out of use (``_PART_PUT_OUT_OF_USE``) and the text less that act; or None.

    "disable notifications for guest badge B-902" → ("notifications", " guest badge B-902").
    """
    found = _PART_PUT_OUT_OF_USE.search(text)
    if found is None:
        return None
    return found.group("part") or found.group("zh"), text[: found.start()] + " " + text[found.end() :]


def _puts_it_out_of_use(text: str, tool: ToolSpec) -> bool:
    """The request puts the thing ``tool`` revokes out of use (``_OUT_OF_USE``), not a part of it."""
    if not _OUT_OF_USE.search(text):
        return False
    part = _PART_PUT_OUT_OF_USE.search(text)
    if part is None:
        return True
    said = part.group("part")
    return said is not None and bool(set(_name_words(tool.name)) & set(_name_words(said)))


_NO_MORE_ASKED = re.compile(
    r"\b(?:make\s+sure|ensure|see\s+to\s+it)\s+(?:that\s+)?(?:[\w'’-]+\s+){1,4}?"
    r"(?:can(?:no|['’]|\s+no)t|could\s*n[o'’]t|won['’]t|will\s+not|(?:can|will)\s+(?P<longer>no\s+longer))\s+be\s+"
    r"(?P<verb>[a-z]+)\b",
    re.I,
)
_NO_MORE_LASTING = re.compile(r"[^,.;:!?\n]*?\b(?:any\s*more|any\s+longer|again|ever)\b", re.I)
"""Asking that a thing be put out of use: "make sure it can't be paid anymore", "ensure the code can no longer be
used" ("no longer", or a lasting word after, ``_NO_MORE_LASTING``: "make sure it can't be paid by card" asks a
setting)."""
_NO_MORE_TOLD = re.compile(r"\b(?:no\s+longer|cannot|can(?:['’]|\s+no)t)\s+(?:be\s+)?(?P<verb>[a-z]+)", re.I)
"""A tool's description saying what its act puts out of use: "Void an issued invoice so it is no longer payable"."""


def _verb_stem(word: str) -> str:
    """A participle's or an "-able" adjective's stem: paid and payable → pay, used and usable → us."""
    word = re.sub(r"aid$", "ay", word.lower())
    word = re.sub(r"(?:able|ible|ed|en|d)$", "", word)
    return word[:-1] if word.endswith("e") and len(word) > 3 else word


def puts_out_of_use_as_told(text: str, tool: ToolSpec) -> bool:
    """The request asks that a thing no longer be done (``_NO_MORE_ASKED``) that the tool's description stops.

    "make sure INV-1 can't be paid anymore" for a void "so it is no longer payable" (``_NO_MORE_TOLD``): one verb.
    """
    asked = _NO_MORE_ASKED.search(text)
    if asked is None or not (asked.group("longer") or _NO_MORE_LASTING.match(text, asked.end())):
        return False
    stem = _verb_stem(asked.group("verb"))
    return any(_verb_stem(m.group("verb")) == stem for m in _NO_MORE_TOLD.finditer(docstring_of(tool)))


def request_says_its_act(text: str, tool: ToolSpec) -> bool:
    """The request says the tool's own destructive verb, in any form.

    "deleting the draft" for ``delete_file``, "cancelled" or "called off" for ``online_order_cancel``,
    "取消..." for a tool described "取消订单...", "stop ... for good" (``_STOP_FOR_GOOD``) for one that ends or
    terminates something ("End a recurring subscription ...", ``_ENDING``), "close my account" or 销户
    (``_CLOSE_ACCOUNT``) for one that ends an account (``closes_accounts``: "Permanently delete a patron account").
    """
    english, chinese = _own_acts(tool)
    if any(word in text for word in chinese):
        return True
    if _CLOSE_ACCOUNT.search(text) and ends_accounts(tool):  # "close my account" for delete_patron_account
        return True
    if {"remove", "withdraw"} & set(english) and re.search(rf"\b(?:{_OFF_THE_LIST})\b", text, re.I):
        return not _removes_from_no_list(tool) or _names_its_thing(text, tool)
    if "withdraw" in english and _WITHDRAW_FROM.search(text):  # "pull out of the spring doubles", 退赛
        return True
    if (_ENDING.match(docstring_of(tool)) or "terminate" in english) and _STOP_FOR_GOOD.search(text):
        return True
    if "cancel" in english and _CALL_OFF.search(text):
        return True
    if "revoke" in english and _puts_it_out_of_use(text, tool):  # "门禁卡 B-902 立刻停用" for guest_badge_revoke
        return True
    if {"void", "remove", "delete", "waive"} & set(english) and _takes_off_the_bill(text):
        return True
    if "end" in english and re.search(rf"\b{_END_ASKED}", text, re.I):  # not "by the end of the month"
        return True
    if "close" in english and _CLOSE_ASKED.search(text):  # "close my subscription", not "5 Birch Close"
        return True
    for verb in dict.fromkeys(v for v in english if v not in ("end", "close")):
        stem = re.escape(verb[:-1] if verb.endswith("e") and len(verb) > 3 else verb)
        # a refund, retire... verb not in its noun's plural ("list refunds for C-3302" reads)
        forms = "(?:e|ing|ed|d)?" if re.fullmatch(_MONEY_VERBS, verb) else "(?:e|es|s|ing|ed|d|led|ling)?"
        if re.search(rf"\b{stem}{forms}\b", text, re.I):
            return True
    return False


_FROM_WHAT = re.compile(r"\bfrom\s+((?:[\w'’-]+\s+){0,3}?[\w'’-]+)\s*(?:[(,.;:]|$)", re.I)
_LIST_KINDS = re.compile(
    r"\b(?:wait(?:ing)?[\s-]?lists?|lists?|rosters?|rotas?|registers?|teams?|shifts?|class(?:es)?|courses?|groups?"
    r"|channels?|chats?|clubs?|leagues?|programm?e?s?|events?|recitals?|concerts?|shows?|competitions?|runs?|queues?)\b",
    re.I,
)


def _removes_from_no_list(tool: ToolSpec) -> bool:
    """The tool's first sentence removes from something that is no list ("Remove a vessel from a customer's account").

    Taking someone off a waitlist, a roster or a shift (``_OFF_THE_LIST``) says no such tool's act: "Take C-55102 off
    the seasonal waitlist" removes no vessel. A remover that says no "from", or takes off a list kind (``_LIST_KINDS``:
    "Remove a student from a group class roster"), keeps the reading.
    """
    first = re.split(r"(?<=[.!?])\s|[。；;\n]", docstring_of(tool).strip(), maxsplit=1)[0]
    found = _FROM_WHAT.search(first)
    return found is not None and not _LIST_KINDS.search(found.group(1))


def _names_its_thing(text: str, tool: ToolSpec) -> bool:
    """``text`` names a word of the tool's name other than its verbs.

    "take bag XA447201 off courier run CD-4450" names ``remove_bag_from_delivery``'s bag; "Take C-55102 off the
    seasonal waitlist" names no vessel of ``vessel_remove``.
    """
    verbs = {"remove", "from", "withdraw"}
    words = [w for w in re.split(r"[_\W]+", tool.name.lower()) if len(w) > 2 and w not in verbs]
    return any(re.search(rf"\b{re.escape(w)}(?:s|es)?\b", text, re.I) for w in words)


_OWN_ACTS: dict[str, tuple[str, ...]] = {
    "archive": ("归档", "存档"),
    "execute": ("执行",),
    "exec": ("执行",),
    "run": ("执行", "跑"),
    "reboot": ("重启", "重新启动"),
    "restart": ("重启", "重新启动"),
    "restore": ("还原", "恢复"),
    "refund": ("退款", "退钱", "退回", "退费", "退给"),
    "retire": ("报废", "退役", "下掉", "淘汰"),
    "flush": ("刷新", "刷一下"),
    "revoke": ("收回", "吊销", "撤销"),
    "terminate": ("终止", "结束", "解约"),
    "end": ("结束", "终止"),
    "release": ("释放",),
}
"""Acts a destructive tool does that are not destroying, named by an English verb of the tool's own
words and said in Chinese: chosen on the development registries' destructive tools (archive a
channel, execute SQL, reboot, restore a backup, refund, flush a cache, revoke, terminate a backend); ``end``
came with the reading of a description that opens "End a ..." (``_ENDING``): no dev selection moves with it
(``benchmarks/destructive_ridealong.py``, both sets); ``release`` serves
``seat_release`` ("Release held seats back to sale.": 释放座位)."""

EVERYDAY_TAKEDOWNS = True
"""Everyday Chinese ways to take something down, back or out of service say the acts ``_TAKEDOWNS`` gives them, as
``_OWN_ACTS``'s words do. Chosen by ``benchmarks/destructive_ridealong.py --everyday-takedowns``: on the dev
registries (both sets, without and with profiles) it moves no selection."""
_TAKEDOWNS: dict[str, tuple[str, ...]] = {
    "remove": ("撤下", "扣回"),
    "deduct": ("扣回",),
    "unpublish": ("撤下", "下线"),
    "revoke": ("扣回",),
    "retire": ("下线",),
    "withdraw": ("退课", "退选", "退园"),
    "drop": ("退课", "退选"),
}
"""撤下 ("把他从早班撤下来": take him off the early shift; a listing taken down), 扣回 ("把那5000分扣回来": take
the points back), 下线 ("从车队里下线": take the car out of the fleet; a listing taken offline), 退课 and 退选
("帮他退课": withdraw him from a course, drop him from a class), 退园 ("KD-2041 办理退园", a
child withdrawn from a kindergarten; 退赛 is ``_WITHDRAW_FROM``'s). A question whether it was done ("下线了吗")
says no act (``ask_form.words_ask_nothing``), a report of it done holds it (``reports``). 扣回 says a removal's
or a deduction's act as a revoke's ("多给了 300 积分，扣回来": ``loyalty_points_remove``, not ``staff_access_revoke``):
the guard asks the best-ranked of the tools it says."""


def _own_acts_said() -> dict[str, tuple[str, ...]]:
    """``_OWN_ACTS``, with ``_TAKEDOWNS``'s words where ``EVERYDAY_TAKEDOWNS``."""
    if not EVERYDAY_TAKEDOWNS:
        return _OWN_ACTS
    return {verb: (*_OWN_ACTS.get(verb, ()), *_TAKEDOWNS.get(verb, ())) for verb in {**_OWN_ACTS, **_TAKEDOWNS}}


_NOT_BARE_REFUND = r"(?![订房出役休化步烧货])(?!课(?![费钱元款])|选课(?![费钱元款])|选(?![课费钱元款]))"
_BARE_REFUND_MONEY = re.compile(
    rf"退{_NOT_BARE_REFUND}[^。；;.!?\n]{{0,16}}?(?:钱|款|块|元|笔|费|押金|定金|订金|保证金|(?<!发)票)"
    rf"|(?:钱|款|块|元|笔|费|押金|定金|订金|保证金|(?<!发)票)[^。；;.!?\n]{{0,16}}?退{_NOT_BARE_REFUND}"
)
"""A bare 退 in a clause that names money ("退一下张先生那笔 PAY-1234", "给张先生退 300 块",
"那笔钱退掉", a deposit: "把押金退了", a course fee: "给张三退课费300元"): a refund; not 退订, 退房, 退出, 退役,
退休, 退货, 退课, 退选 (but 退课费, 退选课费: a money word right after them). A ticket is paid for: "两张票给客户退了"
refunds them (not 发票, an invoice)."""


ASKS_ZH = re.compile(
    r"帮我|帮忙|帮.{0,6}[把将]|(?<![申邀])请|麻烦|劳驾|替我|给我|能不能|可不可以|能否|可否|可以吗|好吗|行吗|行不行|好不好|"
    r"一下|要我|需要我|要不要|我来|我帮你|(?:如何|怎样|怎么)(?:才能|能)?(?:取消|删|退|撤|作废)|我(?:想|要|需要)"
)
"""Words that ask someone to do an act in Chinese (帮我, 请, 麻烦, 能不能..., ``ask_form``'s request markers).

Not the 请 of 申请 (an application) or 邀请 (an invitation), as ``wishes``' asks: "这个学生的退费申请批了吗？" asks
whether an application for the act was approved, a question about its state."""
QUESTION_ZH = re.compile(
    r"(?:吗|么|嘛|呢|没|没有|不|否)\s*(?:[A-Za-z][A-Za-z0-9_-]*\d[A-Za-z0-9_-]*\s*)?[~～。.!！]*$|是否|是不是|有没有|还在不在|什么|多少|几[个天号点次]|哪|为什么|为啥|啥|谁"
)
"""A Chinese clause that asks a question (吗, 没有, 是不是, 什么...)."""


_REPORT_VERB_ZH = _ZH.pattern + r"|退款|退费|退钱|撤下|扣回|下线|退课|退选|移出|撤出|退出"
"""The Chinese verbs a clause reports done in ``split_reports``: the tools' own verbs (``_ZH``), a refund's,
the everyday takedowns (``_TAKEDOWNS``: "已经下线了") and the removals (``_OUT_OF_ZH``: "S-3333 已经退出 C-12 班了");
not 不要了, 撤了, 停了 ("这单他不要了" asks)."""
_DONE_ZH = re.compile(rf"(?:已经?|已然|早就|早已|刚刚|刚才|都已经?|被)(?:{_REPORT_VERB_ZH})了?")
"""A verb after 已经 / 早就 / 刚刚 / 被: done ("已经取消", "被删除了")."""
_PERFECTIVE_ZH = re.compile(rf"^(?P<before>.*?)(?:{_REPORT_VERB_ZH})(?:掉|好|完|来|去)?了[\s~～。.!！]*$")
"""A clause that closes with the verb (a result or direction after it: 撤下来) and 了, nothing after it ("手术取消了";
"取消了吧" asks)."""
_OWN_BA_ZH = re.compile(r"^\s*(?:我们|咱们|我)[^，,。；;！!？?\n把将帮替让叫请要想得该]{0,6}?[把将]")
"""The speaker as the subject of a 把 clause ("我们把 E-114 从 MV-20988 撤下来了", "我已经把…"): their own act told
done, not one asked (``_reports_zh``)."""
_NOT_SUBJECT_ZH = re.compile(
    r"[把将帮替让叫]|^\s*(?:请|麻烦|给我)|给(?:我|他|她|客户)|(?:要|想|得|该|需要|必须|快|赶紧|就|再|都|全|全部)\s*$"
    r"|一下|马上|立刻|现在|只能|只好|只得|不得不|不能不|非得"
)
"""Before the verb, a sign the clause tells someone to act: 把 / 将 (what to act on), 帮 / 请, right before
the verb a modal (要, 得, 该, 需要, 必须) or all of them (都, 全), a time to act (马上, 现在): "把预约取消了",
"帮我取消了", "这个要取消了"; one forced anywhere before it (只能, 只好, 只得, 不得不, 不能不, 非得: "泳池坏了，
只能给 PY-8930 退款了" asks the refund). The same characters inside a noun or as "too" say
nothing: "快递取消了", "他的订单也取消了" report."""
_HAN_RUN = re.compile(r"[\u4e00-\u9fff]")
_WANTED_EN = (
    r"(?<!\bwant )(?<!\bwants )(?<!\bneed )(?<!\bneeds )(?<!\blike )(?<!\bget )(?<!\bgets )(?<!\bhave )"
    r"(?<!\bhas )(?<!\bhad )(?<!\bmake )(?<!\bkeep )(?<!\bsure )(?<!\bensure )"
)
"""Not the object of a wish or an order ("I want it deleted", "get it cancelled", "make sure it's removed")."""
_DONE_VERB_EN = rf"(?:(?:{_VERBS_EN}|{_MONEY_VERBS}|restore)(?:led|ped|ed|d)|banned|withdrawn|called\s+off)\b"
_REPORT_EN = re.compile(
    r"\b(?:(?:was|were|is|are|been|got|gotten|already|just)\s+|(?:'ve|have|has|had)\s+(?:already\s+|just\s+)?)"
    rf"{_DONE_VERB_EN}"
    rf"|\b{_WANTED_EN}(?:i|we|they|he|she|it|you)(?:'ve|'s)?\s+(?:already\s+|just\s+)?{_DONE_VERB_EN}"
    r"(?:(?!\s+(?:and|but|so|now|then|please|can|could|would|will)\b)[^,.;!?\n—–])*",
    re.I,
)
"""An English report of a done act: a participle after an auxiliary, "already" or a subject ("the surgery was
cancelled", "I've deleted it", "they cancelled", "the user was banned", "the surgery was called off"); after a
subject, with what it was done to, to the clause's end or where an ask starts ("We deleted customer C-12 by mistake,
restore him": the customer is told, not asked); "needs to be cancelled", "cancel it", "I want it deleted", "get it
cancelled", "make sure it's removed" ask."""
_CLAUSE_SPLIT = re.compile(r"([，,。；;!！\n])")


def _reports_zh(clause: str) -> bool:
    """A Chinese clause of its own that reports a done act: a subject, then the verb and 了, and no ask.

    A 把 after the speaker as subject tells their own act ("我们把 E-114 从 MV-20988 撤下来了", ``_OWN_BA_ZH``).
    """
    if ASKS_ZH.search(clause) or _asks_whether(clause) or clause.rstrip().endswith(("?", "？")):
        return False
    closing = _PERFECTIVE_ZH.match(clause.strip())
    if closing is None:
        return False
    before = closing.group("before")
    own = _OWN_BA_ZH.match(before)  # "我们把 X 撤下来了": the speaker's 把 tells what they did
    return _HAN_RUN.search(before) is not None and _NOT_SUBJECT_ZH.search(before[own.end() if own else 0 :]) is None


_TELL_ZH = re.compile(r"通知|告诉|告知|转告|知会|提醒|(?:跟|和|对|给)[^，,。；;！!？?\n]{1,10}?说")
"""Telling someone (通知, 告诉, 告知, 转告, 提醒, 跟…说): what follows in the clause is what they are told."""
_TELL_EN = re.compile(
    r"\b(?:tell|email|e-mail|notify|inform|text|ping|remind|warn|write(?:\s+to)?|say|"
    r"let(?:\s+[\w@.'-]+){1,3}?\s+know)\b(?P<to>(?:\s+(?!(?:that|if|whether)\b)[\w@.'-]+){0,4}?)\s+"
    r"(?:that\s+(?P<that>[^,.;!?\n]+?)|(?P<said>(?:(?!(?:that|if|whether|when|how|why)\b)[\w'-]+\s+){0,4}?"
    r"(?:[a-z]+'s|is|was|were|are|has|have|had|got)\s[^,.;!?\n]*?))(?=\s*,|\s+(?:and|then|but)\s|[.;!?\n]|$)",
    re.I,
)
"""Telling someone a content: a verb that tells ("email", "tell", "let Bob know", "say") and up to four
words of whom, then "that …" or a clause with its own verb ("the order was cancelled", "it's off"),
to the clause's end; "tell Bob to cancel it" asks, "cancel it and tell Bob" tells nothing."""
_TELL_SOFTENER_ZH = re.compile(r"[^，,。；;！!？?\n]{0,8}?(?:一下|一声)[，,]?")
"""Whom and 一下 / 一声 after a telling verb ("通知大家一下", "告诉他一声，"): the telling's, not the content's."""
TOLD = "told: "
"""What ``split_reports`` puts before a content a request tells someone (``told``)."""


def _told_zh(clause: str) -> tuple[str, str] | None:
    """A Chinese clause that tells someone an act done: the clause up to the telling, and what is told."""
    for tell in reversed(list(_TELL_ZH.finditer(clause))):
        soft = _TELL_SOFTENER_ZH.match(clause, tell.end())  # "通知大家一下": 一下 softens the telling
        cut = soft.end() if soft else tell.end()
        if _reports_zh(clause[cut:]):
            return clause[:cut], clause[cut:]
    return None


def told(reports: str) -> bool:
    """``reports`` (``split_reports``'s) hold a content the request tells someone: a report, whatever its words."""
    return any(line.startswith(TOLD) for line in reports.splitlines())


def told_apart(text: str) -> tuple[str, list[str]]:
    """``text`` without the contents it tells someone (``_TELL_EN``, ``_TELL_ZH``), and those contents.

    "再发邮件通知参会的人会议取消了" tells the attendees the meeting is cancelled: the ask is the e-mail
    ("再发邮件通知"); "email the attendees that it's off" asks for the e-mail ("email the attendees that").
    "通知他取消会议" (no 了: tell him to cancel it, or cancel it) and "tell Bob to cancel it" tell no content.
    """
    told_: list[str] = []

    def content(match: re.Match[str]) -> str:
        group = "that" if match.group("that") else "said"
        told_.append(match.group(group))
        return match.group()[: match.start(group) - match.start()]

    parts = _CLAUSE_SPLIT.split(_TELL_EN.sub(content, text))
    for i, part in enumerate(parts):
        if _HAN_RUN.search(part) and (found := _told_zh(part)) is not None:
            told_.append(found[1])
            parts[i] = found[0]
    return "".join(parts), told_


def split_reports(text: str) -> tuple[str, str]:
    """``text``'s ask, its reports of acts done left out, and those reports (joined by newlines).

    A report is a content the request tells someone (``told_apart``, put after ``TOLD``: "邮件通知参会的人会议
    取消了", "email them that it's off"), a Chinese clause of its own that says a destructive verb and 了 after
    what it was done to ("给张先生退 300 块，手术取消了": the surgery was cancelled, the reason for the refund), a
    verb after 已经 / 早就 / 被 ("已经取消"), or an English participle after an auxiliary or a subject ("was
    cancelled", "I've deleted it"). Not a report: "取消了吧", "帮我取消了", "把预约取消了" (把 names what to act
    on), "这个要取消了" (a modal), a question ("取消了吗").
    """
    untold, contents = told_apart(text)
    reports = [TOLD + c for c in contents]

    def keep(match: re.Match[str]) -> str:
        reports.append(match.group())
        return " "

    parts = _CLAUSE_SPLIT.split(untold)
    for i, part in enumerate(parts):
        if _HAN_RUN.search(part) and _reports_zh(part):
            reports.append(part)
            parts[i] = " "
    ask = _DONE_ZH.sub(keep, _REPORT_EN.sub(keep, "".join(parts)))
    return ask, "\n".join(reports)


_CLAUSE = re.compile(r"[。；;.!！\n，,]")
"""Where a request's clauses part, for the refund readings (``_bare_refund_asked``, ``_money_back_asked``)."""


def _bare_refund_asked(text: str) -> bool:
    """``text`` says a bare 退 with money (``_BARE_REFUND_MONEY``) in a clause that is no question about it.

    "这笔退了吗" asks whether; "能帮我把多收的房费退一下吗" asks for it (a request marker, ``ASKS_ZH``).
    """
    return any(_BARE_REFUND_MONEY.search(c) and not _asks_whether(c.strip()) for c in _CLAUSE.split(text))


_MONEY_WORD = r"(?:money|deposit|payment|fees?|charges?|cash)"
_MONEY_SAID = (
    rf"(?:{_MONEY_WORD}|dollars?|bucks|euros?|pounds?|quid|cents?|yuan|rmb|usd|eur|gbp"
    r"|(?:over)?paid|overcharged|charged|spent)\b"
)
"""After an amount, a word that makes it money: a unit ("the 20 dollars") or a payment ("the 300 I overpaid")."""
_MONEY_BACK = re.compile(
    rf"\b{_MONEY_WORD}\s+back\b|\b(?:give|pay|hand)s?\s+(?:(?:me|us|him|her|them)\s+)?back\s+(?:[\w'-]+\s+){{0,3}}?"
    rf"{_MONEY_WORD}\b{_MONEY_ENDS}"
    r"|\bget\s+(?:(?:the|my|our|that|this|those)\s+)?(?:[$€£¥]\d[\d.,]*\s+(?:[\w'$-]+\s+){0,4}?"
    rf"|\d[\d.,]*\s+(?:[\w'$-]+\s+){{0,3}}?{_MONEY_SAID}\s+(?:[\w'$-]+\s+){{0,3}}?"
    rf"|\d[\d.,]*\s+(?=back(?:\s+[\w'$-]+){{1,5}}?\s+(?:{_MONEY_SAID}|card|account|deducted|debited|billed)))back\b",
    re.I,
)
"""A refund in everyday English: "give the deposit back", "I want my money back", "give back the 300 euro
deposit", "pay back the fee", "give me back the second payment P-7710", an amount of money got back ("can I get
the 300 I overpaid back?", not "can I get my
2 tickets back?": a currency sign or ``_MONEY_SAID``; after "back" too, or a card or an account: "can I get the 45
back you took from my card", not "the 2 back you took from the shelf");
the money word ends its noun phrase (``_MONEY_ENDS``: not "hand
back the payment terminal", "give back the deposit box key")."""
_REPAYS = re.compile(
    r"\b(?:(?P<own>i|we)|he|she|they|(?:my|our|his|her|their)\s+[\w'-]+)(?:'ll|'d|\s+(?:will|would|can|could|should|must"
    r"|shall|needs? to|ha(?:ve|s|d) to|wants? to|'m going to|am going to|'re going to|are going to|is going to))?"
    r"\s+(?:pay|give|hand)s?\s+(?:(?:me|us|him|her|them)\s+)?back\b",
    re.I,
)
"""The one who asks, or a third person, pays, gives or hands back ("I'll pay back the fee next week", "I have to give
back the money I borrowed from my sister", "my flatmate should give back the money I lent her", "how do I hand back
the cash I found in the cab?"): a private debt, no refund asked by the "give back" it is part of ("I'd like my
deposit back so I can pay back my friend" asks one; "you should give back my deposit" too). A third person's only
when the money is not the asker's own (``_OWN_MONEY``) or is a loan (``_DEBT``): "my landlord should give back my
deposit" asks a refund, "my flatmate should give back the money I lent her" none."""
_OWN_MONEY = re.compile(rf"\b(?:my|our)\s+(?:[\w'-]+\s+){{0,2}}?{_MONEY_WORD}\b", re.I)
_DEBT = re.compile(r"\b(?:borrow\w*|lent|lends?|lending|loan\w*|owe[sd]?|owing)\b", re.I)
_ASKS_WHETHER_EN = re.compile(r"^\s*(?:did|has|have|had|was|were|is|are|when|whether)\b", re.I)
"""A clause that asks whether it happened ("did she get her money back?"), not for it."""


_NOT_EN = re.compile(r"\b(?:no|not|never|without)\b|n't\b", re.I)


def _money_back_asked(text: str) -> bool:
    """``text`` asks for money back (``_MONEY_BACK``) in a clause that asks neither whether nor not to have it."""
    for clause in _CLAUSE.split(text):
        mine = _OWN_MONEY.search(clause) is not None and not _DEBT.search(clause)
        repays = [m.span() for m in _REPAYS.finditer(clause) if m.group("own") or not mine]
        asked = (m for m in _MONEY_BACK.finditer(clause) if not any(s < m.end() and m.start() < e for s, e in repays))
        found = next(asked, None)
        if found and not _ASKS_WHETHER_EN.search(clause) and not _NOT_EN.search(clause[: found.start()]):
            return True
    return False


_MONEY_SAID_ZH = re.compile(r"\d\s*(?:块|元|毛)|[钱费款]|押金|定金|订金|保证金|余额")
_MONEY_BACK_ZH = re.compile(r"退(?:回|给|还)")
_MAY_ZH = re.compile(r"(?:能|可以|可否|能否)[^，,。；;！!？?\n]{0,8}?退")
_NOT_ASKED_BACK_ZH = re.compile(
    r"退[^，,。；;！!？?\n]{0,4}?了|已|什么|多久|几[天时号点个]|哪|何时|为什么|为啥|怎么|是否|有没有"
)


_NOT_BACK_ZH = re.compile(r"[不别没][^，,。；;！!？?\n]{0,6}?退")
_NO_REFUSAL_ZH = re.compile(r"(.)不\1|别忘|不要忘|不忘|没问题|没关系|没事|要不")
"""不, 别, 没 that refuse nothing: 能不能, 要不要 (a question), 别忘了 / 不要忘了 (don't forget to), 没问题 / 没关系 /
没事 (no problem), 要不 (how about). E.g. "别忘了把押金退给我", "没问题的话押金退给我吧"."""
_DEBT_ZH = re.compile(r"(?<!租)借(?!记)|(?<!退)还给")
"""A private debt in Chinese: 借 (not 借记卡, a debit card, nor 租借, renting), 还给 a person (not 退还给, a refund)."""
_DEPOSIT_ZH = re.compile(r"押金|定金|订金|保证金")
"""A deposit is paid, never lent: "借书押金请退还给我" (the deposit for borrowing books) pays no debt."""


def _refused_zh(clause: str) -> bool:
    """A Chinese clause that refuses money back (不, 别, 没 before 退; not ``_NO_REFUSAL_ZH``) or pays a debt."""
    unasked = _NO_REFUSAL_ZH.sub("", clause)
    debt = _DEBT_ZH.search(clause) is not None and not _DEPOSIT_ZH.search(clause)
    return _NOT_BACK_ZH.search(unasked) is not None or debt


def asks_money_back_zh(text: str) -> bool:
    """``text`` asks money back in Chinese: 退回 / 退给 / 退还 in a sentence that names money, as a question too.

    "我多交了 300 块钱，能退回来吗？", "余额 120 元能退回原卡吗？": a question that asks whether it can be done (能,
    可以... before 退) asks for it. Not whether or when it was done: "多交的钱退回来了吗？", "300 块退回了没有",
    "多交的钱什么时候能退回来？" (``_NOT_ASKED_BACK_ZH``). Nor refused ("押金不要退给我", "押金能不能不退还？": 不, 别,
    没 before 退, ``_NOT_BACK_ZH``), nor a private debt ("我要退还借朋友的钱", ``_DEBT_ZH``).
    """
    for sentence in re.split(r"(?<=[。！!？?；;\n])", text):
        if not _MONEY_SAID_ZH.search(sentence):
            continue
        for clause in _CLAUSE.split(sentence):
            if not _MONEY_BACK_ZH.search(clause) or _NOT_ASKED_BACK_ZH.search(clause) or _refused_zh(clause):
                continue
            if not _asks_whether(clause.strip()) or _MAY_ZH.search(clause):
                return True
    return False


def _asks_whether(clause: str) -> bool:
    """A Chinese clause that asks a question (``QUESTION_ZH``, a question mark) and asks nobody to act."""
    question = clause.endswith(("?", "？")) or QUESTION_ZH.search(clause.rstrip("?？")) is not None
    return question and not ASKS_ZH.search(clause)


def _act_words(tool: ToolSpec) -> set[str]:
    """The English words a tool names its own act by: its name's words (less a server) and its opening word.

    ``remove`` for a description that opens by taking someone off something (``_TAKE_OFF_DESC``), ``refund`` for
    one that gives money back (``_gives_money_back``), as ``_own_acts`` reads them.
    """
    words = set(_name_words(bare_name(tool))) | ({"remove"} if _takes_off(tool) else set())
    words |= {"refund"} if _gives_money_back(tool) else set()
    opening = re.match(r"\s*([A-Za-z]+)", docstring_of(tool))
    if opening:
        word = opening.group(1).lower()
        words |= {word, re.sub(r"(?:es|s)$", "", word) if len(word) > 5 else word}
    return words


_CUT_ASKED_EN = re.compile(
    r"(?<!\bwas )(?<!\bwere )(?<!\bgot )(?<!\bbeen )(?<!\bbe )(?<!\bis )(?<!\bare )"
    r"(?:\b(?:disconnect|shut\s+off|cut\s+off)\s+(?:[\w'/.-]+\s+){0,3}?"
    r"|\b(?:shut|cut)\s+(?:[\w'/.-]+\s+){0,2}?(?=(?:water|electricity|power|gas|heating|supply)\s+off\b))"
    r"(?:water|electricity|power|gas|heating|supply)\b",
    re.I,
)
"""Cutting a supply off asked in English: "disconnect the electricity at 18 Xingfu Rd", "cut off the power at 5 Lake
View", "shut the water off" (not reported: "the power was cut off", "my water got shut off")."""
_CUT_ZH = re.compile(
    r"(?:停|断|切断|关)[水电气](?![了费表价箱话脑视梯器影池厂站线路网计通单的情原时期范区安信什多几怎检维公])"
    r"|[水电气](?:都)?给?(?:停掉|断掉|关掉|切断)|切断[^，,。；;！!？?\n]{1,8}?[水电气](?![费表价箱话脑视梯器])"
)
"""Cutting water, electricity or gas off in Chinese, as an act: 停水, 断电, "把电停掉", "切断该地址的电"; not an outage
reported or named: "停电了", 停电计划, 停水通知, 停水那个单子 (a word of a state, a plan or a time after it)."""
_TELLS_ZH = re.compile(r"[把将给对帮请]|马上|立刻|立即|赶紧|尽快|掉|切断")
"""In the clause, a sign it tells someone to act: 把 / 给 / 对 what to act on, a time to act, 掉 (the act done);
not 要 or 现在 alone ("明天要停水", "小区现在停电": a forecast, a report)."""
_HEARD_ZH = re.compile(r"听说|据说|通知|说|预计")
"""A cut heard of or announced ("听说明天要停电", "物业说马上停水"): a forecast, unless a request marker or 把 / 给 /
帮 / 请 tells someone to act ("请明天给幸福路18号停水")."""
_SOON_ZH = re.compile(r"明天|后天|下周|今晚")
_CUT_SAID_ZH = re.compile(r"切断|掉")
"""A cut to come ("明天要停水", "明天停电"): a forecast, unless the act is said as one (切断, 掉: "明天切断3号楼的电")
with no 要 or 会 before it ("明天会切断3号楼的电" is one)."""
_TOLD_EN = re.compile(
    r"^\s*(?:(?:please|pls|kindly|just|now|then|so|and|also|ok(?:ay)?|go\s+ahead\s+and|go|let['’]?s|let\s+us"
    r"|(?:it['’]?s\s+)?time\s+to)\s+)*$"
    r"|\bplease\b|\b(?:can|could|would|will)\s+(?:you|u)\b"
    r"|\b(?:i|we)(?:'d|\s+would)?\s+(?:like|want|need|have)s?\s+(?:you\s+|someone\s+)?to\b",
    re.I,
)
"""Before an English supply cut, what tells the listener to do it: nothing (the clause, or what follows a dash in it,
opens with the verb; "go", "let's", "time to" before it), please, "can you", "I want (you) to", "we have to"; not a
third person's act ("The storm cut off power to our block") nor a past one ("we had to cut off the power")."""
_DASH = re.compile(r"\s[-–—]\s|[—–]")
"""A dash that sets a told cut off from what comes before it ("Tenant moved out - cut off the power ..."); not a
colon, which labels what follows ("Note: cut off the power at 5 Lake View happened yesterday" is no command)."""
_ASKS_WHETHER_EN = re.compile(r"^\s*(?:why|did|do|does|should|must|shall|has|have|had|was|were|is|are|when)\b", re.I)
"""A clause that opens as a question ("do we have to cut off the power ...?", "why did you cut off my power?")."""
_NOT_CUT_ZH = re.compile(r"别(?!忘)|不用|不要|不必|无需|没必要|甭|不(?=[把给将再去]|切断|[停断关])")
"""Before a Chinese supply cut, a refusal: "明天别切断3号楼的电", "今晚不用切断3号楼的电了"."""
_CUT_NAMED_ZH = re.compile(r"^[^，,。；;！!？?\n]{0,8}?(?:的(?:事|计划|通知|安排|决定)|取消)")
"""After a Chinese supply cut, what makes it a thing named, not an act: "下周切断电源的事情取消了"."""
_CONFIRMS_ZH = re.compile(r"(?:对吗|是吗|对吧|是吧|对不对|是不是|没错吧)\s*[？?]?\s*$")
"""A tag that asks whether what came before is so ("明天切断3号楼的电，对吗"): a question, no ask."""


def _cut_supply_asked(text: str) -> bool:
    """``text`` asks to cut a supply off (``_CUT_ASKED_EN``; ``_CUT_ZH`` in a clause that tells to act, no question).

    "请给幸福路18号停水", "把这个空房的电停掉", "disconnect the electricity at 18 Xingfu Rd"; not "我们楼停水了" (a
    supply out: a report), "这周末有没有计划停水？", "why did you cut off my power?", "明天要停水", "物业说马上停水" (a
    forecast, ``_cut_told_zh``), "The storm cut off power to our block" (no one told, ``_TOLD_EN``).
    """
    if _CONFIRMS_ZH.search(text):
        return False
    for clause in _CLAUSE.split(text):
        if _NOT_EN.search(clause) or _ASKS_WHETHER_EN.search(clause):
            continue
        cut_en = _CUT_ASKED_EN.search(clause)
        if cut_en and _TOLD_EN.search(_DASH.split(clause[: cut_en.start()])[-1]):
            return True
        cut = _CUT_ZH.search(clause)
        question = _asks_whether(clause) or re.search(r"为什么|为啥|怎么|凭什么", clause) is not None
        if cut and not question and _cut_told_zh(clause[: cut.start()], clause[cut.end() :], clause):
            return True
    return False


def _cut_told_zh(before: str, after: str, clause: str) -> bool:
    """A Chinese supply cut's clause tells someone to act (``_TELLS_ZH``, ``ASKS_ZH``), not heard of (``_HEARD_ZH``).

    A cut to come (``_SOON_ZH``) is told only when said as an act with no modal before it (``_CUT_SAID_ZH``). Not
    refused (``_NOT_CUT_ZH``), reported done (已经, 已) nor named (``_CUT_NAMED_ZH``).
    """
    if _NOT_CUT_ZH.search(before) or re.search("已经?", before) or _CUT_NAMED_ZH.search(after):
        return False
    if ASKS_ZH.search(clause) or re.search(r"[把将给帮请]", before):
        return True
    if _TELLS_ZH.search(clause) is None or _HEARD_ZH.search(before):
        return False
    return not _SOON_ZH.search(before) or (_CUT_SAID_ZH.search(clause) is not None and not re.search("[要会]", before))


def names_cut_or_removal(text: str, tool: ToolSpec) -> bool:
    """``text`` names the tool's act, told or not: a supply cut off (``_CUT_SUPPLY``) or a taking out (``_OUT_OF``).

    What a report or a refusal says ("下周切断电源的事情取消了", "明天别切断3号楼的电", "别让 S-3333 退出 C-12 班"):
    the act it holds, where ``_cut_supply_asked`` finds no cut asked and 退出 alone is no destroy word.
    """
    if _OUT_OF.search(text) and request_says_its_act_across("移出", tool):
        return True
    cut = _CUT_ZH.search(text) is not None or _CUT_ASKED_EN.search(text) is not None
    return cut and _CUT_SUPPLY.match(docstring_of(tool).strip()) is not None


def request_says_its_own_act(text: str, tool: ToolSpec) -> bool:
    """The request says the act a tool's own words name, in the other language (``_OWN_ACTS``).

    "把 #proj-atlas 频道归档" for ``slack__archive_channel``; "archive ..." for a tool described "归档..."
    (the English verb said in any form). Acts that destroy are ``request_says_its_act``'s. Money back asked
    (``_bare_refund_asked``, ``_money_back_asked``, ``asks_money_back_zh``) for a tool that refunds; a supply cut
    off asked (``_cut_supply_asked``) for one that disconnects it (``_CUT_SUPPLY``).
    """
    words, acts = _act_words(tool), _own_acts_said()
    if any(verb in words and any(zh in text for zh in said) for verb, said in acts.items()):
        return True
    if "refund" in words and (_bare_refund_asked(text) or _money_back_asked(text) or asks_money_back_zh(text)):
        return True
    if _CUT_SUPPLY.match(docstring_of(tool).strip()) and _cut_supply_asked(text):
        return True
    first = re.split(r"[。；;.!?\n]", docstring_of(tool).strip(), maxsplit=1)[0][:24]
    named = [verb for verb, said in acts.items() if any(zh in first for zh in said)]
    return any(re.search(rf"\b{re.escape(v.rstrip('e'))}(?:e|es|s|ing|ed|d)?\b", text, re.I) for v in named)


def says_its_act_any_way(text: str, tool: ToolSpec) -> bool:
    """``text`` says ``tool``'s act any way the guard reads it.

    Its own verb (``request_says_its_act``), in the other language (``request_says_its_act_across``), or the act its
    own words name (``request_says_its_own_act``).
    """
    return (
        request_says_its_act(text, tool)
        or request_says_its_act_across(text, tool)
        or request_says_its_own_act(text, tool)
    )


def name_words(name: str) -> list[str]:
    """The lower-case words of a tool name (snake, kebab or camel case)."""
    return _name_words(name)


_WORD_REST = re.compile(r"(?<=[A-Za-z0-9])[A-Za-z0-9]+")
"""The rest of an English word whose first letters end a cut clause."""


def first_clause(description: str) -> str:
    """A description's first clause, its first 24 characters at most, and the rest of an English word they cut.

    "Permanently delete a customer account" reads "Permanently delete a customer", never the stem "cus".
    """
    cut = _first_clause(description)
    rest = _WORD_REST.match(description, len(cut)) if cut else None
    return cut + rest.group(0) if rest else cut


def is_destroy_word(word: str) -> bool:
    """``word`` is a destructive verb of a request, English or Chinese (``request_is_destructive``)."""
    return bool(_REQUEST_EN.fullmatch(word) or _REQUEST_ZH.search(word) or re.search(_WAIVE_WORDS, word))


_SENTENCE_SPLIT = re.compile(r"(?<=[.!?。！？；;])\s*|\n+")
_POINTING = re.compile(r"\bnot\b|n't\b|\binstead\b|\buse\b|\brather than\b|不要|改用|而不是|请用|请使用|不负责", re.I)
_NAME_TOKEN = re.compile(r"\w+(?:[.:/-]\w+)*")


def points_elsewhere(sentence: str, own: str, names: Container[str]) -> bool:
    """A sentence that names another tool to say not to use this one for it ("Does NOT refund — use refund_issue")."""
    return bool(_POINTING.search(sentence)) and any(w != own and w in names for w in _NAME_TOKEN.findall(sentence))


def pointed_to(description: str, own: str, names: Container[str]) -> set[str]:
    """The other tools of ``names`` the pointer sentences of ``description`` send their act to (``points_elsewhere``).

    "Does NOT unlock an account locked by too many failed logins — use account_unlock for that" -> account_unlock.
    """
    return {
        w
        for s in _SENTENCE_SPLIT.split(description)
        if points_elsewhere(s, own, names)
        for w in _NAME_TOKEN.findall(s)
        if w != own and w in names
    }


def without_pointers(description: str, own: str, names: Container[str]) -> str:
    """``description`` less its sentences that point to another of ``names`` (their words are not its act)."""
    return " ".join(s for s in _SENTENCE_SPLIT.split(description) if s.strip() and not points_elsewhere(s, own, names))


_VERB_SAID = re.compile(rf"\b(?:{_VERBS_EN}|{_MONEY_VERBS})(?:s|es|ed|d|ing|led|ped)?\b", re.I)
_REFUND_SAID_ZH = re.compile(r"退款|退费|退钱")
"""The Chinese words of a refund ("把第二笔退款"); 撤回 (withdraw) and the other
``_MONEY_ZH`` words say an order's cancel as often, so they name no act apart from it."""


def destroy_verbs_said(text: str) -> tuple[str, ...]:
    """The destroying verbs ``text`` says (``_VERBS_EN``, ``_MONEY_VERBS``, the Chinese ``_ZH``, a refund's)."""
    english = tuple(m.group().lower() for m in _VERB_SAID.finditer(text))
    return english + tuple(_ZH.findall(text)) + tuple(_REFUND_SAID_ZH.findall(text))
