"""Trajan's log and quarter's end told in full (issue 28, points 2, 5 and 6): the colour of
the last marker sown and the Trajan tile it accomplished, the start player by name, the
tokens and cards a special action or the Seaport really moved, the senate track, each demand
met by what or missed, the senate vote and both consuls' tiles, and every final category and
bonus tile with why, under each seat's own name."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.actions import PASS, SPECIAL, parse
from forum_trajanum.games.trajan.engine.game import TrajanRecord
from forum_trajanum.games.trajan.engine.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.games.trajan.engine.scoring import bonus_items, bonus_points
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.tasks import SpecialTask
from forum_trajanum.games.trajan.engine.view import public_lines, view
from forum_trajanum.games.trajan.ui.choices import decision_title
from forum_trajanum.games.trajan.ui.results import final_text, quarter_text
from tests.engine.games import share

from .helpers import after_setup, random_game, turn_of

B, Y, G, O, P, W_ = range(6)  # noqa: E741 - the colours' letters
NAMES = ["Ann", "Normal bot"]


def _tray(**colours) -> list[int]:
    counts = [0] * 6
    for name, n in colours.items():
        counts["BYGOPW".index(name)] = n
    return counts


def _tile(kind: str, value: int = 0, nth: int = 0) -> int:
    return [i for i, t in enumerate(D.FORUM_TILES) if (t.kind, t.value) == (kind, value)][nth]


def _trajan(effect: str, amount: int, pair: tuple[int, int] | None = None) -> int:
    return next(
        i
        for i, t in enumerate(D.TRAJAN_TILES)
        if t.effect == effect and t.amount == amount and (pair is None or t.colours == pair)
    )


def _said(state, action) -> list[tuple[int, str]]:
    before = state.clone()
    apply(state, action)
    return public_lines(before, action, state)


def test_the_log_names_the_last_markers_colour_and_the_trajan_tile_it_accomplished():
    """EN l.187-189 (the markers are sown one by one, the last into the target tray), l.219
    and R2 (a matching tile is accomplished at once, with its VP): the log says the colour of
    the last marker, the target tray's tile and its VP (issue 28.2: a 9 VP tile went unseen)."""
    s = turn_of(after_setup(1), 0)
    pl = s.players[0]
    pl.trays = [[0] * 6 for _ in range(6)]
    pl.trays[D.SENATE] = _tray(O=2)
    pl.trays[D.CONSTRUCTION] = _tray(O=1)
    tile = _trajan("points", 0, (O, O))
    pl.slots[D.CONSTRUCTION] = tile
    s.__pydantic_private__["_legal"] = None
    lines = [text for _, text in _said(s, parse("take senate"))]
    assert lines[0] == (
        "took 2 markers (orange and orange) from the Senate tray (target Construction); "
        "the 2 markers, both orange, into the Trajan and Construction trays"
    )
    assert lines[1] == (
        "accomplished the Trajan tile beside the Construction tray: "
        "Victory points O+O 9 VP, no special action (+9 VP)"
    )
    assert pl.points["trajan"] == D.TRAJAN_TILES[tile].vp == 9


def test_a_sown_marker_says_when_it_was_the_last_one_and_where_the_rest_go():
    """EN l.187-189: while two colours are left the player chooses; the choice that leaves
    one colour ends the sowing, and the log says where the last marker went."""
    s = turn_of(after_setup(1), 0)
    s.players[0].trays = [[0] * 6 for _ in range(6)]
    s.players[0].trays[D.TRAJAN] = _tray(B=1, Y=1)
    s.__pydantic_private__["_legal"] = None
    first = _said(s, parse("take trajan"))[0][1]
    assert first.startswith("took 2 markers (blue and yellow) from the Trajan tray")
    assert "last marker" not in first  # a colour is still to be chosen
    sown = _said(s, parse("sow Y"))[0][1]
    assert sown == (
        "put a yellow marker into the Construction tray; the last marker, blue, into the "
        "Seaport tray"
    )


