"""``forum-trajanum join ADDRESS``: play one's seat of a hosted game in this terminal
(:mod:`forum_trajanum.net.join`)."""

from __future__ import annotations


def main(argv: list[str], bot_delay: float | None = None) -> int:
    from forum_trajanum.net.join import main as join_main

    return join_main(argv)
