"""The words a message corrects itself with, one list read by the request reader and the conversation reader alike.

Corrections in English and their counterparts in
the other language.
"""

from __future__ import annotations

__all__ = ["BARE_NO", "CORRECTING_EN", "CORRECTING_ZH"]

BARE_NO = r"(?:no|nope)\b(?!['’-]\w)|不(?=\s*(?:[，,]|[—–]|--?))"
"""A bare "no" ("no, …", "nope —", "No. Just …"; "不，…", "不——…"; not "no-show" nor 不 inside a word): a correction
when a reply opens with it, and in a request where a dash, or a comma or stop and "just", "only", "instead", "first"
or "rather", follows it."""
CORRECTING_EN = r"actually|no\s+wait|wait,?\s+no"
CORRECTING_ZH = r"不对|我是说"
"""The other words that open a correction, in a request or a reply alike ("actually just pull up sale S-4455",
"不对，是订单 O-5513")."""
