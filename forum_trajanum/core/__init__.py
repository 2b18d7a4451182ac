"""The game-agnostic core: the Game interface and the registry of games, task records and the
flow that plays them, the action base with its text round-trip and its log spec, the errors
every engine raises, records and saves, the session and its conductor, the match driver and
simulate (``simulate``), and the determinized search Hard bots use (``search``). It imports no
game (a test keeps it so)."""
