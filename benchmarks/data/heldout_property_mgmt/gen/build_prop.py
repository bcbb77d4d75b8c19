from lib import write
from prop_tools import TOOLS
from prop_queries import QUERIES
from prop_convs import CONVS
write(str(__import__('pathlib').Path(__file__).resolve().parents[1]), TOOLS, QUERIES, CONVS)
