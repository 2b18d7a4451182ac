#!/usr/bin/env bash
# Each engine's 4-player random games per CPU second, three runs, before and after, with
# catanatron 3.2.1's figure after each round: one run on one machine, as issue 37 asks.
#   scripts/bench_vs_catanatron.sh BEFORE_CHECKOUT [CATANATRON_PYTHON]
# BEFORE_CHECKOUT: a checkout of the earlier commit (git worktree add --detach DIR REV);
# CATANATRON_PYTHON: a Python with catanatron==3.2.1 (python3 -m venv V && V/bin/pip install
# catanatron==3.2.1), /tmp/catan-venv/bin/python by default.
set -u
here="$(cd "$(dirname "$0")/.." && pwd)"
before="$(cd "$1" && pwd)"
catan="${2:-/tmp/catan-venv/bin/python}"
python="$here/.venv/bin/python"
for run in 1 2 3; do
  for game in forum-trajanum trajan; do
    for side in before after; do
      if [ "$side" = before ]; then dir="$before"; else dir="$here"; fi
      fig=$(cd "$dir" && PYTHONPATH="$dir" "$python" -m forum_trajanum.bench --game "$game" \
        --seconds 10 | awk '$1==4 {print $3}')
      echo "run $run $game $side: $fig"
    done
  done
  echo "run $run $("$catan" "$here/scripts/catan_random.py" 30 | tail -1)"
done
