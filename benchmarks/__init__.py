"""The benchmarks of toolfilter: the harness of ``toolfilter bench`` and the scripts; not in the wheel."""
