"""Scoring and game over: the scores recorded per round, the winner in words, the tables by
cycle and category, the final boards, the chart; help and its legend; a game from the command
line."""

from __future__ import annotations

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.data import GRAY_NAMES, RULINGS, TILE_LABELS
from forum_trajanum.games.forum_trajanum.engine import GameOptions, ranking
from forum_trajanum.games.forum_trajanum.engine.scoring import RankKey as K
from forum_trajanum.games.forum_trajanum.ui.help import legend
from forum_trajanum.games.forum_trajanum.ui.panels import SEAT_MARKERS
from forum_trajanum.games.forum_trajanum.ui.results import (
    GameOverScreen,
    ScoringScreen,
    ranking_table,
    tie_break_note,
    winner_text,
)
from forum_trajanum.games.forum_trajanum.ui.widgets import EAGLE_GLYPH
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.chart import ScoreChart, SharedScaleBars
from forum_trajanum.tui.dialogs import HelpScreen
from forum_trajanum.tui.keys import LEGEND_KEY
from forum_trajanum.tui.seats import settings_from_seats

from .conftest import busy, past_hold, screen_text, session_at

SMALL = (80, 24)


def finished_session(seed: int = 12, players: int = 3) -> GameSession:
    """A whole game played by first legal actions through the session (which records)."""
    names = ["Ann", "Bob", "Cai", "Dea"][:players]
    session = GameSession.new(seed, GameOptions(players=players), names, [""] * players)
    while not session.over:
        session.play(busy(session.view_of(session.decider).legal))
    return session


def test_the_session_records_every_players_score_after_each_of_the_twelve_rounds():
    session = GameSession.new(4, GameOptions(players=2), ["A", "B"], ["", ""], autosave=False)
    first_scores_of_round: dict[tuple[int, int], tuple[int, ...]] = {}
    while not session.over:
        session.play(busy(session.view_of(session.decider).legal))
        view = session.public_view()
        first_scores_of_round.setdefault(
            (view.cycle, view.round), tuple(c.score for c in view.colonias)
        )
    final = tuple(c.score for c in session.public_view().colonias)
    rounds = [r.period for r in session.rounds]
    assert rounds == [(c, r) for c in (1, 2, 3) for r in (1, 2, 3, 4)]
    # the scores after a round are those the next round starts with (after a cycle's scoring)
    for entry, (cycle, round_) in zip(session.rounds[:-1], rounds[1:], strict=True):
        assert entry.scores == first_scores_of_round[(cycle, round_)]
    assert session.rounds[-1].scores == final
    assert final != (0, 0)  # the comparison above compared real scores


def test_a_loaded_game_has_the_same_score_history():
    session = finished_session(seed=5, players=2)
    again = GameSession.from_record(session.record, autosave=False)
    assert again.rounds == session.rounds


def test_the_winner_is_named_and_a_broken_tie_says_how():
    names = ["Ann", "Bob", "Cai"]
    keys = [K(80, 4, 9), K(80, 5, 2), K(70, 6, 9)]
    text = winner_text([[1], [0], [2]], keys, names).plain
    assert text.startswith("Bob wins with 80 VP.")
    assert "Ann has 80 VP too; Bob wins with more active citizens (5 against 4)." in text
    keys = [K(80, 5, 9), K(80, 5, 2), K(70, 6, 9)]
    text = winner_text([[0], [1], [2]], keys, names).plain
    assert "the same active citizens (5) and more resources left (9 against 2)" in text
    text = winner_text([[0, 1], [2]], [K(80, 5, 2), K(80, 5, 2), K(1, 0, 0)], names).plain
    assert text == (
        "Ann and Bob share the victory with 80 VP each: the same active citizens and "
        "resources left."
    )
    keys = [K(80, 5, 9), K(80, 5, 2), K(80, 4, 9)]
    text = winner_text([[0], [1], [2]], keys, names).plain
    assert text.endswith(
        "Bob and Cai have 80 VP too; Ann wins with the same active citizens (5) and more "
        "resources left (9 against 2, 9)."
    )


def test_the_ranking_words_its_tie_breaks_as_the_engine_names_them():
    from rich.console import Console

    assert tie_break_note() == (
        "Most VP wins; level players: most active citizens, then most resources left "
        "(builders, workers, assistants, coins, tribunes)."
    )
    console = Console(width=100, record=True)
    console.print(ranking_table([[1], [0]], [K(3, 1, 2), K(9, 0, 7)], ["Ann", "Bob"]))
    lines = console.export_text().splitlines()
    assert lines[2].split() == ["Place", "Player", "VP", "Active", "citizens", "Resources", "left"]
    assert lines[4].split() == ["1.", "2", "Bob", "9", "0", "7"]


def test_bars_share_one_scale_across_players():
    def glyphs(data, top):
        from rich.console import Console

        console = Console(width=12, color_system=None)
        segments = console.render(SharedScaleBars(data, top, 12, 1, ""))
        return "".join(s.text for s in segments).strip("\n")

    # 12 characters, one per round; half the top score is a half-height bar
    assert glyphs([0, 10, 20], 20) == "·▄█" + " " * 9
    assert glyphs([0, 10, 20], 40)[:3] == "·▂▄"


