"""``preview(view, action)``: what every legal action costs and gives, from what the acting
player may know (issue "What each choice gives"; rules "Benefit for gray buildings",
"Benefit for colored structures", "Using Colonia tiles"; components.md for the tracks)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forum_trajanum.games.forum_trajanum.data import COLOURS, cell_index
from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine import (
    apply,
    current_player,
    decision_kind,
    is_over,
    legal_actions,
    parse,
    preview,
    view,
)
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.cells import tile_cell
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.preview import SUPPLY_KEYS
from forum_trajanum.games.forum_trajanum.ui.labels import describe

from .games import game_options, games, share
from .helpers import (
    BLD,
    PAT,
    PAT_F,
    act,
    build_step,
    drafted_game,
    refresh,
    swap_tiles,
    tile,
    vacate,
)


def supply(colonia) -> dict[str, int]:
    """A Colonia view's supply by ``SUPPLY_KEYS``."""
    c = colonia
    out = {"builder": c.builders, "assistant": c.assistants, "coin": c.coins}
    out["tribune"] = c.tribunes
    out.update({f"worker:{k}": c.workers[i] for i, k in enumerate(COLOURS)})
    return out


def _sampled(actions: list, rng: random.Random, most: int = 12) -> list:
    return actions if len(actions) <= most else rng.sample(actions, most)


class PreviewsHoldInSampledWorlds:
    """At every 5th decision: the previews of (up to 12) legal actions are the same in a world
    sampled from the acting player's view."""

    def __init__(self, _state):
        self.checked = 0

    def __call__(self, step):
        if step.number % 5:
            return
        state = step.state
        rng = random.Random(step.number)
        p = current_player(state)
        mine = view(state, p)
        world = view(determinize(mine, rng), p)
        for action in _sampled(legal_actions(state), rng):
            assert preview(world, action) == preview(mine, action)
            self.checked += 1


@pytest.mark.parametrize("players", [2, 4])
@settings(max_examples=share(0.4))
@given(data=st.data())
def test_previews_are_the_same_in_every_world_the_player_cannot_tell_apart(players, data):
    # A preview is built from the acting player's view only: in a world sampled from that view
    # (other hidden tiles, other hands, other street cards to come) it is the same.
    options = game_options(players, handicap=(0,))
    game = data.draw(games(options=options, checks=[PreviewsHoldInSampledWorlds]), label="game")
    assert game.checks[0].checked >= 25  # the check ran through the game


#: A player's own choices that follow an action at once (its points may come after them).
FOLLOW_UPS = frozenset({"first", "envoy", "step", "worker", "bonus", "gain", "pick", "citizen"})


def _own_tasks(before, after) -> dict[int, object]:
    """The tasks an action put on the stack (its own follow-ups, automatic ones run), by
    their place in it: those above the tasks that were waiting below the decision."""
    base = len(before.tasks) - 1
    if len(after.tasks) > base and after.tasks[base] == before.tasks[-1]:
        base += 1  # the decision stays (a build step: convert or build again)
    return {i: after.tasks[i] for i in range(base, len(after.tasks))}


def _play_out_envoys(after, p: int, own: dict[int, object]) -> int:
    """Play the acting player's follow-ups until the action's own envoys are placed or
    skipped: each of its envoys goes to the first legal space, every other follow-up takes
    an option that sends no envoy of its own (so that none empties the ship first). A build
    of a gray building and a structure asks which comes first: the structure's envoy, then
    one of the build's own. Returns how many of the action's envoys found a space."""
    pending = {i: t for i, t in own.items() if t.kind in ("envoy", "first")}
    placed = 0
    while pending and not is_over(after) and current_player(after) == p:
        pending = {i: t for i, t in pending.items() if i < len(after.tasks) and after.tasks[i] == t}
        if not pending:
            break
        top = len(after.tasks) - 1
        legal = legal_actions(after)
        if top in pending and after.tasks[top].kind == "envoy":
            pending.pop(top)
            spaces = [a for a in legal if not a.declined]
            placed += bool(spaces)
            apply(after, (spaces or legal)[0])
            continue
        if top in pending and after.tasks[top].kind == "first":
            pending.pop(top)
            apply(after, A.ChooseFirst.make("colour"))
            envoy = after.tasks[-1]  # the structure's envoy, waiting or skipped
            if len(after.tasks) > top and envoy.kind == "envoy" and current_player(after) == p:
                pending[len(after.tasks) - 1] = envoy
            continue
        mine = view(after, p)
        quiet = [a for a in legal if not preview(mine, a).envoys]
        apply(after, (quiet or legal)[0])
    return placed


