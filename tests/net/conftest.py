from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    """Every test's saves in a folder of its own."""
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
