"""The first-game coach: the first time a kind of decision comes up for a seat, a short
explanation of what it is and what its options do (the task record's ``explain``, in the
rulebook's words), in a small dialog with "OK" and "Don't show again"; and the first time a
word of the game appears on the seat's screen (in Forum Trajanum a river tile, the reserve, a
collection task: the game's :class:`~forum_trajanum.tui.glossary.Glossary`), what it means.
The explanations are the games' (their task records and glossaries): this module names none.

Which seats have the coach on and which kinds each has seen are kept in the game record's
app data (``record.meta.coach``, a :class:`~forum_trajanum.core.record.CoachMemory`), so
Continue neither repeats an explanation nor forgets that a
seat switched the coach off. A save without the field (an older one) has the coach off.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from time import monotonic
from typing import TYPE_CHECKING, Any, Protocol, cast

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from forum_trajanum.tui.compat import binds
from forum_trajanum.tui.keys import ENTRY_KEYS
from forum_trajanum.tui.screenbase import OwnModalScreen

# The app's base class lives here: only light imports (the start screen is painted before the
# engine loads; see ForumApp.warm_up).
if TYPE_CHECKING:
    from forum_trajanum.core.record import CoachMemory
    from forum_trajanum.core.seat import Session, SessionRecord
    from forum_trajanum.tui.glossary import Glossary


def _memory(record: SessionRecord) -> CoachMemory:
    """The coach's memory of ``record`` (made and stored when missing)."""
    from forum_trajanum.core.record import CoachMemory

    if record.meta.coach is None:
        record.meta.coach = CoachMemory()
    return record.meta.coach


def start_coach(record: SessionRecord, seats: Iterable[int]) -> None:
    """A new game: the coach is on for ``seats`` and has explained nothing yet."""
    from forum_trajanum.core.record import CoachMemory

    record.meta.coach = CoachMemory(on=sorted(set(seats)))


def coach_on(record: SessionRecord, seat: int) -> bool:
    """Whether the coach explains decisions to ``seat``."""
    return record.meta.coach is not None and seat in record.meta.coach.on


def set_coach(record: SessionRecord, seat: int, on: bool) -> None:
    """Switch the coach on or off for ``seat`` (the kinds seen stay seen)."""
    memory = _memory(record)
    seats = set(memory.on)
    if on:
        seats.add(seat)
    else:
        seats.discard(seat)
    memory.on = sorted(seats)


def seen_kinds(record: SessionRecord, seat: int) -> set[str]:
    """The kinds of decision already explained to ``seat``."""
    if record.meta.coach is None:
        return set()
    return set(record.meta.coach.seen.get(str(seat), ()))


def mark_seen(record: SessionRecord, seat: int, kind: str) -> None:
    """Note that ``kind`` has been explained to ``seat``."""
    kinds = _memory(record).seen.setdefault(str(seat), [])
    if kind not in kinds:
        kinds.append(kind)


def veterans() -> set[str]:
    """The names (lower case) that played a human seat in a finished saved game: their
    coach is off by default, everybody else's on (their first game)."""
    from forum_trajanum.core import saves

    try:
        games = saves.list_games(finished=True)
    except (OSError, saves.SaveError):  # a save folder that cannot be read: nobody is known
        return set()
    names: set[str] = set()
    for game in games:
        bots = game.bots + [""] * len(game.names)
        names.update(n.strip().lower() for n, b in zip(game.names, bots, strict=False) if not b)
    return names


def explanation(pv: Any) -> tuple[str, str]:
    """(title, explanation) of the decision of ``pv``; ("", "") when it has none."""
    task = getattr(pv, "task", None)  # the decision's record: its explanation is data
    if task is None or getattr(task, "kind", None) != pv.decision:
        return "", ""
    text = getattr(task, "explain", "")
    if not text:
        return "", ""
    # the decision record's own title: the kind explained (a view's title may say more, as
    # Trajan's setup titles name the start player for the hand-over screen)
    title = getattr(task, "title", "") or pv.title
    return title[:1].upper() + title[1:], text


