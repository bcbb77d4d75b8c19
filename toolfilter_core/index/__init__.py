"""The tool index and its record stores (in memory, Chroma)."""
