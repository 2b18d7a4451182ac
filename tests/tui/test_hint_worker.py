"""The one hint worker of every game's play screen (``tui/hints.Hints``): what ``h`` does in
each state, a hint belongs to the view it was asked for, and a failing suggestion gives none.
The games' screens are tested with it by keys (tests/tui/test_hints.py,
tests/trajan/test_tui_escape.py)."""

from __future__ import annotations

from types import SimpleNamespace

from forum_trajanum.tui.hints import ASKED, HIDDEN, MORE, SHOWN, WHOLE, Hints


class Owner:
    """A widget as the worker sees it: its workers run when told to (``release``), and the
    app hands their results back at once."""

    def __init__(self) -> None:
        self.waiting: list = []
        self.is_mounted = True
        self.app = SimpleNamespace(
            _running=True, screen_stack=[object()], call_from_thread=lambda f, *a: f(*a)
        )

    def run_worker(self, work, **_options) -> None:
        self.waiting.append(work)

    def release(self) -> None:
        while self.waiting:
            self.waiting.pop(0)()


def _hints(suggest=lambda view: f"hint for {view}"):
    owner, back = Owner(), []
    hints = Hints(owner, suggest, lambda view, hint: back.append((view, hint)))
    return owner, hints, back


def test_h_asks_then_while_thinking_asks_for_the_whole_hint_then_grows_hides_and_shows():
    owner, hints, back = _hints()
    view = "view A"
    assert hints.press(view) == ASKED and hints.thinking and hints.shown()
    assert hints.press(view) == WHOLE and hints.whole
    owner.release()
    assert back == [(view, "hint for view A")]
    hints.take(view, back[0][1])
    assert hints.worked_out() and hints.hint == "hint for view A"
    assert hints.press(view, grow=True) == MORE
    assert hints.press(view) == HIDDEN and not hints.shown() and hints.worked_out()
    assert hints.press(view) == SHOWN and hints.shown() and hints.hint == "hint for view A"


def test_a_hint_for_a_view_no_longer_on_screen_is_dropped_unseen():
    owner, hints, back = _hints()
    hints.press("view A")
    hints.follow("view B")  # the player acted meanwhile
    owner.release()
    assert back == [] and hints.view is None and not hints.shown()


def test_escape_while_thinking_gives_the_hint_up_and_h_asks_again():
    owner, hints, back = _hints()
    hints.press("view A")
    hints.hide()
    owner.release()
    assert back == [] and hints.view is None
    assert hints.press("view A") == ASKED


def test_a_suggestion_that_fails_gives_no_hint_and_no_error():
    def broken(view):
        raise RuntimeError("a bot bug")

    owner, hints, back = _hints(broken)
    hints.press("view A")
    owner.release()
    assert back == [("view A", None)]


def test_nothing_is_handed_back_once_the_app_shuts_down():
    owner, hints, back = _hints()
    hints.press("view A")
    owner.app._running = False
    owner.release()
    assert back == []
