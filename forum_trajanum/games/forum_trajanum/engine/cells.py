"""What a Colonia cell shows in a view: the texts of ``ColoniaView.cells``.

The view writes them (``engine/view.py``); the previews, the Trajan cards' checks and the
sampled worlds of the bots read them back, and so does the app to draw and word a cell. They are
spelled here only: ``CellKind`` names each kind, :func:`tile_cell` and :func:`built_cell`
write the two kinds that carry a detail, :func:`parse_cell` reads any cell back.

A cell's text is one of::

    "temple"      a temple (never a tile)
    "hidden"      a face-down tile
    "tile:KIND"   a face-up tile (a corner's, or any tile once the game is over)
    "built:CODE"  a building (gray letter L S M C or colour letter B G Y R)
    "crane"       a vacated corner: its crane shows
    "empty"       a vacated building space
"""

from __future__ import annotations

from enum import StrEnum


class CellKind(StrEnum):
    """The kinds of Colonia cell a view shows (a plain ``str``: it compares equal to a cell
    text of its kind that carries no detail)."""

    TEMPLE = "temple"
    HIDDEN = "hidden"
    TILE = "tile"  # "tile:KIND"
    BUILT = "built"  # "built:CODE"
    CRANE = "crane"
    EMPTY = "empty"


_TILE = CellKind.TILE.value + ":"
_BUILT = CellKind.BUILT.value + ":"
_KINDS = {kind.value: kind for kind in CellKind}


def tile_cell(kind: str) -> str:
    """The text of a cell showing a face-up tile of ``kind``: ``"tile:BLD"``."""
    return _TILE + kind


def built_cell(code: str) -> str:
    """The text of a cell holding the building ``code``: ``"built:L"``."""
    return _BUILT + code


#: Cells read back so far: the views hold a few dozen different texts, and the bots' sampled
#: worlds read every cell of every Colonia, so reading one again is a lookup (bounded).
_PARSED: dict[str, tuple[CellKind, str]] = {}
_PARSED_MAX = 1024


def parse_cell(text: str) -> tuple[CellKind, str]:
    """A cell's kind and its detail (the tile kind or the building code; "" for the others):
    ``parse_cell("tile:BLD") == (CellKind.TILE, "BLD")``; ValueError for anything else."""
    parsed = _PARSED.get(text)
    if parsed is not None:
        return parsed
    kind, _, detail = text.partition(":")
    found = _KINDS.get(kind)
    if found is None:
        raise ValueError(f"not a Colonia cell: {text!r}")
    parsed = (found, detail)
    if len(_PARSED) < _PARSED_MAX:
        _PARSED[text] = parsed
    return parsed


__all__ = ["CellKind", "built_cell", "parse_cell", "tile_cell"]
