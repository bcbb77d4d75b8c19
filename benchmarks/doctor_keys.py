"""What the doctor reads as a key: the required parameters of a lookup "by a key" (issue #32 item 6).

    python benchmarks/doctor_keys.py            # the dev registries, then ../shared/data's (when present)

``acts.keyed_apart`` tells two names of one search apart when one requires a key the other does not take;
a key is a parameter whose name's last word is one of ``acts.KEY_WORDS``, none of whose words is one of
``acts.VALUE_WORDS`` or ``acts.CONTACT_WORDS`` (but for an id's) (``acts.is_key``: ``tenant_id``,
``policy_number``, ``product_sku``; not ``phone_number``, ``country_code``, ``page_number``, ``name_or_phone``,
``query``). The word lists are written from the id words the selection reads; no data here chose them. Before,
any required parameter the other lacked was a key.

Per dev registry: its pairs of names of one search (``acts.synonym_pairs``) and which of them the rule reads
as keyed before and now; the dev truth can choose the word lists only through such pairs. Then, per registry
(dev, then ../shared/data's, read only), its required parameters by last word: read as keys, struck by a
contact or a value word, and the rest's most common last words (a word a key list misses would show there).
"""

from __future__ import annotations

import re
import sys
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, whichever one is installed

from toolfilter_core import ToolSpec, read_tools_file  # noqa: E402
from toolfilter_core._doctor import acts  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
SHARED = ROOT.parent / "shared" / "data"
DEV = ("toolkit48", "dev_hotel_pms", "dev_school_lms", "dev_homelab_net", "dev_photo_studio", "dev_mcp_fleet")
SHOWN = 12
_WORDS = re.compile(r"[a-z0-9]+")


def _required(tool: ToolSpec) -> list[str]:
    required = tool.parameters.get("required") or ()
    return [p for p in required if isinstance(p, str)]


def keyed_before(a: ToolSpec, b: ToolSpec) -> bool:
    """The rule before ``acts.is_key``: one requires any parameter the other does not take (both declare some)."""
    if not (a.parameter_names and b.parameter_names):
        return False
    return any(p not in y.parameter_names for x, y in ((a, b), (b, a)) for p in _required(x))


def one_search_pairs(name: str, tools: list[ToolSpec]) -> None:
    """A dev registry's pairs of names of one search, and which the rule reads as keyed before and now."""
    pairs = sorted(acts.synonym_pairs([t.name for t in tools]))
    before = [(i, j) for i, j in pairs if keyed_before(tools[i], tools[j])]
    now = [(i, j) for i, j in pairs if acts.keyed_apart(tools[i], tools[j])]
    said = ", ".join(f"{tools[i].name} ~ {tools[j].name}" for i, j in pairs) or "none"
    print(f"{name}: names of one search {len(pairs)} ({said}); keyed before {len(before)}, now {len(now)}")


def parameters(name: str, tools: list[ToolSpec]) -> None:
    """A registry's required parameters by last word: keys, struck by a contact or a value word, the rest."""
    keys, struck, rest = Counter[str](), Counter[str](), Counter[str]()
    for tool in tools:
        for parameter in _required(tool):
            words = _WORDS.findall(re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", parameter).lower())
            if not words:
                continue
            if acts.is_key(parameter):
                keys[words[-1]] += 1
            elif words[-1] in acts.KEY_WORDS:
                struck["_".join(words)] += 1
            else:
                rest[words[-1]] += 1
    print(f"  {name}: keys {sum(keys.values())} {dict(keys.most_common())}")
    print(f"    struck by a contact or a value word {sum(struck.values())} {dict(struck.most_common(SHOWN))}")
    print(f"    other last words {sum(rest.values())}, most common {dict(rest.most_common(SHOWN))}")


def main() -> int:
    print(f"KEY_WORDS {sorted(acts.KEY_WORDS)}; CONTACT_WORDS {sorted(acts.CONTACT_WORDS)}")
    print(f"VALUE_WORDS {sorted(acts.VALUE_WORDS)}")
    for name in DEV:
        one_search_pairs(name, read_tools_file(DATA / name / "tools.jsonl"))
    print("required parameters by last word:")
    for name in DEV:
        parameters(name, read_tools_file(DATA / name / "tools.jsonl"))
    warnings.simplefilter("ignore")  # the shared registries' names and descriptions: not read here
    shared = sorted(SHARED.glob("*/tools.jsonl")) + sorted(SHARED.glob("*/*/tools.jsonl")) if SHARED.is_dir() else []
    for path in shared:
        parameters(str(path.parent.relative_to(SHARED)), read_tools_file(path))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