def due(
    record: SessionRecord, pv: Any, glossary: Glossary | None = None
) -> tuple[str, str, list[str]]:
    """(title, explanation, kinds) the coach owes the viewer of ``pv`` now, or ("", "", []):
    the coach is on for that seat and it is the seat's own decision; the decision's kind has
    not been explained yet, or a word on the screen (the notes of the game's ``glossary``)
    has not. ``kinds`` are what to mark as explained."""
    seat = pv.viewer
    if seat < 0 or seat != pv.decider or not pv.legal or not coach_on(record, seat):
        return "", "", []
    seen = seen_kinds(record, seat)
    title, text, kinds = "", "", []
    if pv.decision not in seen:
        title, text = explanation(pv)
        kinds.append(pv.decision)
    notes = glossary.notes_shown(pv, seen) if glossary is not None else []
    if notes and glossary is not None:
        words = glossary.explained(notes)
        text = f"{text}\n\n{words}" if text else words
        title = title or f"New here: {notes[0].word}"
        kinds += [note.key for note in notes]
    return (title, text, kinds) if text else ("", "", [])


#: The coach dialog's answers: OK, or "Don't show again"; a digit ("1"-"9") takes that
#: choice of the decision list at once; ``KEY`` + a key: closed as read, and that key given to
#: the screen below (a key of its key bar does there what the key bar says).
OK, STOP, HINT, KEY = "ok", "stop", "hint", "key:"

#: The coach's key for the whole explanation: one that no game's key bar uses (every key the
#: key bar shows does what it says, also while the coach is up; m is Trajan's Map).
MORE_KEY = "i"

#: Below this size the coach is a strip along the top of the screen (over the status line),
#: its explanation cut to what fits two lines, the rest one key (m) away.
COMPACT_BELOW = (120, 36)
#: The end of the strip's short explanation: where the rest is.
MORE = f" {MORE_KEY}: more"


def short_explanation(text: str, width: int, lines: int = 2) -> str:
    """The leading sentences of ``text``'s first paragraph that fit ``lines`` lines of
    ``width`` with :data:`MORE` after them (the first one cut at a word, with "…", when even
    it does not fit); the whole paragraph when it fits."""
    paragraph = text.split("\n\n")[0].replace("\n", " ").strip()
    sentences = re.split(r"(?<=[.!?])\s+", paragraph)

    def fits(words: str) -> bool:
        return len(Text(words + MORE).wrap(_console(), width)) <= lines

    shown = ""
    for sentence in sentences:
        joined = f"{shown} {sentence}".strip()
        if not fits(joined):
            break
        shown = joined
    if not shown:  # the first sentence alone is too long: cut at a word
        shown = cut_at_word(paragraph, fits)
    return shown


def cut_at_word(text: str, fits, least: int = 0) -> str:
    """``text``'s first words with "…" after them, as many as ``fits`` allows (but at least
    ``least`` of them)."""
    words = text.split()
    while len(words) > least and not fits(" ".join(words) + "…"):
        words.pop()
    return " ".join(words) + "…"


def _console():
    from rich.console import Console

    return Console(width=200, no_color=True)


def _binds(screen, key: str) -> bool:
    """Whether ``key`` does something on ``screen``: one of its own keys, or one of the widget
    in focus there (the arrows of a board, of the choices: the key bar's first words)."""
    if binds(screen, key):
        return True
    focused = screen.focused
    nodes = focused.ancestors_with_self if focused is not None else ()
    return any(binds(node, key) for node in nodes if node is not screen)


