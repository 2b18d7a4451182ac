"""Texts of the help screen: key bindings and a short rules reference."""

from __future__ import annotations

KEYS = """\
Enter        choose the highlighted action / the cell under the cursor
Tab          move between the decision list, your Colonia grid and the Forum
Arrows       move the highlight or the cursor; a click on a cell chooses it too
u            undo your last step of this turn (until a hidden tile is revealed)
o            other players' boards (public)        t   Trajan cards and street cards
l            the whole log                          s   save a copy under a name
? or F1      this help                              q   back to the menu (game saved)
Esc          setup: back one corner while choosing the crane colours (or Backspace)
Hand-over    when the keyboard passes to another player, a privacy screen waits
             for that player's Enter; nothing secret is on screen before that. The
             choices then take Enter after a short moment (no double-press accidents).
Symbols      B blue, G green, Y yellow, R red (always printed as letters);
             E eagle; ▲ temple; ??? face-down tile; [L] library, [S] basilica,
             [M] market, [C] triumphal column, [B]/[G]/[Y]/[R] coloured structures;
             KB crane of colour B (✓ scored); * legal cell; Forum digits = seat of an envoy.
"""

RULES_REFERENCE = """\
The game runs 3 cycles of 4 rounds; after each cycle comes a scoring.

Round. Two street cards are revealed. In turn, each player takes one face-down tile from
the street named by each card (a tribune lets you ignore a card and take from anywhere),
sees the first before taking the second, keeps one and passes the other to the right.
Then, in turn order, each player uses one tile: the kept one or the received one (2
tribunes: both). Resource tiles give builders, workers, assistants, coins, tribunes or
upgrades; citizen tiles go into a citizen row of their class and activate its ability.
Unused and used own tiles go to the ship: they are your envoys.

Building step. Once per turn build on a free space (where a tile was taken): a gray
building (library L, basilica S, market M, triumphal column C) costs 1 builder; a
coloured structure (fountain B, park G, stable Y, house R) costs 1 worker of its colour.
A double tile covers two adjacent spaces. Conversions: 2 workers of a colour -> 1 builder;
1 assistant recolours a worker; citizen abilities add more.
Library, basilica and market advance their benefit track: take the benefit of any step
reached. A triumphal column scores Trajan's Column value + active citizens.
A coloured structure lets you send an envoy from your ship to a free Forum space of its
colour (into an area of that colour you already started while it has room). Filling an
area's last space gives an area bonus: tribune, assistant, coin, upgrade or 2 VP.

Upgrades move your prestige marker; cypresses at 3, 6, 8 raise the value of your largest
area (+1 from 3, +2 from 6) and of Trajan tasks (3, 5, 7 VP). A first Merchant I flips your
slide bar for good: it then reads one position further along (at 2 it is worth what 3 is).

Scoring after each cycle. First pay 1 coin per citizen row, or it turns inactive. Then:
cranes (3/2/1 VP per structure of the crane's colour, once per crane), Colonia rows
(different gray buildings x (1 + active citizens of that row)), Forum eagles (2 VP on an
eagle, 1 VP next to one), the largest connected group of your envoys, and the Trajan card's
building and collection tasks. Most VP after cycle III wins; ties: most active citizens,
then most resources.
"""
