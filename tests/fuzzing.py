"""A fuzz of every registered game through the generic :class:`~forum_trajanum.core.game.Game`
interface and the core's records, naming no game: whatever is in the registry is played.

Two kinds of case, each a hostile input and the check of what the program did with it:

* **actions** (:func:`fuzz_game`): a random game of a registered game, and at its decisions an
  action thrown at ``apply`` that must be refused: one of the game's own actions that is not
  legal now, another game's action (the same kind words too: ``build``, ``take``), a text of
  garbage through ``parse`` (lone surrogates, control characters, huge numbers, 100,000
  characters), something that is not an action at all, a legal action by the wrong seat, any
  action after the end. Refused means: ``parse`` raises the project's ``ActionParseError``
  (or reads an action of the game itself), ``apply`` raises its ``IllegalActionError`` (a
  ``ValueError``) with a message, and nothing changed: the deciding seat's view, the
  onlooker's and the legal actions are what they were. Another game's action must also
  reveal (``reveals_information``);
* **saves** (:func:`fuzz_save`): the save of such a game (its record's ``to_json``), damaged:
  any JSON value of any type in any field of the header (deep nesting, lone surrogates, huge
  numbers), action lines replaced, inserted or cut, bytes flipped, the file cut anywhere, a
  version-1 file, any JSON value as the whole file. Reading it (``read_record``, the header as
  the list reads it, the replay) either works or raises the project's ``RecordError`` with a
  message, never anything else; and what reads can be saved and read again (a lone surrogate
  that reads must not make the next save fail);
* **save files** (:func:`fuzz_files`): the same damaged bytes as a file in the games folder,
  listed and opened as the app does: the list never raises, opening works or raises the
  project's ``SaveError`` with a message, a save listed as healthy opens, and an opened game
  saves and reads again.

Everything draws from one ``random.Random``: the tests hand it Hypothesis's (``st.randoms``),
``scripts/fuzz_games.py`` its own seeds for a bigger run. A check that fails is a *fault*,
returned as a line of text (the game, the input, what happened), not raised, so that a run can
count them.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from functools import cache

from forum_trajanum.core.errors import ActionParseError, IllegalActionError, RecordError
from forum_trajanum.core.game import GAMES, Game
from forum_trajanum.core.record import read_header, read_record
from forum_trajanum.core.timeline import replay_valid

#: Texts that were trouble somewhere once, or could be: tried among the random ones.
HOSTILE_TEXTS = (
    "",
    " ",
    "\t\n",
    "\x00",
    "\ud800",
    "\udfff",
    "build \ud800",
    "\ud800 build",
    "take \x1b]52;c;cm0gLXJmIH4K\x07",
    "\x1b[2J\x1b[5m",
    "\x1b]0;PWNED\x07",
    "\u202ebuild",
    "[/]",
    "[@click=app.quit]Q",
    "row ²",
    "row \uff11",  # a fullwidth digit
    "envoy 1:2:3",
    "envoy :",
    "envoy -1:-1",
    "pay 1 1",
    "pay 9",
    "build",
    "take",
    "pick",
    "pick 99999999999999999999999999",
    "pick -1",
    "row " + "9" * 5000,
    "x" * 100_000,
    "build " + "a1 " * 10_000,
    "end end",
    "END",
    "nan",
    "null",
    "{}",
)

#: Values that are not actions at all.
NOT_ACTIONS: tuple[object, ...] = (None, 0, -1, 2**70, 1.5, float("nan"), b"end", [], {}, ())

#: Characters random texts are made of: letters, digits, the separators actions use, control
#: characters, lone surrogates, wide and combining characters, direction overrides.
_ALPHABET = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 :-_$."
    "\x00\x07\x1b\x7f\x85\u200b\u200d\u202e\ud800\udbff\udc00\udfff\ufeff\uffff²\uff11é漢\u0301"
)


@dataclass
class Tally:
    """Cases run and faults found (one line each)."""

    cases: int = 0
    faults: list[str] = field(default_factory=list)
    by_kind: dict[str, int] = field(default_factory=dict)

    def case(self, kind: str, fault: str | None) -> None:
        self.cases += 1
        self.by_kind[kind] = self.by_kind.get(kind, 0) + 1
        if fault:
            self.faults.append(fault)

    def add(self, other: Tally) -> None:
        self.cases += other.cases
        self.faults += other.faults
        for kind, count in other.by_kind.items():
            self.by_kind[kind] = self.by_kind.get(kind, 0) + count


def games() -> list[Game]:
    """Every registered game."""
    return [GAMES.get(name) for name in GAMES.names()]


@cache
def player_counts(name: str) -> tuple[int, ...]:
    """The numbers of seats a game's options accept (tried: the options are its own)."""
    game = GAMES.get(name)
    counts = []
    for players in range(1, 9):
        try:
            game.options(players=players)
        except ValueError:
            continue
        counts.append(players)
    assert counts, f"{name}: no number of players is accepted"
    return tuple(counts)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 70 else text[:67] + "..."


