"""Tool profiles: requests a model writes for each tool, and for the registry near misses."""
