"""The seats of a game started from the command line (``forum-trajanum new --seats ...``).

A seat is a person's name, or a bot level (easy, normal, hard, expert). Problems are told in a
player's words, as :class:`SeatError`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from forum_trajanum.core.files import clean_name
from forum_trajanum.core.options import CHOICE, SEATS, offered
from forum_trajanum.core.text import encodable, printable
from forum_trajanum.games import DEFAULT_GAME, GAMES
from forum_trajanum.tui.screens import NewGameSettings, bot_name

BOT_LEVELS = ("easy", "normal", "hard", "expert")
#: Words that say "a bot" rather than a person's name: such a seat gets a note that it plays
#: as a person (only easy, normal, hard and expert are bot levels).
_BOT_WORDS = ("bot", "ai", "cpu", "computer", "godlike", "beginner", "medium",
              "insane", "difficult", "impossible", "master", "novice", "random")  # fmt: skip
MAX_NAME = 20
EXAMPLE = "for example --seats Ann,Bob,normal"


class SeatError(ValueError):
    """A seat list or a newcomer that cannot start a game; the text says why."""


def settings_from_seats(
    seats: str,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    coach: Sequence[str] | None = None,
    game: str = DEFAULT_GAME,
) -> NewGameSettings:
    """The new game that ``--seats`` and the other options describe. ``options``: the game's
    own options by name (:mod:`forum_trajanum.core.options`), a choice in any case, a seats
    option as the players it names (names or seat numbers); those not given keep their
    defaults. ``coach`` names the players the first-game coach helps; None: every person
    whose name has no finished game in the saves."""
    for entry in seats.split(","):
        if not encodable(entry):  # a byte that is not UTF-8 (another terminal encoding)
            raise SeatError(
                f"The name '{printable(entry)}' holds a character that is not UTF-8 text (is "
                "the terminal set to another encoding?): type it again."
            )
    entries = [clean_name(entry, limit=10 * MAX_NAME) for entry in seats.split(",")]
    if len(entries) < 2 or len(entries) > 4:
        shown = ", ".join(e for e in entries if e) or "none"
        raise SeatError(
            f"{_title(game)} needs 2 to 4 players, but --seats names {len(entries)} "
            f"({shown}); {EXAMPLE}."
        )
    names: list[str] = []
    bots: list[str] = []
    notes: list[str] = []
    for seat, entry in enumerate(entries):
        if not entry:
            raise SeatError(
                f"Seat {seat + 1} is empty: give a name for a person or easy, normal, hard or "
                f"expert for a bot; {EXAMPLE}."
            )
        level = entry.lower()
        if level in BOT_LEVELS:
            bots.append(level)
            names.append(bot_name(level, seat, bots))  # named by its level, as in the form
            continue
        if len(entry) > MAX_NAME:
            raise SeatError(f"The name {entry!r} is too long: at most {MAX_NAME} characters.")
        if entry.lower() in (n.lower() for n in names):
            raise SeatError(f"Two seats are called {entry}; give each person a different name.")
        names.append(entry)
        bots.append("")
        if _looks_like_a_level(entry):
            notes.append(
                f"{entry!r} is not a bot level (easy, normal, hard or expert): seat {seat + 1} "
                f"is a person called {entry}."
            )
    chosen = _game_options(game, options or {}, names)
    if coach is None:
        from forum_trajanum.tui.coach import veterans

        known = veterans()
        coached = {s for s, name in enumerate(names) if not bots[s] and name.lower() not in known}
    else:
        coached = {_seat_of(who, names, "--coach") for who in coach}
        coached = {s for s in coached if not bots[s]}
    return NewGameSettings(
        players=len(names),
        names=names,
        bots=bots,
        seed=seed,
        options=chosen,
        coach=tuple(sorted(coached)),
        note=" ".join(notes),
        game=game,
    )


def _title(game: str) -> str:
    return GAMES.title(game)


def _game_options(game: str, given: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
    """Every option ``game`` offers, as given or by default: a seats option's players as
    their seats (in order), a choice as the value it names in any case."""
    chosen: dict[str, Any] = {}
    for option in offered(GAMES.get(game).options):
        value = given.get(option.name, option.default)
        if option.kind == SEATS and option.name in given:
            value = tuple(sorted({_seat_of(who, names, option.flag) for who in value}))
        elif option.kind == CHOICE and isinstance(value, str):
            value = option.choice(value)
            if value not in dict(option.choices):
                known = ", ".join(v for v, _ in option.choices)
                raise SeatError(f"{option.flag} {printable(value)}: choose one of {known}.")
        chosen[option.name] = value
    return chosen


def _looks_like_a_level(entry: str) -> bool:
    """Whether a seat's word looks meant as a bot level: all lower case (names are written
    with a capital), or a word that names a bot or a difficulty."""
    word = entry.lower()
    return entry == word or any(w in word.split() for w in _BOT_WORDS) or word in _BOT_WORDS


def _seat_of(who: str, names: Sequence[str], option: str) -> int:
    """The seat a seats option (or --coach) names: a name (any case) or a seat number."""
    text = who.strip()
    for seat, name in enumerate(names):
        if text.lower() == name.lower():
            return seat
    if text.isdigit() and 1 <= int(text) <= len(names):
        return int(text) - 1
    raise SeatError(
        f"{option} {printable(who)}: nobody of that name sits at the table (the seats are "
        f"{', '.join(names)}); give a name from --seats or a seat number."
    )
