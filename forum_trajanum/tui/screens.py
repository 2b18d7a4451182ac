"""Screens around play: the new-game form and the hand-over (the start menu and the too-small
notice, shown before the first frame, are :mod:`forum_trajanum.tui.startscreen`'s).

The small modal screens (help, save, messages, yes or no) live in
:mod:`forum_trajanum.tui.dialogs`; each game's own screens (play, scoring, game over, help,
replay) in its ``ui`` package, given through its UI contract
(:mod:`forum_trajanum.tui.contract`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    Select,
    Static,
)
from textual.widgets.input import Selection
from textual.widgets.select import InvalidSelectValueError

# Light imports only: this module loads right after the start screen's first frame.
from forum_trajanum.core.files import clean_name
from forum_trajanum.core.options import CHOICE, SEATS, TICK, OptionField, offered
from forum_trajanum.core.seeds import seed_problem
from forum_trajanum.core.text import encodable, printable
from forum_trajanum.games import DEFAULT_GAME, GAMES
from forum_trajanum.tui.compat import SelectOverlay, app_closing
from forum_trajanum.tui.keys import KeyBar
from forum_trajanum.tui.messages import HelpRequested
from forum_trajanum.tui.screenbase import OwnModalScreen, OwnScreen

LEVEL_CHOICES = [("human", ""), ("bot: easy", "easy"), ("bot: normal", "normal"),
                 ("bot: hard", "hard"), ("bot: expert", "expert")]  # fmt: skip


def bot_name(level: str, seat: int, levels: list[str]) -> str:
    """The name a bot seat gets by default: its level ("Normal bot"), numbered when an
    earlier seat has a bot of the same level ("Normal bot 2")."""
    same = sum(1 for other in levels[:seat] if other == level)
    return f"{level.capitalize()} bot" + (f" {same + 1}" if same else "")


#: The keys of a seed (a whole number): typed on the form's buttons, they go to the Seed field.
SEED_KEYS = frozenset("0123456789-")

#: The form's keys in its fields: Enter moves on (as it does in a text field), Space opens a
#: list or ticks a box. (Textual's own: Enter opened a list over the row below, or ticked.)
_ENTER_MOVES_ON = Binding("enter", "app.focus_next", "Next field", show=False)


class FormSelect(Select):
    """A list field of the form: Space (or an arrow) opens its list, Enter moves on; Enter
    in the open list takes the highlighted entry and moves on too, as it does everywhere in
    the form (QA at 80x24, issue 36: it only closed the list, and the next key, Escape,
    left the form)."""

    BINDINGS = [_ENTER_MOVES_ON, Binding("space,down,up", "show_overlay", "Open", show=False)]

    @on(SelectOverlay.UpdateSelection)
    def _chosen_moves_on(self, event: SelectOverlay.UpdateSelection) -> None:
        # Select's own handler takes the entry and gives the focus back to the list, later:
        # the screen showed the entry while the focus was still here, and a Shift+Tab typed
        # on sight went one field early (the browser test met it). So the entry, the closed
        # list and the next field's focus all happen here, before the next paint.
        event.stop()
        event.prevent_default()  # not Select's handler after this one
        value = self._options[event.option_index][1]
        if value != self.value:
            self.value = value
        self.expanded = False
        self.screen.set_focus(self, scroll_visible=False)
        self.screen.focus_next()

    def _on_mount(self, event) -> None:
        """A form closed by a key of the same burst before this list was mounted: its parts
        are being taken down, and Select's own setup (which looks for its list) is skipped
        (the monkey test at 80x24 met it: NoMatches 'SelectOverlay')."""
        if not self.query("SelectOverlay"):
            event.prevent_default()


class MarkedCheckbox(Checkbox):
    """A checkbox whose state shows as a mark, not by colour alone: [X] on, [ ] off. Space
    ticks it; Enter moves on (in a form, Enter never changes a setting)."""

    BINDINGS = [_ENTER_MOVES_ON, Binding("space", "toggle_button", "Tick", show=False)]
    BUTTON_LEFT = "["
    BUTTON_RIGHT = "]"

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # Textual's class constant, per box
        return "X" if self.value else " "


class FormInput(Input):
    """A text field of the form. Its text is selected when Tab brings the cursor in (a letter
    typed then replaces it), but a Space never wipes it: the Space goes after the text (QA at
    80x24: a Space typed back in "Ann" to add "Marie" blanked the name, and Start quietly
    named the seat "Normal bot"). Text typed elsewhere for this field (a seed typed on the
    Start button) is put at its end when it takes the focus."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        #: typed for this field before it had the focus: put at its end when it has it
        self._typed_elsewhere = ""

    # (Textual calls each class's own handler, this one first, then Input's: no super())
    def _on_key(self, event) -> None:  # type: ignore[override]  # Textual awaits it or not
        whole = Selection(0, len(self.value))
        if event.character == " " and self.value and self.selection == whole:
            self.selection = Selection.cursor(len(self.value))

    def type_in(self, text: str) -> None:
        """Put ``text`` at the end of the field and give it the focus."""
        if self.has_focus:
            self.selection = Selection.cursor(len(self.value))
            self.insert_text_at_cursor(text)
            return
        self._typed_elsewhere += text
        self.focus()

    def _on_focus(self, event) -> None:
        if self._typed_elsewhere:
            self.select_on_focus = False  # for this focus: the text stays, the cursor after it
            self.selection = Selection.cursor(len(self.value))
            self.insert_text_at_cursor(self._typed_elsewhere)
            self._typed_elsewhere = ""

    def _on_blur(self, event) -> None:
        self.select_on_focus = True