def play(game: Game, rng: random.Random, steps: int | None = None):
    """A random game: (seed, options, state, actions played), at most ``steps`` actions."""
    seed = rng.randrange(-(2**63), 2**63) if rng.random() < 0.2 else rng.randrange(1000)
    options = game.options(players=rng.choice(player_counts(game.name)))
    state = game.new_game(seed, options)
    played = []
    while not game.is_over(state) and (steps is None or len(played) < steps):
        action = rng.choice(game.legal_actions(state))
        game.apply(state, action)
        played.append(action)
    return seed, options, state, played


@cache
def actions_of(name: str) -> tuple:
    """Some actions of a game, of every kind its random games meet: the legal actions along
    three random games."""
    game = GAMES.get(name)
    found: dict = {}
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(seed, game.options(players=player_counts(name)[-1 - seed % 2]))
        while not game.is_over(state):
            legal = game.legal_actions(state)
            found.update(dict.fromkeys(legal[:12]))
            game.apply(state, rng.choice(legal))
    return tuple(found)


def foreign_actions(game: Game) -> tuple:
    """Actions of every other registered game."""
    return tuple(a for other in GAMES.names() if other != game.name for a in actions_of(other))


@cache
def _kind_words() -> tuple[str, ...]:
    """Every registered game's action kind words (the first word of an action's text)."""
    return tuple(sorted({str(a).split()[0] for name in GAMES.names() for a in actions_of(name)}))


def garbage_text(rng: random.Random, near: list) -> str:
    """A text that is mostly not an action: a hostile one, random characters, random words
    after a real kind word (of any game), or a real action's text altered (``near``)."""
    pick = rng.random()
    if pick < 0.2:
        return rng.choice(HOSTILE_TEXTS)
    if pick < 0.4:
        return "".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(0, 30)))
    words = str(rng.choice(near)).split() if near and pick < 0.8 else [rng.choice(_kind_words())]
    for _ in range(rng.randrange(1, 3)):
        where = rng.randrange(len(words) + 1)
        change = rng.random()
        word = rng.choice(
            [
                rng.choice(_kind_words()),
                str(rng.choice([0, -1, 7, 99, 10**25, -(10**25)])),
                "".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(1, 6))),
                rng.choice(HOSTILE_TEXTS)[:40],
            ]
        )
        if change < 0.4 or not words:
            words.insert(where, word)
        elif change < 0.7 and len(words) > 1:
            words.pop(min(where, len(words) - 1))
        elif change < 0.9:
            words[min(where, len(words) - 1)] = word
        else:
            words = [w.swapcase() for w in words]
    return " ".join(words)


# ── actions ───────────────────────────────────────────────────────────────────────────────


def _snapshot(game: Game, state) -> tuple:
    """What a thrown action must not change: the deciding seat's view and the onlooker's (all
    that is public), the legal actions, who decides."""
    seats = {-1, game.current_player(state)}
    return (
        [game.view(state, seat) for seat in sorted(seats)],
        list(game.legal_actions(state)),
        game.current_player(state),
        game.is_over(state),
    )


def refused(game: Game, state, thrown, player: int | None = None) -> str | None:
    """Throw ``thrown`` at ``apply``: a fault unless it raises ``IllegalActionError`` with a
    message and changes nothing."""
    before = _snapshot(game, state)
    what = f"{game.name}: apply({_short(thrown)}, player={player})"
    try:
        game.apply(state, thrown, player)
    except IllegalActionError as exc:
        if not str(exc).strip():
            return f"{what} raised IllegalActionError without a message"
    except Exception as exc:  # any other exception is the fault looked for
        return f"{what} raised {type(exc).__name__}: {_short(str(exc))}"
    else:
        return f"{what} was accepted"
    if _snapshot(game, state) != before:
        return f"{what} was refused but changed the game"
    return None


