"""The responsiveness benchmark's probe (``python -m forum_trajanum.tui.bench``, issue 39
point 6): a key-to-repaint figure ends when the frame showing the change is made, not when
the waiting benchmark is next run (after the frame, the loop first handles what the frame's
layout sent: the widgets' resize events, 1-2 ms of a board update)."""

from __future__ import annotations

import time

from textual.app import App
from textual.widgets import Static

from forum_trajanum.tui.bench import RepaintProbe, parts_summary
from forum_trajanum.tui.compat import on_frame, on_paint


class _Counter(App):
    BINDINGS = [("x", "count", "count")]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self):
        yield Static("0", id="count")

    def action_count(self) -> None:
        self.count += 1
        self.query_one("#count", Static).update(str(self.count))


async def test_a_key_to_repaint_figure_ends_at_the_frame_that_shows_the_change():
    app = _Counter()
    async with app.run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        probe = RepaintProbe(app)
        probe.watch()
        after: list[float] = []

        def work_after_the_frame(_screen) -> None:
            # what the app does once the frame is made, before the benchmark runs again
            if app.count == 1 and not after:
                after.append(time.perf_counter())
                time.sleep(0.05)

        on_paint(app.screen, work_after_the_frame)
        started = time.perf_counter()
        figure = await probe.key_to_repaint("x", lambda: app.count == 1)
        resumed = time.perf_counter() - started
        assert app.count == 1 and after
        painted, _ = probe.painted
        assert painted <= after[0]  # the frame's moment, before the work that follows it
        assert 0 < figure <= painted - started
        assert resumed - figure >= 0.05  # the work after the frame is not in the figure
        assert probe.cpu and 0 <= probe.cpu[-1] < resumed


async def test_a_pause_lets_the_app_settle_before_the_key_and_is_not_in_the_figure():
    app = _Counter()
    async with app.run_test(size=(20, 3)) as pilot:
        await pilot.pause()
        probe = RepaintProbe(app)
        probe.pause = 0.2
        sent: list[float] = []
        original = app.action_count

        def count() -> None:
            sent.append(time.perf_counter())
            original()

        app.action_count = count  # type: ignore[method-assign]
        started = time.perf_counter()
        figure = await probe.key_to_repaint("x", lambda: app.count == 1)
        assert app.count == 1 and sent
        assert sent[0] - started >= 0.2  # the key came after the pause
        painted, _ = probe.painted
        assert 0 < figure <= painted - sent[0] + 0.05  # measured from the key, not the pause
        assert figure < 0.2


class _Redrawn(_Counter):
    """A key whose redraw takes a known time (``redraw``), as the app's ``show_main``."""

    def action_count(self) -> None:
        self.count += 1
        self.redraw()

    def redraw(self) -> None:
        time.sleep(0.03)
        self.query_one("#count", Static).update("much longer now\nand two lines")


async def test_phases_split_a_figure_into_the_apps_redraw_textuals_layout_repaint_and_rest(
    monkeypatch,
):
    # --phases (issue 39 point 6: where a board update's time goes)
    monkeypatch.setattr(RepaintProbe, "phases", [])
    app = _Redrawn()
    on_frame(app, lambda _update: None)  # its frames painted, as the benchmark's are
    async with app.run_test(size=(20, 4)) as pilot:
        await pilot.pause()
        probe = RepaintProbe(app, redraw="redraw")
        figure = await probe.key_to_repaint("x", lambda: app.count == 1)
        assert app.count == 1
        (parts,) = RepaintProbe.phases
        assert parts["total"] == figure
        assert 0.03 <= parts["redraw"] < figure  # the app's own redraw, timed
        assert parts["layout"] > 0 and parts["repaint"] > 0  # the new height: a layout
        assert parts["redraw"] + parts["layout"] + parts["repaint"] <= figure
        words = parts_summary(RepaintProbe.phases)
        assert words.startswith(f"medians: redraw {parts['redraw'] * 1000:.1f}")
        assert f"the p95 key ({figure * 1000:.1f} ms)" in words
        before = len(RepaintProbe.phases)
        await pilot.press("x")  # not measured: no parts kept
        await pilot.pause()
        assert len(RepaintProbe.phases) == before and probe.parts == parts_without(parts)


def parts_without(parts: dict[str, float]) -> dict[str, float]:
    return {k: v for k, v in parts.items() if k != "total"}


def test_the_options_reach_the_probe_class_the_scenarios_use_when_run_as_main():
    # run as `python -m forum_trajanum.tui.bench` the module is __main__, a second copy of the
    # one the games' scenarios import: --pause was set on the copy's class and did nothing
    import runpy

    import forum_trajanum.tui.bench as imported

    copy = runpy.run_path(imported.__file__, run_name="bench_as_main")
    assert copy["RepaintProbe"] is not imported.RepaintProbe  # two classes, as under -m
    before = imported.RepaintProbe.pause
    try:
        probe = copy["probe_class"](100)
        assert probe is imported.RepaintProbe and imported.RepaintProbe.pause == 0.1
    finally:
        imported.RepaintProbe.pause = before
