"""The panels that repaint only what changed (issue 9, ``tui.bench``) still show what they
should: the players' strip line for line as a Static would draw it, the log its newest line."""

from __future__ import annotations

from rich.text import Text
from textual.app import App
from textual.containers import Horizontal
from textual.widgets import Static

from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.compat import screen_strips
from forum_trajanum.tui.logview import LogView
from forum_trajanum.tui.textlines import TextLines

from .conftest import play_screen, session_at

WIDTH = 24


def _cells(strip, start: int, end: int) -> list[tuple[str, object]]:
    """(character, style) of each cell of ``strip`` from ``start`` to ``end``."""
    return [(ch, seg.style) for seg in strip.crop(start, end) for ch in seg.text]


class SideBySide(App):
    CSS = f"TextLines, Static {{ width: {WIDTH}; }}"

    def compose(self):
        with Horizontal():
            yield TextLines()
            yield Static()


async def test_the_players_strip_draws_each_text_as_a_static_draws_it():
    texts = [
        Text.assemble(
            ("1 Ann", "bold cyan"),
            "  3 VP coins 2\nship 1 envoy, slide bar 0/8: largest area\n",
            ("Library", "bold"),
            " start > 1 worker",
        ),
        # one line changed, the same height: only that line is repainted
        Text.assemble(
            ("1 Ann", "bold cyan"),
            "  3 VP coins 1\nship 1 envoy, slide bar 0/8: largest area\n",
            ("Library", "bold"),
            " start > 1 worker",
        ),
        # a line that wraps once more: the strip grows
        Text("1 Ann  4 VP coins 0 and a much longer line than before\nship 2 envoys"),
        Text("short"),
    ]
    app = SideBySide()
    async with app.run_test(size=(2 * WIDTH, 8)) as pilot:
        lines, static = app.query_one(TextLines), app.query_one(Static)
        for text in texts:
            lines.update(text)
            static.update(text)
            await pilot.pause()
            strips = screen_strips(app.screen)
            for y, strip in enumerate(strips):
                assert _cells(strip, 0, WIDTH) == _cells(strip, WIDTH, 2 * WIDTH), (text, y)
            assert lines.region.height == static.region.height


async def test_the_players_strip_keeps_the_lines_of_the_texts_it_showed_before(monkeypatch):
    """Issue 39 point 6: lines the strip showed before (an undo, a count back to a value it
    had) are not drawn again; new lines are, and each text shows as a Static shows it."""
    import forum_trajanum.tui.textlines as textlines

    drawn: list[str] = []
    line_strips = textlines.line_strips

    def spy(widget, line, row, width):
        drawn.append(line.plain)
        return line_strips(widget, line, row, width)

    monkeypatch.setattr(textlines, "line_strips", spy)

    def text(coins: int, ship: int) -> Text:
        return Text.assemble(("1 Ann", "bold cyan"), f"  3 VP coins {coins}\nship {ship} envoy")

    app = SideBySide()
    async with app.run_test(size=(2 * WIDTH, 8)) as pilot:
        lines, static = app.query_one(TextLines), app.query_one(Static)
        for shown, new in (
            (text(2, 1), ["1 Ann  3 VP coins 2", "ship 1 envoy"]),
            (text(1, 1), ["1 Ann  3 VP coins 1"]),
            (text(1, 2), ["ship 2 envoy"]),
            (text(2, 1), []),  # undone twice: every line drawn before
            (text(3, 2), ["1 Ann  3 VP coins 3"]),
        ):
            drawn.clear()
            lines.update(shown)
            static.update(shown)
            await pilot.pause()
            for y, strip in enumerate(screen_strips(app.screen)):
                assert _cells(strip, 0, WIDTH) == _cells(strip, WIDTH, 2 * WIDTH), (shown, y)
            assert drawn == new, (shown.plain, drawn)


class LogBesideStatic(App):
    # the panel's own height, the Static's from its text (as it was in a scrolling panel)
    CSS = f"LogView, Static {{ width: {WIDTH}; }} LogView {{ height: 100%; }}"

    def compose(self):
        with Horizontal():
            yield LogView()
            yield Static()