def kinds(tasks: dict[int, object]) -> set[str]:
    return {t.kind for t in tasks.values()}


class PreviewsMatchWhatApplyDoes:
    """At every decision, for every legal action: what its preview says it costs and gives
    is the change the action makes to the acting player's view — the supply paid and
    gained, the slide bar, points scored at once, envoys placed (its own, played out), area
    bonuses won, the benefit track stepped on, the citizen row filled, the rows that turn
    inactive."""

    def __init__(self, _state):
        self.kinds: set[str] = set()
        self.envoys = self.lost = 0

    def __call__(self, step):
        state = step.state
        if not state.tasks or is_over(state):
            return
        p = current_player(state)
        mine = view(state, p)
        for action in legal_actions(state):
            seen = preview(mine, action)
            after = apply(state.clone(), action)
            then = view(after, p)
            me, now = mine.colonias[p], then.colonias[p]
            if not (seen.hidden_tile and isinstance(action, A.PickTile)):
                was, got = supply(me), supply(now)
                for key in SUPPLY_KEYS:
                    change = seen.gain.get(key, 0) - seen.pay.get(key, 0)
                    assert got[key] - was[key] == change, (action, key, seen)
            if seen.prestige >= 0:
                assert now.prestige == seen.prestige, action
            # points may come after a follow-up choice of the same player (which benefit
            # first, an envoy, a track step: a finished track scores once its last step is
            # taken, tested below); paying citizens leads to the cycle's scoring; and the
            # points of an earlier building (a column, a finished track) wait below this
            # choice until it is made
            follow_up = bool(after.tasks) and current_player(after) == p
            later = follow_up and after.tasks[-1].kind in FOLLOW_UPS
            later = later or seen.track_ends or isinstance(action, A.PayCitizens)
            later = later or any(t.kind in ("gray", "track_end") for t in state.tasks)
            if not later:
                assert now.score - me.score == seen.points, action
            own = _own_tasks(state, after)
            bonuses = sum(t.count for t in own.values() if t.kind == "bonus")
            assert bonuses == seen.area_bonuses, (action, seen)
            if isinstance(action, A.PayCitizens):
                seated = [r + 1 for r in range(6) if now.citizens[r][0]]
                inactive = tuple(r for r in seated if not now.row_active[r - 1])
                assert inactive == seen.inactive_rows, (action, seen)
            if isinstance(action, A.ChooseRow):
                row = now.citizens[action.row - 1]
                assert seen.citizen_row == action.row
                assert row.count("") == me.citizens[action.row - 1].count("") - 1, action
            if isinstance(action, A.Build) and seen.track and "first" not in kinds(own):
                assert now.tracks["LSM".index(seen.track)] == seen.step, (action, seen)
            placed = _play_out_envoys(after, p, own)
            assert placed == seen.envoys, (action, seen, me.ship)
            self.envoys += seen.envoys
            self.lost += seen.envoys_lost
            self.kinds.add(action.kind)


@settings(max_examples=share(0.2))
@given(data=st.data())
def test_what_a_preview_says_is_what_the_action_does(data):
    # For every legal action along random games: the preview's resources paid and gained,
    # slide bar, points scored at once, envoys, area bonuses, track step, citizen row and
    # inactive rows are what the engine applying the action does to the player's view.
    game = data.draw(games(players=3, checks=[PreviewsMatchWhatApplyDoes]), label="game")
    check = game.checks[0]
    assert {"take", "pay", "build", "envoy"} <= check.kinds and len(check.kinds) >= 8
    assert check.envoys > 0