@dataclass
class NewGameSettings:
    """What the new-game form returns (and ``forum-trajanum new``)."""

    players: int
    names: list[str]
    bots: list[str]
    seed: int | None = None
    #: The game's own options, by their names in its options model (those it offers,
    #: :mod:`forum_trajanum.core.options`; a seats option holds the seats chosen).
    options: dict[str, Any] = field(default_factory=dict)
    #: Seats whose players the first-game coach helps (human seats only).
    coach: tuple[int, ...] = ()
    #: Something to tell the players when the game starts (how a seat was understood).
    note: str = ""
    #: Which game (a registered name).
    game: str = DEFAULT_GAME


SEAT_HINT_COACH = "coach: each new kind of decision explained once (on for a first game)"

#: The form's own fields (an option of a game never takes one of these ids).
_OWN = (
    "game", "players", "seed", "form", "start", "back", "seat-hint", "form-message",
    *[f"{kind}-{seat}" for seat in range(4) for kind in ("seat", "name", "bot", "coach")],
)  # fmt: skip
#: The form's own fields whose entries are kept when it is left (with the options' fields).
_KEPT = ("game", "players", "seed",
         *[f"{kind}-{seat}" for seat in range(4) for kind in ("name", "bot", "coach")])  # fmt: skip


def game_choices() -> list[tuple[str, str]]:
    """The games the form offers: (title, registered name)."""
    return [(GAMES.title(name), name) for name in GAMES.names()]


@dataclass(frozen=True)
class FormOption:
    """An option field of the form: one game's option (or the same option of several games),
    its widget's id (the flag's name: ``--side`` is ``#side``; a seats option has one box per
    seat, ``#newcomer-0`` ...) and the games it is shown for."""

    option: OptionField
    id: str
    games: frozenset[str]

    def ids(self) -> list[str]:
        """The ids of its widgets."""
        if self.option.kind == SEATS:
            return [f"{self.id}-{seat}" for seat in range(4)]
        return [self.id]


@cache
def form_options(games: tuple[str, ...]) -> tuple[FormOption, ...]:
    """Every option that ``games`` offer, once each: an option two games offer alike is one
    field; options that differ but share a flag get fields of their own (the id then names
    the game)."""
    found: list[FormOption] = []
    for game in games:
        for option in offered(GAMES.get(game).options):
            same = [f for f in found if f.option == option]
            if same:
                i = found.index(same[0])
                found[i] = FormOption(option, same[0].id, same[0].games | {game})
                continue
            taken = {f.id for f in found} | set(_OWN)
            wid = option.key if option.key not in taken else f"{game}-{option.key}"
            found.append(FormOption(option, wid, frozenset({game})))
    return tuple(found)