def test_the_markers_sown_by_themselves_are_each_named_with_their_tray():
    """EN l.187-189 (each marker into the next tray clockwise, the last into the target): once
    one colour is left the rest is sown by itself, and the log names every tray it goes into,
    not only the target's (the Seaport marker was missing)."""
    s = turn_of(after_setup(1), 0)
    s.players[0].trays = [[0] * 6 for _ in range(6)]
    s.players[0].trays[D.TRAJAN] = _tray(B=2, Y=1)
    s.__pydantic_private__["_legal"] = None
    _said(s, parse("take trajan"))
    sown = _said(s, parse("sow Y"))[0][1]
    assert sown == (
        "put a yellow marker into the Construction tray; the last 2 markers, both blue, into "
        "the Seaport and Forum trays"
    )


_COUNT = re.compile(r"put an? [a-z ]+ marker|the (?:last )?marker,|the (?:last )?(\d+) markers,")


def sown_markers(line: str) -> int:
    """How many markers a log line says were put into a tray."""
    return sum(int(m.group(1) or 1) for m in _COUNT.finditer(line))


@settings(max_examples=share(0.3), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from((2, 3, 4)), data=st.data())
def test_the_log_of_every_sowing_names_as_many_markers_as_were_taken(seed, players, data):
    """EN l.185-189: every marker taken goes into a tray, and the log (public) says which:
    along random games, the lines of a take and the sowing after it name as many placed
    markers as the take line says were taken."""
    state = new_game(seed, TrajanOptions(players=players))
    taken = sown = 0
    while not is_over(state):
        legal = legal_actions(state)
        action = legal[data.draw(st.integers(0, len(legal) - 1)) if len(legal) > 1 else 0]
        if action.kind in ("take", "sow"):
            line = _said(state, action)[0][1]
            if action.kind == "take":
                assert taken == sown, "the sowing before was not told in full"
                taken, sown = int(line.split()[1]), 0
            sown += sown_markers(line)
            assert sown <= taken, line
            if not any(t.kind == "sow" for t in state.tasks):
                assert sown == taken, f"{taken} taken, {sown} told: {line}"
        else:
            apply(state, action)


def test_the_count_of_sown_markers_reads_every_form_of_the_log():
    # the property's own test: each wording counts its markers
    assert sown_markers("put a blue marker into the Forum tray") == 1
    assert sown_markers("took 1 marker (blue) from X; the last marker, blue, into") == 1
    assert sown_markers("put an orange marker into X; the last 3 markers, all blue, into") == 4
    assert sown_markers("took 2 markers (B and B) from X; the 2 markers, both blue, into") == 2


def test_the_setup_title_names_the_start_player_by_name():
    """EN l.129 and R33 (the start player is drawn): the other seats read the start
    player's name, not a seat number (issue 28.5)."""
    from forum_trajanum.games.trajan.engine.rules import new_game

    s = new_game(3, TrajanOptions(players=2))
    while s.decision != "start":
        apply(s, legal_actions(s)[0])
    start, decider = s.start_player, s.decider
    other = 1 - decider
    title = decision_title(view(s, other), NAMES)
    assert title.endswith(f" — {NAMES[start]} is the start player") or start == other
    assert "seat" not in decision_title(view(s, -1), NAMES)
    assert decision_title(view(s, -1), NAMES).endswith(f"{NAMES[start]} is the start player")


def test_another_seats_decision_is_said_of_them_not_of_you():
    """EN l.107 (each player fills their own trays): the QA game's watch screen read
    "Normal bot is deciding: fill your trays with two markers each"; another seat's
    decision says "their", one's own still "your". (The start player is drawn only after the
    markers, EN l.113, R37: the titles name them from the starting cards on.)"""
    from forum_trajanum.games.trajan.engine.rules import new_game

    s = new_game(7, TrajanOptions(players=2))
    decider = s.decider
    assert s.decision == "markers"
    own = W.title(view(s, decider), NAMES)
    assert own.startswith("fill your trays with two markers each")
    for seat in (1 - decider, -1):
        said = W.title(view(s, seat), NAMES)
        assert said.startswith("fill their trays with two markers each"), said
        assert "start player" not in said
    while s.decision == "markers":
        apply(s, legal_actions(s)[0])
    for seat in (1 - s.decider, -1):
        said = W.title(view(s, seat), NAMES)
        assert said.startswith("take a starting card"), said
        assert f"— {NAMES[s.start_player]} is the start player" in said


