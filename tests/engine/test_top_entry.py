"""The top of every list spends and gives away nothing another choice keeps (issue 27, item 1;
issue 36, item 1): the engine's first legal action is the one Enter takes on a fresh decision.

Checked along random games at every decision with a choice: each legal action is applied to a
copy, and what the acting seat lost is read off its own view before and after (the times it
meets the tasks of the cycle's Trajan card, its supply, its active citizens, the tile it
passed), never off the choice's words (after a decision that a scoring follows, the tasks are
read off the scoring's Trajan points and the rest is left out: the scoring changes the supply
for reasons of its own). At the payment before the scoring, the first action makes no met
Trajan task fail (nor meet it fewer times) that another choice keeps ("keep the 2 coins the
collection task shows rather than pay two citizens"); of the choices that keep as many, it
loses no more citizens than any other ("keep the citizen"; "pay the rows rather than turn
citizens inactive"), and of the choices that keep as many, none spends a part of what it
spends and nothing else ("end the turn rather than convert"; "take the street's tile rather
than pay a tribune")."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings

from forum_trajanum.games.forum_trajanum.data import CITIZEN_KINDS
from forum_trajanum.games.forum_trajanum.engine import apply, view
from forum_trajanum.games.forum_trajanum.engine.cards import progress
from forum_trajanum.games.forum_trajanum.engine.state import TRAJAN_CARDS_KEY
from forum_trajanum.games.forum_trajanum.engine.view import ColoniaView, PlayerView

from .games import Step, games, share

RESOURCES = ("builders", "assistants", "coins", "tribunes")
REACTIVATED = "citizens made active again"


def _supply(me: ColoniaView) -> Counter:
    counts = Counter({name: getattr(me, name) for name in RESOURCES})
    counts.update({f"worker {c}": n for c, n in zip("BGYR", me.workers, strict=True)})
    return counts


def loss(before: ColoniaView, after: ColoniaView) -> tuple[int, Counter]:
    """What a choice cost its seat, from the seat's own view: (the active citizens it lost,
    turned inactive or passed to the neighbour, as a negative number; the supply spent, the
    tile passed, and the citizens of rows made active again as a negative spending)."""
    spent = _supply(before) - _supply(after)
    citizens = -sum(  # each active citizen turned inactive (another row made active is a gain)
        (left != "") + (right != "")
        for (left, right), was, now in zip(
            before.citizens, before.row_active, after.row_active, strict=True
        )
        if was and not now
    )
    # a row made active again (paid for at a cycle's end) is bought, not kept: it counts as a
    # negative spending, so that a cheaper choice that does not buy it is no better
    gained = sum(
        (left != "") + (right != "")
        for (left, right), was, now in zip(
            before.citizens, before.row_active, after.row_active, strict=True
        )
        if now and not was
    )
    if gained:
        spent[REACTIVATED] = -gained
    if after.passed and after.passed != before.passed:
        spent[f"tile {after.passed}"] += 1
        citizens -= after.passed in CITIZEN_KINDS
    return citizens, spent


def tasks_met(pv: PlayerView, seat: int) -> int:
    """How often ``seat`` meets the tasks of the current cycle's Trajan card, in ``pv`` (0
    without a card: the introductory game's cycles I-II)."""
    card = pv.trajan_cards[pv.cycle - 1] if 1 <= pv.cycle <= len(pv.trajan_cards) else ""
    if not card:
        return 0
    building, collection = progress(card, pv.colonias[seat])
    return building.times + collection.times


Cost = tuple[int, int, Counter]  # (Trajan task fulfilments lost, citizens (<= 0), spent)


