"""Trajan's screens for the terminal app: play, others' circles, recap, replay, help."""