def test_a_trajan_tiles_token_action_says_how_many_tokens_went_from_the_supply():
    """EN l.656-662 and R22: the tile sends what the supply still holds; the log says how
    many went where, and why fewer ("sent up to 1 token" said nothing)."""
    s = after_setup(2)
    s.players[0].supply = 1
    tile = _trajan("legion", 2)
    s.tasks = [SpecialTask(0, tile)]
    s.__pydantic_private__["_legal"] = None
    line = _said(s, SPECIAL)[0][1]
    assert line.startswith("sent 1 legionnaire from the supply to the military camp")
    assert line.endswith("(the Trajan tile's special action; it gives 2, the supply held only 1)")
    s.players[0].supply = 5
    s.tasks = [SpecialTask(0, _trajan("worker", 2))]
    s.__pydantic_private__["_legal"] = None
    line = _said(s, SPECIAL)[0][1]
    assert line == (
        "sent 2 workers from the supply to the worker camp (the Trajan tile's special action)"
    )


def test_a_seaport_draw_with_one_card_left_says_one_card_was_drawn():
    """R29 (EN l.251): with too few cards, what can be drawn is drawn; the log says 1 card,
    not 2."""
    s = turn_of(after_setup(3), 0)
    s.deck = s.deck[:1]
    s.discards = [pile[-1:] for pile in s.discards]  # R4: nothing to reshuffle
    s.tasks[-1:] = []
    from forum_trajanum.games.trajan.engine.tasks import ActTask, Why

    s.tasks.append(ActTask(0, D.SEAPORT, Why.TRAY))
    s.__pydantic_private__["_legal"] = None
    line = _said(s, parse("draw"))[0][1]
    assert line == "drew 1 card at the Seaport (only 1 could be drawn: the piles ran short)"


def test_a_card_played_into_the_display_says_the_card_drawn_replaces_it():
    """EN l.306-308 (play cards into the display, draw as many): one card played, one drawn
    "to replace it" (the log said "drew 1 card for them")."""
    from forum_trajanum.games.trajan.engine.tasks import ActTask, Why

    s = turn_of(after_setup(3), 0)
    s.tasks[-1:] = []
    s.tasks.append(ActTask(0, D.SEAPORT, Why.TRAY))
    s.__pydantic_private__["_legal"] = None
    one = next(a for a in legal_actions(s) if a.kind == "display" and len(a.cards) == 1)
    two = next((a for a in legal_actions(s) if a.kind == "display" and len(a.cards) == 2), None)
    assert _said(s.clone(), one)[0][1].endswith(" into the display and drew 1 card to replace it")
    if two is not None:
        assert _said(s, two)[0][1].endswith(" and drew 2 cards to replace them")


def test_a_round_and_a_quarter_told_on_their_own_begin_with_a_capital():
    """The lines of no player (a round's end, a quarter's) are sentences of their own in the
    log: "The round ends: the people demand bread", not "the round ends: ..."."""
    own = set()
    for before, action in random_game(5, 2):
        after = before.clone()
        apply(after, action)
        own |= {text for seat, text in public_lines(before, action, after) if seat < 0}
    assert any(t.startswith("The round ends: the people demand ") for t in own), own
    assert any(t.startswith("Quarter II begins") for t in own), own
    assert all(t[:1].isupper() for t in own), own


def test_the_senate_choice_shows_the_track_with_each_spaces_vp_and_the_top():
    """EN l.357-361: one space up, the VP of the new space, the top space (8 VP) ends the
    climb for the quarter (issue 28.5: "up to the 2 space (+2 VP)" was unexplained)."""
    s = after_setup(4)
    s.players[0].senate = 2
    said = W.senate_words(view(s, 0), parse("senate"))
    assert said.startswith("Senate: one space up, from the 3 space to the 4 space (+4 VP)")
    assert "spaces worth 0 2 3 [4] 5 6 7 8 VP; at the 8 space the climb stops" in said
    from forum_trajanum.games.trajan.engine.tasks import ActTask, Why

    s = turn_of(after_setup(4), 0)
    s.players[0].senate = D.SENATE_TOP - 1
    s.tasks[-1:] = [ActTask(0, D.SENATE, Why.TRAY)]
    s.__pydantic_private__["_legal"] = None
    assert _said(s, parse("senate"))[0][1] == (
        "moved up in the senate from the 7 space to the 8 space (+8 VP) "
        "(the top: no further this quarter)"
    )


