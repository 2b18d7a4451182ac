"""Tiny: a third game that exists only in the tests, to show that a game on the core is its
package plus one line of registration (issue 29).

It has the shape of the program's games (``data.py``, ``engine/``, ``bots/``, ``ui/``) and
nothing of it lives outside this folder: :mod:`tests.testonly` registers it into the core's
registry for the tests that ask for it, and unregisters it afterwards.

The rules, small but with what makes a game hard for the program: each seat holds a private
hand dealt from a seeded deck; for three rounds a prize card is turned up, each seat in turn
plays a card face down and then draws a card (seen by it alone) or keeps its hand; when every
seat has played the cards are turned up and the highest wins the prize's points. At the end
each card left in hand costs a point.
"""
