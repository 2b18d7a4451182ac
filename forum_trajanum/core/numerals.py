"""Roman numerals, as the games print their cycles, quarters, slots and street symbols: the
one table every game's words are made from."""

from __future__ import annotations

#: Each numeral's value, largest first, with the subtractive pairs (IV, IX, XL, ...).
_VALUES = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip


def roman(number: int, most: int | None = None) -> str:
    """``number`` in Roman numerals: 1 -> "I", 4 -> "IV", 14 -> "XIV". With ``most`` the
    number is held within 1 to ``most`` first (a cycle past the last is named as the last).
    Raises ``ValueError`` for a number Roman numerals cannot write (below 1, above 3999)."""
    if most is not None:
        number = min(max(number, 1), most)
    if not 1 <= number <= 3999:
        raise ValueError(f"{number} has no Roman numeral (1 to 3999 have)")
    out = []
    for value, letters in _VALUES:
        count, number = divmod(number, value)
        out.append(letters * count)
    return "".join(out)


def numerals(count: int) -> tuple[str, ...]:
    """The first ``count`` numerals, "I" first: ``numerals(3) == ("I", "II", "III")``."""
    return tuple(roman(n) for n in range(1, count + 1))
