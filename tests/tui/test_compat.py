"""The private Textual names the app relies on (forum_trajanum/tui/compat.py) still exist in
the installed Textual, and the app-closing test tells a running app from a closed one."""

from __future__ import annotations

from textual.app import App

from forum_trajanum.tui.compat import (
    PRIVATE_APP_ATTRIBUTES,
    PRIVATE_COMPOSITOR_ATTRIBUTES,
    PRIVATE_NAMES,
    PRIVATE_SCREEN_ATTRIBUTES,
    PRIVATE_STYLES_CACHE_ATTRIBUTES,
    PRIVATE_WIDGET_ATTRIBUTES,
    app_closing,
    on_paint,
    screen_strips,
    send_key,
    shown_widgets,
)


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


async def test_the_screen_helpers_read_paints_and_send_keys_on_the_installed_textual():
    from textual.widgets import Static

    class One(App):
        def compose(self):
            yield Static("hello there", id="hi")

        def on_key(self, event) -> None:
            self.query_one("#hi", Static).update(f"key {event.key}")

    app = One()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        for name in PRIVATE_SCREEN_ATTRIBUTES:
            assert hasattr(app.screen, name), f"Textual's Screen no longer sets {name}"
        for name in PRIVATE_WIDGET_ATTRIBUTES:
            assert hasattr(app.query_one("#hi"), name), f"Textual's Widget no longer sets {name}"
        for name in PRIVATE_STYLES_CACHE_ATTRIBUTES:
            cache = app.query_one("#hi")._styles_cache
            assert hasattr(cache, name), f"Textual's StylesCache no longer sets {name}"
        for name in PRIVATE_COMPOSITOR_ATTRIBUTES:
            assert hasattr(app.screen._compositor, name), f"Compositor no longer sets {name}"
        assert "hello there" in "\n".join(strip.text for strip in screen_strips(app.screen))
        assert app.query_one("#hi") in shown_widgets(app.screen)
        painted = []
        on_paint(app.screen, painted.append)
        send_key(app, "x")
        await pilot.pause()
        await pilot.pause()
        assert painted and painted[-1] is app.screen
        assert "key x" in "\n".join(strip.text for strip in screen_strips(app.screen))


async def test_a_dialog_reads_with_the_screen_behind_it_and_an_unpainted_frame_is_still_read():
    """``screen_strips`` shows what shows through a dialog (as a frame is painted), also when
    the suite's headless frames go unpainted (``unpainted_when_headless``, on for the tests):
    no frame has painted the dialog over the screen behind it when the test reads it."""
    from textual.containers import Vertical
    from textual.screen import ModalScreen, Screen
    from textual.widgets import Static

    from forum_trajanum.tui.compat import unpainted_when_headless

    unpainted_when_headless()
    assert getattr(Screen._compositor_refresh, "unpainted", False)

    class Dialog(ModalScreen):
        DEFAULT_CSS = "Dialog { align: center bottom; } Dialog Vertical { height: 1; }"

        def compose(self):
            with Vertical():
                yield Static("a dialog")

    class Behind(App):
        def compose(self):
            yield Static("words behind the dialog")

    app = Behind()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        app.push_screen(Dialog())
        await pilot.pause()
        text = "\n".join(strip.text for strip in screen_strips(app.screen))
        assert "a dialog" in text and "words behind the dialog" in text, text
        assert screen_strips(app.screen_stack[0])[0].text.startswith("words behind")


async def test_css_parsed_once_is_shared_by_the_next_apps_stylesheets_per_theme(monkeypatch):
    import textual.css.stylesheet as stylesheet_module
    from textual.screen import Screen
    from textual.widgets import Static

    from forum_trajanum.tui.compat import share_parsed_css

    share_parsed_css()
    parses: list[str] = []
    parse = stylesheet_module.parse

    def counted(scope, css, *args, **kwargs):
        parses.append(css)
        return parse(scope, css, *args, **kwargs)

    monkeypatch.setattr(stylesheet_module, "parse", counted)

    class Own(Screen):  # a screen with CSS of its own: the stylesheet is built again
        CSS = "Own #box { background: $primary; height: 3; }"

        def compose(self):
            yield Static("box", id="box")

    class Two(App):
        def on_mount(self) -> None:
            self.push_screen(Own())

    async def background(theme: str):
        app = Two()
        app.theme = theme
        async with app.run_test(size=(20, 5)) as pilot:
            await pilot.pause()
            box = app.screen.query_one("#box")
            return box.styles.background, box.size.height

    first = await background("textual-dark")
    assert any("Own #box" in css for css in parses)  # parsed for the first app
    parses.clear()
    assert await background("textual-dark") == first  # the same styles...
    assert not parses  # ...and no CSS parsed again
    light = await background("textual-light")
    assert light[0] != first[0] and any("Own #box" in css for css in parses)  # another theme


async def test_a_layout_after_a_scroll_repaints_what_it_moved():
    """issue 27, point 3: a scroll, then a new list and a line above it hidden, and a hidden
    widget's place asked for (the screen's map rebuilt lazily) before the layout: the list
    that grows into the line's rows must be painted there, as a terminal shows it."""
    from textual.containers import VerticalScroll
    from textual.widgets import OptionList, Static

    from forum_trajanum.tui.compat import repaint_what_moved
    from tests.tui.terminal import SETTLED, Terminal
    from tests.waiting import wait_for

    repaint_what_moved()

    class Scrolled(App):
        CSS = "#box { height: 5; } OptionList { height: 1fr; border: none; }"

        def compose(self):
            with VerticalScroll(id="box"):
                yield Static("\n".join(f"panel line {n}" for n in range(20)))
            yield Static("a note\nof three\nlines", id="note")
            yield OptionList(*(f"old entry {n}" for n in range(4)))
            yield Static("", id="hidden")

    app = Scrolled()
    async with app.run_test(size=(30, 12)) as pilot:
        terminal = Terminal(app)
        app.query_one("#hidden").display = False
        await pilot.pause()
        app.query_one("#box").scroll_page_down(animate=False)  # only the view laid out
        await pilot.pause()
        app.query_one(OptionList).set_options(["new entry"])
        app.query_one("#note").display = False  # the list grows into the note's rows
        assert app.query_one("#hidden").size is not None  # a question about a place
        await pilot.pause()
        assert await wait_for(pilot, lambda: not terminal.differences(), timeout=SETTLED)
        assert "old entry" not in "\n".join(terminal.lines())


async def test_a_page_key_on_an_option_list_not_laid_out_yet_does_nothing():
    """Textual's PgDn on a list that has no size yet (just opened: Space on a form's list,
    then PgDn in the same burst) failed with KeyError; patched, it moves nothing."""
    from textual.widgets import OptionList

    from forum_trajanum.tui.compat import no_page_before_layout

    no_page_before_layout()
    seen = []

    class Bare(App):
        async def on_mount(self) -> None:
            options = OptionList(*[f"option {n}" for n in range(30)])
            await self.mount(options)
            options.highlighted = 0
            seen.append(bool(options.scrollable_content_region))
            options.action_page_down()
            options.action_page_up()
            seen.append(options.highlighted)

    app = Bare()
    async with app.run_test() as pilot:
        await pilot.pause()
    assert app._exception is None
    assert seen == [False, 0]  # it had no size yet, and the highlight stayed