class CoachScreen(OwnModalScreen[str]):
    """The coach's explanation of one kind of decision. It sits just above the decision
    list where there is room (the choices it explains stay in view, as do the status line
    and the top of the board) and above the key bar otherwise. Dismissed with
    :data:`OK`, :data:`STOP` ("Don't show again"), :data:`HINT` (h: closed, and the hint
    asked for) or an entry's key (1-9, Shift+A-Z): that choice, taken at once. Any other key
    the screen below binds (its key bar's, the arrows of the widget in focus there too) closes
    it as read (:data:`KEY` + the key) and does there what the key bar says."""

    #: The coach's rules, loaded with it: the start screen's first frame needs none of them.
    CSS_PATH = "coach.tcss"

    BINDINGS = [
        Binding("escape", "answer('ok')", "OK"),
        Binding("k", "answer('stop')", "Don't show again"),  # k: the key bar's coach key
        Binding(MORE_KEY, "more", "More"),
        Binding("h", f"answer('{HINT}')", "Hint"),
        # the keys before the entries: 1-9, then Shift+A-Z (as on the play screen)
        *[Binding(key, f"answer('{n}')", show=False) for n, key in enumerate(ENTRY_KEYS, 1)],
    ]
    AUTO_FOCUS = "#coach-ok"

    def __init__(self, name: str, title: str, text: str, hold: float = 0.0) -> None:
        super().__init__()
        self.player_name, self.title_text, self.text = name, title, text
        #: Seconds for which the dialog ignores being closed: it may open right after a
        #: hand-over's Enter, and a double press must not close it unread.
        self.hold = hold
        self._opened = monotonic()

    @property
    def held(self) -> bool:
        """Whether closing is still ignored (the moment after the dialog opened)."""
        return monotonic() - self._opened < self.hold

    @property
    def compact(self) -> bool:
        """Whether the coach is the strip along the top (a window below 120x36)."""
        width, height = self.app.size
        return width < COMPACT_BELOW[0] or height < COMPACT_BELOW[1]

    def compose(self) -> ComposeResult:
        heading = Text.assemble(
            ("Coach", "bold #87d7ff"),
            (f" for {self.player_name}: ", "#87d7ff"),
            (self.title_text, "bold #ffd75f"),
        )
        more = f" · {MORE_KEY} more" if self.compact else ""  # the box shows it all
        tip = (
            f"Enter OK{more} · a digit takes that choice now · h a hint · k coach off · "
            "the key bar's keys close this and do what they say"
        )
        box = Vertical(id="coach-box")
        if self.compact:  # the player is named on the choices' line below
            heading = Text.assemble(("Coach: ", "bold #87d7ff"), (self.title_text, "bold #ffd75f"))
            # at 80x24 (issue 27): two lines over the status line and the tabs, neither the
            # choices nor the board they are about covered; i shows the rest
            self.add_class("-compact")
            short = short_explanation(self.text, self.app.size.width - 2)
            with box:
                with Horizontal(id="coach-head"):
                    yield Static(heading, id="coach-title")
                    yield Button("OK", variant="primary", id="coach-ok", compact=True)
                    yield Button("Don't show again (k)", id="coach-stop", compact=True)
                more = "" if short == self.text else MORE
                yield Static(Text.assemble(short, (more, "bold #87d7ff")), id="coach-short")
                yield Static(self.text, id="coach-text", markup=False)
                yield Static(tip, id="coach-tip")
            return
        box.border_title = heading
        with box:
            yield Static(self.text, id="coach-text", markup=False)
            yield Static(tip, id="coach-tip")
            with Horizontal(id="coach-buttons"):
                yield Button("OK", variant="primary", id="coach-ok", compact=True)
                yield Button("Don't show again (k)", id="coach-stop", compact=True)

    def on_key(self, event: events.Key) -> None:
        """A key of the screen below (its key bar's) that is not one of the coach's own: the
        coach closes as read and the key does what the key bar says."""
        bindings = [b for b in self.BINDINGS if isinstance(b, Binding)]  # all of them
        own = {key for b in bindings for key in b.key.split(",")} | {"enter", "tab"}
        if event.key in own or len(self.app.screen_stack) < 2:
            return
        below = self.app.screen_stack[-2]
        if not _binds(below, event.key):
            return
        event.stop()
        event.prevent_default()
        if not self.held:
            self.dismiss(KEY + event.key)

    def action_more(self) -> None:
        """m: the whole explanation (and the tips), or back to its short form."""
        self.toggle_class("-more")

    def on_mount(self) -> None:
        self._opened = monotonic()
        self.call_after_refresh(self.place_box)

    def on_resize(self) -> None:
        self.call_after_refresh(self.place_box)

    def place_box(self) -> None:
        """Above the decision list of the screen below, when the box fits between it and the
        status line; above the key bar otherwise (the strip of a small window: at the top)."""
        box = self.query_one("#coach-box")
        if self.has_class("-compact"):
            self._fit_title()
            return
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        found = below.query("#p-decide") if below is not None else ()
        decide = next(iter(found), None)  # a game's screen without one: above the key bar
        room = decide.region.y - 1 if decide is not None else 0  # under the status line
        spot = below.coach_spot() if below is not None and hasattr(below, "coach_spot") else None
        box.styles.width = box.styles.max_height = None  # the stylesheet's (after a resize)
        box.styles.offset = (0, 0)
        if decide is not None and decide.display and room >= box.outer_size.height:
            box.styles.margin = (0, 0, self.size.height - decide.region.y, 0)
        elif spot is not None and spot.region.width >= 40:
            # over the panel the screen offers, inside its frame (QA at 120x36: above the key
            # bar the box covered a game's panel that it explained)
            inner = spot.region.shrink((1, 1, 1, 1))
            box.styles.width = inner.width
            box.styles.max_height = inner.height
            centred = (self.size.width - inner.width) // 2
            box.styles.offset = (inner.x - centred, 0)
            box.styles.margin = (0, 0, self.size.height - inner.bottom, 0)
        else:
            # the key bar stays in view, and the panels' bottom borders above it whole (the
            # box's own border ran into theirs at 120x36: ╰───╰───╯───╯)
            box.styles.margin = (0, 0, 2, 0)

    def _fit_title(self) -> None:
        """The strip's title whole, or cut at a word with "…" when it does not fit beside the
        buttons (QA at 80x24: "…female-back citizens o…", cut in a word)."""
        title = self.query_one("#coach-title", Static)
        width = title.content_size.width
        head = "Coach: "
        if width > 0 and Text(f"{head}{self.title_text}").cell_len > width:
            shown = cut_at_word(
                self.title_text, lambda words: Text(head + words).cell_len <= width, least=1
            )
        else:
            shown = self.title_text
        title.update(Text.assemble((head, "bold #87d7ff"), (shown, "bold #ffd75f")))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_answer(STOP if event.button.id == "coach-stop" else OK)

    def action_answer(self, answer: str) -> None:
        if not self.held:
            self.dismiss(answer)