async def test_the_log_panel_draws_its_lines_as_a_static_draws_them():
    logs = [
        ["── Setup ──", "P1 placed the cranes: A1 blue (B), F1 green (G)"],
        # lines added, then taken back (an undo), then a line that wraps more
        [
            "── Setup ──",
            "P1 placed the cranes: A1 blue (B), F1 green (G)",
            "P2 has drafted",
            "── Cycle I, round 1 ──",
        ],
        ["── Setup ──", "P1 placed the cranes: A1 blue (B), F1 green (G)"],
        ["── Setup ──", "P1 placed the cranes: A1 blue (B), F1 green (G) and a long tail"],
    ]
    app = LogBesideStatic()
    async with app.run_test(size=(2 * WIDTH, 12)) as pilot:
        log, static = app.query_one(LogView), app.query_one(Static)
        for lines in logs:
            log.show(lines)
            static.update(log.render())
            await pilot.pause()
            strips = screen_strips(app.screen)
            for y, strip in enumerate(strips):
                assert _cells(strip, 0, WIDTH) == _cells(strip, WIDTH, 2 * WIDTH), (lines, y)


def _log_words(app) -> list[str]:
    """The words the log panel shows, top to bottom."""
    log = app.screen.query_one("#p-log", LogView)
    region = log.scrollable_content_region
    strips = screen_strips(app.screen)
    rows = [strips[y].crop(region.x, region.right).text for y in range(region.y, region.bottom)]
    return " ".join(rows).split()


async def test_the_log_panel_shows_the_newest_line_after_an_action_and_after_an_undo():
    app = ForumApp(bot_delay=0, session=session_at("build", seed=3), choice_hold=0)
    async with app.run_test(size=(160, 45)) as pilot:
        screen = await play_screen(pilot)
        before = list(screen.data.log)
        actions = app.session.record.actions
        count = len(actions)
        await pilot.press("2")  # build (1 ends the turn): the log gets new lines
        await pilot.pause()
        after = app.screen.data.log
        assert len(after) > len(before)
        newest = after[-1].split()
        assert _log_words(app)[-len(newest) :] == newest
        for _ in range(len(actions) - count):  # back step by step: the log loses them again
            await pilot.press("u")
            await pilot.pause()
        assert len(actions) == count
        assert app.screen.data.log == before
        newest = before[-1].split()
        assert _log_words(app)[-len(newest) :] == newest


async def test_a_new_set_of_keys_repaints_the_key_bar_without_a_layout(monkeypatch):
    """Issue 39 point 6: the key bar is one line whatever its keys; a new set (Trajan's u
    offered after a move, gone after its undo) is repainted, not laid out with the whole
    screen at each move."""
    from textual.binding import Binding

    from forum_trajanum.tui.keys import KeyBar
    from forum_trajanum.tui.screenbase import OwnScreen

    class Board(OwnScreen):
        BINDINGS = [Binding("u", "undo", "Undo"), Binding("q", "quit", "Quit")]
        undo = False

        def compose(self):
            yield Static("the board")
            yield KeyBar()

        def key_offered(self, action: str) -> bool:
            return action != "undo" or self.undo

    class Keys(App):
        def on_mount(self) -> None:
            self.push_screen(Board())

    app = Keys()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, Board)
        bar = screen.query_one(KeyBar)
        bar.show_keys()
        await pilot.pause()
        assert not any("Undo" in strip.text for strip in screen_strips(screen))
        asked: list[bool] = []
        refresh = bar.refresh

        def spy(*regions, **options):
            asked.append(bool(options.get("layout")))
            return refresh(*regions, **options)

        monkeypatch.setattr(bar, "refresh", spy)
        screen.undo = True
        bar.show_keys()
        await pilot.pause()
        assert asked and not any(asked), asked
        assert any("Undo" in strip.text for strip in screen_strips(screen))
        assert bar.size.height == 1


def spy_lines(widgets: dict) -> dict[str, list[int]]:
    """The lines each of ``widgets`` (by name) draws from now on, by their y, as its lines
    cache draws them (a line kept from before is not drawn)."""
    drawn: dict[str, list[int]] = {name: [] for name in widgets}
    for name, widget in widgets.items():
        cache = widget._styles_cache
        render_line = cache.render_line

        def spy(styles, y, *rest, _line=render_line, _name=name):
            drawn[_name].append(y)
            return _line(styles, y, *rest)

        cache.render_line = spy
    return drawn


