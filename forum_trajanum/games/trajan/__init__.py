"""Trajan (2011): its data, engine, bots and screens."""