def _quarter_scene():
    """Seat 0 (Ann) before the last turn of quarter I: a bread tile and a kept Trajan games
    tile, the people demanding bread, games and religion."""
    s = after_setup(1)
    s.round, s.time = D.ROUNDS_PER_QUARTER, D.TIME_CYCLE[2] - 1
    s.revealed = [D.BREAD, D.GAMES, D.RELIGION]
    ann = s.players[0]
    ann.tiles = [_tile("demand", D.BREAD), _tile("senate", 3)]
    ann.kept = [_trajan("demand", D.GAMES)]
    s.players[1].tiles = [_tile("wild_demand")]
    turn_of(s, 0)
    ann.trays = [[0] * 6 for _ in range(6)]
    ann.trays[D.SEAPORT] = _tray(W=1)
    s.__pydantic_private__["_legal"] = None
    return s


def test_the_quarter_end_tells_each_demand_met_by_what_or_missed_and_the_penalty():
    """EN l.413-425: each demand is met by a forum tile or a Trajan tile (kept), or missed;
    1 missed costs 4 VP, 2 cost 9. The log and the quarter's screen say which (issue 28.6)."""
    s = _quarter_scene()
    lines = _said(s, parse("take seaport"))
    while s.decision == "act":
        lines += _said(s, PASS)
    told = {seat: text for seat, text in lines if text.startswith("at the demands")}
    assert told[0] == (
        "at the demands: bread met by a bread tile; games met by the kept Trajan games "
        "tile; religion missed — 1 demand missed: lost 4 VP"
    )
    assert told[1] == (
        "at the demands: bread met by a demand wild card; games missed; religion missed "
        "— 2 demands missed: lost 9 VP"
    )
    text = quarter_text(view(s, -1), 1, NAMES).plain
    assert (
        "  Ann: met 2 of 3, lost 4 VP\n    · bread met by a bread tile\n"
        "    · games met by the kept Trajan games tile\n    · religion missed\n"
        "  Normal bot: met 1 of 3, lost 9 VP\n    · bread met by a demand wild card\n"
    ) in text


def test_the_senate_vote_and_both_consuls_tiles_are_logged():
    """EN l.431-436, l.468-470 (R25): the votes (track and senate tiles), the consul's yellow
    tile and the vice consul's grey tile, each under its seat (the vice consul's tile was not
    logged)."""
    s = _quarter_scene()
    lines = _said(s, parse("take seaport"))
    while s.decision == "act":
        lines += _said(s, PASS)
    had = "had 3 votes (0 from the senate track, 3 from senate tiles) in the senate vote"
    assert (0, f"{had}: consul") in lines
    had = "had 0 votes (0 from the senate track, 0 from senate tiles) in the senate vote"
    assert (1, had + ": vice consul") in lines  # told alike for every seat
    assert s.decision == "consul"
    choice = legal_actions(s)[0]
    other = next(t for t in s.senate_bonus if t != choice.tile)
    lines = _said(s, choice)
    assert lines[0] == (0, f"chose {W.bonus_taken(choice.tile, True)} as consul")
    assert (1, f"took {W.bonus_taken(other, False)} as vice consul") in lines
    text = quarter_text(view(s, -1), 1, NAMES).plain
    assert f"Vice consul: Normal bot, took {W.bonus_taken(other, False)}" in text