def test_once_the_heap_is_settled_a_full_garbage_collection_is_rare(monkeypatch):
    """Issue 39 point 6: after the app settles its heap (at its first frame and when a game
    begins) a full pass of the garbage collector, 10-15 ms over what was built since, no
    longer comes every hundred young collections (every 25 moves or so, in a move's
    repaint): none in 300 young collections here (Python's defaults: 2)."""
    import gc
    from collections import Counter

    monkeypatch.undo()  # the suite's own stand-in (unfrozen_heap): the app's settle_heap
    from forum_trajanum.tui.app import settle_heap

    threshold = gc.get_threshold()
    gc.set_threshold(700, 10, 10)  # Python's defaults, as the app starts with
    seen: Counter[int] = Counter()

    def count(phase: str, info: dict) -> None:
        if phase == "start":
            seen[info["generation"]] += 1

    try:
        settle_heap()
        gc.callbacks.append(count)
        kept = []
        while seen[0] + seen[1] < 300:  # objects that live on, as a game's do
            kept.append([[], {}])
    finally:
        if count in gc.callbacks:
            gc.callbacks.remove(count)
        gc.unfreeze()
        gc.set_threshold(*threshold)
    assert seen[1] >= 20 and seen[2] == 0, seen


async def test_a_new_border_title_repaints_the_frame_s_top_line_alone():
    """Issue 39 point 6: a box's new title repaints the top line of its frame, where it is
    drawn, not the box's every line (Textual's setter repaints the whole widget); a widget
    the layout gives no frame repaints nothing, and shows the title once it has a frame."""
    from textual.containers import Vertical

    from forum_trajanum.tui.render import set_title

    class Boxes(App):
        CSS = "#framed { border: round white; height: 6; } #bare { height: 3; }"

        def compose(self):
            with Vertical(id="framed"):
                yield Static("inside the box")
            with Vertical(id="bare"):
                yield Static("no frame")

    app = Boxes()
    async with app.run_test(size=(40, 10)) as pilot:
        framed, bare = app.query_one("#framed"), app.query_one("#bare")
        set_title(framed, "Ann's choice")
        set_title(bare, "Ann's choice")
        await pilot.pause()
        screen_strips(app.screen)  # everything drawn once
        drawn = spy_lines({"framed": framed, "bare": bare})
        set_title(framed, "Bob's choice")
        set_title(bare, "Bob's choice")
        await pilot.pause()
        lines = [strip.text for strip in screen_strips(app.screen)]
        assert drawn == {"framed": [0], "bare": []}, drawn
        assert "Bob's choice" in lines[0] and "inside the box" in lines[1]
        assert framed.border_title == bare.border_title == "Bob's choice"
        bare.styles.border = ("round", "white")  # given a frame: its title is drawn on it
        await pilot.pause()
        assert "Bob's choice" in [strip.text for strip in screen_strips(app.screen)][6]


