"""``forum-trajanum simulate ...``: bot games, and the table of how each level did
(:mod:`forum_trajanum.simulate`)."""

from __future__ import annotations

import sys


def main(argv: list[str], bot_delay: float | None = None) -> int:
    try:
        from forum_trajanum.simulate import main as simulate_main
    except ImportError:
        print("forum-trajanum simulate is not available in this installation.", file=sys.stderr)
        return 2
    result = simulate_main(argv)
    return result if isinstance(result, int) else 0
