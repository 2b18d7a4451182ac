"""Setup from a seed and options (rules "Setup"). All randomness of a game is drawn here, so a
game is reproducible from seed + options + actions and no RNG state lives in the game state."""

from __future__ import annotations

import random

from forum_trajanum.core.errors import GameError
from forum_trajanum.games.forum_trajanum.data import (
    CARD_COPIES,
    CARDS_PER_PILE,
    CYCLES,
    FEMALE_CITIZENS,
    FORUM_LAYOUTS,
    MOSAIC_FACES,
    ROWS,
    START_ASSISTANTS,
    START_BUILDERS,
    START_COINS,
    START_TRIBUNES,
    STREET_SYMBOLS,
    TILES_PER_PLAYER,
    TRAJAN_CARDS_BY_CYCLE,
)
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.forum import geometry, printed_face, shuffled_face
from forum_trajanum.games.forum_trajanum.engine.rules import run_automatic
from forum_trajanum.games.forum_trajanum.engine.state import (
    CRANE_COVERED,
    GameOptions,
    GameState,
    PlayerState,
)


def new_game(seed: int, options: GameOptions | None = None, **kwargs) -> GameState:
    """A new game: the board set up from ``seed``; the first decision is player 1's cranes.

    ``kwargs`` are :class:`GameOptions` fields, for convenience (``new_game(7, players=3)``).
    """
    if options is None:
        options = GameOptions(**kwargs)
    elif kwargs:
        options = options.model_copy(update=kwargs)
    n = options.players
    if any(not 0 <= seat < n for seat in options.handicap):
        raise GameError(f"handicap seats {options.handicap} must lie in 0..{n - 1}")
    rng = random.Random(seed)

    cards = [s for s in range(len(STREET_SYMBOLS)) for _ in range(CARD_COPIES)]
    rng.shuffle(cards)
    piles = [cards[i * CARDS_PER_PILE : (i + 1) * CARDS_PER_PILE] for i in range(CYCLES)]

    if options.introductory:
        trajan_cards = ["", "", rng.choice(TRAJAN_CARDS_BY_CYCLE[2])]
    else:
        trajan_cards = [rng.choice(cards_of_cycle) for cards_of_cycle in TRAJAN_CARDS_BY_CYCLE]

    numbers = sorted({face[0] for face in MOSAIC_FACES})
    chosen = rng.sample(numbers, len(FORUM_LAYOUTS[n]))
    boards = [f"{number}{rng.choice('AB')}" for number in chosen]
    layout = FORUM_LAYOUTS[n]

    worker_colours = rng.sample(range(4), n)
    start_player = rng.randrange(n)
    players = []
    for p in range(n):
        female = rng.choice(FEMALE_CITIZENS)
        deal = [i for i in range(TILES_PER_PLAYER) if i not in FEMALE_CITIZENS]
        rng.shuffle(deal)
        workers = [0, 0, 0, 0]
        workers[worker_colours[p]] = 1
        players.append(
            PlayerState(
                seat=p,
                grid=[-1] * 36,
                buildings=[""] * 36,
                building_tile=[-1] * 36,
                cranes=["", "", "", ""],
                crane_state=[CRANE_COVERED] * 4,
                citizens=[[-1, -1] for _ in range(ROWS)],
                row_active=[False] * ROWS,
                river=-1,
                ship=[],
                reserve=[],
                builders=START_BUILDERS,
                workers=workers,
                assistants=START_ASSISTANTS,
                coins=START_COINS,
                tribunes=START_TRIBUNES,
                female=female,
                deal=deal,
                handicap=p in options.handicap,
            )
        )
    # drawn last, so that the option changes nothing but the Forum of a seed's game
    if options.random_forum:
        faces = tuple(shuffled_face(board, rng) for board in boards)
    else:
        faces = tuple(printed_face(board) for board in boards)
    forum = [-1] * len(geometry(faces, layout).coords)
    tasks: list = [T.StartCycle()]
    for p in reversed(range(n)):
        if p in options.handicap:
            tasks.append(T.Handicap(p))
    for p in reversed(range(n)):
        tasks += [T.Deal(p), T.SetupDiagonal(p), T.SetupRow(p), T.SetupCranes(p)]
    state = GameState(
        seed=seed,
        options=options,
        start_player=start_player,
        piles=piles,
        trajan_cards=trajan_cards,
        boards=boards,
        forum_faces=faces,
        forum_layout=layout,
        forum=forum,
        players=players,
        tasks=tasks,
    )
    run_automatic(state)
    return state
