"""Linear algebra for the values the bots fit from self-play (each game's ``bots/value.py``
and ``scripts/fit_value_*.py``): pure Python, no dependency, small systems only (some thirty
features)."""

from __future__ import annotations


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (``a`` square), by Gaussian elimination with partial pivoting;
    a system without one solution is refused (``ValueError``)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            raise ValueError("the features are linearly dependent: add ridge")
        m[col], m[pivot] = m[pivot], m[col]
        head = m[col]
        for r in range(col + 1, n):
            factor = m[r][col] / head[col]
            if factor:
                line = m[r]
                for c in range(col, n + 1):
                    line[c] -= factor * head[c]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (m[r][n] - sum(m[r][c] * out[c] for c in range(r + 1, n))) / m[r][r]
    return out


__all__ = ["solve"]