async def test_the_decision_list_draws_an_entry_once_for_what_it_shows(monkeypatch):
    """Issue 39 point 6: entries shown before (an undo brings a decision's entries back) are
    not drawn again (Textual draws every entry anew for each new set of entries); an entry
    whose words or highlight changed is, and the list shows exactly what Textual's draws."""
    from textual.widgets import OptionList
    from textual.widgets.option_list import Option

    from forum_trajanum.tui.decisionlist import DecisionList
    from forum_trajanum.tui.textlines import Hanging

    drawn: list[tuple[str, str]] = []
    draw = OptionList._get_option_render

    def spy(self, option, style):
        drawn.append((self.id, str(option.prompt)))
        return draw(self, option, style)

    monkeypatch.setattr(OptionList, "_get_option_render", spy)

    class Lists(App):
        CSS = "OptionList { height: 4; width: 20; border: none; }"

        def compose(self):
            with Horizontal():
                yield DecisionList(id="ours")
                yield OptionList(id="textual")

    app = Lists()
    async with app.run_test(size=(40, 4)) as pilot:
        ours, textual = app.query_one("#ours", DecisionList), app.query_one("#textual")

        async def show(*words: str) -> list[str]:
            """Both lists' new entries (or what ``words`` does to them): what ours drew."""
            for lst in (ours, textual):
                lst.set_options(
                    Option(Text(f"{n} {w}", style="bold" if n == 1 else ""), id=w)
                    for n, w in enumerate(words, 1)
                )
                lst.highlighted = 0
            return await painted()

        async def painted() -> list[str]:
            await pilot.pause()
            lines = [strip.text for strip in screen_strips(app.screen)]
            assert [line[:20] for line in lines] == [line[20:] for line in lines]
            mine = [words for lst, words in drawn if lst == "ours"]
            drawn.clear()
            return mine

        assert await show("one", "two", "three") == ["1 one", "2 two", "3 three"]
        assert "1 one" in screen_strips(app.screen)[0].text
        assert await show("four", "five") == ["1 four", "2 five"]
        assert await show("one", "two", "three") == []  # back (an undo): drawn before
        ours.highlighted = textual.highlighted = 1  # a new highlight: those two drawn
        assert sorted(await painted()) == ["1 one", "2 two"]
        for lst in (ours, textual):
            lst.replace_option_prompt_at_index(2, Hanging(Text("3 three, whole"), indent=2))
        assert await painted() == ["3 three, whole"]
        assert "3 three, whole" in screen_strips(app.screen)[2].text


async def test_a_redraw_writes_the_line_above_the_list_once_with_its_message(monkeypatch):
    """Issue 39 point 6: at 80x24 Forum Trajanum's redraw writes the decision's lines once,
    the message first on them (the message and the hint's line each wrote them again), and
    with a message said the lines are the same as before."""
    from forum_trajanum.tui.decisiontitle import DecisionTitle

    session = session_at("build")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        written: list[str] = []
        show = DecisionTitle.show

        def spy(self, words, notes=None, lines=0):
            shown = show(self, words, notes, lines)
            written.append(shown.plain)
            return shown

        monkeypatch.setattr(DecisionTitle, "show", spy)
        data = screen.data
        data.message = "Undone: built a library."
        screen.show(data)
        assert len(written) == 1, written
        assert written[0].startswith("Undone: built a library.\n")
        await pilot.pause()
        title = screen.query_one("#decision-title", DecisionTitle)
        assert str(title.render()).startswith("Undone: built a library.")


async def test_the_key_bar_is_worked_out_again_only_when_its_keys_change(monkeypatch):
    """Issue 39 point 6: each redraw asks the key bar for its keys; it works them out again
    (at 80 columns up to six times, leaving keys out until they fit) only when what they
    depend on changed: the keys offered, where the arrows go, the width."""
    from forum_trajanum.tui.keys import KeyBar

    session = session_at("build")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        bar = screen.query_one(KeyBar)
        built: list[frozenset] = []
        keys_text = KeyBar.keys_text

        def spy(self, spare=frozenset()):
            built.append(spare)
            return keys_text(self, spare)

        monkeypatch.setattr(KeyBar, "keys_text", spy)
        bar.show_keys()
        bar.show_keys()
        assert built == []
        offered = screen.key_offered
        monkeypatch.setattr(
            screen, "key_offered", lambda action: action != "undo" and offered(action)
        )
        bar.show_keys()
        assert built  # u no longer offered: worked out again, without it
        await pilot.pause()
        line = screen_strips(screen)[-1].text
        assert "Undo" not in line and "Menu" in line and len(line.rstrip()) <= 80


def test_a_padded_line_is_compared_by_its_words_not_drawn(monkeypatch):
    """Issue 39 point 6: Trajan's plans (padded lines in a circle's group) are compared by
    their words and padding, not drawn through a console at each move."""
    from rich.console import Group
    from rich.padding import Padding

    import forum_trajanum.tui.render as render

    drawn: list[object] = []
    monkeypatch.setattr(render, "_drawn_key", lambda content, width: drawn.append(content))

    def key(words: str, left: int = 2, style: str = ""):
        return render._content_key(Group(Text("Plans"), Padding(Text(words, style=style),
                                                                 (0, 0, 0, left))), 40)  # fmt: skip

    assert key("Seaport → Military") == key("Seaport → Military")
    assert key("Seaport → Military") != key("Seaport → Senate")
    assert key("Seaport → Military") != key("Seaport → Military", left=3)
    assert key("Seaport → Military") != key("Seaport → Military", style="bold")
    assert drawn == []