def test_taking_a_face_down_tile_says_a_hidden_tile_and_nothing_more():
    # Rules "Take 2 Colonia tiles": the tiles lie face down until taken.
    state = drafted_game(seed=4, players=3)
    p = current_player(state)
    take = next(a for a in legal_actions(state) if a.kind == "take" and a.cell[0] in "BCDE")
    seen = preview(view(state, p), take)
    assert seen.hidden_tile and seen.tile == "" and seen.gain == {} and seen.crane == ""
    pl = state.players[p]
    hidden = pl.grid[cell_index(take.cell)]
    other = next(t for t in pl.grid if t >= 0 and t % 34 != hidden % 34 and t != pl.grid[0])
    swap_tiles(state, hidden, other)
    assert preview(view(state, p), take) == seen


def test_taking_a_face_up_corner_tile_names_it_and_the_crane_it_uncovers():
    # Rules "Setup" 5: the corner tiles lie face up; taking one uncovers its crane.
    state = drafted_game(seed=12, players=2)
    p = current_player(state)
    pl = state.players[p]
    corners = ("A1", "F1", "A6", "F6")
    corner = next((a for a in legal_actions(state) if a.kind == "take" and a.cell in corners), None)
    if corner is None:  # the street cards name no corner: reach one with a tribune
        pl.tribunes = 1
        refresh(state)
        corner = next(a for a in legal_actions(state) if a.kind == "take" and a.cell == "A1")
    seen = preview(view(state, p), corner)
    assert tile_cell(seen.tile) == view(state, p).colonias[p].cells[cell_index(corner.cell)]
    assert not seen.hidden_tile
    assert seen.crane == pl.cranes[corners.index(corner.cell)]


def test_a_library_shows_its_cost_the_step_it_reaches_and_the_benefits_it_offers():
    # Rules "Benefit for gray buildings": move the marker one step; take the benefit of that
    # step or of any step before it.
    state, p = build_step(seed=3)
    pl = state.players[p]
    pl.builders, pl.tracks = 1, [1, 0, 0]
    vacate(state, p, "B2")
    refresh(state)
    seen = preview(view(state, p), parse("build L B2"))
    assert seen.pay == {"builder": 1}
    assert (seen.track, seen.step) == ("L", 2)
    assert seen.benefits == ("worker_and_tribune", "builder")
    assert seen.points == 0 and not seen.track_ends


def test_the_last_step_of_a_track_shows_the_points_of_the_finished_track():
    # Rules "Benefit for gray buildings": after the 4th step the marker moves beside Trajan's
    # Column and scores like a triumphal column.
    state, p = build_step(seed=3)
    pl = state.players[p]
    pl.builders, pl.tracks = 1, [3, 0, 0]
    vacate(state, p, "B2")
    refresh(state)
    seen = preview(view(state, p), parse("build L B2"))
    assert seen.track_ends and (seen.track, seen.step) == ("L", 4)
    assert seen.points == state.column_value + pl.active_citizens()
    before = pl.score
    act(state, "build L B2")
    step = preview(view(state, p), parse("step 2"))
    assert step.track_ends and step.points == seen.points and step.gain == {"builder": 1}
    act(state, "step 2")
    assert pl.score - before == seen.points


def test_a_triumphal_column_shows_the_points_it_scores():
    # Rules "Triumphal column": the value on Trajan's Column + 1 per active citizen.
    state, p = build_step(seed=3)
    pl = state.players[p]
    pl.builders = 1
    vacate(state, p, "B2")
    refresh(state)
    seen = preview(view(state, p), parse("build C B2"))
    assert seen.points == state.column_value + pl.active_citizens() > 0


def test_a_structure_sends_an_envoy_and_an_envoy_can_win_an_area_bonus():
    # Rules "Benefit for colored structures": place an envoy; the last cell of an area gives
    # an area bonus.
    state, p = build_step(seed=7)
    pl = state.players[p]
    pl.workers = [2, 0, 0, 0]
    pl.ship = [tile(p, 6), tile(p, 7)]
    refresh(state)
    vacate(state, p, "B2")
    refresh(state)
    seen = preview(view(state, p), parse("build B B2"))
    assert seen.pay == {"worker:B": 1} and seen.envoys == 1
    act(state, "build B B2")
    mine = view(state, p)
    envoys = [a for a in legal_actions(state) if a.kind == "envoy" and not a.declined]
    bonuses = {str(a): preview(mine, a).area_bonuses for a in envoys}
    for text, count in bonuses.items():
        after = apply(state.clone(), parse(text))
        assert (after.tasks[-1].kind == "bonus") == (count > 0), text


