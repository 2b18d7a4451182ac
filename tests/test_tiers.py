"""The quick tier's list (``tests/tiers.py``) names tests that are there: a renamed test would
otherwise slip back into the quick tier unnoticed."""

from __future__ import annotations

import pytest

from tests.conftest import COLLECTED, WHOLE_FILES
from tests.tiers import LONG_ELSEWHERE


def test_every_test_the_quick_tier_leaves_out_by_name_is_there(request):
    if not request.config.stash[WHOLE_FILES]:
        pytest.skip("single tests were asked for: their files are not collected whole")
    collected = request.config.stash[COLLECTED]
    files = {nodeid.split("::", 1)[0] for nodeid in collected}
    stale = sorted(
        name for name in LONG_ELSEWHERE if name.split("::", 1)[0] in files and name not in collected
    )
    assert not stale, f"tests/tiers.py names tests that are not there (renamed?): {stale}"


def test_the_tiers_list_names_each_test_once_in_a_folder_of_the_suite():
    from tests.tiers import COSTLY, LARGER

    names = [*LARGER, *COSTLY]
    assert len(names) == len(set(names))
    assert all(name.startswith("tests/") and ".py::test_" in name for name in names)
