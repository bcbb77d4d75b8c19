"""``python -m benchmarks.harness [flags]``: ``toolfilter bench`` from a source checkout (the same flags)."""

import sys

from toolfilter_core.cli import main

sys.exit(main(["bench", *sys.argv[1:]]))