class _CoachHost(Protocol):
    """What the coach uses of the app it is mixed into (the local app, ``join``'s)."""

    session: Session
    ui: Any
    choice_hold: float
    screen: Any

    def say(self, text: str) -> None: ...
    def simulate_key(self, key: str) -> None: ...
    def push_overlay(self, screen: Any, callback: Any) -> None: ...
    def hold_choices(self) -> None: ...
    def game_glossary(self) -> Glossary | None: ...
    def coach_check(self, pv: Any) -> None: ...


class CoachApp:
    """The coach's part of the app (mixed into :class:`forum_trajanum.tui.app.ForumApp`):
    explain a decision the first time its kind comes up, switch the coach with ``k``."""

    def coach_check(self, pv: Any) -> None:
        """After a human's decision is on screen: explain it if the coach owes that."""
        app = cast("_CoachHost", self)  # what the coach is mixed into
        s = app.session
        title, text, kinds = due(s.record, pv, app.game_glossary())
        if not text:
            return
        seat = pv.viewer
        for kind in kinds:
            mark_seen(s.record, seat, kind)
        s.save()  # seen for good: Continue does not explain it again

        def closed(answer: str | None) -> None:
            if app.session is not s:
                return
            if answer == STOP:
                set_coach(s.record, seat, False)
                s.save()
                app.say(f"Coach off for {s.name(seat)}. The k key switches it on again.")
            from forum_trajanum.tui.gamescreens import GameScreen

            pick = getattr(app.screen, "action_pick", None)
            hint = getattr(app.screen, "action_hint", None)
            if answer and answer.isdigit() and isinstance(app.screen, GameScreen) and pick:
                pick(int(answer))  # the choice the player read it for (any game's screen)
            elif answer == HINT and isinstance(app.screen, GameScreen) and hint:
                hint()  # h on the coach: closed, and the hint asked for (any game's screen)
            elif answer and answer.startswith(KEY):
                app.simulate_key(answer[len(KEY) :])  # a key of the key bar: as it says
            else:
                app.hold_choices()

        app.push_overlay(CoachScreen(s.name(seat), title, text, app.choice_hold), closed)

    def game_glossary(self) -> Glossary | None:
        """The words of the game being played that the coach explains (its UI contract's
        ``glossary()``; None for a game with none)."""
        app = cast("_CoachHost", self)  # what the coach is mixed into
        made = app.ui.glossary
        return made() if made is not None else None

    def hold_choices(self) -> None:
        """After a dialog closed with Enter: the choices ignore a too fast second Enter."""
        app = cast("_CoachHost", self)  # what the coach is mixed into
        from forum_trajanum.tui.decisionlist import DecisionList

        for lst in app.screen.query(DecisionList):
            lst.hold(app.choice_hold)

    def action_coach(self) -> None:
        """k: switch the coach on or off for the player whose decision is on screen."""
        app = cast("_CoachHost", self)  # what the coach is mixed into
        from forum_trajanum.tui.gamescreens import GameScreen

        s = app.session
        top = app.screen
        if s is None or not isinstance(top, GameScreen) or not top.drawn:
            return
        pv = top.data.view
        if pv.viewer < 0 or pv.viewer != s.decider or s.is_bot(pv.viewer):
            top.say("The coach is for your own decisions: switch it when it is your turn.")
            return
        seat = pv.viewer
        on = not coach_on(s.record, seat)
        set_coach(s.record, seat, on)
        s.save()
        if on:
            top.say(f"Coach on for {s.name(seat)}: each new kind of decision is explained once.")
            app.coach_check(pv)
        else:
            top.say(f"Coach off for {s.name(seat)}. The k key switches it on again.")
