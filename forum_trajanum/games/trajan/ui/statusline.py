"""Trajan's status line (when it is: the setup, or the quarter, the round and the time track;
the demands shown; the player's name and score) and the time track's words."""

from __future__ import annotations

from rich.text import Text

from forum_trajanum.core.numerals import roman
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.ui.playdata import TrajanData

#: The status's second field while a quarter's end is scored (EN l.405-496).
QUARTER_SCORED = "scoring the quarter: demands, senate, consuls"
#: From this width the status is one line; narrower, two (never cut).
STATUS_ONE_LINE_FROM = 160
STATUS_SEP = " │ "
#: When the game ends, once the last quarter's scoring has begun (EN l.163) and after it.
FINAL_SCORING = "the game ends with this scoring"
GAME_OVER = "the game is over"


def _fit_names(names: list[str], room: int) -> list[str]:
    """``names`` in ``room`` cells together: each shortened (with "…") to an even share of
    it, what a short one leaves going to the others."""
    texts = [Text(name) for name in names]
    left = room
    order = sorted(range(len(texts)), key=lambda i: texts[i].cell_len)
    for done, i in enumerate(order):
        share = left // (len(texts) - done)
        if texts[i].cell_len > share:
            texts[i].truncate(max(share, 1), overflow="ellipsis")
        left -= texts[i].cell_len
    return [t.plain for t in texts]


def when(v: GameState) -> str:
    """Where in the game it is, the status's first field: "Setup", "Quarter I, round 2 of
    4", "Last round of the game" or "Quarter I ends" (its scoring begun)."""
    if v.quarter <= 0:
        return "Setup"
    if len(v.scorings) >= v.quarter:
        return f"Quarter {roman(v.quarter, D.QUARTERS)} ends"
    if W.last_round(v):
        return W.LAST_ROUND
    return f"Quarter {roman(v.quarter, D.QUARTERS)}, round {v.round} of 4"


def whose_turn(data: TrajanData) -> str:
    """Whose turn and where in the game, for the line above the choices (at 80 columns the
    coach's strip covers the status line): "Ann's choice · Quarter I, round 2 of 4 · time 3
    of 11" ("Easy bot's turn · …" while a bot plays; "Game over")."""
    v = data.view
    if v.decider < 0 or not v.tasks:
        return "Game over"
    who = data.names[v.decider] + ("'s choice" if v.legal else "'s turn")
    where = when(v)
    if v.quarter > 0 and len(v.scorings) < v.quarter:
        # the time marker past the round's start: this turn ends the round ("round 1 of 4 ·
        # time 1 of 11" read as the round's start)
        cycle = D.TIME_CYCLE[v.options.players]
        where += (
            f" · {round_end_words(v, cycle)}" if v.round_ends else f" · time {v.time} of {cycle}"
        )
    return f"{who} · {where}"


def status_lines(data: TrajanData, width: int = 0) -> list[Text]:
    """The status in labelled fields, in a fixed order: when it is (the setup and its start
    player, or the quarter, the round and the time track), the demands shown, the player's
    name and score. Two lines below :data:`STATUS_ONE_LINE_FROM` columns, one from there (and
    with ``width`` 0); only a name too wide for its line is shortened, never a field."""
    v = data.view
    cycle = D.TIME_CYCLE[v.options.players]
    one = not width or width >= STATUS_ONE_LINE_FROM
    seat = v.viewer if v.viewer >= 0 else data.home
    start = data.names[v.start_player] if v.quarter <= 0 else ""
    if v.quarter <= 0 and v.start_player < 0:  # drawn once every tray is filled (R37)
        start = "drawn after the markers"
    own = data.names[seat] if seat >= 0 else ""  # the hand: on the circle panel
    score = f" {v.players[seat].score} VP" if seat >= 0 else ""
    demands = list(v.revealed)
    if not demands and 0 < v.quarter <= len(v.scorings) and v.reports:
        # the quarter scored and closed (its demands go, R12; at the game's end, quarter
        # IV's): the demands it was scored on, not "none yet"
        demands = list(v.reports[-1].demands)
    shown = ", ".join(D.DEMANDS[d] for d in demands if d >= 0) or "none yet"
    first = Text(" ", no_wrap=True, overflow="ellipsis")
    first.append(when(v), style="bold")
    if v.quarter <= 0:
        first.append(STATUS_SEP + "start player ")
    elif len(v.scorings) >= v.quarter:  # the quarter's end: its scoring has begun
        first.append(STATUS_SEP + (QUARTER_SCORED if v.tasks else GAME_OVER))
    else:
        first.append(STATUS_SEP + f"time {v.time} of {cycle}{_time_sep(v)}")
        first.append(round_end_words(v, cycle, the="the "))
    second = Text(f" demands {shown}", no_wrap=True, overflow="ellipsis")
    if seat >= 0:
        second.append(STATUS_SEP)
    if width:  # the names get what the fields leave of their line
        room_first, room_second = width - first.cell_len, width - second.cell_len - len(score)
        if one:
            room = room_second - first.cell_len - len(STATUS_SEP) + 1
            start, own = _fit_names([start, own], room)
        else:
            start, own = _fit_names([start], room_first)[0], _fit_names([own], room_second)[0]
    first.append(start)
    if seat >= 0:
        second.append(own)
        second.append(score, style="bold")
    if one:
        return [Text.assemble(first, STATUS_SEP, second[1:], no_wrap=True)]
    return [first, second]


def status_line(data: TrajanData, width: int = 0) -> Text:
    """The status in ``width`` columns (0: one line), its lines one under the other."""
    return Text("\n", no_wrap=True).join(status_lines(data, width))


def round_end_words(v: GameState, cycle: int, the: str = "") -> str:
    """How far the round's end is: "round ends in 9" (``the`` before it: "the round ends in
    9"), or that this turn ends it ("this turn ends the round": after "time 2 of 11", "the
    round ends after this turn" read as if the time said otherwise); in the game's last
    round, the game's end ("the game ends in 9", "the game ends after this turn"); once the
    last quarter's scoring has begun, that the game ends with it, then that it is over."""
    if v.quarter >= D.QUARTERS and len(v.scorings) >= v.quarter:  # the time marker is done
        return FINAL_SCORING if v.tasks else GAME_OVER
    last = W.last_round(v)  # then it is the game that ends
    if v.round_ends:  # the time marker passed its start during this turn
        return W.LAST_TURN if last else "this turn ends the round"
    return f"{the}{'game' if last else 'round'} ends in {cycle - v.time}"


def _time_sep(v: GameState, sep: str = ": ") -> str:
    """What joins the time to when the round ends: ": " ("2 of 11: the round ends in 9"),
    " · " when this turn ends it (two facts side by side, not one said of the other)."""
    return " · " if v.round_ends and sep == ": " else sep


def time_track(v: GameState, sep: str = ": ") -> str:
    """The time track: "■■□□□□□□□□□ 2 of 11: the round ends in 9" (or "2 of 11 · this turn
    ends the round")."""
    cycle = D.TIME_CYCLE[v.options.players]
    bar = "■" * v.time + "□" * (cycle - v.time)
    ends = round_end_words(v, cycle, the="the ")
    return f"{bar} {v.time} of {cycle}{_time_sep(v, sep)}{ends}"
