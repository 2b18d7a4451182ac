"""Forum Trajanum (2018): its data, engine, bots and screens."""
