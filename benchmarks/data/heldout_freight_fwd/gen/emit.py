import sys; sys.path.insert(0, __import__("os").path.dirname(__file__))
from common import write_jsonl
which = sys.argv[1]
if which == "freight":
    import freight_tools as t, freight_queries as q, freight_convs as c
    out = __import__("os").path.dirname(__import__("os").path.dirname(__file__)) + "/../heldout_freight_fwd"
else:
    import dental_tools as t, dental_queries as q, dental_convs as c
    out = __import__("os").path.dirname(__import__("os").path.dirname(__file__)) + "/../heldout_dental_chain"
write_jsonl(out + "/tools.jsonl", t.tools)
write_jsonl(out + "/queries.jsonl", q.queries)
write_jsonl(out + "/conversations.jsonl", [x.obj() for x in c.convs])
print("wrote", out)
