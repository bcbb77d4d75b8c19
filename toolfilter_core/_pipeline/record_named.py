"""A request that names one of the registry's records is never "no tool needed" by the evidence.

The no-tool evidence (``abstain.abstain_score``) reads a request's words as a whole: "How's MJ-204 coming along?"
sits near "hi, how are you?", "Does Mr Ito have a dog?" near a request to name a puppy. Yet each names a record
no model knows and a tool reads: an id of a shape some tool takes (the registry's own words give the prefix:
"Job id such as MJ-204"), or a person by title and surname ("Mr Ito", "Mrs Brown", "张女士", "王先生"), the way
a business names its customers. Such a request is served as usual (it may still be social, or the model's own
words: those readings come first), like one carrying a value of a kind some tool takes (a path, a URL).

A record named in passing counts for nothing, and the evidence decides as for any request: in a clause that is
social once the name is taken out ("谢谢你，李小姐", "thanks, MJ-204 looks great", "how are you, MJ-204?"), in
an introduction ("你好，我是王先生") or in asking who someone is or was ("who was Dr Seuss?"); "does Mr Ito have a
dog?" asks of the person. Asking who someone is names them in passing only where no tool looks a person up by name
(``looks_up_people``): "who is Mr Ito?" beside "Look up a customer by name" asks the look-up.
"""

from __future__ import annotations

import re
import weakref

from .._clauses import clause_parts, is_introduction
from .._snapshot import Snapshot
from .._social import is_social
from .id_shapes import id_prefixes, id_shapes, ids_in

__all__ = ["record_named"]

_TITLED_EN = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.? [A-Z][a-z]+(?:-[A-Z][a-z]+)?\b")
"""A person by English title and surname ("Mr Ito", "Mrs. Brown", "Dr Patel"); the surname capitalised."""
_TITLED_ZH = re.compile(r"(?<![这那每该此一位个名])[\u4e00-\u9fff](?:先生|女士|小姐|太太|阿姨)")
"""A person by surname and title in Chinese ("张女士", "王先生", "李阿姨"); not "这位先生", "一位女士"."""


def record_named(snapshot: Snapshot, text: str) -> str | None:
    """What in ``text`` names a record: an id whose prefix some tool takes, or a person by title; None if nothing.

    >>> _TITLED_EN.search("Does Mr Ito have a dog?").group(0), _TITLED_ZH.search("张女士的账单付了没").group(0)
    ('Mr Ito', '张女士')
    >>> _TITLED_EN.search("mr fixit tips"), _TITLED_ZH.search("这位先生要什么")
    (None, None)
    """
    passing = _passing_alone(clause_parts(text), looks_up_people(snapshot))
    described = id_prefixes(text) & id_shapes(snapshot).described
    ids = [found for found in ids_in(text) if found.split("-")[0].split("_")[0].lower() in described]
    if described and (len(ids) == 0 or not _all_in(ids, passing)):
        return "id"
    people = [m.group(0) for m in (*_TITLED_EN.finditer(text), *_TITLED_ZH.finditer(text))]
    if people and not _all_in(people, passing):
        return "person"
    return None


_ABOUT_SOMEONE = re.compile(
    r"\b(?:he|she|him|her|hers|his|it|its|they|them|their|my|our|who|whose)\b|[他她它谁]|我家|我的|我们的",
    re.IGNORECASE,
)
"""Words by which a clause can be about a named record: a pronoun, a possessive, a question about a person ("我家的狗
怎么样了", "is her invoice paid?"); "tell me a joke" has none."""


_BY_NAME = re.compile(
    r"(?i:\b(?:customer|client|member|patient|guest|student|contact|employee|staff|user|person|people|tenant|"
    r"resident|parent|owner)s?\b.*\bby (?:their |full |first |last |sur)?name\b)|按(?:姓名|名字)|(?:姓名|名字)查"
)
"""A tool that looks a person up by name ("Look up a customer by name", "按姓名查询客户"), as a
``get_customer``."""
_PEOPLE: weakref.WeakKeyDictionary[Snapshot, bool] = weakref.WeakKeyDictionary()


def looks_up_people(snapshot: Snapshot) -> bool:
    """Some tool of the registry looks a person up by name (``_BY_NAME`` in its name or description), read once."""
    found = _PEOPLE.get(snapshot)
    if found is None:
        texts = (f"{tool.name.replace('_', ' ')} {tool.description}" for tool in snapshot.tools)
        found = _PEOPLE[snapshot] = any(_BY_NAME.search(text) for text in texts)
    return found


def _passing_alone(parts: list[str], people_looked_up: bool = False) -> list[str]:
    """The clauses that name a record in passing (``_in_passing``), when no other clause can be about it; else none.

    A clause beside them about someone ("你好，我是王先生，我家的狗怎么样了") may ask about the named record; one about
    nobody ("hi, I'm Mr Ito, tell me a joke") does not.
    """
    passing = [part for part in parts if _in_passing(part, people_looked_up)]
    others = [part for part in parts if part not in passing]
    return passing if not any(_ABOUT_SOMEONE.search(part) for part in others) else []


def _all_in(names: list[str], parts: list[str]) -> bool:
    """Each of ``names`` is whole in one of ``parts``."""
    return all(any(name in part for part in parts) for name in names)


_WHO = re.compile(r"(?i:who\s*(?:is|was|'s)|是谁|是什么人)")
"""What is left of a clause asking who someone is or was ("who was Dr Seuss?", "王先生是谁"): general knowledge."""
_MARKS = " \t.,!?;:'’\"，。！？；：~～"


def _in_passing(clause: str, people_looked_up: bool = False) -> bool:
    """``clause`` names a record in passing (``record_named``): an introduction, or social once the name is out.

    The name taken out, nothing but social words may be left, or who someone is where no tool looks people up.

    >>> _in_passing("李小姐"), _in_passing("MJ-204 looks great"), _in_passing("who was Dr Seuss?")
    (True, True, True)
    >>> _in_passing("does Mr Ito have a dog?"), _in_passing("how's MJ-204 coming along?")
    (False, False)
    """
    if is_introduction(clause):
        return True
    rest = _TITLED_ZH.sub(" ", _TITLED_EN.sub(" ", clause))
    for found in ids_in(rest):
        rest = rest.replace(found, " ")
    rest = " ".join(rest.split()).strip(_MARKS)
    return not rest or is_social(rest) or (_WHO.fullmatch(rest) is not None and not people_looked_up)
