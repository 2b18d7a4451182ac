"""``python -m forum_trajanum ...``: the same as the ``forum-trajanum`` command."""

import sys

from forum_trajanum.cli import main

if __name__ == "__main__":
    sys.exit(main())
