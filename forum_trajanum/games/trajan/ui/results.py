"""What a scoring shows: the end of a quarter (the demands met and missed, the senate vote,
the consuls, the points) and the final ranking, each with the chart of the scores."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from forum_trajanum.core.numerals import numerals, roman
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.scoring import TIE_BREAKS, bonus_items
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.tui.chart import ScoreChart
from forum_trajanum.tui.gamescreens import FlowScreen
from forum_trajanum.tui.keys import KeyBar
from forum_trajanum.tui.messages import (
    GameLeft,
)
from forum_trajanum.tui.scrollmark import MoreMarked
from forum_trajanum.tui.textlines import Hanging

#: The point categories in words (the engine's POINT_SOURCES).
CATEGORY_WORDS = {
    "trajan": "Trajan tiles",
    "ships": "ships",
    "provinces": "provinces",
    "senate": "senate",
    "buildings": "buildings",
    "demands": "unmet demands",
    "leftovers": "1 VP each (cards in hand, tokens in camps, Trajan tiles on the circle)",
    "sets": "building sets",
    "bonus": "bonus tiles",
}
QUARTERS = numerals(D.QUARTERS)


def quarter_text(v: GameState, scoring: int, names) -> Text:
    """What the end of quarter ``scoring`` decided: the demands, each player's demands met
    and penalty, the senate vote, the consuls and their bonus tiles, the points."""
    out = Text()
    quarter = roman(scoring, D.QUARTERS)
    out.append(f"End of quarter {quarter}\n", style="bold #ffd75f")
    report = v.reports[scoring - 1] if scoring <= len(v.reports) else None
    if report is not None:
        demanded = ", ".join(D.DEMANDS[d] for d in report.demands) or "nothing"
        out.append(f"The people demanded: {demanded}\n")
        for p, name in enumerate(names):
            met, penalty = report.met[p], report.penalty[p]
            out.append(f"  {name}: met {met} of {len(report.demands)}")
            out.append(f", lost {penalty} VP\n" if penalty else ", no penalty\n")
            paid = report.met_by[p] if p < len(report.met_by) else ()
            for demand, how in zip(report.demands, paid, strict=False):  # met by what, or missed
                out.append(f"    · {W.demand_met(demand, how)}\n")
        if report.votes:
            spaces = report.senate or (None,) * len(report.votes)
            counted = " · ".join(
                f"{names[p]}: {W.votes_told(spaces[p], n)}" for p, n in enumerate(report.votes)
            )
            out.append(f"Senate votes: {counted}\n")
            for line in senate_ties(report, names):
                out.append(line + "\n")
            consul = f"Consul: {names[report.consul]}"
            if report.consul_tile >= 0:
                consul += f", took {W.bonus_taken(report.consul_tile, True)}"
            out.append(consul + "\n")
            vice = f"Vice consul: {names[report.vice]}"
            if report.vice_tile >= 0:
                vice += f", took {W.bonus_taken(report.vice_tile, False)}"
            elif report.consul_tile >= 0:
                vice += ", no bonus tile left for the vice consul"
            out.append(vice + "\n")
    rows = v.scorings[scoring - 1] if scoring <= len(v.scorings) else []
    if rows:
        out.append("Points of this scoring:\n", style="bold")
    for p, parts in enumerate(rows):
        shown = ", ".join(f"{CATEGORY_WORDS[k]} {n:+d}" for k, n in parts.items() if n)
        out.append(f"  {names[p]}: {shown or 'nothing'} · now {v.players[p].score} VP\n")
    return out


def senate_ties(report, names) -> list[str]:
    """Each tie of the senate vote that chose a consul or the vice consul, in words: who tied
    with how many votes, and why the one chosen won it: higher on the senate track, or on the
    same space with their disc on top (EN l.431-440). What the engine decided (the report's
    consul and vice consul, the spaces before the reset), told; no rule worked out here."""
    votes, spaces = report.votes, report.senate
    lines = []
    for role, chosen, before in (("consul", report.consul, ()), ("vice consul", report.vice,
                                                                   (report.consul,))):  # fmt: skip
        if chosen < 0 or chosen >= len(votes):
            continue
        rivals = [
            p for p in range(len(votes))
            if p != chosen and p not in before and votes[p] == votes[chosen]
        ]  # fmt: skip
        if not rivals:
            continue
        who = " and ".join(names[p] for p in sorted([chosen, *rivals]))
        line = f"A tie for {role}: {who} had {votes[chosen]} votes each; {names[chosen]} won it"
        if len(spaces) == len(votes):
            higher = [p for p in rivals if spaces[p] < spaces[chosen]]
            level = [p for p in rivals if spaces[p] == spaces[chosen]]
            reasons = []
            if higher:
                against = ", ".join(f"{names[p]}'s {spaces[p]}" for p in higher)
                reasons.append(
                    f"higher on the senate track (space {spaces[chosen]} against {against})"
                )
            if level:
                them = " and ".join(names[p] for p in level)
                reasons.append(
                    f"on the same senate space as {them}, {names[chosen]}'s disc lies on top"
                )
            line += ": " + "; and ".join(reasons)
        else:  # a report from before the spaces were kept: the rule in words
            line += (
                " (a tie goes to the player higher on the senate track, and on the same space "
                "to the disc on top)"
            )
        lines.append(line + ".")
    return lines


class QuarterScreen(MoreMarked, FlowScreen):
    """The end of a quarter: the demands met and missed, the senate vote, the consuls, the
    points of its scoring and the chart of the scores so far (at 80x24 below the fold: the
    key bar and the frame say so, and that ↓ or PgDn shows them)."""

    MORE_BOX = "#q-box"

    BINDINGS = [Binding("enter,space,escape", "close", "Continue")]
    DEFAULT_CSS = """
    QuarterScreen { align: center middle; }
    QuarterScreen #q-box {
        width: 100%; max-width: 110; height: auto; max-height: 100%;
        border: thick #d7af00; background: #141a20; padding: 0 1;
    }
    QuarterScreen #q-chart { margin-top: 1; }
    """

    def __init__(self, v: GameState, scoring: int, names, history=(), hold: float = 0.0):
        super().__init__()
        self.v, self.scoring, self.names, self.history = v, scoring, names, history
        from time import monotonic

        self._held_until = monotonic() + hold

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="q-box"):
            # wrapped lines keep their indent (they went back to column 1 at 80 columns)
            yield Static(Hanging(quarter_text(self.v, self.scoring, self.names)), id="q-text")
            yield ScoreChart(self.history, self.names, id="q-chart", groups=QUARTERS)
            yield Static(Text("Enter: go on", style="bold"))
        yield KeyBar()

    def on_mount(self) -> None:
        self.mark_more()

    @property
    def held(self) -> bool:
        """True for a moment after it opens: a key pressed for the game does not close it."""
        from time import monotonic

        return monotonic() < self._held_until

    def action_close(self) -> None:
        if not self.held:
            self.dismiss(None)


def final_text(v: GameState, names) -> Text:
    """The final ranking with each player's points by category and the tie-break in words."""
    from forum_trajanum.games.trajan.engine.game import GAME

    out = Text()
    places = GAME.ranking(v)
    winners = " and ".join(names[p] for p in places[0])
    out.append(f"{winners} win{'s' if len(places[0]) == 1 else ''}!\n\n", style="bold #ffd75f")
    scores = [v.players[p].score for p in range(len(names))]
    for place, seats in enumerate(places, start=1):
        for p in seats:
            pl = v.players[p]
            out.append(f"{place}. {names[p]}: {pl.score} VP", style="bold")
            tied = [q for q in range(len(names)) if q != p and scores[q] == scores[p]]
            if tied:
                out.append(" (tied on points: why, see below)")
            out.append("\n")
            parts = ", ".join(f"{CATEGORY_WORDS[k]} {n}" for k, n in pl.points.items() if n)
            out.append(f"   {parts or 'no points'}\n")
            out.append(_final_why(v, p))
    if any(scores.count(n) > 1 for n in scores):  # the engine's tie-breaks, in its words
        rules = "; then ".join(f"{tie}: {tie.detail}" for tie in TIE_BREAKS)
        out.append(f"\nA tie on points goes to the player {rules}.\n")
        for line in final_ties(v, places, names):
            out.append(line + "\n")
    return out


