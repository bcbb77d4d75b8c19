"""A profile writer that hangs never outlives indexing: the process exits once indexing gives up.

The writer's calls once ran on a ``ThreadPoolExecutor``, whose workers the interpreter joins
at exit: a writer that never answered kept the process alive forever after indexing had
returned. The check runs in a subprocess (the writer's timeout made small there).
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent(
    """
    import sys, threading, time, warnings
    warnings.simplefilter("ignore")
    from toolfilter_core import ToolFilter, ToolSpec
    from toolfilter_core._embedders import HashingEmbedder
    from toolfilter_core._tool_profiles import writer

    writer.write_profiles.__kwdefaults__["timeout"] = 0.3  # indexing gives up after 0.3 s a turn

    def hangs(messages):
        threading.Event().wait()  # never answers

    tools = [ToolSpec("read_file", "Read a file"), ToolSpec("send_mail", "Send an e-mail")]
    tf = ToolFilter(tools, embedder=HashingEmbedder(), profile_writer=hangs)
    print(f"gave up {time.time()!r}", flush=True)
    """
)


def test_a_process_whose_writer_hangs_exits_within_a_second_of_indexing_giving_up() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"the process never exited; it printed {out!r}") from None
    ended = time.time()
    assert process.returncode == 0, err[-2000:]
    gave_up = float(out.split("gave up ", 1)[1])
    assert ended - gave_up < 1.0
