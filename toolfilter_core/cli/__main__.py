"""``python -m toolfilter_core.cli``: the ``toolfilter`` command."""

import sys

from ._main import main

sys.exit(main())