def top_spends_nothing_another_keeps(costs: list[Cost]) -> str:
    """ "" when the first of ``costs`` (one per legal action, in the engine's order) loses the
    fewest Trajan task fulfilments, of the choices losing as few the fewest citizens, and no
    choice losing as few of both spends strictly less; else what is wrong."""
    if len(costs) <= 1:
        return ""  # the top costs nothing (or nothing to compare)
    fewest = min(t for t, _, _ in costs)
    tasks, citizens, spent = costs[0]
    if tasks > fewest:
        return f"the top makes {tasks} Trajan task fulfilments fail, another choice {fewest}"
    most = max(c for t, c, _ in costs if t == fewest)
    if citizens < most:
        return f"the top keeps {citizens} citizens, another choice {most}"
    spent = Counter({k: v for k, v in spent.items() if v > 0 or (v and k == REACTIVATED)})
    for n, (t, c, other) in enumerate(costs[1:], start=1):
        other = Counter({k: v for k, v in other.items() if v > 0 or (v and k == REACTIVATED)})
        if (
            t == fewest
            and c == most
            and other != spent
            and all(other[k] <= spent[k] for k in other.keys() | spent.keys())
        ):
            return f"choice {n} spends {dict(other)}, the top {dict(spent)}"
    return ""


def _costs(before_state, legal, actor) -> list[Cost]:
    """Each legal action's cost; only the top's when it costs nothing (then no choice can
    cost less: the check holds, and a building step's two hundred copies are spared)."""
    pv = view(before_state, actor)
    mine = pv.colonias[actor]
    # the tasks are weighed at the payment before the scoring (issue 36, item 1), where
    # coins and citizens meet the card's tasks; elsewhere an envoy placed from the ship may
    # cost a task that counts ship envoys, a trade the player makes for Forum points
    paying = before_state.tasks[-1].kind == "pay"
    met = tasks_met(pv, actor) if paying else 0
    value = mine.trajan_card_value
    costs = []
    for n, action in enumerate(legal):
        if n == 1 and costs[0] == (0, 0, Counter()):
            break
        after = before_state.clone()
        apply(after, action)
        if len(after.scorings) != len(before_state.scorings):
            # a scoring followed: its Trajan points say how often the tasks were met; the
            # supply it changes for reasons of its own
            lost = met - after.scorings[-1][actor][TRAJAN_CARDS_KEY] // value if paying else 0
            costs.append((max(lost, 0), 0, Counter()))
            continue
        seen = view(after, actor)
        lost = met - tasks_met(seen, actor) if paying else 0
        costs.append((max(lost, 0), *loss(mine, seen.colonias[actor])))
    return costs


@settings(max_examples=share(0.2), deadline=None)
@given(games(checks=[lambda state: _TopCheck(state)]))
def test_the_top_choice_of_every_decision_spends_nothing_another_choice_keeps(game):
    assert game.checks[0].decisions > 10


class _TopCheck:
    """Before each action (the state after the previous one), every legal action's cost."""

    def __init__(self, state) -> None:
        self.before = state.clone()
        self.decisions = 0

    def __call__(self, step: Step) -> None:
        if len(step.legal) > 1:
            self.decisions += 1
            costs = _costs(self.before, step.legal, step.actor)
            wrong = top_spends_nothing_another_keeps(costs)
            assert not wrong, f"{step.kind}: {wrong}; top {step.legal[0]}"
        self.before = step.state.clone()


def test_the_check_sees_a_conversion_on_top_of_ending_the_turn():
    # the property's own test: a list with a conversion first and ending the turn second
    # (the order issue 27 found) fails it, the engine's order passes
    end, convert = (0, 0, Counter()), (0, 0, Counter({"assistants": 1}))
    assert top_spends_nothing_another_keeps([convert, end])
    assert not top_spends_nothing_another_keeps([end, convert])
    keep_citizen, pass_citizen = (0, 0, Counter({"tile CT": 1})), (0, -1, Counter({"tile MER": 1}))
    assert top_spends_nothing_another_keeps([pass_citizen, keep_citizen])
    assert not top_spends_nothing_another_keeps([keep_citizen, pass_citizen])


def test_the_check_sees_a_payment_on_top_that_makes_a_met_task_fail():
    # issue 36, item 1: "Pay 2 coins: Patrician I, Merchant I stay active" on top made the met
    # collection task (2 assistants + 1 coin) fail; paying nothing kept it, citizens lost
    pay_both = (1, 0, Counter({"coins": 2}))
    pay_none = (0, -2, Counter())
    assert top_spends_nothing_another_keeps([pay_both, pay_none])
    assert not top_spends_nothing_another_keeps([pay_none, pay_both])


