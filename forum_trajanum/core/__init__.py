"""The game-agnostic core: the Game interface and the registry of games, task records and the
flow that plays them, the action base with its text round-trip, and the errors every engine
raises. It imports no game (a test keeps it so)."""
