"""A new game's seed cannot be found by trying them all (issue 35, point 9: the seed was about
30 bits, and a seat's own opening view pins it down): new games, hosted or local, draw it
from ``secrets`` with 63 bits; a seed given stays as given; saves hold the largest seed."""

from __future__ import annotations

import pytest

from forum_trajanum.cli import main
from forum_trajanum.core import seeds
from forum_trajanum.core.seeds import SEED_LIMIT
from forum_trajanum.net.host import HostPlan, PlanError, start
from forum_trajanum.net.table import Table
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import NewGameSettings


class Secrets:
    """``secrets`` as the seed drawing sees it: each bound asked for, and the largest value
    under it (the largest seed a draw can give)."""

    def __init__(self, monkeypatch) -> None:
        self.bounds: list[int] = []
        monkeypatch.setattr(seeds, "secrets", self)

    def randbelow(self, bound: int) -> int:
        self.bounds.append(bound)
        return bound - 1


async def test_a_hosted_game_draws_a_63_bit_seed_from_secrets_and_its_save_resumes_with_it(
    monkeypatch,
):
    drawn = Secrets(monkeypatch)
    host = await start(HostPlan(names=["Ann", "Bob"], bots=["", "easy"], bind="127.0.0.1", port=0))
    try:
        table = host.tables[1]
        assert drawn.bounds and min(drawn.bounds) >= 2**62
        assert table.session.record.seed == SEED_LIMIT - 1  # the largest a draw gives
        game_id = table.session.game.id
    finally:
        await host.stop()
    resumed, _fresh = Table.resume(game_id)
    try:
        assert resumed.session.record.seed == SEED_LIMIT - 1
    finally:
        resumed.close()


async def test_a_seed_given_to_the_host_stays_as_given_and_one_too_large_is_refused_in_words():
    host = await start(HostPlan(names=["Ann", "Bob"], bots=["", ""], seed=12345, port=0, tables=2))
    try:
        assert [t.session.record.seed for _, t in sorted(host.tables.items())] == [12345, 12346]
    finally:
        await host.stop()
    with pytest.raises(PlanError, match="too large"):
        await start(HostPlan(names=["Ann", "Bob"], bots=["", ""], seed=SEED_LIMIT - 1, tables=2))


@pytest.mark.parametrize("command", ["host", "new"])
def test_a_seed_too_large_for_a_save_is_refused_by_the_command_line(command, capsys):
    with pytest.raises(SystemExit) as ended:
        main([command, "--seats", "Ann,Bob", "--seed", str(2**64)])
    said = capsys.readouterr().err
    assert ended.value.code == 2 and "too large" in said and "Traceback" not in said


async def test_a_local_new_game_draws_its_seed_from_secrets_too(monkeypatch):
    drawn = Secrets(monkeypatch)
    settings = NewGameSettings(players=2, names=["Ann", "Bob"], bots=["", "easy"], seed=None)
    app = ForumApp(bot_delay=0, new_game=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.session is not None
        assert drawn.bounds and min(drawn.bounds) >= 2**62
        assert app.session.record.seed == SEED_LIMIT - 1


async def test_the_new_game_form_refuses_a_seed_a_save_cannot_hold_in_words():
    from tests.tui.conftest import screen_text
    from tests.tui.test_form import open_form

    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        form.query_one("#seed").value = str(2**64)
        form.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is None
        assert app.focused is form.query_one("#seed")
        assert "is too large" in screen_text(app)
