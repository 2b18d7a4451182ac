"""Hypothesis profiles for the random-play properties (``tests/engine/games.py``).

``dev`` (the default) plays a few games per property so that a local run stays quick; ``ci``
(``HYPOTHESIS_PROFILE=ci``, set by ``.ci/run``) plays many more, without the example database
(a clean clone has none) and prints the blob that reproduces a failure.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# A whole game is one example: it is slow to generate (a tenth of a second or more) and draws a
# few hundred choices; neither is a problem here. Past its first 10 examples Hypothesis also
# tries mutated copies of them, which stop as invalid when they outgrow their source, so a
# property with max_examples=50 plays about twice that many games (none with dev's 5).
_GAMES = dict(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.register_profile("dev", max_examples=5, **_GAMES)
settings.register_profile("ci", max_examples=50, database=None, print_blob=True, **_GAMES)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
