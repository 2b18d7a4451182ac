"""The Game interface: what a game on the core provides, and the registry of games by name.

A game is one package. Its rules engine builds a :class:`Game` value naming every function the
rest of the program needs (the session, the saves, the bots' search, simulate, the app); the
program finds it by name in :data:`GAMES`. The core itself imports no game: the program's games
are registered into :data:`GAMES` by :mod:`forum_trajanum.games` (run when the package is
imported), as a name, a title and a module path each, so that looking a game up loads only
that game, on first use.

The rules themselves are the :class:`~forum_trajanum.core.contract.Engine` Protocol (a
:class:`Game` is one). The rest has defaults from conventions a game's state follows, so a
game names only what differs:

* ``state.players[seat]`` has ``score`` (its points) and ``points`` (by category): the
  default :attr:`Game.scores` and :attr:`Game.points`;
* ``state.scorings`` lists the scorings so far, each as per seat its points by category: the
  default :attr:`Game.scorings` (how many) and :attr:`Game.final_scoring` (the last one's);
* ``state.options.players`` is the number of seats;
* the ranking groups the seats by their rank keys (:func:`~forum_trajanum.core.ranking.places`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from forum_trajanum.core.contract import Engine, RankKey
from forum_trajanum.core.ranking import places

if TYPE_CHECKING:
    from pydantic import BaseModel

    from forum_trajanum.core.record import GameRecordBase


def conventional_scores(state: Any) -> list[int]:
    """Every seat's points: ``state.players[seat].score``."""
    return [seat.score for seat in state.players]


def conventional_points(state: Any) -> list[dict[str, int]]:
    """Per seat, its points by category: ``state.players[seat].points`` (a copy)."""
    return [dict(seat.points) for seat in state.players]


def conventional_scorings(state: Any) -> int:
    """How many scorings have happened: ``len(state.scorings)``."""
    return len(state.scorings)


def conventional_final_scoring(state: Any) -> list[int]:
    """Per seat, the points of the last scoring so far (``state.scorings[-1]``, its points by
    category summed); 0 for every seat before the first."""
    if not state.scorings:
        return [0] * state.options.players
    return [sum(parts.values()) for parts in state.scorings[-1]]


class PlacesByRankKeys:
    """The default ranking: the seats grouped by place for the game's own rank keys (best
    first, equal keys sharing a place). The :class:`Game` it belongs to gives it its
    ``rank_keys``."""

    __slots__ = ("rank_keys",)

    def __init__(self, rank_keys: Callable[[Any], list[RankKey]] | None = None) -> None:
        self.rank_keys = rank_keys

    def __call__(self, state: Any) -> list[list[int]]:
        if self.rank_keys is None:  # pragma: no cover - a Game always gives it its own
            raise TypeError("a ranking by rank keys outside a Game")
        return places(self.rank_keys(state))


