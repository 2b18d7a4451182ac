"""The one table of Roman numerals every game's words are made from (core/numerals.py)."""

import pytest

from forum_trajanum.core.numerals import numerals, roman


@pytest.mark.parametrize(
    ("number", "written"),
    [(1, "I"), (3, "III"), (4, "IV"), (6, "VI"), (9, "IX"), (14, "XIV"), (40, "XL"),
     (1994, "MCMXCIV"), (3999, "MMMCMXCIX")],
)  # fmt: skip
def test_a_number_is_written_with_the_subtractive_pairs(number, written):
    assert roman(number) == written


def test_the_first_numerals_are_the_cycles_quarters_and_slots_the_games_print():
    assert numerals(3) == ("I", "II", "III")
    assert numerals(6) == ("I", "II", "III", "IV", "V", "VI")
    assert numerals(0) == ()


def test_with_a_most_a_number_past_either_end_is_named_as_the_nearest_end():
    assert roman(7, most=3) == "III"
    assert roman(0, most=4) == "I"
    assert roman(2, most=4) == "II"


@pytest.mark.parametrize("number", [0, -1, 4000])
def test_a_number_without_a_numeral_is_refused_with_a_message(number):
    with pytest.raises(ValueError, match="no Roman numeral"):
        roman(number)