def test_the_top_payment_keeps_every_met_trajan_task_another_payment_keeps():
    # issue 36, item 1 (rules "End of the cycle": pay the citizens, then the Trajan card is
    # scored; "resources are shown, not paid"): games played by first choices that reach
    # payments where paying the citizens would make a met collection task fail
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.games.forum_trajanum.engine import GameOptions
    from tests.tui.conftest import busy

    checked = 0
    for seed in (13, 19, 20):
        session = GameSession.new(
            seed, GameOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False
        )
        while session.state.tasks and session.state.cycle <= 1:
            state = session.state
            legal = session.view_of(session.decider).legal
            if state.tasks[-1].kind == "pay" and len(legal) > 1:
                costs = _costs(state, legal, session.decider)
                checked += any(t for t, _, _ in costs)
                wrong = top_spends_nothing_another_keeps(costs)
                assert not wrong, f"seed {seed}: {wrong}; top {legal[0]}"
            session.play(busy(legal))
    assert checked >= 3  # payments where some choice makes a met task fail


def test_a_payment_that_makes_inactive_rows_active_again_buys_citizens_it_wastes_nothing():
    # rules "End of the cycle": each citizen row paid for is active for the next cycle, an
    # inactive one paid for too (the engine's "pay 1 3 5" makes rows 1 and 3 active again);
    # found by the property (seed 6849, 4 players, cycle III): the check read 3 coins for two
    # citizens made active as 2 coins spent for nothing beside "pay 5"
    from types import SimpleNamespace

    def colonia(active: list[bool], coins: int) -> SimpleNamespace:
        return SimpleNamespace(
            citizens=[("PAT", ""), ("", ""), ("MER", ""), ("", ""), ("CT", ""), ("", "")],
            row_active=active, passed="", builders=0, assistants=0, coins=coins, tribunes=0,
            workers=[0, 0, 0, 0],
        )  # fmt: skip

    before = colonia([False, False, False, False, True, False], 5)
    pay_all = loss(before, colonia([True, False, True, False, True, False], 2))
    pay_five = loss(before, colonia([False, False, False, False, True, False], 4))
    pay_none = loss(before, colonia([False, False, False, False, False, False], 5))
    assert pay_all == (0, Counter({"coins": 3, REACTIVATED: -2}))
    assert pay_five == (0, Counter({"coins": 1}))
    # buying citizens for coins is a choice, not a waste, and keeping them is no duty
    assert not top_spends_nothing_another_keeps([(0, *pay_all), (0, *pay_five)])
    assert not top_spends_nothing_another_keeps([(0, *pay_five), (0, *pay_all)])
    # but losing an active citizen to save a coin is still seen
    assert top_spends_nothing_another_keeps([(0, *pay_none), (0, *pay_five)])


def test_the_top_payment_is_no_purchase_where_another_payment_keeps_every_citizen():
    # rules "End of the cycle" (1 coin a citizen row; an unpaid row turns inactive, a paid
    # inactive row is active again): a payment making two inactive rows active again (which
    # met the Trajan card's collection task once more) stood on top of one keeping both
    # active rows for a coin less ("pay 1 3 5" over "pay 5 6"), and of two payments of as
    # many coins the one making fewer citizens active again stood first. The property above
    # found it once in a few runs; here every payment of 300 random games, each decided by a
    # seeded generator (before the fix: faults in games 84, 159 and 249)
    import random

    from forum_trajanum.games import GAMES

    game = GAMES.get("forum-trajanum")
    payments = 0
    for number in range(300):
        rng = random.Random(number)
        state = game.new_game(rng.randrange(1_000_000), game.options(players=rng.choice([2, 3, 4])))
        while not game.is_over(state):
            legal = game.legal_actions(state)
            if state.tasks[-1].kind == "pay" and len(legal) > 1:
                payments += 1
                costs = _costs(state, legal, state.tasks[-1].player)
                wrong = top_spends_nothing_another_keeps(costs)
                assert not wrong, f"game {number}: {wrong}; top {legal[0]}"
            game.apply(state, rng.choice(legal))
    assert payments > 1000
