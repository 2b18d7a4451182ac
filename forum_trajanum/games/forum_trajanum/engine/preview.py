"""What a choice costs and gives: ``preview(view, action)``.

A preview is computed from the acting player's view alone, so it can hold nothing the player
may not know: taking a face-down tile says "a hidden tile" and nothing more. It says what the
action itself does at once — resources paid and gained, points, the benefit track step and the
benefits it then offers, envoys to place, area bonuses won, the crane it uncovers, the slide
bar's new position — and what the screen needs to word it; the choices that follow (which
benefit, which Forum cell) have previews of their own when they come.

What each kind of action costs and gives is its spec's ``preview`` (``engine/specs.py``);
this module holds the preview's fields and asks the spec.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from forum_trajanum.games.forum_trajanum.data import COLOURS
from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine.specs import SAYABLE, spec_of
from forum_trajanum.games.forum_trajanum.engine.view import PlayerView

#: Supply keys of ``Preview.pay`` / ``Preview.gain``; a worker is ``"worker:B"`` etc.
SUPPLY_KEYS = ("builder", *(f"worker:{c}" for c in COLOURS), "assistant", "coin", "tribune")


class Preview(BaseModel):
    """What ``action`` costs and gives the acting player, as far as that player can know."""

    model_config = ConfigDict(frozen=True)
    action: str
    pay: dict[str, int] = Field(default_factory=dict)  # supply spent (SUPPLY_KEYS)
    gain: dict[str, int] = Field(default_factory=dict)  # supply gained; "upgrade": steps
    points: int = 0  # VP scored at once
    track: str = ""  # "L", "S" or "M": the benefit track stepped on
    step: int = 0  # the step reached on it
    benefits: tuple[str, ...] = ()  # benefit codes to choose from next (TRACK_BENEFITS)
    track_ends: bool = False  # the track is finished: its marker goes beside Trajan's Column
    second_citizen: str = ""  # the second-citizen bonus earned (CITIZEN_ROWS codes)
    envoys: int = 0  # envoys the player may then place (the ship and free spaces allow)
    envoys_lost: int = 0  # envoys it would send that cannot go: ship empty or Forum full
    lost: dict[str, int] = Field(default_factory=dict)  # gains that cannot be had ("upgrade":
    # steps past the slide bar's end)
    area_bonuses: int = 0  # area bonuses won (an envoy completing a colour area)
    # an envoy placed, at each cycle's scoring from now (the Forum scoring): where it lies for
    # the eagles ("on", "next to", "diagonal to" an eagle, or ""), the eagle points it adds,
    # the size of the group it is in, and the largest-area points it adds (slide bar now)
    eagle: str = ""
    eagle_points: int = 0
    group: int = 0
    area_points: int = 0
    crane: str = ""  # colour letter of a crane this uncovers
    tile: str = ""  # kind of a known tile taken or used
    hidden_tile: bool = False  # a face-down tile is taken: its front is not known yet
    prestige: int = -1  # the slide bar's position afterwards (-1: unchanged)
    flips_bar: bool = False  # Merchant I turns the slide bar to its other side
    citizen_row: int = 0  # 1-6: the citizen row that gets a citizen
    inactive_rows: tuple[int, ...] = ()  # citizen rows that turn inactive (unpaid)
    # the Trajan tasks of the scoring right after (paying citizens): (task, times met now,
    # times met after), for each task met now or whose count it changes ("building",
    # "collection")
    trajan_tasks: tuple[tuple[str, int, int], ...] = ()


# the parts of a preview an action's words may name (ActionSpec.says) are Preview fields
_UNKNOWN = SAYABLE - set(Preview.model_fields)
if _UNKNOWN:  # pragma: no cover - checked at import
    raise TypeError(f"ActionSpec.says may name {sorted(_UNKNOWN)}: no Preview fields")


def preview(view: PlayerView, action: A.Action) -> Preview:
    """What ``action`` costs and gives the viewer (the player whose decision it is): its
    kind's spec computes it (``engine/specs.py``)."""
    me = view.colonias[view.viewer]
    out: dict = {"action": str(action)}
    spec = spec_of(action)
    if spec is not None:
        spec.preview(view, me, action, out)
    return Preview(**out)


__all__ = ["SUPPLY_KEYS", "Preview", "preview"]