async def test_game_over_names_the_winner_and_shows_cycles_categories_boards_and_chart():
    session = finished_session()
    places = ranking(session.state)
    winner = session.name(places[0][0])
    app = ForumApp(bot_delay=0, session=session, min_size=SMALL)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        assert f"{winner} wins with {session.state.players[places[0][0]].score} VP" in text
        assert "Final ranking" in text
        # the chart: one row per player, their final score at its end
        chart = app.screen.query_one(ScoreChart)
        assert [chart.series(s)[-1] for s in range(3)] == [p.score for p in session.state.players]
        assert len(chart.series(0)) == 12
        await pilot.press("2")
        await pilot.pause()
        text = screen_text(app)
        assert "Scoring of cycle I" in text and "Cranes" in text and "Trajan" in text
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert "The whole game, by category" in text or "The whole game, by cycle" in text
        await pilot.press("3")
        await pilot.pause()
        text = screen_text(app)
        assert "The Forum" in text and "Colonia of Ann (seat 1)" in text
        await pilot.press("enter")  # Enter does not leave the result
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("q")
        await pilot.pause()
        assert app.session is None  # back at the menu


async def test_scoring_screen_shows_the_cycle_by_category_and_the_scores_so_far():
    session = session_at("pay", seed=8)
    app = ForumApp(bot_delay=0, session=session, min_size=SMALL)
    async with app.run_test(size=(120, 36)) as pilot:
        for _ in range(10):  # hand-overs and payments
            if isinstance(app.screen, ScoringScreen):
                break
            await past_hold(pilot)
            await pilot.press("enter")
        assert isinstance(app.screen, ScoringScreen)
        await pilot.pause()
        chart = app.screen.query_one(ScoreChart)
        scores = [c.score for c in session.public_view().colonias]
        assert [chart.series(s) for s in range(2)] == [
            [r.scores[s] for r in session.rounds] for s in range(2)
        ]
        assert [chart.series(s)[-1] for s in range(2)] == scores
        text = screen_text(app)
        assert "Scoring of cycle I" in text
        for seat, score in enumerate(scores):
            assert f"{score} VP" in text, seat
        await past_hold(pilot)
        await pilot.press("enter")
        assert not isinstance(app.screen, ScoringScreen)


async def test_a_fast_second_enter_does_not_skip_the_scoring():
    session = finished_session(seed=3, players=2)
    app = ForumApp(bot_delay=0, session=session, min_size=SMALL)
    async with app.run_test(size=SMALL) as pilot:
        for hold, stays in ((60.0, True), (0.0, False)):
            screen = ScoringScreen(session.public_view(), 3, app.names(), hold=hold)
            app.push_screen(screen)
            await pilot.pause()
            await pilot.press("enter")
            assert (app.screen is screen) == stays
            if stays:
                app.pop_screen()


async def test_the_legend_is_one_key_away_from_the_play_screen_and_help_has_four_tabs():
    app = ForumApp(bot_delay=0, session=session_at("use", seed=5), min_size=SMALL)
    async with app.run_test(size=(130, 40)) as pilot:
        await pilot.press("enter")  # the hand-over
        await pilot.pause()
        await pilot.press(LEGEND_KEY)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "Colonia cells" in text and "LIB" in text and "library" in text
        await pilot.press("1")
        assert "undo your last step" in screen_text(app)
        await pilot.press(LEGEND_KEY)  # on the help screen: back to the legend
        assert "Colonia cells" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


def test_the_legend_explains_every_short_form_and_tile():
    from rich.console import Console

    console = Console(width=120, color_system=None)
    with console.capture() as captured:
        console.print(legend())
    text = captured.get()
    for short, name in (("LIB", "L"), ("BAS", "S"), ("MKT", "M"), ("COL", "C")):
        assert short in text and GRAY_NAMES[name] in text
    for label in TILE_LABELS.values():
        assert label in text
    for symbol in ("░", "▲", EAGLE_GLYPH, "✓", "▸", *SEAT_MARKERS):
        assert symbol in text


def test_rulings_cite_no_file_and_no_bare_formula():
    for ruling in RULINGS:
        for code in (".md", ".py", "components", "min(", " k ", "->", "=", "section"):
            assert code not in ruling, (code, ruling)
    assert any("11 passes in a game" in r for r in RULINGS)
    # issue 40: the slide bar's values, once only in components.md, are a ruling players read
    assert any(r.startswith("The slide bar:") for r in RULINGS)


async def test_a_game_from_the_command_line_opens_at_once():
    settings = settings_from_seats("Ann,normal", {"side": "B", "handicap": ["Ann"]}, seed=9)
    app = ForumApp(bot_delay=0, new_game=settings, min_size=SMALL)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        assert session.record.names == ["Ann", "Normal bot"]
        assert session.record.bots == ["", "normal"]
        assert session.record.seed == 9
        assert session.record.options.side == "B"
        assert session.record.options.handicap == (0,)


async def test_a_tab_key_typed_on_as_the_game_over_screen_closes_raises_nothing():
    # the monkey test under load once met a tab key on the game-over screen after its tabs
    # were gone (No nodes match 'TabbedContent'): a traceback a fast typist could reach
    from textual.widgets import TabbedContent

    app = ForumApp(bot_delay=0, session=finished_session(), min_size=SMALL)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        await screen.query_one(TabbedContent).remove()  # as when the screen is taken down
        screen.action_tab("points")
        screen.focus_pane()
        assert screen.more_box() is None
