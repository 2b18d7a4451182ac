"""Key constants and the key bar: light on purpose (Textual and Rich only), because the start
screen uses them before the engine is loaded (see :meth:`ForumApp.warm_up`)."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

#: The key that opens the legend from anywhere in the app (an app-level binding).
LEGEND_KEY = "g"

#: Seconds for which a new player's decision list ignores Enter (and clicks): a fast second
#: press after the hand-over screen's Enter must not take the first choice by accident.
CHOICE_HOLD = 0.3

#: The keys of a decision list's entries, in order: the digits, then capital letters
#: (Shift+letter; the small letters are the screens' own keys). Entries past these are
#: reached by the arrows.
ENTRY_KEYS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def entry_key_name(n: int) -> str:
    """The key of the ``n``-th entry (from 0) of a decision list as a player presses it: a
    digit, or Shift and a capital letter ("Shift+H": QA, a hint's "H)" read as plain h, which
    asks for the next hint); "" past :data:`ENTRY_KEYS`."""
    if n >= len(ENTRY_KEYS):
        return ""
    key = ENTRY_KEYS[n]
    return key if key.isdigit() else f"Shift+{key}"


#: Keys as the key bar prints them.
KEY_NAMES = {
    "question_mark": "?",
    "enter": "Enter",
    "escape": "Esc",
    "tab": "Tab",
    "space": "Space",
    "shift+tab": "Shift+Tab",
}


#: The bindings a key bar may show, by screen class and its ``KEYBAR`` (KeyBar.bar_bindings).
_BAR_BINDINGS: dict[tuple, list[Binding]] = {}


class KeyBar(Static):
    """The key bindings of the screen, in one line at the bottom (a light-weight footer).

    It begins with where the arrow keys go when the screen says so (``arrows_hint()``: the
    choices, the Colonia cursor, the Forum cursor). When the line is wider than the terminal,
    the keys the screen lists in ``KEYBAR_SPARE`` are left out, one after the other in that
    order, until it fits (keys shown elsewhere on it first, e.g. the compact layout's panel
    tabs). A key whose action the screen does not offer now (its ``key_offered(action)`` is
    False: undo with nothing to take back) is left out too, and so are the keys another line
    of the screen shows now (its ``keys_shown_elsewhere()``: the compact layout's panel tabs),
    so that no key is on the screen twice.

    A screen may name a group of its keys (``KEYBAR_GROUP``: the keys and one word for them,
    Trajan's seven panels): when the line is too wide, the group is tried first as one entry,
    its keys side by side and its word once ("c b m d p l o Panels"), before any key is left
    out: every key stays on the bar, where no box covers it (at 80x24 the coach's strip covers
    the panel's title)."""

    #: One line, whatever its keys (a new set of keys is repainted without a layout).
    DEFAULT_CSS = "KeyBar { height: 1; }"

    def on_mount(self) -> None:
        self.show_keys()

    def on_resize(self) -> None:
        self.show_keys()

    def bar_bindings(self) -> list[Binding]:
        """The screen's bindings the bar may show, in its order: the bindings of the screen's
        class and its bases (a subclass's BINDINGS add to them), those of its ``KEYBAR`` in
        that order where it has one (worked out once per screen class)."""
        order = getattr(self.screen, "KEYBAR", None)
        key = (type(self.screen), tuple(order) if order is not None else None)
        found = _BAR_BINDINGS.get(key)
        if found is None:
            bindings = [
                b
                for cls in reversed(type(self.screen).__mro__)
                for b in vars(cls).get("BINDINGS", [])
            ]
            if order is not None:  # the screen says which keys its bar shows, in which order
                first = {
                    b.key.split(",")[0]: b
                    for b in bindings
                    if isinstance(b, Binding) and b.key.split(",")[0] in order
                }
                bindings = [replace(first[k], show=True) for k in order if k in first]
            found = _BAR_BINDINGS[key] = [b for b in bindings if isinstance(b, Binding)]
        return found

    def keys_text(self, spare: frozenset[str] = frozenset(), grouped: bool = False) -> Text:
        """The bar's line, ``spare`` left out (the keys shown elsewhere among them);
        ``grouped``: the keys of the screen's ``KEYBAR_GROUP`` as one entry, where the first of
        them would be."""
        keys = Text(no_wrap=True, overflow="crop")
        hint = getattr(self.screen, "arrows_hint", None)
        arrows = hint() if callable(hint) else ""
        if arrows:
            keys.append(arrows, style="bold #ffd75f")
            keys.append(" ")
        # an app may say in its own words what a key does there (join: q leaves the game)
        words = getattr(self.app, "KEY_WORDS", {})
        offered = getattr(self.screen, "key_offered", None)
        group_keys, group_word = getattr(self.screen, "KEYBAR_GROUP", ((), ""))
        shown = [
            binding
            for binding in self.bar_bindings()
            if binding.show
            and (not callable(offered) or offered(binding.action))
            and binding.key.split(",")[0] not in spare
        ]
        in_group = {b.key.split(",")[0] for b in shown} & set(group_keys) if grouped else set()
        group_done = False
        for binding in shown:
            key = binding.key.split(",")[0]
            if key in in_group:
                if not group_done:  # the group's entry, once, where its first key would be
                    for i, member in enumerate(k for k in group_keys if k in in_group):
                        if i:
                            keys.append(" ")
                        keys.append(member, style="bold reverse")
                    keys.append(f" {group_word} ")
                    group_done = True
                continue
            description = words.get(key, binding.description)
            key = KEY_NAMES.get(key, key)
            keys.append(key, style="bold reverse")
            keys.append(f" {description} ")
        return keys

    def shown_elsewhere(self) -> frozenset[str]:
        """The keys another line of the screen shows now (left off the bar)."""
        elsewhere = getattr(self.screen, "keys_shown_elsewhere", None)
        return frozenset(elsewhere()) if callable(elsewhere) else frozenset()

    def show_keys(self) -> None:
        """Show the keys (again: after a resize, or when the focus moved). Nothing is worked
        out again while what the line depends on is the same (the screen redraws it at each
        move; at 80 columns a line too wide was built up to six times)."""
        width = self.size.width or self.app.size.width
        hint = getattr(self.screen, "arrows_hint", None)
        offered = getattr(self.screen, "key_offered", None)
        elsewhere = self.shown_elsewhere()
        state = (
            type(self.screen),
            width,
            hint() if callable(hint) else "",
            tuple(offered(b.action) for b in self.bar_bindings()) if callable(offered) else (),
            tuple(getattr(self.app, "KEY_WORDS", {}).items()),
            elsewhere,
        )
        if getattr(self, "_keys_state", None) == state:
            return
        self._keys_state = state
        keys = self.keys_text(elsewhere)
        if keys.cell_len > width and hasattr(self.screen, "KEYBAR_GROUP"):
            grouped = self.keys_text(elsewhere, grouped=True)
            if grouped.cell_len <= width:
                keys = grouped
        # a spare another line shows is out already: leaving it out again changes nothing
        spare = [k for k in getattr(self.screen, "KEYBAR_SPARE", ()) if k not in elsewhere]
        dropped: list[str] = []
        while keys.cell_len > width and spare:
            dropped.append(spare.pop(0))
            keys = self.keys_text(elsewhere | frozenset(dropped))
        if getattr(self, "_shown_keys", None) != keys:
            self._shown_keys = keys
            # one line at the screen's foot (its height is the stylesheet's): a repaint, no
            # layout of the whole screen (Trajan's u came and went at each move)
            self.update(keys, layout=False)
