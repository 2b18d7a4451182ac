"""``forum-trajanum export FILE``: a saved game's log, as text or JSON
(:mod:`forum_trajanum.core.export`)."""

from __future__ import annotations


def main(argv: list[str], bot_delay: float | None = None) -> int:
    from forum_trajanum.core.export import main as export_main

    return export_main(argv)