def test_the_final_scoring_itemises_every_bonus_tile_with_a_commodity_wild_card_counted():
    """EN l.544-594 and R23: each bonus tile's points with why; an unused commodity wild card
    counts as a display card for the best commodity bonus tile, and says so (issue 28.6)."""
    s = after_setup(5)
    pl = s.players[0]
    fruit = next(i for i, t in enumerate(D.BONUS_TILES) if t.kind == "commodities" and t.value == 4)
    gems = next(i for i, t in enumerate(D.BONUS_TILES) if t.kind == "commodities" and t.value == 8)
    bread = next(i for i, t in enumerate(D.BONUS_TILES) if t.kind == "demand" and t.value == 0)
    pl.bonus, pl.yellow = [gems, fruit, bread], [False, True, True]
    pl.display = [4, 5, 8]  # Fruit, Ceramics, Jewellery
    pl.tiles = [_tile("wild_commodity"), _tile("demand", D.BREAD)]
    items = bonus_items(s, 0)
    assert [(i.tile, i.count, i.wilds, i.vp) for i in items] == [
        (gems, 1, 0, 2),  # grey: 2 VP per card
        (fruit, 2, 1, 9),  # yellow: 3 VP per card, the wild card counted here
        (bread, 1, 0, 9),
    ]
    assert sum(i.vp for i in items) == bonus_points(s, 0) == 20
    assert W.bonus_item(items[1]) == (
        "the Fruit and Ceramics bonus tile (yellow): 9 VP — 2 Fruit or Ceramics cards in the "
        "display and 1 unused commodity wild card counted as a card × 3"
    )
    s.scorings = [[dict.fromkeys(p.points, 0) for p in s.players]]
    text = final_text(view(s, -1), NAMES).plain
    assert "the bread bonus tile (yellow): 9 VP — owns a forum bread tile" in text
    assert "1 unused commodity wild card counted as a card" in text
    assert "(R23)" not in text  # a ruling's code is the help's rulings tab's alone


def test_the_replays_final_lines_carry_each_seats_own_figures():
    """Issue 28.6 (a bug): the replay named every line of the last action after the seat
    that played it, so "Normal bot: … 19 for bonus tiles" carried Ann's 19. Each line is
    now named after the seat it is about, with that seat's figures."""
    from forum_trajanum.games.trajan.ui.replayscreen import TrajanReplay

    record = TrajanRecord(seed=9, options=TrajanOptions(players=2), names=NAMES)
    for _, action in random_game(9, 2):
        record.append(action)
    replay = TrajanReplay.of(record)
    last = replay.steps[-1]
    said = replay.said(last, NAMES)
    final = replay.state_at(replay.length).scorings[-1]
    for p, name in enumerate(NAMES):
        bonus = final[p]["bonus"]
        assert f"{name} final scoring: {bonus} VP for bonus tiles" in "\n".join(said)
    mine = [line for line in said if line.startswith(f"{NAMES[last.seat]} final scoring")]
    others = [line for line in said if "final scoring" in line and line not in mine]
    assert len(mine) == len(others) == 3


def test_the_trajan_action_and_a_building_say_what_was_taken_and_its_vp():
    """EN l.327-331 (the Trajan action takes a stack's top tile onto the slot of the arch)
    and l.365-371 (a construction tile with its VP): the log names the tile and its VP."""
    from forum_trajanum.games.trajan.engine.tasks import ActTask, Why

    s = turn_of(after_setup(6), 0)
    s.tasks[-1:] = [ActTask(0, D.TRAJAN, Why.TRAY)]
    s.__pydantic_private__["_legal"] = None
    action = next(a for a in legal_actions(s) if a.kind == "trajan")
    s.stacks[action.stack] = s.stacks[action.stack][-1:]  # the last tile of its stack
    tile = s.stacks[action.stack][-1]
    slot = D.SLOT_NAMES[s.players[0].arch]
    line = _said(s, action)[0][1]
    assert line == (
        f"took the top tile of the {D.STACK_NAMES[action.stack]} stack, "
        f"{W.trajan_tile(tile)}, onto slot {slot} (the stack is empty now)"
    )
    s = turn_of(after_setup(6), 0)
    s.tasks[-1:] = [ActTask(0, D.CONSTRUCTION, Why.TRAY)]
    s.__pydantic_private__["_legal"] = None
    build = next(a for a in legal_actions(s) if a.kind == "build")
    kind, vp = D.CONSTRUCTION_TILES[s.district[build.site]]
    assert _said(s, build)[0][1].endswith(f"{D.BUILDING_TYPES[kind]} ({vp} VP)")


def test_with_one_bonus_tile_beside_the_senate_the_consul_takes_it_and_the_log_says_so():
    """R35: with fewer than two bonus tiles beside the senate the consul takes the one there
    (no choice) and the vice consul none; the log says which tile the consul took."""
    s = _quarter_scene()
    s.senate_bonus = s.senate_bonus[:1]
    tile = s.senate_bonus[0]
    lines = _said(s, parse("take seaport"))
    while s.decision == "act":
        lines += _said(s, PASS)
    assert (0, f"took {W.bonus_taken(tile, True)} as consul") in lines
    assert not any("as vice consul" in text for _, text in lines)
    assert "no bonus tile left for the vice consul" in quarter_text(view(s, -1), 1, NAMES).plain


