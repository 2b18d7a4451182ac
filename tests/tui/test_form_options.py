"""The New game form offers each game's own options, from the game's options model
(core/options.py; issue 29): a field per option, shown while its game is chosen, the seats'
boxes in the seats' rows with what they mean under them."""

from __future__ import annotations

from forum_trajanum.core.game import GAMES
from forum_trajanum.core.options import CHOICE, SEATS, TICK, offered
from forum_trajanum.tui.app import ForumApp

from .conftest import screen_text
from .test_form import open_form


async def test_the_form_shows_each_games_own_options_and_only_while_it_is_chosen():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(160, 45)) as pilot:
        form = await open_form(pilot, app)
        assert {each.option.name for each in form.options} >= {
            o.name for name in GAMES.names() for o in offered(GAMES.get(name).options)
        }
        for name in GAMES.names():
            form.query_one("#game").value = name
            await pilot.pause()
            text = screen_text(app)
            for each in form.options:
                mine = name in each.games
                for wid in each.ids()[:2]:  # the two seats shown
                    assert form.query_one(f"#{wid}").display == mine, (name, wid)
                option = each.option
                if mine and option.kind in (CHOICE, TICK):
                    assert option.title in text
                if mine and option.kind == CHOICE:
                    assert dict(option.choices)[option.default] in text
                if option.kind == SEATS and option.hint:
                    hint = str(form.query_one("#seat-hint").render())
                    assert (option.hint in hint) == mine


async def test_a_game_started_from_the_form_gets_the_options_as_the_form_holds_them():
    app = ForumApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot, app)
        game = form.query_one("#game").value
        chosen = {}
        for each in form.options:
            if game not in each.games:
                continue
            option = each.option
            if option.kind == CHOICE:
                form.query_one(f"#{each.id}").value = chosen[option.name] = option.choices[-1][0]
            elif option.kind == TICK:
                form.query_one(f"#{each.id}").value = chosen[option.name] = True
            else:
                form.query_one(f"#{each.id}-1").value = True
                chosen[option.name] = (1,)
        form.query_one("#seed").value = "3"
        form.action_start()
        await pilot.pause()
        options = app.session.state.options
        assert {name: getattr(options, name) for name in chosen} == chosen
