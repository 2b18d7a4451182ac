"""The private Textual names the app relies on (forum_trajanum/tui/compat.py) still exist in
the installed Textual, and the app-closing test tells a running app from a closed one."""

from __future__ import annotations

from textual.app import App

from forum_trajanum.tui.compat import PRIVATE_APP_ATTRIBUTES, PRIVATE_NAMES, app_closing


def test_every_private_textual_name_the_app_uses_exists():
    missing = [f"{cls.__name__}.{name}" for cls, name in PRIVATE_NAMES if not hasattr(cls, name)]
    assert not missing, f"Textual no longer has {missing}: update forum_trajanum/tui/compat.py"


async def test_an_app_is_closing_before_it_runs_and_after_it_ends_not_while_it_runs():
    app = App()
    assert app_closing(app)
    async with app.run_test() as pilot:
        await pilot.pause()
        for name in PRIVATE_APP_ATTRIBUTES:
            assert hasattr(app, name), f"Textual's App no longer sets {name}"
        assert not app_closing(app)
    assert app_closing(app)
