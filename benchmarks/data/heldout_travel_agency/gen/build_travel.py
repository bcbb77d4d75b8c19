from lib import write
from travel_tools import TOOLS
from travel_queries import QUERIES
from travel_convs import CONVS
write(str(__import__('pathlib').Path(__file__).resolve().parents[1]), TOOLS, QUERIES, CONVS)
