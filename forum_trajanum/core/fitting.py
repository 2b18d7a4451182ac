"""Linear algebra for the values the bots fit from self-play (each game's ``bots/value.py``
and ``scripts/fit_value_*.py``): :func:`fit`, least squares with a ridge, weights held fixed
and a prior to shrink toward; pure Python, no dependency, small systems only (some thirty
features)."""

from __future__ import annotations

import math
from collections.abc import Sequence


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


def fit(
    rows: Sequence[Sequence[float]],
    labels: Sequence[float],
    ridge: float = 1e-3,
    fixed: dict[int, float] | None = None,
    prior: Sequence[float] | None = None,
) -> list[float]:
    """Least-squares weights ``w`` with ``rows @ w`` near ``labels``, by the normal equations
    with a small ridge: ``ridge`` times each feature's own sum of squares is added to its
    diagonal (so the ridge does not depend on a feature's scale), except for a first column
    of ones (the intercept is not shrunk). Pure Python (Gaussian elimination with partial
    pivoting); a feature that never varies gets weight 0. ``fixed``
    gives some columns' weights (by index) instead of fitting them. With a ``prior`` the
    ridge shrinks each weight toward the prior's (a weight moves away from it only as far
    as the data bear out) instead of toward 0."""
    if not rows:
        raise ValueError("no rows to fit")
    if prior is not None:  # fit the difference from the prior, shrunk toward 0
        labels = [
            y - math.fsum(w * x for w, x in zip(prior, row, strict=True))
            for row, y in zip(rows, labels, strict=True)
        ]
        held = {i: w - prior[i] for i, w in (fixed or {}).items()}
        return [p + d for p, d in zip(prior, fit(rows, labels, ridge, held or None), strict=True)]
    if fixed:  # columns whose weights are given: fit the rest to what they leave
        labels = [
            y - sum(w * row[i] for i, w in fixed.items())
            for row, y in zip(rows, labels, strict=True)
        ]
        rows = [[0.0 if i in fixed else x for i, x in enumerate(row)] for row in rows]
    n = len(rows[0])
    gram = [[0.0] * n for _ in range(n)]
    rhs = [0.0] * n
    for row, y in zip(rows, labels, strict=True):
        for i, xi in enumerate(row):
            if xi == 0.0:
                continue
            rhs[i] += xi * y
            line = gram[i]
            for j in range(i, n):
                line[j] += xi * row[j]
    for i in range(n):
        for j in range(i):
            gram[i][j] = gram[j][i]
    intercept = all(row[0] == 1.0 for row in rows)
    for i in range(n):
        if i == 0 and intercept:
            continue
        gram[i][i] += ridge * gram[i][i] if gram[i][i] else 1.0
    weights = solve(gram, rhs)
    for i, w in (fixed or {}).items():
        weights[i] = w
    return weights


__all__ = ["fit", "solve"]