@dataclass(frozen=True, kw_only=True)
class Game:
    """One game's rules engine as the program sees it: an
    :class:`~forum_trajanum.core.contract.Engine`, its words, and the defaults a game may
    leave to the core (see the module's conventions).

    The state is the engine's own model (it must have a ``clone()`` method); a view is what one
    seat may know (``view(state, -1)``: an onlooker's view, public information only). Every
    function is pure but ``apply``, which changes the state in place and refuses an illegal
    action with an :class:`~forum_trajanum.core.errors.IllegalActionError` that changes
    nothing.
    """

    #: Registry name, as in records and on the command line ("forum-trajanum", "trajan").
    name: str
    #: The game's name for players ("Forum Trajanum").
    title: str
    #: The options model (a pydantic model with at least ``players: int``).
    options: type[BaseModel]
    #: ``new_game(seed, options) -> state``: all randomness is drawn here.
    new_game: Callable[[int, Any], Any]
    #: ``legal_actions(state)``: every legal action of the current decision (the only truth).
    legal_actions: Callable[[Any], list[Any]]
    #: ``apply(state, action, player=None) -> state``: an action that is not legal now (of
    #: another game, or not an action at all) raises ``IllegalActionError`` and changes
    #: nothing.
    apply: Callable[..., Any]
    #: ``view(state, seat)``: everything ``seat`` may know, with the current decision: a
    #: :class:`~forum_trajanum.core.view.View` (``legal``: the engine's own legal actions).
    view: Callable[[Any, int], Any]
    #: ``is_over(state)``.
    is_over: Callable[[Any], bool]
    #: ``parse(text) -> action``: the inverse of ``str(action)``; any other text (another
    #: game's action text, garbage) raises ``ActionParseError``. Kind words are each game's
    #: own: another game's text may only ever parse as an action of this game.
    parse: Callable[[str], Any]
    #: ``current_player(state)``: the seat who decides now, -1 when the game is over.
    current_player: Callable[[Any], int]
    #: ``decision_kind(state)``: the task kind of the current decision, "over" at the end.
    decision_kind: Callable[[Any], str]
    #: ``rank_keys(state)``: per seat, the tuple that ranks it (points first, then the
    #: tie-breaks named by :attr:`tie_breaks`).
    rank_keys: Callable[[Any], list[RankKey]]
    #: ``public_lines(before, action, after)``: the log lines every player may read, as
    #: (seat, text) pairs.
    public_lines: Callable[[Any, Any, Any], list[tuple[int, str]]]
    #: ``reveals_information(state, action)``: whether the action shows its player something
    #: hidden or hands over to another player (undo never goes back across it). It must fail
    #: closed: an action it does not know reveals, another game's action of a kind word it
    #: uses too (``build``) included (``core.actions.reveals`` does so).
    reveals_information: Callable[[Any, Any], bool]
    #: ``determinize(view, rng) -> state``: a full state consistent with the view, its hidden
    #: parts sampled (for the bots' search).
    determinize: Callable[[Any, Any], Any]
    #: ``preview(view, action)``: what the action costs and gives the deciding seat, from the
    #: view alone.
    preview: Callable[[Any, Any], Any]
    #: ``summary(state)``: where the game stands, for the games list ("cycle II, round 3").
    summary: Callable[[Any], str]
    #: ``period(state)``: where play stands as (major, minor): (cycle, round) in Forum
    #: Trajanum, (quarter, round) in Trajan; (0, 0) before the first round. The log's marks
    #: and the scores kept after every round are keyed by it.
    period: Callable[[Any], tuple[int, int]]
    #: ``period_name(period)``: the period in words ("Cycle II, round 3", "Setup").
    period_name: Callable[[tuple[int, int]], str]
    #: The scoring categories as (key, short column heading), in the order tables show them.
    categories: tuple[tuple[str, str], ...]
    #: The game's record class (a :class:`~forum_trajanum.core.record.GameRecordBase` with
    #: its ``game`` name and options model): what its save files hold.
    record: type[GameRecordBase]

    #: ``scores(state)``: every seat's points now (default: each ``state.players[seat].score``).
    scores: Callable[[Any], list[int]] = conventional_scores
    #: ``ranking(state)``: seats grouped by place, best first (ties share a place); default:
    #: by :attr:`rank_keys`.
    ranking: Callable[[Any], list[list[int]]] = field(default_factory=PlacesByRankKeys)
    #: What the rank keys after the points are, in words ("active citizens", ...).
    tie_breaks: tuple[str, ...] = ()
    #: ``scorings(state)``: how many scorings (cycle ends, quarter ends) have happened; each
    #: one is shown to the players when it happens (default: ``len(state.scorings)``).
    scorings: Callable[[Any], int] = conventional_scorings
    #: ``points(state)``: per seat, the points so far by category (keys of ``categories``;
    #: default: each ``state.players[seat].points``).
    points: Callable[[Any], list[dict[str, int]]] = conventional_points
    #: ``final_scoring(state)``: per seat, the points of the game's last scoring (0 before;
    #: default: the last of ``state.scorings``, summed).
    final_scoring: Callable[[Any], list[int]] = conventional_final_scoring
    #: Steps that bring an old save's data up to date: ``migrations[v]`` turns file version
    #: ``v`` into ``v + 1`` (only for versions before the core's own step to version 3).
    migrations: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = field(default_factory=dict)
    #: Action texts that end a player's turn: a decision whose only answer is one of them
    #: waits (is not played by itself) while a step of the turn can still be undone.
    turn_ends: frozenset[str] = frozenset()
    #: ``secret_lines(before, action, after, seat)``: what the acting seat alone knew about
    #: the action then, as (seat, text) lines (shown when a finished game is replayed).
    secret_lines: Callable[[Any, Any, Any, int], list[tuple[int, str]]] = lambda *_: []
    #: ``played_alone(before, action, after)``: what the action led to by itself, with no
    #: decision of the player's (a step with one possible answer the rules play within the
    #: action), in words for the next decision's message; "" for nothing.
    played_alone: Callable[[Any, Any, Any], str] = lambda *_: ""
    #: ``undo_stop(before, action)``: why undo cannot go back across an action that
    #: ``reveals_information``, in its player's words ("a draft pick cannot be taken back");
    #: "" when the game does not say (the app then says it generally).
    undo_stop: Callable[[Any, Any], str] = lambda *_: ""
    #: ``scoring_name(n)``: the ``n``-th scoring (from 1) in the game's words, as the export
    #: heads its table ("the scoring of Quarter II"); the default says its number.
    scoring_name: Callable[[int], str] = lambda n: f"scoring {n}"
    #: Module paths the program loads on use: the game's bots (``make_bot(level, seed)``), its
    #: screens for the app (``"ui"``: a package whose ``UI`` is its
    #: :class:`~forum_trajanum.tui.contract.GameUI`), its replay (``"replay"``) and its own
    #: export (``"export"``, :mod:`forum_trajanum.core.export`; without one, the core's log).
    #: A game without screens can be simulated, and the app says it cannot show it yet.
    modules: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # the default ranking ranks by this game's own keys (again after dataclasses.replace)
        ranking = self.ranking
        if isinstance(ranking, PlacesByRankKeys) and ranking.rank_keys is not self.rank_keys:
            object.__setattr__(self, "ranking", PlacesByRankKeys(self.rank_keys))

    def engine(self) -> Engine[Any, Any, Any]:
        """The game's rules as the :class:`~forum_trajanum.core.contract.Engine` Protocol
        (the type checker checks that a Game is one)."""
        return self

    def players(self, state: Any) -> int:
        """How many seats the game has."""
        return int(state.options.players)

    def has(self, part: str) -> bool:
        """Whether the program has this part of the game (``"ui"``: the terminal app can show
        it; ``"bots"``; ``"replay"``: replay and export)."""
        return part in self.modules

    def load(self, part: str) -> ModuleType:
        """The module of one of the game's parts (``"bots"``, ``"ui"``), imported on use."""
        try:
            path = self.modules[part]
        except KeyError:
            raise LookupError(f"{self.title} has no {part!r} part") from None
        return importlib.import_module(path)


