"""The end of a game reads right (issue 19, item 13): the Points tab's columns add up to the
final score (the points scored during play are there, from the engine's cycle records), the
final boards show the tiles never drafted face up, and the list of finished games names the
winner and the scores."""

from __future__ import annotations

from forum_trajanum.core import saves
from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import CellKind, GameOptions, parse_cell, ranking
from forum_trajanum.games.forum_trajanum.ui.results import GameOverScreen, cycle_table, game_table
from forum_trajanum.games.forum_trajanum.ui.widgets import ColoniaGrid
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.games import GamesScreen

from .conftest import busy, screen_text
from .test_results import finished_session

SMALL = (80, 24)


def numbers(table, column: int) -> list[int]:
    return [int(str(cell)) for cell in table.columns[column]._cells]


async def test_the_points_tab_adds_up_to_the_final_score():
    session = finished_session()
    pv = session.public_view()
    assert any(sum(c.points[k] for k in ("column", "tracks", "bonus")) for c in pv.colonias)
    names = session.record.names
    cycles = []
    for cycle in (1, 2, 3):
        table = cycle_table(pv, cycle, names, totals=False)
        headers = [str(c.header) for c in table.columns]
        assert headers == ["Player", "Play", "Cranes", "Colonia", "Eagles", "Area", "Trajan",
                           "Cycle"]  # fmt: skip
        parts = [numbers(table, i) for i in range(1, 7)]
        total = numbers(table, 7)
        assert [sum(p[s] for p in parts) for s in range(3)] == total  # a row adds up
        cycles.append(total)
    scores = [c.score for c in pv.colonias]
    assert [sum(c[s] for c in cycles) for s in range(3)] == scores  # the cycles add up
    whole = game_table(pv, names)
    columns = len(whole.columns)
    assert [sum(numbers(whole, i)[s] for i in range(1, columns - 1)) for s in range(3)] == scores
    app = ForumApp(bot_delay=0, session=session, min_size=SMALL)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("2")
        await pilot.pause()
        text = screen_text(app)
        assert "Play" in text and "Cycle" in text


async def test_the_final_boards_show_the_tiles_never_drafted_face_up():
    session = finished_session(seed=5, players=2)
    hidden = [c for pl in session.state.players for c in pl.grid if c >= 0]
    assert hidden  # first legal actions leave tiles in the grids
    app = ForumApp(bot_delay=0, session=session, min_size=SMALL)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        for grid in app.screen.query(ColoniaGrid):
            kinds = [parse_cell(cell)[0] for cell in grid.colonia.cells]
            assert CellKind.HIDDEN not in kinds and CellKind.TILE in kinds
        assert "░" not in screen_text(app)


async def test_the_list_of_finished_games_names_the_winner_and_the_scores():
    session = finished_session(seed=5, players=2)
    session.save()
    session.close()
    winner = ranking(session.state)[0][0]
    scores = [pl.score for pl in session.state.players]
    info = saves.list_games(finished=True)[0]
    assert info.winners == [winner] and info.scores == scores
    app = ForumApp(bot_delay=0, min_size=SMALL)
    async with app.run_test(size=SMALL) as pilot:
        app.continue_game(finished=True)
        await pilot.pause()
        assert isinstance(app.screen, GamesScreen)
        loser = 1 - winner
        text = " ".join(screen_text(app).split())
        assert (
            f"finished: {session.name(winner)} won with {scores[winner]} VP "
            f"({session.name(loser)} {scores[loser]})" in text
        )


def test_a_save_with_a_damaged_score_field_lists_the_game_without_a_result():
    info = saves.GameInfo("x", saves.games_dir() / "x", names=["Ann", "Bob"], over=True)
    info.scores, info.winners = [10, 9], [5]  # a seat that does not exist
    assert info.result() == ""
    from forum_trajanum.core.record import SaveMeta

    for damaged in (["1", 2], True, [True], 7, {"a": 1}):
        assert SaveMeta.model_validate({"scores": damaged}).scores == []
    assert SaveMeta.model_validate({"scores": [3], "winners": "0"}).scores == [3]


def test_every_points_table_keeps_its_headers_whole_at_80_columns():
    from rich.console import Console

    from forum_trajanum.games.forum_trajanum.ui.results import cycles_table

    names = ["Ann", "Aurelia Valentiniana", "Normal bot"]
    session = GameSession.new(12, GameOptions(players=3), names, ["", "", "normal"], False)
    while not session.over:
        session.play(busy(session.view_of(session.decider).legal))
    pv = session.public_view()
    console = Console(width=76, record=True)  # 80 columns less the pane's padding and bar
    for table in (cycle_table(pv, 1, names, totals=True), game_table(pv, names),
                  cycles_table(pv, names)):  # fmt: skip
        console.print(table)
    headers = [line for line in console.export_text().splitlines() if "Player" in line]
    assert len(headers) == 3 and not any("…" in line for line in headers)
    for word in ("Cranes", "Colonia", "Trajan", "Cycle", "Score", "Columns", "Total"):
        assert any(word in line for line in headers), word