def test_a_legionnaire_sent_to_a_province_is_logged_with_the_vp_it_scored():
    """EN l.320-322 (a legionnaire in the leader's province scores its VP, 3 fewer per other
    player's legionnaire there) and l.349: the log says the VP the preview promised (the
    QA game read "sent a legionnaire to Germania Inferior" without its +7 VP)."""
    from forum_trajanum.games.trajan.engine.board import legion_points
    from forum_trajanum.games.trajan.engine.tasks import ActTask, Why

    s = turn_of(after_setup(6), 0)
    pl = s.players[0]
    pl.leader, pl.legions = D.PROVINCES.index("Germania Inferior"), 2
    s.legions[pl.leader] = [1]  # another player's legionnaire: 3 VP fewer
    s.tasks[-1:] = [ActTask(0, D.MILITARY, Why.TRAY)]
    s.__pydantic_private__["_legal"] = None
    deploy = next(a for a in legal_actions(s) if a.kind == "deploy")
    vp = legion_points(s, 0, pl.leader)
    assert vp == D.PROVINCE_VP[pl.leader] - 3 > 0
    score = pl.score
    line = _said(s, deploy)[0][1]
    assert s.players[0].score - score == vp
    assert line == f"sent a legionnaire to Germania Inferior (+{vp} VP)"


def test_the_bonus_tile_each_seat_drew_at_setup_is_logged_once_every_seat_has_placed():
    """EN l.121 (each player draws one bonus tile, yellow side up) and components §6 (the
    bonus tiles in front of the players are public): the QA game's bonus tile was in the
    players panel from the setup, but no log line or coach said so. The tiles are drawn once
    the last seat has placed its markers (EN l.107 before l.121, R37): that placement logs
    the start player and each seat's tile, in turn order, and no other action does."""
    from forum_trajanum.games.trajan.engine.rules import new_game
    from forum_trajanum.tui.coach import explanation

    s = new_game(7, TrajanOptions(players=3))
    assert not any("at setup" in text for _, text in _said(s, legal_actions(s)[1]))
    assert "bonus tile" in explanation(view(s, s.decider))[1]
    while True:
        last = s.decision == "markers" and s.decider == 2 and s.tasks[-1].tray == 5
        lines = _said(s, legal_actions(s)[1])
        if s.decision != "markers":
            break
        assert not any("at setup" in text for _, text in lines)
    assert last
    order = [(s.start_player + i) % 3 for i in range(3)]
    setup = [line for line in lines if not line[1].startswith("placed the action markers")]
    assert setup == [
        (s.start_player, "is the start player (drawn once every player had placed)")
    ] + [
        (p, f"drew a bonus tile at setup: {W.bonus_taken(s.players[p].bonus[0], True)}")
        for p in order
    ]
    assert all("yellow side up" in text for _, text in setup[1:])
    assert not any("at setup" in text for _, text in _said(s, legal_actions(s)[0]))


def test_the_senate_tiles_leaving_at_a_quarters_end_are_logged_for_their_owner():
    # EN l.481: at the end of a quarter every senate tile leaves the game, used or not (QA:
    # "Bob's 3-vote senate tile disappeared between quarters I and II with no log line")
    from forum_trajanum.games.trajan.engine.rules import apply

    seen = 0
    for seed in range(1, 30):
        for before, action in random_game(seed, 2):
            kept = [
                [t for t in pl.tiles if D.FORUM_TILES[t].kind == "senate"] for pl in before.players
            ]
            if not any(kept):
                continue
            after = apply(before.clone(), action)
            lines = public_lines(before, action, after)
            for p, tiles in enumerate(kept):
                gone = [t for t in tiles if t not in after.players[p].tiles]
                told = [text for seat, text in lines if seat == p and "senate tile leaves" in text]
                assert bool(told) == bool(gone), (lines, gone)
                if gone:
                    seen += 1
                    for t in gone:
                        assert W.forum_tile_with_article(t) in told[0]
        if seen >= 2:
            break
    assert seen >= 2