def test_paying_citizens_shows_the_coins_and_the_rows_that_turn_inactive():
    # Rules "Payment": 1 coin per citizen row; an unpaid row turns inactive.
    state, p = build_step(seed=3)
    pl = state.players[p]
    pl.citizens[4] = [tile(p, 2), -1]
    pl.row_active[4] = True
    mine = view(state, p)
    seated = [r + 1 for r in range(6) if mine.colonias[p].citizens[r][0]]
    seen = preview(mine, A.PayCitizens.make(()))
    assert seen.inactive_rows == tuple(seated) and seen.pay == {}
    seen = preview(mine, A.PayCitizens.make(tuple(seated)))
    assert seen.inactive_rows == () and seen.pay == {"coin": len(seated)}


def _second_patrician(ship: int):
    """A player about to seat a patrician beside the one in row 1 (Patrician I), with
    ``ship`` envoys on the ship; returns (state, player)."""
    state, p = build_step(seed=7)
    pl = state.players[p]
    pl.citizens[0] = [tile(p, PAT_F), -1]
    pl.row_active[0] = True
    pl.ship = [tile(p, BLD + k) for k in range(ship)]
    state.tasks.append(T.Citizen(p, tile(p, PAT), "ship", "PAT", p))
    return refresh(state), p


@pytest.mark.parametrize("ship", [0, 1])
def test_a_second_patrician_i_promises_an_envoy_only_when_one_can_go(ship):
    # Appendix "Second citizen", Patrician I: place 1 envoy from the ship (none: no envoy).
    # Issue 27.5: with an empty ship the row-1 choice said "get Patrician I: 1 envoy".
    state, p = _second_patrician(ship)
    row1 = A.ChooseRow.make(1)
    seen = preview(view(state, p), row1)
    assert (seen.envoys, seen.envoys_lost) == (ship, 1 - ship)
    words = describe(row1, view(state, p))
    assert ("1 envoy to place" in words) == bool(ship), words
    assert ("no envoy: your ship is empty" in words) == (not ship), words
    after = apply(state.clone(), row1)
    assert (decision_kind(after) == "envoy") == bool(ship)


def test_an_upgrade_with_the_slide_bar_at_its_end_promises_nothing_and_says_so():
    # Rules "Slide bar": an upgrade moves the slide bar one space up, to 8 at most; at 8 it
    # does nothing (QA: "get slide bar to 8" was promised with the bar at 8/8).
    from forum_trajanum.games.forum_trajanum.data.components import PRESTIGE_MAX
    from forum_trajanum.games.forum_trajanum.engine import new_game
    from forum_trajanum.games.forum_trajanum.ui.labels import effect_words

    from .helpers import along_random_game

    checked = 0
    for seed in range(40):
        for state in along_random_game(new_game(seed, players=2), seed, every=1):
            p = current_player(state)
            if p < 0 or not any(
                preview(view(state, p), a).gain.get("upgrade") for a in legal_actions(state)
            ):
                continue
            state.players[p].prestige = PRESTIGE_MAX
            refresh(state)
            mine = view(state, p)
            for action in legal_actions(state):
                seen = preview(mine, action)
                if not seen.lost.get("upgrade"):
                    continue
                assert seen.prestige == -1 and not seen.gain.get("upgrade"), (action, seen)
                words = effect_words(action, mine) or ""
                assert "slide bar to" not in words
                assert "no upgrade: the slide bar is at its end" in words
                after = view(apply(state.clone(), action), p)
                assert after.colonias[p].prestige == PRESTIGE_MAX
                checked += 1
            break
        if checked >= 3:
            break
    assert checked >= 3
