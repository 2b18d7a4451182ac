"""Play across machines: a game host holding tables, and the client of one seat.

- :mod:`~forum_trajanum.net.protocol`: every message, as versioned pydantic models, and the
  seat addresses (a table and a seat's secret);
- :mod:`~forum_trajanum.net.views`: a view as it travels (JSON), and back;
- :mod:`~forum_trajanum.net.table`: one game on a host: its session, seats, bots and flow;
- :mod:`~forum_trajanum.net.host`: the aiohttp server (``forum-trajanum host``);
- :mod:`~forum_trajanum.net.client`: one seat's connection (reconnecting by itself) and
  :class:`~forum_trajanum.net.client.RemoteSession`, the game session of a joined seat;
- :mod:`~forum_trajanum.net.bench`: ``python -m forum_trajanum.net.bench``.

A seat's connection only ever receives that seat's view (``Game.view(state, seat)``) and the
public log: privacy by construction. The core imports nothing of this package.
"""