def remember_table(entries: dict, record) -> None:
    """Put the table of a game (its record, or a listed save: the game, the seats' names and
    bots, the record's options) into the form's ``entries``, so that the form opens with it
    again: a table plays again with the same people (QA at 80x24, issue 36: after a game the
    form had forgotten them). The seed the form held stays; each person's coach box gets its
    default again (their first game may be over now)."""
    names, bots = list(record.names), list(record.bots)
    if not 2 <= len(names) <= 4 or len(bots) != len(names) or record.game not in GAMES:
        return
    if not all(isinstance(n, str) and n.strip() for n in names):
        return  # a save of an old release without names: the form's own defaults
    entries["game"], entries["players"] = record.game, len(names)
    auto_names = dict(entries.get("_auto_names", {}))
    coach_auto = dict(entries.get("_coach_auto", {}))
    for seat in range(4):
        entries.pop(f"coach-{seat}", None)
        coach_auto.pop(seat, None)
        if seat >= len(names):
            continue
        entries[f"name-{seat}"], entries[f"bot-{seat}"] = names[seat], bots[seat]
        if bots[seat] and names[seat] == bot_name(bots[seat], seat, bots):
            auto_names[seat] = names[seat]  # named by its level: renamed with it
        else:
            auto_names.pop(seat, None)
    entries["_auto_names"], entries["_coach_auto"] = auto_names, coach_auto
    options = getattr(record, "options", None)  # a listed save has none: defaults kept
    for each in form_options(tuple(GAMES.names())):
        option = each.option
        if record.game not in each.games or not hasattr(options, option.name):
            continue
        value = getattr(options, option.name)
        if option.kind == SEATS:
            for seat in range(4):
                entries[f"{each.id}-{seat}"] = seat in tuple(value or ())
        elif option.kind in (CHOICE, TICK):
            entries[each.id] = value


