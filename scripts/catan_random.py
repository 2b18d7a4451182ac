"""Peer anchor: full random 4-player games per CPU second of catanatron (pure-Python Catan)."""

import random
import sys
import time

from catanatron import Color, Game, RandomPlayer

n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
random.seed(1)
colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
wall, cpu = time.perf_counter(), time.process_time()
for _ in range(n):
    Game([RandomPlayer(c) for c in colors]).play()
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
print(f"catanatron random 4p: {n / cpu:.1f} games/s per CPU second ({n / wall:.1f} wall)")