def final_ties(v: GameState, places, names) -> list[str]:
    """Each tie on points in words: who tied with how many points, and why the one ranked
    first of them is ahead (higher in the senate, or on the same space with their disc on
    top), from the engine's ranking and rank keys."""
    from forum_trajanum.games.trajan.engine.scoring import rank_key

    order = [p for seats in places for p in seats]
    keys = {p: rank_key(v, p) for p in order}
    lines, told = [], set()
    for p in order:
        level = [q for q in order if keys[q].score == keys[p].score]
        if len(level) < 2 or p in told:
            continue
        told.update(level)
        first, rest = level[0], level[1:]
        who = " and ".join(names[q] for q in level)
        line = f"{who} have {keys[first].score} VP each; {names[first]} ranks ahead of "
        line += " and ".join(names[q] for q in rest)
        higher = [q for q in rest if keys[q].senate < keys[first].senate]
        same = [q for q in rest if keys[q].senate == keys[first].senate]
        reasons = []
        if higher:
            against = ", ".join(f"{names[q]}'s {keys[q].senate}" for q in higher)
            reasons.append(f"higher in the senate (space {keys[first].senate} against {against})")
        if same:
            them = " and ".join(names[q] for q in same)
            reasons.append(f"on the same senate space as {them}, {names[first]}'s disc lies on top")
        lines.append(line + ": " + "; and ".join(reasons) + ".")
    return lines


