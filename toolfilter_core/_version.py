"""The version of the toolfilter distribution: the one place it is written.

``pyproject.toml`` reads it (``[tool.hatch.version]``), and ``toolfilter_core``,
``langchain_toolfilter`` and ``llamaindex_toolfilter`` all export it as ``__version__``.
"""

__version__ = "0.1.0"
