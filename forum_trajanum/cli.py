"""The ``forum-trajanum`` command: the start menu, or a command of
:mod:`forum_trajanum.commands` (``new``, ``continue``, ``replay``, ``export``, ``simulate``,
``serve``, ``host``, ``join``), each its own module; ``--help`` lists them.
"""

from __future__ import annotations

import sys

from forum_trajanum.commands import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
