"""The ``forum-trajanum`` command."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``forum-trajanum`` console script."""
    parser = argparse.ArgumentParser(prog="forum-trajanum", description=__doc__)
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    args = parser.parse_args(argv)
    if args.version:
        from forum_trajanum import __version__

        print(__version__)
        return 0
    print("The terminal app is not built yet; see the README.", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
