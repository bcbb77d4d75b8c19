import json, os
def S(props, required=()):
    d = {"type": "object", "properties": props}
    if required: d["required"] = list(required)
    return d
def st(desc=None, enum=None, fmt=None):
    d = {"type": "string"}
    if desc: d["description"] = desc
    if enum: d["enum"] = enum
    if fmt: d["format"] = fmt
    return d
def it(desc=None, mn=None, mx=None):
    d = {"type": "integer"}
    if desc: d["description"] = desc
    if mn is not None: d["minimum"] = mn
    if mx is not None: d["maximum"] = mx
    return d
def num(desc=None):
    d = {"type": "number"}
    if desc: d["description"] = desc
    return d
def bo(desc=None):
    d = {"type": "boolean"}
    if desc: d["description"] = desc
    return d
def arr(items, desc=None):
    d = {"type": "array", "items": items}
    if desc: d["description"] = desc
    return d
def T(name, desc, params, cat, tags, ro=None, de=None):
    t = {"name": name, "description": desc, "parameters": params, "category": cat, "tags": tags}
    if ro is not None:
        t["annotations"] = {"readOnlyHint": ro, "destructiveHint": bool(de)}
    return t
def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

class Conv:
    """Build a conversation from turns; gold = tools called in that turn."""
    def __init__(self, cid, lang, note=None):
        self.cid, self.lang, self.note = cid, lang, note
        self.msgs = []; self.n = 0
    def turn(self, text, kind, calls=(), reply="", steps=None):
        # calls: list of (tool, args_dict, result_obj_or_str); steps: list of call-lists for several assistant msgs
        if steps is None:
            steps = [list(calls)] if calls else []
        gold = []
        for step in steps:
            for c in step:
                if c[0] not in gold: gold.append(c[0])
        self.msgs.append({"role": "user", "content": text, "gold": gold, "kind": kind})
        for step in steps:
            tcs, res = [], []
            for name, args, result in step:
                self.n += 1
                cid = f"call_{self.n}"
                tcs.append({"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)}})
                res.append({"role": "tool", "tool_call_id": cid, "content": result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)})
            self.msgs.append({"role": "assistant", "content": "", "tool_calls": tcs})
            self.msgs.extend(res)
        self.msgs.append({"role": "assistant", "content": reply})
        return self
    def obj(self):
        o = {"id": self.cid, "lang": self.lang, "messages": self.msgs}
        if self.note: o["note"] = self.note
        return o
