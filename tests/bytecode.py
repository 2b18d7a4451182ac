"""Loaded first (``-p tests.bytecode`` in pyproject's ``addopts``): compiled modules are kept
even where the environment asks Python not to write them (``PYTHONDONTWRITEBYTECODE``, set
on this project's machines). pytest rewrites the asserts of its plugins' modules (Hypothesis,
syrupy, xdist, ...; some 110 modules) and of every test module as it imports them, and keeps
what it rewrote only where bytecode may be written: without this, each of the suite's workers
rewrote and compiled them all again at each run (about a second of CPU each). ``__pycache__``
is ignored by git."""

from __future__ import annotations

import sys

sys.dont_write_bytecode = False
