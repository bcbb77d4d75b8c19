"""The shipped act axis of the default embedder is the one it embeds now (a changed model would drift)."""

import numpy as np

from toolfilter_core import get_embedder
from toolfilter_core._pipeline.destroy_ask import embedded_axis, shipped_axes


def test_the_default_embedders_shipped_axis_is_what_it_embeds():
    embedder = get_embedder("default")
    shipped = shipped_axes()[embedder.id]
    assert np.allclose(shipped, embedded_axis(embedder), atol=1e-4)
