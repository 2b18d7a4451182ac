"""Forum Trajanum's screens for the terminal app, its replay screen and its export."""
