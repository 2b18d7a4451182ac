"""The one way tests wait: on a condition, with a deadline that only stops a test that would
hang (never a number of tries or a fixed sleep)."""

from __future__ import annotations

import time

import pytest

#: How long a condition may take before the test fails (a hang, not a slow machine).
DEADLINE = 60.0


def wait_until(condition, timeout: float = DEADLINE, what: str = "a condition"):
    """Wait until ``condition()`` is true (checked every 20 ms); fail after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not (value := condition()):
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.02)
    return value


async def wait_for(pilot, condition, timeout: float = DEADLINE) -> bool:
    """In a Textual test: let the app run until ``condition()`` holds; returns whether it
    does (the deadline only stops a test that would hang: the caller asserts)."""
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        await pilot.pause(0.02)
    return bool(condition())