async def test_a_frame_draws_the_widgets_it_repaints_and_the_terminal_shows_the_screen():
    """Issue 39 point 6: a frame that repaints the top and the foot of the screen (a move's
    status line and key bar) draws those widgets, not the ones between them (Textual asked
    every widget in the box around the changes for all of its lines); what it writes is
    what the screen shows."""
    from textual.containers import Vertical

    from forum_trajanum.tui.compat import install_fixes

    from .terminal import Terminal

    install_fixes()

    class Stack(App):
        CSS = "Static { height: 1; } #middle { height: 3; border: round white; }"

        def compose(self):
            yield Static("status 1", id="top")
            with Vertical(id="middle"):
                yield Static("the board", id="board")
            yield Static("keys 1", id="foot")

    app = Stack()
    async with app.run_test(size=(30, 6)) as pilot:
        terminal = Terminal(app)
        app.screen.refresh()
        await pilot.pause()
        drawn: list[str] = []
        for widget in app.query("Static, Vertical"):
            render_lines = widget.render_lines

            def spy(crop, _render=render_lines, _id=widget.id):
                drawn.append(_id)
                return _render(crop)

            widget.render_lines = spy
        app.query_one("#top", Static).update("status 2")
        app.query_one("#foot", Static).update("keys 2")
        await pilot.pause()
        assert "top" in drawn and "foot" in drawn
        assert "board" not in drawn and "middle" not in drawn, drawn
        assert terminal.lines()[0].startswith("status 2") and not terminal.differences()
        drawn.clear()
        app.query_one("#board", Static).update("the board, moved")
        await pilot.pause()
        assert "board" in drawn and "top" not in drawn and "foot" not in drawn, drawn
        assert "the board, moved" in terminal.lines()[2] and not terminal.differences()


async def test_a_box_made_taller_or_shorter_draws_its_foot_again_not_every_line():
    """Issue 39 point 6: a layout that changes only the height of a box (a container that
    draws its frame and background: the panels above a list that grew or shrank) draws the
    lines of its foot again and keeps the others; what it shows is what a box drawn afresh
    shows. A widget with words of its own (centred: they move) is drawn afresh."""
    from textual.containers import Vertical

    from forum_trajanum.tui.compat import install_fixes

    install_fixes()

    class Boxes(App):
        CSS = """
        #box { border: round white; padding: 0 1 1 1; width: 20; }
        #words { content-align: center middle; border: round white; height: 1fr; width: 20; }
        #list { height: 2; }
        """

        def compose(self):
            with Horizontal():
                with Vertical(id="box"):
                    yield Static("inside")
                yield Static("words", id="words")
            yield Static("", id="list")

    app = Boxes()
    async with app.run_test(size=(40, 12)) as pilot:
        box, words, rows = app.query_one("#box"), app.query_one("#words"), app.query_one("#list")
        box.border_title, box.border_subtitle = "Colonia", "foot"
        await pilot.pause()
        screen_strips(app.screen)
        drawn = spy_lines({"box": box, "words": words})
        # shorter (10 rows to 6), then taller (6 to 10): drawn again from above its foot (its
        # padding's row and its frame's) down
        for height, foot in ((6, [4, 5]), (2, [4, 5, 6, 7, 8, 9])):
            drawn["box"].clear()
            drawn["words"].clear()
            rows.styles.height = height  # the box above gets the rows the list leaves
            await pilot.pause()
            shown = [strip.text for strip in screen_strips(app.screen)]
            box_height = box.outer_size.height
            assert box_height == 12 - height
            assert sorted(drawn["box"]) == foot, drawn
            assert sorted(drawn["words"]) == list(range(box_height))  # its words moved
            box.refresh()  # drawn afresh: the same
            words.refresh()
            await pilot.pause()
            assert [strip.text for strip in screen_strips(app.screen)] == shown
            assert "Colonia" in shown[0] and "foot" in shown[box_height - 1]
