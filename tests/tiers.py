"""Which tests the quick tier (``-m "not long"``, the edit loop) leaves out, besides those
marked ``long`` in their own files (a browser's game, a whole game by keys, Hard bots' games):
decided here in one place, by name, without touching the files.

The quick tier's target is a minute on a 2-core machine (``python scripts/suite_time.py -n
auto -m "not long"``); the whole suite (the README's command, CI) runs every test. So the
quick tier leaves out the costliest tests of their kind, each file keeping cheaper cases of
its own (the 2-player games, the smaller counts): first the larger player counts of random
games, and then (:data:`COSTLY`) every test that cost more than about half a second of CPU in
three measured runs, except the privacy checks of what a seat may see, which the edit loop
keeps whatever they cost. A name here that matches no test of a file collected whole stops
the run (``tests/conftest.py``): a renamed test does not slip back unnoticed."""

from __future__ import annotations

#: The larger player counts and the costliest cases of files whose cheaper cases stay quick.
LARGER = (
    *(
        f"tests/core/test_game_contract.py::test_a_random_game_keeps_the_contract_at_every_step"
        f"[{game}-{players}p]"
        for game in ("forum-trajanum", "trajan")
        for players in (3, 4)
    ),
    "tests/trajan/test_foresight.py::test_every_preview_along_a_game_is_what_its_action_does[3]",
    "tests/trajan/test_foresight.py::test_every_preview_along_a_game_is_what_its_action_does[4]",
    "tests/engine/test_preview.py::test_what_a_preview_says_is_what_the_action_does",
    "tests/trajan/test_bots.py::test_every_bot_finishes_random_seeded_games_seeing_only_its_own"
    "_view[hard-easy]",
    "tests/trajan/test_bots.py::test_normal_beats_easy_in_a_short_series",
    "tests/trajan/test_secrecy.py::test_worlds_a_seat_cannot_tell_apart_give_it_the_same_view_and"
    "_previews[4]",
    "tests/test_hostile_names.py::test_new_and_continue_in_a_real_terminal_show_markup_names_as"
    "_text[trajan]",
)

#: Tests of more than about half a second of CPU each (measured with ``SUITE_TIMING``, see
#: ``scripts/suite_time.py``, in three runs on the 2-core machine): whole games through
#: servers and clients, real terminals and other processes, bots' searches, games by keys.
COSTLY = (
    "tests/bots/test_bots.py::test_bots_get_only_views_and_finish_games[levels1-2]",
    "tests/bots/test_bots.py::test_bots_get_only_views_and_finish_games[levels2-3]",
    "tests/bots/test_bots.py::test_bots_see_only_their_views_and_are_deterministic_for_a_seed[normal]",
    "tests/bots/test_bots.py::test_normal_beats_easy_in_a_short_series",
    "tests/bots/test_hard_search.py::test_a_search_the_deadline_does_not_cut_is_deterministic_for_a_seed",
    "tests/bots/test_hard_search.py::test_an_unhurried_search_finishes_worlds_and_is_not_cut",
    "tests/bots/test_hard_search.py::test_fewer_worlds_when_the_deadline_cuts_than_when_it_does_not",
    "tests/bots/test_simulate.py::test_a_trajan_simulation_prints_its_table_and_keeps_readable_records",
    "tests/bots/test_simulate.py::test_parallel_run_matches_serial",
    "tests/core/test_fuzz_games.py::test_the_fuzz_script_prints_its_cases_and_faults_by_game_and_in_a_last_line",
    "tests/core/test_game_contract.py::test_a_random_game_keeps_the_contract_at_every_step[forum-trajanum-2p]",
    "tests/core/test_game_contract.py::test_a_random_game_keeps_the_contract_at_every_step[trajan-2p]",
    "tests/net/test_client.py::test_a_remote_session_plays_a_whole_game_as_a_game_session_is_played",
    "tests/net/test_host.py::test_a_client_that_stops_reading_is_let_go_and_never_stalls_the_others",
    "tests/net/test_host.py::test_a_whole_game_is_played_by_two_people_and_a_bot_each_on_their_own_connection[forum-trajanum]",
    "tests/net/test_host.py::test_a_whole_game_is_played_by_two_people_and_a_bot_each_on_their_own_connection[trajan]",
    "tests/net/test_seat_pages.py::test_over_tls_a_seats_page_runs_join_for_its_seat_trusting_the_hosts_certificate",
    "tests/net/test_views.py::test_every_seats_view_rebuilt_from_its_json_equals_the_hosts_along_a_whole_game[forum-trajanum]",
    "tests/net/test_views.py::test_every_seats_view_rebuilt_from_its_json_equals_the_hosts_along_a_whole_game[trajan]",
    "tests/test_cli_hostile.py::test_simulate_and_export_to_a_full_output_say_so_with_a_non_zero_status",
    "tests/test_hostile_names.py::test_markup_in_names_is_text_on_the_game_over_screens_and_in_the_list[forum-trajanum]",
    "tests/test_hostile_names.py::test_markup_in_names_is_text_on_the_game_over_screens_and_in_the_list[trajan]",
    "tests/test_hostile_names.py::test_new_and_continue_in_a_real_terminal_show_markup_names_as_text[forum-trajanum]",
    "tests/test_hostile_names.py::test_the_replay_command_in_a_real_terminal_shows_markup_names_as_text[forum-trajanum]",
    "tests/test_hostile_saves.py::test_a_games_folder_that_may_not_be_read_says_so_not_that_there_is_no_game",
    "tests/test_hostile_saves.py::test_a_save_this_user_may_not_read_is_never_called_damaged_nor_deleted",
    "tests/test_shell_names_no_game.py::test_importing_every_module_of_the_shell_and_the_core_loads_no_game",
    "tests/trajan/test_bots.py::test_a_bot_is_deterministic_for_its_seed",
    "tests/trajan/test_foresight.py::test_every_preview_along_a_game_is_what_its_action_does[2]",
    "tests/trajan/test_top_entry.py::test_the_top_choice_of_every_trajan_decision_spends_and_loses_nothing_another_keeps",
    "tests/trajan/test_tui_first_screen.py::test_at_80x24_the_coach_explains_the_demands_the_first_time_they_are_shown",
    "tests/trajan/test_tui_flow.py::test_the_app_plays_what_a_trajan_bot_chooses",
    "tests/trajan/test_tui_repaint.py::test_what_the_terminal_shows_is_the_screen_along_a_game_with_panels_and_scrolling[7]",
    "tests/trajan/test_tui_wide.py::test_at_160x45_the_log_and_the_other_circle_are_in_view_beside_the_rest[late]",
    "tests/trajan/test_tui_wide.py::test_at_160x45_the_log_keeps_its_height_for_many_lines_with_the_latest_at_its_foot",
    "tests/tui/test_form.py::test_a_space_typed_back_in_a_name_or_the_seed_adds_a_space_and_never_wipes_it",
    "tests/tui/test_hints.py::test_the_command_palette_offers_the_hint",
    "tests/tui/test_screens.py::test_help_boards_trajan_log_and_save_screens",
    "tests/tui/test_screens.py::test_start_menu_new_game_with_a_bot_seat",
    "tests/tui/test_terminal_repaint.py::test_what_the_terminal_shows_is_the_screen_along_a_game_by_keys[5]",
    "tests/web/test_serve_hostile.py::test_serve_refuses_a_port_or_a_game_limit_out_of_range_with_a_clear_message",
)

LONG_ELSEWHERE = frozenset((*LARGER, *COSTLY))
