"""Every private Textual API the app leans on, in one place.

Textual's public API does not cover a few things the app needs (knowing that the app is
shutting down, bringing a scroll view's bars up to date without a layout, routing a crash to
the log). Each is reached only through a function here, and ``tests/tui/test_compat.py`` checks
that the installed Textual still has every name this module uses, so an upgrade that removes
one fails a test instead of a player's game. The Textual version range is pinned in
``pyproject.toml``.

textual-serve's private names (``forum-trajanum serve``, the optional ``[web]`` extra) are in
the sibling module :mod:`forum_trajanum.web.compat` (tested by ``tests/web/test_compat.py``):
this module is imported by the terminal app, which must run without textual-serve.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import textual._context
import textual._time
import textual.screen
import textual.widgets._select
from rich.text import Text
from textual import events
from textual._compositor import Compositor
from textual.app import App
from textual.content import Content
from textual.css.stylesheet import Stylesheet
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.timer import EventTargetGone, Timer
from textual.widget import Widget
from textual.widgets import OptionList

#: The open list of a Select (its message that an entry was taken: the form moves on).
SelectOverlay = textual.widgets._select.SelectOverlay

#: (class, private attribute) pairs this module and the app rely on.
PRIVATE_NAMES: tuple[tuple[object, str], ...] = (
    (App, "_handle_exception"),  # overridden by the app: a crash goes to crash.log
    (Widget, "_scroll_update"),
    (Screen, "_compositor_refresh"),  # the benchmark (tui/bench.py) watches each paint
    (Stylesheet, "_parse_rules"),  # parsed CSS shared by every stylesheet (share_parsed_css)
    (App, "_background_screens"),  # the screens seen behind a dialog (screen_strips)
    (textual._context, "visible_screen_stack"),  # where a frame's painting reads them
    (Compositor, "reflow"),  # a layout compares maps (repaint_what_moved)
    (textual.widgets._select, "SelectOverlay"),  # Enter in a form's open list moves on
    (Compositor, "reflow_visible"),
    (App, "_display"),  # where a frame goes to the terminal (tests/tui/terminal.py)
    (OptionList, "_move_page"),  # PgUp/PgDn before the first layout (no_page_before_layout)
    (OptionList, "_on_resize"),  # the decision list keeps its lines for a new height
    (OptionList, "_clear_caches"),  # (tui/decisionlist.py, DecisionList._on_resize)
    (textual._time, "get_time"),  # the clock of a key's time stamp (event_clock)
    (Screen, "_update_timer"),  # the timer of a screen's frames (FrameTimer, frame_timer)
    (Screen, "_on_timer_update"),  # what each frame does (the screen's layout and paint)
    (Timer, "_run"),  # overridden by FrameTimer: when the frames come
    (Timer, "_tick"),
    (Timer, "_active"),  # set while a frame is asked for (Textual resumes the timer)
    (Timer, "_start"),
    (textual.screen, "UPDATE_PERIOD"),  # a frame's time (1/60 s; TEXTUAL_FPS)
    (Compositor, "_get_renders"),  # the widgets a frame draws (paint_only_what_changed)
    (Compositor, "render_partial_update"),
    (Widget, "_size_updated"),  # a widget's new size (keep_box_lines)
    (Compositor, "render_update"),  # a frame's repaint, timed by the benchmark's --phases
)

#: Attributes set on an App instance (checked on a live app by the test).
PRIVATE_APP_ATTRIBUTES = ("_running", "_driver")
#: Attributes set on a Widget instance (checked on a live one): set_border_title,
#: keep_box_lines.
PRIVATE_WIDGET_ATTRIBUTES = ("_border_title", "_size", "_styles_cache")
#: Attributes set on a Widget's lines cache (checked on a live one): keep_box_lines.
PRIVATE_STYLES_CACHE_ATTRIBUTES = ("_cache", "_dirty_lines", "_width")
#: Attributes set on a Screen instance (checked on a live screen by the test); ``_bindings``
#: is every node's (:func:`binds`), ``_timers`` too (a node's timers, stopped with it:
#: :func:`frame_timer`).
PRIVATE_SCREEN_ATTRIBUTES = ("_compositor", "_bindings", "_timers")
#: Attributes set on a screen's Compositor (checked on a live one): repaint_what_moved,
#: paint_only_what_changed.
PRIVATE_COMPOSITOR_ATTRIBUTES = ("_full_map", "_visible_map", "_dirty_regions")


def compositor(screen: Screen) -> Compositor:
    """The screen's compositor: its ``reflow`` lays a frame out, its ``render_update`` paints
    it (the benchmark's ``--phases`` times both; Textual has no public hook for either)."""
    return screen._compositor


def app_closing(app: App) -> bool:
    """Whether the app is shutting down (or not running yet): a worker finishing now must not
    touch the screens, whose widgets are being removed."""
    return not getattr(app, "_running", False) or not app.screen_stack


def event_clock() -> float:
    """Now, on the clock of Textual's events (``event.time``, a key's time stamp)."""
    return textual._time.get_time()


def binds(node: Widget | Screen, key: str) -> bool:
    """Whether ``node``'s own bindings (not its ancestors') have ``key``."""
    return key in node._bindings.key_to_bindings


def scroll_update(widget: Widget, size: Size) -> None:
    """Bring a scroll view's scroll bars up to date for a new virtual size (what Textual's own
    size update calls) without asking for a layout of the whole screen."""
    widget._scroll_update(size)


def set_border_title(widget: Widget, title: Content | Text | None) -> None:
    """Set ``widget``'s border title as Textual's ``border_title`` does (the same text kept),
    repainting only the top line of its frame, where the title is drawn (nothing when it has
    no top border): Textual's setter repaints the whole widget, and a box's every line."""
    if isinstance(title, Text):
        title = Content.from_rich_text(title)
    new = None if title is None else widget.render_str(title).expand_tabs(4).split()[0]
    widget._border_title = new
    if widget.styles.border_top[0]:
        x, y = widget.content_offset  # a widget's regions count from its content's corner
        widget.refresh(Region(-x, -y, widget.outer_size.width, 1))


def screen_strips(screen: Screen) -> list:
    """The lines the screen shows now, as Textual's compositor last laid them out (what a
    player reads; the tests and the benchmark read the screen this way), with what shows
    through from the screens behind a dialog (as Textual paints a frame)."""
    app = screen.app
    textual._context.visible_screen_stack.set(
        app._background_screens if screen is app.screen else []
    )
    return screen._compositor.render_strips()


def shown_widgets(screen: Screen):
    """The widgets laid out on the screen now (its compositor's map)."""
    return screen._compositor.widgets


def on_paint(screen: Screen | type[Screen], callback: Callable[[Screen], None]) -> None:
    """Call ``callback(screen)`` after each paint of ``screen`` (of every screen when given
    the class): Textual has no public hook for a frame being drawn."""
    if isinstance(screen, type):
        original = screen._compositor_refresh

        def each(self) -> None:
            original(self)
            callback(self)

        screen._compositor_refresh = each
        return
    bound = screen._compositor_refresh

    def refreshed() -> None:
        bound()
        callback(screen)

    screen._compositor_refresh = refreshed


class FrameTimer(Timer):
    """The timer of a screen's frames: a frame asked for is painted at once when the last one
    is at least a frame's time ago, else as soon as that time has passed (at most
    ``1/TEXTUAL_FPS`` frames a second, as Textual's).

    Textual's own timer keeps to a grid of frame times set when the screen was first shown,
    and after a frame painted late on that grid (any frame after a pause: a key after a
    moment of calm) it skips to the grid time after the next one: a change asked for up to
    two frames' time (33 ms) after the last frame waited for it, although the screen had
    painted nothing for more than a frame's time (the benchmark's cursor moves: 2-3 ms of
    work shown after 13 ms, issue 39 point 6)."""

    async def _run(self) -> None:
        active: asyncio.Event = self._active
        last = float("-inf")
        while True:
            await active.wait()  # a frame is asked for (Textual resumes its timer)
            wait = last + self._interval - textual._time.get_time()
            if wait > 0:  # the last frame is less than a frame's time ago
                await asyncio.sleep(wait)
                continue  # asked for still? (a layout meanwhile paints and pauses it)
            try:
                await self._after_the_app(self.target.app)
            except EventTargetGone:
                break
            except Exception:  # the wait only saves a frame: never one less (no frames at all)
                pass
            if not active.is_set():
                continue  # painted meanwhile (a layout)
            last = textual._time.get_time()
            try:
                await self._tick(next_timer=last, count=0)
            except EventTargetGone:
                break

    @staticmethod
    async def _after_the_app(app: App) -> None:
        """Wait until the app has handled what it was sent before now: a choice taken in a
        list goes to the app as a message, and a frame painted between the list's key and
        the app's move showed the list alone (the move's own frame then waited a frame's
        time: two frames, each painted, for one move)."""
        handled = asyncio.Event()
        if app.call_later(handled.set):
            await handled.wait()


def frame_timer(screen: Screen) -> Timer:
    """The :class:`FrameTimer` of ``screen`` (made and started at the first frame asked
    for, as Textual makes its own), for a screen's ``_update_timer``."""
    timer = screen.__dict__.get("_frame_timer")
    if timer is None:
        timer = FrameTimer(
            screen,
            textual.screen.UPDATE_PERIOD,
            name="screen_update",
            callback=screen._on_timer_update,
            pause=True,
        )
        timer._start()
        screen._timers.add(timer)  # stopped with the screen, as Textual's own
        screen.__dict__["_frame_timer"] = timer
    return timer


def unpainted_when_headless() -> None:
    """Skip painting frames that no one sees: a headless app (``App.run_test``) renders each
    frame only to throw it away (its driver writes nothing), about a fifth of a test's CPU
    time. The screen is still laid out after each change, and read in full on demand
    (:func:`screen_strips`, a snapshot's ``export_screenshot``), as a terminal would show it.
    For the test suite only (``tests/conftest.py``), where a paint is never watched:
    :func:`on_paint`'s callbacks still run after each frame. Idempotent."""
    if getattr(Screen._compositor_refresh, "unpainted", False):
        return
    paint = Screen._compositor_refresh

    def refresh(self: Screen) -> None:
        app = self.app
        watched = getattr(app, "frames_painted", False)  # on_frame
        if watched or not (app.is_headless and self is app.screen and not app.is_inline):
            paint(self)
            return
        # what a paint leaves behind: nothing left to repaint (``render_update``)
        self._compositor._dirty_regions.clear()
        self._dirty_widgets.clear()
        app._update_mouse_over(self)

    refresh.unpainted = True
    Screen._compositor_refresh = refresh


def on_frame(app: App, write: Callable[[object], None]) -> None:
    """Hand each frame ``app`` paints to ``write`` (a Textual compositor update: the lines it
    changes, as a terminal gets them), also when the app is headless: the tests that follow
    what a terminal shows (``tests/tui/terminal.py``). Its frames are painted although the
    test suite leaves a headless app's unpainted (:func:`unpainted_when_headless`)."""
    app.frames_painted = True
    display = app._display

    def displayed(screen: Screen, update) -> None:
        display(screen, update)
        if update is not None and not app._batch_count:
            write(update)

    app._display = displayed  # type: ignore[assignment]  # on the instance: no self


def send_key(app: App, key: str) -> None:
    """Send a key press the way a terminal does (through the driver, without waiting for
    it to be handled, unlike the test pilot)."""
    driver = app._driver
    assert driver is not None  # a running app has its driver
    driver.send_message(events.Key(key, None))


def repaint_what_moved() -> None:
    """Make every layout repaint what it moved, also after a scroll (issue 27, point 3).

    A layout (``Compositor.reflow``) repaints the widgets whose place changed by comparing
    the new map of the screen with the one it keeps. A scroll of a container lays out only
    what is in view (``reflow_visible``) and marks that kept map stale; the next question
    about a widget's place (``widget.size`` of a widget out of that view: a hidden message
    line) rebuilds it lazily from the widgets *as they are now*, changes not painted yet
    included (an update of a widget out of view marks it stale too). The next layout
    then finds nothing moved, and the lines a growing list now covers keep what the terminal
    showed there: the previous decision's entries under the new ones (Trajan at 80x24, after
    PgDn in the panel). Here a layout compares with the map last painted instead: the one
    the previous layout made, or the view a scroll laid out. Idempotent."""
    if getattr(Compositor.reflow, "repaints_what_moved", False):
        return
    reflow, reflow_visible, clear = Compositor.reflow, Compositor.reflow_visible, Compositor.clear

    def reflow_from_painted(self, parent, size):
        painted = self.__dict__.get("_painted_map")
        if painted is not None:
            self._full_map = painted  # not a map rebuilt since: the one on the terminal
        result = reflow(self, parent, size)
        self._painted_map = self._full_map
        return result

    def reflow_visible_kept(self, parent, size):
        exposed = reflow_visible(self, parent, size)
        self._painted_map = self._visible_map
        return exposed

    def clear_painted(self) -> None:
        self._painted_map = None  # the screen closes: no widget of it kept
        clear(self)

    reflow_from_painted.repaints_what_moved = True
    reflow_from_painted.__wrapped__ = reflow
    reflow_visible_kept.__wrapped__ = reflow_visible
    clear_painted.__wrapped__ = clear
    Compositor.reflow = reflow_from_painted
    Compositor.reflow_visible = reflow_visible_kept
    Compositor.clear = clear_painted


def paint_only_what_changed() -> None:
    """Make a frame that repaints part of the screen draw only the widgets in that part.

    Textual repaints the regions that changed (``render_partial_update``): it asks every
    widget that overlaps the box around all of them for its lines, and keeps only the lines
    and columns of those regions. A move changes the status line at the top and the key bar
    at the foot, so every widget of the screen was asked for all of its lines, and each
    line cut at every widget's edge (a third of a whole-board repaint at 160x45). A widget
    that overlaps none of the regions shows nothing in them: it is left out (what the frame
    writes is the same). Idempotent."""
    if getattr(Compositor._get_renders, "only_what_changed", False):
        return
    get_renders, render_partial_update = Compositor._get_renders, Compositor.render_partial_update

    def partial_update(self):
        self._repainted_regions = list(self._dirty_regions)  # the original clears them
        try:
            return render_partial_update(self)
        finally:
            self._repainted_regions = None

    def renders_in_changed_regions(self, crop=None):
        regions = self.__dict__.get("_repainted_regions")
        if not regions:
            yield from get_renders(self, crop)
            return
        for widget, (region, clip) in self.visible_widgets.items():
            shown = region.intersection(clip)
            if not shown or not any(shown.overlaps(changed) for changed in regions):
                continue  # nothing of it is in a region repainted
            if clip.contains_region(region):
                yield region, clip, widget.render_lines(Region(0, 0, *region.size))
            else:
                x, y, width, height = shown
                yield (
                    region,
                    clip,
                    widget.render_lines(Region(x - region.x, y - region.y, width, height)),
                )

    renders_in_changed_regions.only_what_changed = True
    renders_in_changed_regions.__wrapped__ = get_renders
    partial_update.__wrapped__ = render_partial_update
    Compositor._get_renders = renders_in_changed_regions
    Compositor.render_partial_update = partial_update


def _plain_box(widget: Widget) -> bool:
    """Whether ``widget`` draws nothing but its frame, padding and background (a container
    of Textual's own drawing): each of its lines is the same whatever its height, but for
    the lines of its foot."""
    cls = type(widget)
    styles = widget.styles
    return (
        widget.is_container
        and cls.render is Widget.render
        and cls.render_line is Widget.render_line
        and cls.render_lines is Widget.render_lines
        and styles.keyline[0] == "none"
        and not styles.has_rule("hatch")
    )


def keep_box_lines() -> None:
    """Keep a box's drawn lines when a layout changes only its height.

    Textual draws every line of a widget again once its size changed. A box (a container
    that draws only its frame, padding and background: the panels around the boards and
    the choices) made taller or shorter has the same lines down to its foot's padding and
    frame: at 80x24 a move that changes the length of the list resized the panels above
    it, and each of their lines was drawn again. Here the lines above the foot are kept
    (what the box shows is the same). Idempotent."""
    if getattr(Widget._size_updated, "keeps_box_lines", False):
        return
    size_updated = Widget._size_updated

    def sized(self, size, virtual_size, container_size, layout=True):
        old = self._size
        if old.width != size.width or old.height in (0, size.height) or not _plain_box(self):
            return size_updated(self, size, virtual_size, container_size, layout)
        cache = self._styles_cache
        above_foot = min(old.height, size.height) - self.styles.gutter.bottom
        kept = {
            y: strip
            for y, strip in cache._cache.items()
            if y < above_foot and y not in cache._dirty_lines
        }
        resized = size_updated(self, size, virtual_size, container_size, layout)
        if cache._width == size.width:  # drawn for this width: the kept lines still hold
            cache._cache.update(kept)
            cache._dirty_lines.difference_update(kept)
        return resized

    sized.keeps_box_lines = True
    sized.__wrapped__ = size_updated
    Widget._size_updated = sized


#: Parsed CSS by (its text, where it was read from, default or not, tie-breaker, scope, the
#: theme's variables): shared by every stylesheet of the process.
_PARSED_CSS: dict[tuple, list] = {}


def share_parsed_css() -> None:
    """Parse each piece of CSS once per process, not once per stylesheet.

    Textual keeps parsed CSS per stylesheet, and builds a fresh stylesheet (parsing all the
    app's CSS again, every widget's) whenever a screen brings CSS of its own: the first play
    screen of each game, about a tenth of showing it. The rules parsed are the same for the
    same text and variables (the theme), and a stylesheet does not change them after parsing
    (Textual's own cache shares them between its parses). Idempotent."""
    if getattr(Stylesheet._parse_rules, "shared", False):
        return
    parse_rules = Stylesheet._parse_rules

    def shared_parse_rules(self, css, read_from, is_default_rules=False, tie_breaker=0,
                           scope=""):  # fmt: skip
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               tuple(self._variables.items()))  # fmt: skip
        rules = _PARSED_CSS.get(key)
        if rules is None:
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            _PARSED_CSS[key] = rules
        return rules

    shared_parse_rules.shared = True
    shared_parse_rules.__wrapped__ = parse_rules
    Stylesheet._parse_rules = shared_parse_rules


