"""The ``toolfilter`` command line: demo, index, select, eval, fit, record, config, bench.

A stable contract: scripts depend on the commands, flags and the JSON keys they print.
User mistakes print one clear line to stderr and exit with status 2; nothing prints a
Python traceback for them.
"""

from ._main import main

__all__ = ["main"]
