"""The replay viewer: keys step through the game by action, turn and round, both ways, at
80x24; the list of games opens a replay with r; the viewer needs less room than the game."""

from __future__ import annotations

from pathlib import Path

from forum_trajanum.core import saves
from forum_trajanum.core import timeline as replaying
from forum_trajanum.games.forum_trajanum.engine.record import read_record
from forum_trajanum.games.forum_trajanum.ui.export import load
from forum_trajanum.games.forum_trajanum.ui.replay import ReplayScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.chart import ScoreChart
from forum_trajanum.tui.games import GamesScreen
from forum_trajanum.tui.replayapp import ReplayApp
from forum_trajanum.tui.startscreen import TooSmallScreen
from tests.waiting import settled

from .conftest import SIZE, screen_text

GAME = Path(__file__).parent.parent / "fixtures" / "export-game.json"


def _screen(app) -> ReplayScreen:
    assert isinstance(app.screen, ReplayScreen)
    return app.screen


async def test_keys_move_through_the_game_and_the_screen_says_where():
    replay = load(GAME)
    app = ReplayApp(ReplayScreen(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        assert "Setup   action 0 of 181" in screen_text(app)
        await pilot.press("right")
        assert screen.position == 1
        assert "1. Livia: placed the cranes" in screen_text(app)
        await pilot.press("pagedown")
        rounds = replay.round_starts()
        assert screen.position == rounds[1]
        assert f"Cycle I, round 1 (streets f and a)   action {rounds[1]} of 181" in screen_text(app)
        await pilot.press("pagedown", "pagedown")
        assert screen.position == rounds[3] and "Cycle I, round 3" in screen_text(app)
        await pilot.press("pageup")
        assert screen.position == rounds[2]
        turns = replay.turn_starts()
        await pilot.press("right_square_bracket")
        after = next(t for t in turns if t > rounds[2])
        assert screen.position == after
        await pilot.press("shift+left")
        assert screen.position == rounds[2]
        await pilot.press("shift+right", "left")
        assert screen.position == after - 1
        await pilot.press("end")
        text = screen_text(app)
        assert "Game over   action 181 of 181" in text
        assert "Final ranking: 1. Marcus · 2. Livia" in text
        await pilot.press("home")
        assert screen.position == 0 and "Setup" in screen_text(app)


async def test_the_panels_show_the_board_the_scores_and_the_log():
    app = ReplayApp(ReplayScreen(load(GAME)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        await settled(pilot)
        assert "Colonia of Livia (easy bot)" in screen_text(app)
        await pilot.press("tab")
        await settled(pilot)
        assert "Colonia of Marcus (easy bot)" in screen_text(app)
        await pilot.press("s")
        await settled(pilot)
        text = screen_text(app)
        assert "Score after each round" in text and "Colonia of" not in text
        assert text.count("Score after each round") == 1  # over the chart, not the table too
        assert "In numbers, cycle by cycle" in text
        final = replaying.replay(read_record(GAME.read_bytes()).record)
        last_rows = [line.split() for line in text.splitlines() if "scored" not in line]
        assert ["III", "Livia", "9", "11", "11", "11", str(final.players[0].score)] in last_rows
        await pilot.press("f")
        await settled(pilot)
        assert "Forum" in screen_text(app)
        await pilot.press("l")
        await settled(pilot)
        assert "Scoring of cycle III: Livia" in screen_text(app)
        await pilot.press("home")
        await settled(pilot)
        assert "Nothing played yet." in screen_text(app)


async def test_a_finished_game_tells_what_a_player_alone_knew_an_unfinished_one_does_not():
    replay = load(GAME)
    keep = next(s.number for s in replay.steps if s.action.startswith("keep"))
    app = ReplayApp(ReplayScreen(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        _screen(app).go(keep)
        await pilot.pause()
        assert f"{keep} ~ " in screen_text(app) and "alone then" in screen_text(app)
    record = read_record(GAME.read_bytes()).record
    cut = load_cut(record, keep)
    app = ReplayApp(ReplayScreen(cut))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        text = screen_text(app)
        assert f"action {keep} of {keep}" in text
        assert " ~ " not in text and "alone then" not in text and "kept" not in text


def load_cut(record, actions: int):
    from forum_trajanum.games.forum_trajanum.engine.replay import GameReplay

    return GameReplay.of(record.model_copy(update={"actions": record.actions[:actions]}))


def _app_with_the_game_saved() -> ForumApp:
    """The app, with the fixture's finished game among the saved games; the app needs more
    than 80x24 for a game (the replay does not)."""
    record = read_record(GAME.read_bytes()).record
    saves.create_game(record, replaying.replay(record)).close()
    return ForumApp(bot_delay=0, min_size=(130, 36))


async def test_the_list_of_games_replays_a_finished_game_with_r(save_home):
    app = _app_with_the_game_saved()
    async with app.run_test(size=SIZE) as pilot:
        app.continue_game(finished=True)
        await pilot.pause()
        assert isinstance(app.screen, GamesScreen) and "Finished games — 1" in screen_text(app)
        await pilot.press("r")
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        assert "Game over" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, GamesScreen)


async def test_the_replay_fits_where_the_game_does_not():
    app = _app_with_the_game_saved()
    async with app.run_test(size=SIZE) as pilot:
        app.continue_game(finished=True)
        await pilot.pause()
        await pilot.press("r")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert (app.size.width, app.size.height) == (80, 24)
        assert isinstance(app.screen, ReplayScreen)  # no too-small notice over the replay
        await pilot.press("escape")
        assert isinstance(app.screen, TooSmallScreen)  # the list of games needs more


async def _panels_text(replay) -> list[str]:
    app = ReplayApp(ReplayScreen(replay))
    texts = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        for keys in (("c",), ("tab",), ("f",), ("s",), ("l",)):
            await pilot.press(*keys)
            await settled(pilot)  # each world's screen read once final
            texts.append(screen_text(app))
    return texts


async def test_an_unfinished_game_looks_the_same_in_worlds_an_onlooker_cannot_tell_apart():
    # The same game up to a player's secret choice of which drafted tile to keep: the two
    # choices must give the same screens, whatever panel and seat is shown.
    from forum_trajanum.games.forum_trajanum.engine import apply, legal_actions, parse

    record = read_record(GAME.read_bytes()).record
    state = replaying.start(record)
    for number, text in enumerate(record.actions):
        keeps = [str(a) for a in legal_actions(state) if a.kind == "keep"]
        if len(keeps) == 2 and number > 20:
            break
        apply(state, parse(text))
    worlds = [
        load_cut(record.model_copy(update={"actions": [*record.actions[:number], keep]}), 999)
        for keep in keeps
    ]
    assert worlds[0].steps[-1].action != worlds[1].steps[-1].action
    first, second = await _panels_text(worlds[0]), await _panels_text(worlds[1])
    assert first == second


async def test_the_scores_panel_charts_the_score_after_each_round_up_to_where_the_replay_is():
    replay = load(GAME)
    final = replaying.replay(read_record(GAME.read_bytes()).record)
    app = ReplayApp(ReplayScreen(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        assert "no round is finished yet" in screen_text(app)
        await pilot.press("end")
        chart = app.screen.query_one(ScoreChart)
        assert len(chart.history) == 12
        assert chart.history[-1] == tuple(p.score for p in final.players)
        text = screen_text(app)
        assert f"{final.players[0].score} VP" in text and "one column per round" in text
        # back to the start of cycle II: the chart holds cycle I's four rounds only
        rounds = replay.round_starts()
        cycle_two = next(r for r in rounds if replay.steps[r].section.cycle == 2)
        await pilot.press("home", *["pagedown"] * rounds.index(cycle_two))
        assert app.screen.position == cycle_two
        assert len(app.screen.query_one(ScoreChart).history) == 4


async def test_at_80x24_the_last_action_is_shown_from_its_first_line_and_never_cut_silently():
    """The area of the last action was 3 lines high and showed a step's last three lines:
    a step of four lost its first, a long one stopped mid-sentence (as Trajan's, QA at 80
    columns). It grows as its words need, up to a limit, then ends with "…" and the log key."""
    replay = load(GAME)
    app = ReplayApp(ReplayScreen(replay))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        last = screen.query_one("#replay-last")
        for position in (12, 181):
            await pilot.press("home", *["right"] * position if position < 20 else ["end"])
            await pilot.pause()
            assert screen.position == position
            shown = " ".join(str(last.render()).split())
            lines = replay.lines_of(replay.steps[position - 1])
            seat, line, secret = lines[0]
            mark = " ~ " if secret else ". "  # a secret line: only a finished game shows it
            first = " ".join(f"{position}{mark}{replay.name(seat)}: {line}".split())
            assert shown.startswith(first[:60]), shown
            whole = all(" ".join(line.split()) in shown for _, line, _ in lines)
            assert whole or shown.endswith("… l: the log"), shown
            assert len(str(last.render()).splitlines()) <= last.region.height
        assert shown.endswith("… l: the log")  # the last step's lines and scoring: too many