def _final_why(v: GameState, p: int) -> str:
    """The final scoring of seat ``p`` item by item: the 1 VP items, the sets, and every
    bonus tile's points with why (EN l.524-594)."""
    pl = v.players[p]
    final = v.scorings[-1][p] if v.scorings else {}
    lines = [
        f"{final.get('leftovers', 0)} VP for {W.leftovers(pl)}",
        f"{final.get('sets', 0)} VP for building sets: {W.building_sets(pl)}",
    ]
    lines += [W.bonus_item(item) for item in bonus_items(v, p)]
    return "".join(f"     · {line}\n" for line in lines)


class TrajanOverScreen(MoreMarked, FlowScreen):
    """The final ranking, with the points by category, the tie-break in words and the chart
    of the scores over the sixteen rounds (below the fold at 80x24: the key bar and the frame
    say so)."""

    MORE_BOX = "#o-box"

    BINDINGS = [Binding("q,escape,enter", "menu", "Menu")]
    DEFAULT_CSS = """
    TrajanOverScreen { align: center middle; }
    TrajanOverScreen #o-box {
        width: 100%; max-width: 110; height: auto; max-height: 100%;
        border: thick #d7af00; background: #141a20; padding: 0 1;
    }
    TrajanOverScreen #o-chart { margin-top: 1; }
    """

    def __init__(self, v: GameState, names, history=()) -> None:
        super().__init__()
        self.v, self.names, self.history = v, names, history

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="o-box"):
            yield Static(Text("Final ranking", style="bold"))
            yield Static(Hanging(final_text(self.v, self.names)), id="o-text")
            yield ScoreChart(self.history, self.names, id="o-chart", groups=QUARTERS)
            # in the app's own words for the key (join, which has no menu: "leave")
            leave = getattr(self.app, "KEY_WORDS", {}).get("q")
            said = f"Enter: {leave.lower()}" if leave else "Enter: back to the menu"
            yield Static(Text(said, style="bold"))
        yield KeyBar()

    def on_mount(self) -> None:
        self.mark_more()

    def action_menu(self) -> None:
        self.post_message(GameLeft())