def parsed_and_refused(game: Game, state, text: str) -> str | None:
    """A text through ``parse``: refused with ``ActionParseError``, or read as an action of
    the game itself (its own text form), which ``apply`` takes if legal and refuses if not."""
    what = f"{game.name}: parse({_short(text)})"
    try:
        action = game.parse(text)
    except ActionParseError as exc:
        message = str(exc)
        if not message.strip() or len(message) > 1000 or not message.isprintable():
            return f"{what} raised ActionParseError with the message {_short(message)}"
        return None
    except Exception as exc:
        return f"{what} raised {type(exc).__name__}: {_short(str(exc))}"
    own = type(game.legal_actions(state)[0]).actions if not game.is_over(state) else None
    if own is not None and not own.owns(action):
        return f"{what} gave {action!r}, not an action of {game.name}"
    try:
        again = game.parse(str(action))
    except Exception as exc:
        return f"{what} gave {action!r}, whose own text does not parse: {exc}"
    if again != action:
        return f"{what} gave {action!r}, whose text parses as {again!r}"
    if action in game.legal_actions(state):
        return None  # garbage that happens to be a legal action: nothing to refuse
    return refused(game, state, action)


def fuzz_game(game: Game, rng: random.Random, throws: float = 0.3) -> Tally:
    """One random game of ``game``, throwing hostile actions at about ``throws`` of its
    decisions (and several after its end)."""
    tally = Tally()
    own_pool = list(actions_of(game.name))
    foreign = foreign_actions(game)
    seed = rng.randrange(1000)
    options = game.options(players=rng.choice(player_counts(game.name)))
    state = game.new_game(seed, options)
    played: list = []
    while not game.is_over(state):
        legal = game.legal_actions(state)
        if rng.random() < throws:
            _throw(game, state, legal, own_pool, foreign, rng, tally)
        action = rng.choice(legal)
        if game.parse(str(action)) != action:
            tally.case("round trip", f"{game.name}: {action!r} does not parse back")
        game.apply(state, action)
        played.append(action)
        own_pool.append(action)
    for _ in range(3):  # the game is over: everything is refused
        _throw(game, state, played[-1:], own_pool, foreign, rng, tally)
    tally.case("game", None)
    return tally


def _throw(game, state, legal, own_pool, foreign, rng, tally: Tally) -> None:
    pick = rng.random()
    if pick < 0.25 and foreign:
        action = rng.choice(foreign)
        fault = refused(game, state, action)
        if fault is None and game.reveals_information(state, action) is not True:
            fault = f"{game.name}: another game's {action!r} does not reveal"
        tally.case("foreign action", fault)
    elif pick < 0.45:
        illegal = [a for a in rng.sample(own_pool, min(20, len(own_pool))) if a not in legal]
        if illegal or game.is_over(state):
            tally.case("illegal action", refused(game, state, (illegal or legal)[0]))
    elif pick < 0.8:
        tally.case("garbage text", parsed_and_refused(game, state, garbage_text(rng, legal)))
    elif pick < 0.9:
        thrown = rng.choice((*NOT_ACTIONS, str(rng.choice(legal))))
        tally.case("not an action", refused(game, state, thrown))
    else:
        seats = game.players(state)
        current = game.current_player(state)
        others = [s for s in range(seats) if s != current] + [seats, -2]
        tally.case("wrong seat", refused(game, state, rng.choice(legal), rng.choice(others)))


# ── saves ─────────────────────────────────────────────────────────────────────────────────


def hostile_json(rng: random.Random, depth: int = 0):
    """Any JSON value: every type, huge and odd numbers, hostile strings, nesting."""
    pick = rng.random()
    if pick < 0.1:
        return None
    if pick < 0.2:
        return rng.random() < 0.5
    if pick < 0.35:
        return rng.choice([0, 1, -1, 2, 3, 7, 99, 2**31, 2**63, -(2**63) - 1, 10**30, -(10**40)])
    if pick < 0.45:
        return rng.choice([0.0, -0.0, 0.5, 2.0, 1e308, -1e308, 1e-320, 3.0e10])
    if pick < 0.7 or depth > 3:
        return hostile_string(rng)
    if pick < 0.8:
        return _nested(rng)
    if pick < 0.9:
        return [hostile_json(rng, depth + 1) for _ in range(rng.randrange(0, 5))]
    return {
        rng.choice(["players", "names", "game", "x", "\ud800", ""]): hostile_json(rng, depth + 1)
        for _ in range(rng.randrange(0, 4))
    }