@dataclass(frozen=True)
class _Entry:
    name: str
    title: str
    target: str  # "package.module:ATTRIBUTE"


class GameRegistry:
    """Games by name. Each entry is a name, a title and where its :class:`Game` lives; the
    game's code is imported on the first :meth:`get` of its name."""

    def __init__(self) -> None:
        self._entries: dict[str, _Entry] = {}
        self._loaded: dict[str, Game] = {}

    def register(self, name: str, title: str, target: str) -> None:
        """Register a game; refuses a name registered twice."""
        if name in self._entries:
            raise ValueError(f"game {name!r} is registered twice")
        self._entries[name] = _Entry(name, title, target)

    def unregister(self, name: str) -> None:
        """Take a game out of the registry (the tests register games of their own for a
        while); refuses a name that is not registered."""
        self._entry(name)
        del self._entries[name]
        self._loaded.pop(name, None)

    def names(self) -> list[str]:
        """Every registered game's name, in registration order."""
        return list(self._entries)

    def title(self, name: str) -> str:
        """A game's name for players, without importing the game."""
        return self._entry(name).title

    def get(self, name: str) -> Game:
        """The game registered as ``name`` (imported on first use)."""
        found = self._loaded.get(name)
        if found is None:
            entry = self._entry(name)
            module, _, attribute = entry.target.partition(":")
            found = getattr(importlib.import_module(module), attribute)
            if not isinstance(found, Game) or found.name != name:
                raise TypeError(f"{entry.target} is not the Game {name!r}")
            self._loaded[name] = found
        return found

    def _entry(self, name: str) -> _Entry:
        entry = self._entries.get(name)
        if entry is None:
            known = ", ".join(self._entries) or "none"
            raise LookupError(f"no game called {name!r} (known: {known})")
        return entry

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())


#: The games this program plays (filled by :mod:`forum_trajanum.games`).
GAMES = GameRegistry()