class NewGameScreen(OwnModalScreen[NewGameSettings | None]):
    """The new-game form: the game, seats, names, bots, the chosen game's own options
    (:func:`form_options`), seed.

    It opens at its top with its first field in focus: which game. Enter moves to the next
    field in every field (Space opens a list or ticks a box); only the Start button starts
    the game. ``entries`` (a dict the caller
    keeps) holds what the form held when it was last left, by Back or by Start, and the form
    opens with it. A bot seat is named after its level unless its name was typed."""

    #: The form's rules, loaded with it: the start screen's first frame needs none of them.
    CSS_PATH = "newgame.tcss"

    BINDINGS = [
        Binding("tab", "app.focus_next", "Next field (or Enter)"),
        Binding("space", "choose", "Open list, tick"),
        Binding("shift+tab", "app.focus_previous", "Previous"),
        Binding("escape", "escape", "Back"),
    ]
    AUTO_FOCUS = "#game"
    #: What the first Escape with no list open says: the second leaves (QA at 80x24, issue
    #: 36: an Escape meant for a list that Enter had just closed left the whole form).
    ESCAPE_AGAIN = "Escape again: back to the menu (what you entered is kept for next time)."

    def __init__(self, entries: dict | None = None) -> None:
        super().__init__()
        self.entries = entries if entries is not None else {}
        #: every game's own options, as fields (each shown while its game is chosen)
        self.options = form_options(tuple(GAMES.names()))

    def _option_field(self, each: FormOption) -> ComposeResult:
        """The field of a game option that applies to the whole table (a seats option's
        boxes are in the seats' rows)."""
        option = each.option
        if option.kind == CHOICE:
            with Horizontal(classes="form-row", id=f"{each.id}-row"):
                yield Label(option.title, classes="field-name")
                yield FormSelect([(words, value) for value, words in option.choices],
                                 value=option.default, allow_blank=False, compact=True,
                                 id=each.id, classes="option-choice")  # fmt: skip
        elif option.kind == TICK:
            yield MarkedCheckbox(option.title, value=bool(option.default), compact=True,
                                 id=each.id, classes="option-tick")  # fmt: skip

    def _kept(self) -> list[str]:
        """The ids of the fields whose entries are kept when the form is left."""
        return [*_KEPT, *(wid for each in self.options for wid in each.ids())]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Label("New game", classes="heading")
            with Horizontal(classes="form-row"):
                yield Label("Game", classes="field-name")
                yield FormSelect(game_choices(), value=DEFAULT_GAME, allow_blank=False,
                                 compact=True, id="game")  # fmt: skip
            with Horizontal(classes="form-row"):
                yield Label("Players", classes="field-name")
                yield FormSelect([(f"{n} players", n) for n in (2, 3, 4)], value=2,
                                 allow_blank=False, compact=True, id="players")  # fmt: skip
            for seat in range(4):
                with Horizontal(classes="seat-row", id=f"seat-{seat}"):
                    yield Label(f"Seat {seat + 1}", classes="field-name")
                    yield FormInput(value=f"Player {seat + 1}", id=f"name-{seat}",
                                    placeholder=f"name of seat {seat + 1}",
                                    compact=True)  # fmt: skip
                    yield FormSelect(LEVEL_CHOICES, value="", allow_blank=False,
                                     compact=True, id=f"bot-{seat}")  # fmt: skip
                    for each in self.options:
                        if each.option.kind == SEATS:
                            yield MarkedCheckbox(each.option.title, compact=True,
                                                 id=f"{each.id}-{seat}")  # fmt: skip
                    yield MarkedCheckbox("coach", compact=True, id=f"coach-{seat}")
            yield Static(classes="hint", id="seat-hint")
            for each in self.options:
                yield from self._option_field(each)
            with Horizontal(classes="form-row"):
                yield Label("Seed", classes="field-name")
                yield FormInput(placeholder="optional: a whole number (the same seed, the "
                                "same tiles and cards)", compact=True, id="seed")  # fmt: skip
            yield Static(id="form-message")
            with Horizontal(id="form-buttons"):
                yield Button("Start", variant="primary", compact=True, id="start")
                yield Button("Back", compact=True, id="back")
        yield KeyBar()

    def on_mount(self) -> None:
        if not self._whole():
            return  # closed by a key of the same burst before its mount ran: taken down
        self.query_one("#form").can_focus = False  # Tab goes from field to field
        from forum_trajanum.tui.coach import veterans

        self._veterans = veterans()
        #: the coach boxes' values as set by the form (a different value: the player's own)
        self._coach_auto: dict[int, bool] = {}
        #: the names the form gave bot seats (a different name: typed by the player)
        self._auto_names: dict[int, str] = {}
        self._restore()
        #: each seat's level as the form last saw it
        self._levels = [self._level(seat) for seat in range(4)]
        self._show_seats(self._players())
        self._show_options()
        for seat in range(4):
            self._coach_default(seat)
        self.query_one("#form").scroll_home(animate=False)

    def _whole(self) -> bool:
        """Whether the form is on the app's screens with every field, not being taken down:
        a key of the same burst may close it, or quit the app, before its mount runs, and
        its fields are removed one by one (the monkey test: "#game" gone, "#form" still
        there, the app quitting)."""
        if app_closing(self.app) or self not in self.app.screen_stack:
            return False
        return all(self.query(f"#{key}") for key in ("form", *self._kept()))

    def _restore(self) -> None:
        """Put back what the form held when it was last left."""
        saved = self.entries
        self._coach_auto.update(saved.get("_coach_auto", {}))
        self._auto_names.update(saved.get("_auto_names", {}))
        for key in self._kept():
            if key in saved:
                widget: Any = self.query_one(f"#{key}")  # an entry: a field with a value
                with widget.prevent(Input.Changed, Select.Changed, Checkbox.Changed):
                    try:
                        widget.value = saved[key]
                    except (InvalidSelectValueError, ValueError, TypeError):  # not offered now
                        continue  # (a save's option of another release): the default stays

    def _keep(self) -> None:
        """Remember the entries (for the next time the form opens)."""
        self.entries.clear()
        fields: dict[str, Any] = {key: self.query_one(f"#{key}") for key in self._kept()}
        self.entries.update({key: field.value for key, field in fields.items()})
        self.entries["_coach_auto"] = dict(self._coach_auto)
        self.entries["_auto_names"] = dict(self._auto_names)

    def _players(self) -> int:
        players = self.query_one("#players", Select).value
        return players if isinstance(players, int) else 2

    def _level(self, seat: int) -> str:
        return str(self.query_one(f"#bot-{seat}", Select).value or "")

    def _coach_default(self, seat: int) -> None:
        """The coach is on for a human seat's first game (a name with no finished game),
        unless the player has set the box."""
        box = self.query_one(f"#coach-{seat}", Checkbox)
        bot = bool(self._level(seat))
        # a bot's box stays in the Tab order (every seat's row has as many stops), dimmed
        # and never ticked: Space on it says why (QA at 80x24, issue 36: Tab skipped it)
        box.set_class(bot, "-bot-seat")
        if bot:
            self._coach_auto[seat] = False
            with box.prevent(Checkbox.Changed):
                box.value = False
            return
        if seat in self._coach_auto and box.value != self._coach_auto[seat]:
            return  # set by the player
        name = self.query_one(f"#name-{seat}", Input).value.strip().lower()
        value = not bot and name not in self._veterans
        self._coach_auto[seat] = value
        box.value = value

    def _name_default(self, seat: int) -> None:
        """A bot seat is named after its level, a human seat "Player N" again, unless the
        player typed the name."""
        field = self.query_one(f"#name-{seat}", Input)
        typed = field.value.strip() not in ("", f"Player {seat + 1}", self._auto_names.get(seat))
        if typed:
            self._auto_names.pop(seat, None)
            return
        level = self._level(seat)
        if level:
            name = bot_name(level, seat, [self._level(s) for s in range(4)])
            self._auto_names[seat] = name
        else:
            name = f"Player {seat + 1}"
            self._auto_names.pop(seat, None)
        field.value = name

    def on_input_blurred(self, event: Input.Blurred) -> None:
        """A name left blank gets its seat's name again, on the screen (Start would give it
        that name: the form shows the name the seat will have)."""
        wid = event.input.id or ""
        if wid.startswith("name-") and not event.input.value.strip() and hasattr(self, "_levels"):
            event.input.value = ""
            self._name_default(int(wid.removeprefix("name-")))

    def on_input_changed(self, event: Input.Changed) -> None:
        if (event.input.id or "").startswith("name-") and hasattr(self, "_coach_auto"):
            self._coach_default(int((event.input.id or "").removeprefix("name-")))

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """A bot seat's coach box is never ticked: the coach is for people."""
        wid = event.checkbox.id or ""
        if wid.startswith("coach-") and event.value and event.checkbox.has_class("-bot-seat"):
            with event.checkbox.prevent(Checkbox.Changed):
                event.checkbox.value = False
            self._say("A bot plays without the coach: the coach is for people.")

    def _show_seats(self, players: int) -> None:
        for seat in range(4):
            self.query_one(f"#seat-{seat}").display = seat < players

    def _game(self) -> str:
        game = self.query_one("#game", Select).value
        return game if isinstance(game, str) and game in GAMES else DEFAULT_GAME

    def _show_options(self) -> None:
        """Show the fields of the options the chosen game offers (each game its own options;
        the form knows fields, not rules), and under the seats what their boxes mean."""
        game = self._game()
        hints = []
        after_tick = False  # a box right under another box sits on the next line
        for each in self.options:
            shown = game in each.games
            if each.option.kind == CHOICE:
                self.query_one(f"#{each.id}-row").display = shown
                after_tick = after_tick and not shown
            for wid in each.ids():
                widget = self.query_one(f"#{wid}")
                widget.display = shown
                if shown and each.option.kind == TICK:
                    widget.set_class(after_tick, "after-tick")
                    after_tick = True
            if shown and each.option.kind == SEATS and each.option.hint:
                hints.append(each.option.hint)
        hint = " · ".join([*hints, SEAT_HINT_COACH])
        self.query_one("#seat-hint", Static).update(hint)

    def _chosen_options(self, game: str, players: int) -> dict[str, Any]:
        """The chosen game's options as the form holds them, by their names."""
        chosen: dict[str, Any] = {}
        for each in self.options:
            if game not in each.games:
                continue
            option = each.option
            if option.kind == SEATS:
                boxes = [self.query_one(f"#{each.id}-{s}", Checkbox) for s in range(players)]
                chosen[option.name] = tuple(s for s, box in enumerate(boxes) if box.value)
            else:
                entry: Any = self.query_one(f"#{each.id}")  # a field with a value
                chosen[option.name] = entry.value
        return chosen

    def on_select_changed(self, event: Select.Changed) -> None:
        # a select also reports the value it starts with, after on_mount: read the values
        # now, and act on a seat's level only when it is not the one the form knows
        if event.select.id == "players":
            self._show_seats(self._players())
        elif event.select.id == "game" and hasattr(self, "_levels"):
            self._show_options()
        elif (event.select.id or "").startswith("bot-") and hasattr(self, "_levels"):
            seat = int((event.select.id or "").removeprefix("bot-"))
            if self._levels[seat] == self._level(seat):
                return
            self._levels[seat] = self._level(seat)
            self._coach_auto.pop(seat, None)  # a new kind of seat: the default again
            self._name_default(seat)
            self._coach_default(seat)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a text field: on to the next field (only the Start button starts)."""
        event.stop()
        self.focus_next()

    def action_cancel(self) -> None:
        """Back: to the menu, the entries kept for the next time the form opens."""
        self._keep()
        self.dismiss(None)

    def action_escape(self) -> None:
        """Escape closes an open list (the list's own key); with none open the first one says
        that a second leaves the form, and the second does (Back leaves at once)."""
        if getattr(self, "_escape_said", False):
            self.action_cancel()
            return
        self._escape_said = True
        self._say(self.ESCAPE_AGAIN)

    def action_choose(self) -> None:
        """Space on a button presses it (a list opens and a box ticks by its own Space)."""
        if isinstance(self.focused, Button):
            self.focused.press()

    def _say(self, words: str, style: str = "bold") -> None:
        """Put ``words`` on the form's message line (over the buttons)."""
        message = self.query_one("#form-message", Static)
        message.update(Text(printable(words), style=style))
        message.display = True

    def _refuse(self, words: str, field: str) -> None:
        """Say why the game cannot start, and put the cursor in the field to change."""
        self._say(words, "bold red")
        self.query_one(field).focus()

    def on_key(self, event: events.Key) -> None:
        """A digit (or a minus) typed on Start or Back is a seed typed in the wrong place: it
        goes to the end of the Seed field, the cursor with it, and the message line says so
        (QA at 80x24: a player counting Tabs typed the seed on Start, and it was lost)."""
        if event.key != "escape" and getattr(self, "_escape_said", False):
            self._escape_said = False  # the Escape's line goes with the next key
            self.query_one("#form-message", Static).update("")
        if isinstance(self.focused, Button) and event.character and event.character in SEED_KEYS:
            event.stop()
            event.prevent_default()
            self.query_one("#seed", FormInput).type_in(event.character)
            self._say("Typed in the Seed field: the seed goes there (Start is under it).")

    def action_start(self) -> None:
        players = self._players()
        game = self._game()
        bots = [self._level(s) for s in range(players)]
        for s in range(players):  # a pasted lone surrogate: asked again, never saved
            if not encodable(self.query_one(f"#name-{s}", Input).value):
                self._refuse(f"The name of seat {s + 1} holds a character that is not text "
                             "(not UTF-8): type it again.", f"#name-{s}")  # fmt: skip
                return
        names = [clean_name(self.query_one(f"#name-{s}", Input).value, 20)
                 or (bot_name(bots[s], s, bots) if bots[s] else f"Player {s + 1}")
                 for s in range(players)]  # fmt: skip
        coach = tuple(
            s
            for s in range(players)
            if not bots[s] and self.query_one(f"#coach-{s}", Checkbox).value
        )
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                self._refuse(f"The seed must be a whole number, not {seed_text!r}.", "#seed")
                return
            if seed_problem(seed):
                self._refuse(f"{seed_problem(seed).capitalize()}.", "#seed")
                return
        self._keep()
        self.dismiss(
            NewGameSettings(
                players=players,
                names=names,
                bots=bots,
                seed=seed,
                options=self._chosen_options(game, players),
                coach=coach,
                game=game,
            )
        )


class HandOverScreen(OwnScreen[None]):
    """Privacy screen between two human players: nobody's secrets are on it."""

    BINDINGS = [
        Binding("enter,space", "ready", "I am ready"),
        Binding("q", "menu", "Menu"),
        Binding("question_mark,f1", "help", "Help"),
    ]

    def __init__(self, name: str, seat: int, what: str) -> None:
        super().__init__()
        self.player_name, self.seat, self.what = name, seat, what

    def compose(self) -> ComposeResult:
        with Vertical(id="handover-box"):
            yield Static(self.message(), id="handover-text")
        yield KeyBar()

    def message(self) -> Text:
        return Text.assemble(
            ("Pass the keyboard to\n\n", "italic"),
            (self.player_name, "bold #ffd75f"),
            # the seat's number where the game marks seats by it (Forum Trajanum's B1)
            (f"  (seat {self.seat + 1})" if self.seat >= 0 else "", "bold #ffd75f"),
            ("\n\n", ""),
            (f"Next: {self.what}\n\n", ""),
            ("Everybody else: please look away.\n", "italic"),
            (f"{self.player_name}, press Enter when you are ready.", "bold"),
        )

    def set_player(self, name: str, seat: int, what: str) -> None:
        """Reuse this screen for another hand-over."""
        self.player_name, self.seat, self.what = name, seat, what
        if self.is_mounted:
            self.query_one("#handover-text", Static).update(self.message())

    def action_ready(self) -> None:
        self.dismiss(None)

    def action_menu(self) -> None:
        """Back to the start menu without showing anybody's screen (Continue resumes here)."""
        from forum_trajanum.tui.messages import MenuRequested

        self.post_message(MenuRequested())

    def action_help(self) -> None:
        self.post_message(HelpRequested())


__all__ = [
    "HandOverScreen",
    "MarkedCheckbox",
    "NewGameScreen",
    "NewGameSettings",
]