def hostile_string(rng: random.Random, like: str = "") -> str:
    """A hostile text: one of :data:`HOSTILE_TEXTS`, random characters, or a plausible value
    (``like``, a name, a game's name) with hostile characters put into it."""
    pick = rng.random()
    if pick < 0.3:
        return rng.choice(HOSTILE_TEXTS)
    if pick < 0.45:
        return "".join(rng.choice(_ALPHABET) for _ in range(rng.randrange(0, 50)))
    text = like or rng.choice(["Ann", "trajan", "forum-trajanum", "normal", "cycle II", "A"])
    for _ in range(rng.randrange(1, 4)):
        where = rng.randrange(len(text) + 1)
        text = text[:where] + rng.choice(_ALPHABET[-22:]) + text[where:]
    return text


def _nested(rng: random.Random):
    value: object = rng.choice([0, "x", None])
    for _ in range(rng.choice([5, 15, 16, 17, 40, 200])):
        value = [value] if rng.random() < 0.5 else {"a": value}
    return value


def _dumps(value, rng: random.Random) -> bytes:
    """JSON bytes of ``value``: escaped ASCII, or raw UTF-8 (a lone surrogate then written as
    the bytes a careless encoder would, which are not UTF-8)."""
    if rng.random() < 0.7:
        return json.dumps(value, ensure_ascii=True).encode()
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _paths(value, prefix=()) -> list[tuple]:
    """Every path to a value inside nested dicts and lists."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _damaged_header(header: dict, rng: random.Random) -> dict:
    header = json.loads(json.dumps(header))
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        path = rng.choice(_paths(header)[1:] or [("x",)])
        parent = header
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        if rng.random() < 0.15 and isinstance(parent, dict):
            parent.pop(key, None)
        elif rng.random() < 0.1 and isinstance(parent, dict):
            parent[rng.choice(["\ud800", "extra", "actions", "schema_version"])] = hostile_json(rng)
        elif isinstance(parent[key], str) and rng.random() < 0.5:
            parent[key] = hostile_string(rng, parent[key])
        else:
            parent[key] = hostile_json(rng)
    return header


def damaged_save(good: bytes, rng: random.Random) -> bytes:
    """A healthy save's bytes, damaged one way."""
    lines = good.split(b"\n")[:-1]  # the last line ends with a newline
    header = json.loads(lines[0])
    pick = rng.random()
    if pick < 0.35:
        lines[0] = _dumps(_damaged_header(header, rng), rng)
    elif pick < 0.55 and len(lines) > 1:
        where = rng.randrange(1, len(lines))
        line = _dumps(hostile_json(rng), rng) if rng.random() < 0.6 else _raw_garbage(rng)
        if rng.random() < 0.5:
            lines[where] = line
        else:
            lines.insert(where, line)
    elif pick < 0.62:
        lines = lines[: rng.randrange(1, len(lines) + 1)]
    elif pick < 0.7:
        data = bytearray(b"\n".join(lines) + b"\n")
        for _ in range(rng.randrange(1, 6)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    elif pick < 0.77:
        data = b"\n".join(lines) + b"\n"
        return data[: rng.randrange(len(data))]
    elif pick < 0.85:
        return _dumps(hostile_json(rng), rng)
    elif pick < 0.9:
        return rng.choice([b"[" * 100_000, b'{"a":' * 50_000, b"\xff\xfe", b"", b"\n" * 1000])
    else:  # a version-1 file: one object, the actions inside it
        actions = [json.loads(line) for line in lines[1:]]
        whole = {
            "format": header.get("format"),
            "schema_version": 1,
            "seed": header.get("seed"),
            "options": header.get("options"),
            "actions": actions,
            "names": header.get("names"),
            "bots": header.get("bots"),
        }
        return _dumps(_damaged_header(whole, rng), rng)
    return b"\n".join(lines) + b"\n"


def _raw_garbage(rng: random.Random) -> bytes:
    return rng.choice(
        [
            b'"\\ud800"',
            b'"\xed\xa0\x80"',
            b'"unterminated',
            b"\xff",
            b'"' + b"\\" * 3 + b'"',
            b'"' + b"a" * 300 + b'"',
            b"[]",
            b'"end" "end"',
            b'"\x1b[2J"',
        ]
    )


def save_of(game: Game, rng: random.Random) -> bytes:
    """The save file of a random game of ``game`` (played some way, or to its end)."""
    steps = None if rng.random() < 0.3 else rng.randrange(0, 300)
    seed, options, state, played = play(game, rng, steps)
    seats = game.players(state)
    record = game.record(
        seed=seed,
        options=options,
        actions=[str(a) for a in played],
        names=[f"Seat {n + 1}" for n in range(seats)],
        bots=[rng.choice(["", "normal"]) for _ in range(seats)],
    )
    return record.to_json().encode("utf-8")


def read_fault(data: bytes) -> str | None:
    """Read a save's bytes as every reader does: a fault unless each step works or raises the
    project's ``RecordError`` with a message; and what reads must save and read again."""
    what = f"save {_short(data[:60])}"
    try:
        found = read_record(data, GAMES)
    except RecordError as exc:
        return _without_message(what, "read_record", exc)
    except Exception as exc:
        return f"{what}: read_record raised {type(exc).__name__}: {_short(str(exc))}"
    try:
        first = json.loads(data.split(b"\n", 1)[0])
    except (ValueError, RecursionError):
        first = None  # the first line is not JSON: a version-1 file (one object)
    if isinstance(first, dict) and "record_version" in first:
        try:
            read_header(first, GAMES)
        except RecordError as exc:
            if fault := _without_message(what, "read_header", exc):
                return fault
        except Exception as exc:
            return f"{what}: read_header raised {type(exc).__name__}: {_short(str(exc))}"
    record = found.record
    try:
        replay_valid(record, GAMES.get(record.game))
    except RecordError as exc:
        return _without_message(what, "replay", exc)
    except Exception as exc:
        return f"{what}: the replay raised {type(exc).__name__}: {_short(str(exc))}"
    try:
        again = read_record(record.to_json().encode("utf-8"), GAMES).record
    except Exception as exc:
        return f"{what}: it reads, but saving it again raised {type(exc).__name__}: {exc}"[:300]
    if again != record:
        return f"{what}: it reads, but saved again it reads as another record"
    return None


def _without_message(what: str, where: str, exc: Exception) -> str | None:
    message = str(exc)
    if message.strip() and message.isprintable():
        return None
    return f"{what}: {where} raised RecordError with the message {_short(message)}"


def fuzz_save(game: Game, rng: random.Random, damages: int = 8) -> Tally:
    """The save of one random game of ``game``, damaged ``damages`` ways, each read."""
    tally = Tally()
    good = save_of(game, rng)
    tally.case("healthy save", read_fault(good))
    for _ in range(damages):
        tally.case("damaged save", read_fault(damaged_save(good, rng)))
    return tally


# ── save files ────────────────────────────────────────────────────────────────────────────


def file_fault(data: bytes) -> str | None:
    """The bytes as a save file in the games folder (``FORUM_TRAJANUM_HOME``, set by the
    caller), read as the app reads it: the list's entry never raises; opening the game works
    (a save damaged part-way resumes at its last good action) or raises the project's
    ``SaveError`` with a message; a save the list shows as healthy opens; and an opened game
    saves and reads again."""
    from forum_trajanum.core.saves import listing, paths, store

    folder = paths.games_dir()
    for old in folder.iterdir():
        old.unlink()
    path = folder / f"fuzz{paths.SUFFIX}"
    path.write_bytes(data)
    what = f"save file {_short(data[:60])}"
    try:
        info = listing.info_of(path)
    except Exception as exc:
        return f"{what}: the list raised {type(exc).__name__}: {_short(str(exc))}"
    try:
        opened = store.open_game("fuzz")
    except RecordError as exc:
        if fault := _without_message(what, "open_game", exc):
            return fault
        if info.readable:
            return f"{what}: listed as healthy, but opening it says: {_short(str(exc))}"
        return None
    except Exception as exc:
        return f"{what}: open_game raised {type(exc).__name__}: {_short(str(exc))}"
    try:
        opened.game.save(opened.record, opened.state)
        again, _ = store.read_game("fuzz")
    except Exception as exc:
        return f"{what}: it opens, but saving it again raised {type(exc).__name__}: {exc}"[:300]
    finally:
        opened.game.close()
    if again.actions != opened.record.actions:
        return f"{what}: it opens, but saved again it holds other actions"
    return None


def fuzz_files(game: Game, rng: random.Random, damages: int = 4) -> Tally:
    """The save file of one random game of ``game``, damaged ``damages`` ways, each put in the
    games folder (``FORUM_TRAJANUM_HOME``, set by the caller), listed and opened."""
    tally = Tally()
    good = save_of(game, rng)
    tally.case("healthy save file", file_fault(good))
    for _ in range(damages):
        tally.case("damaged save file", file_fault(damaged_save(good, rng)))
    return tally
