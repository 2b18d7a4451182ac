"""The log of a game of Forum Trajanum: what every player may read about an action, what its
player alone knew then, and whether undo may go back across it, each from its kind's spec
(``engine/specs.py``). Apart from :mod:`~.view` (the specs' previews read views)."""

from __future__ import annotations

from forum_trajanum.core.actions import final_words
from forum_trajanum.core.actions import reveals as core_reveals
from forum_trajanum.games.forum_trajanum.engine import rules
from forum_trajanum.games.forum_trajanum.engine.actions import ACTIONS, Action
from forum_trajanum.games.forum_trajanum.engine.specs import SPECS
from forum_trajanum.games.forum_trajanum.engine.state import GameState, PlayerState
from forum_trajanum.games.forum_trajanum.engine.words import scoring_line


def public_description(state: GameState, action: Action, player: int) -> str:
    """The action in words every player may read in the log (no hidden information), from
    its kind's spec (``engine/specs.py``).

    Call it with the state *before* the action is applied.
    """
    return SPECS[action.kind].log(state, action, player)


def public_lines(before: GameState, action: Action, after: GameState) -> list[tuple[int, str]]:
    """What every player may read in the log about ``action``: (seat, text) lines.

    ``before`` is the state before the action, ``after`` the state after it. A draft is
    secret until every player has passed (components.md "Seating and order"): a draft step
    (its spec says ``draft``) gives no line, finishing one's draft gives "has drafted", and
    the action that ends the whole draft gives a line per player saying what each took.
    """
    actor = rules.current_player(before)
    if not SPECS[action.kind].draft:
        return [(actor, public_description(before, action, actor)), *_scoring_lines(before, after)]
    lines: list[tuple[int, str]] = []
    if not any(t.kind == "draft" and t.player == actor for t in after.tasks):
        lines.append((actor, "has drafted"))
    if after.all_passed and not before.all_passed:
        n = after.options.players
        for p in ((before.start_player + i) % n for i in range(n)):
            lines.append((p, _draft_summary(after.players[p])))
    return lines


def _scoring_lines(before: GameState, after: GameState) -> list[tuple[int, str]]:
    """A cycle's scoring that the action led to (the last citizens paid): a line per seat in
    seat order, with its points by category (rules "End of the cycle - Scoring Phase")."""
    if len(after.scorings) <= len(before.scorings):
        return []
    cycle = len(after.scorings)
    return [
        (p, scoring_line(cycle, record, after.players[p].score))
        for p, record in enumerate(after.scorings[-1])
    ]


def _draft_summary(pl: PlayerState) -> str:
    """What a player took in this round's draft, in words (public once all have passed)."""
    cells = [rules.CELL_NAMES[c] for _, c in pl.drafted]
    if not cells:
        took = "took no tile (the streets were empty)"
    else:
        took = "took the tile" + ("s" if len(cells) > 1 else "") + " at " + " and ".join(cells)
    if pl.draft_tribunes:
        took += f", paying {pl.draft_tribunes} tribune{'s' if pl.draft_tribunes > 1 else ''}"
    if len(cells) == 2:
        took += "; kept one and passed the other to the right"
    return took


def reveals_information(state: GameState, action: Action) -> bool:
    """Whether applying ``action`` shows the acting player something new (a face-down tile) or
    ends the player's turn (its kind's spec says). Undo must not go back across such an
    action; an action that is not Forum Trajanum's (another game's ``build``) or of a kind
    without a spec reveals (fails closed)."""
    return core_reveals(ACTIONS, SPECS, state, action)


def undo_stop(state: GameState, action: Action) -> str:
    """Why undo cannot go back across ``action`` (one that reveals), in its player's words:
    its kind's spec says ("a draft pick cannot be taken back")."""
    return final_words(ACTIONS, SPECS, action)


def secret_lines(
    before: GameState, action: Action, after: GameState, seat: int
) -> list[tuple[int, str]]:
    """What the acting player alone knew about ``action`` then (shown once the game is over:
    the replay of a finished game)."""
    spec = SPECS[action.kind]
    return spec.secret(before, action, after, seat) if spec.secret else []
