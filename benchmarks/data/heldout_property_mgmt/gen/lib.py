import json, os

def T(name, desc, props, required=None, category="", tags=(), ro=None, de=None):
    params = {"type": "object", "properties": props}
    if required:
        params["required"] = list(required)
    d = {"name": name, "description": desc, "parameters": params, "category": category, "tags": list(tags)}
    if ro is not None:
        d["annotations"] = {"readOnlyHint": ro, "destructiveHint": bool(de)}
    return d

def s(desc, enum=None, fmt=None):
    d = {"type": "string", "description": desc}
    if enum: d["enum"] = enum
    if fmt: d["format"] = fmt
    return d
def i(desc): return {"type": "integer", "description": desc}
def n(desc): return {"type": "number", "description": desc}
def b(desc): return {"type": "boolean", "description": desc}
def arr(desc, items=None): return {"type": "array", "description": desc, "items": items or {"type": "string"}}

def Q(qid, query, gold, lang, kind):
    return {"id": qid, "query": query, "gold": list(gold), "lang": lang, "kind": kind}

class Conv:
    def __init__(self, cid, lang, note=None):
        self.d = {"id": cid, "lang": lang, "messages": []}
        if note: self.d["note"] = note
        self.k = 0
    def u(self, content, gold, kind):
        self.d["messages"].append({"role": "user", "content": content, "gold": list(gold), "kind": kind}); return self
    def call(self, *calls):
        """calls: (name, args_dict, result_obj_or_str) tuples in one assistant message"""
        tcs, res = [], []
        for name, args, result in calls:
            self.k += 1
            cid = f"call_{self.k}"
            tcs.append({"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)}})
            res.append({"role": "tool", "tool_call_id": cid, "content": result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)})
        self.d["messages"].append({"role": "assistant", "content": "", "tool_calls": tcs})
        self.d["messages"].extend(res); return self
    def a(self, text):
        self.d["messages"].append({"role": "assistant", "content": text}); return self

def write(folder, tools, queries, convs):
    os.makedirs(folder, exist_ok=True)
    for fn, rows in (("tools.jsonl", tools), ("queries.jsonl", queries), ("conversations.jsonl", [c.d for c in convs])):
        with open(os.path.join(folder, fn), "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