def no_page_before_layout() -> None:
    """Make PgUp/PgDn on an option list not laid out yet do nothing.

    Textual's option list pages by its lines, which it builds only once it has a size: a
    list that has just opened (the new-game form's Space on a field's list, then PgUp in the
    same burst of keys) has none yet, and ``_move_page`` fails with ``KeyError: 0``. A list
    with no size has no page to move by. Idempotent."""
    if getattr(OptionList._move_page, "after_layout", False):
        return
    move_page = OptionList._move_page

    def move_page_laid_out(self, direction) -> None:
        if self.scrollable_content_region:
            move_page(self, direction)

    move_page_laid_out.after_layout = True
    move_page_laid_out.__wrapped__ = move_page
    OptionList._move_page = move_page_laid_out


#: Where each fix is installed: (class, attribute), each patched function's ``__wrapped__``
#: the original (the tests take them out to check that an app puts them back).
FIXES = (
    (Compositor, "reflow"),
    (Compositor, "reflow_visible"),
    (Compositor, "clear"),
    (Stylesheet, "_parse_rules"),
    (OptionList, "_move_page"),
    (Compositor, "_get_renders"),
    (Compositor, "render_partial_update"),
    (Widget, "_size_updated"),
)


def install_fixes() -> None:
    """Every fix of Textual's behaviour the app's screens rely on (issue 35, point 18: they
    were installed by the local app only; ``join`` and ``replay`` ran without them), once per
    process (a screen's late dismiss is :mod:`forum_trajanum.tui.screenbase`'s, a class of
    the program's own, not a patch). Idempotent."""
    share_parsed_css()  # the first play screen of each game parses no CSS again
    repaint_what_moved()  # no line of an old list left on screen after a scroll
    no_page_before_layout()  # PgUp on a list just opened (not laid out yet) fails nothing
    paint_only_what_changed()  # a move's frame draws the widgets it repaints, not all
    keep_box_lines()  # a box made taller or shorter draws its foot again, not every line


def fixes_installed() -> bool:
    """Whether every fix of :func:`install_fixes` is in place."""
    return all(hasattr(getattr(owner, name), "__wrapped__") for owner, name in FIXES)


class FixedApp(App):
    """A Textual app with the fixes of :func:`install_fixes`: every app of the program (the
    local game, ``join``, ``replay``) is one, so that none runs without them."""

    def __init__(self, *args, **kwargs) -> None:
        install_fixes()
        super().__init__(*args, **kwargs)
