"""Reading files that may be hostile (issue 26, item 4): the check of how deep JSON nests is
right (the same answer as a plain character-by-character scan, strings and escapes included)
and linear: it hands every character of the text to one regular expression match at most once,
and eight times the text is at most eight times the work, for the shapes that made the old check
quadratic (escaped quotes, a string that never ends) and for megabytes of brackets or strings."""

from __future__ import annotations

import json
import random

import pytest

from forum_trajanum.core import files


def reference_too_deep(text: str, max_depth: int) -> bool:
    """The plain scan, one character after the other: brackets outside strings nest; a
    backslash in a string escapes the next character; a string that never ends ends the scan
    (the parser refuses the text there)."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > max_depth:
                return True
        elif char in "]}":
            depth -= 1
    return False


class CountingPattern:
    """A compiled pattern that records each match it is asked for: where it started, where
    it ended, and how many characters the regular expression engine may have looked at for
    it (the test counts the scanner's work, not its time)."""

    def __init__(self, pattern, calls: list[tuple[int, int, int]]) -> None:
        self.pattern = pattern
        self.calls = calls
        self.finds_strings = pattern is files._PLAIN

    def match(self, text, pos=0):
        found = self.pattern.match(text, pos)
        end = found.end() if found else pos
        looked = end - pos + 1
        if self.finds_strings and end < len(text) and text[end] == '"':
            # stopped at a string that never ends: the engine looked for its end up to the
            # end of the text (a scanner that tried again later would pay this again)
            looked += len(text) - end
        self.calls.append((pos, end, looked))
        return found


def work(text: str, max_depth: int, monkeypatch) -> tuple[bool, list[tuple[int, int, int]]]:
    calls: list[tuple[int, int, int]] = []
    with monkeypatch.context() as patch:
        for name in ("_PLAIN", "_STRUCTURE"):
            patch.setattr(files, name, CountingPattern(getattr(files, name), calls))
        answer = files._too_deep(text, max_depth)
    return answer, calls


#: The shapes of hostile text, each of n units (the issue's file is escaped_quotes(32700)).
SHAPES = {
    "escaped quotes": lambda n: '"' + '\\"' * n,
    "escaped quotes in a string that ends": lambda n: '["' + '\\"' * n + '"]',
    "a string that never ends after brackets": lambda n: "[" * 8 + '"' + "x" * n,
    "many strings": lambda n: "[" + '"a",' * n + '"b"]',
    "many strings between brackets": lambda n: "[" + '["a"],' * n + "[]]",
    "shallow brackets": lambda n: "[" + "[]," * n + "[]]",
    "brackets in strings": lambda n: '["' + "[{" * n + '"]',
    "backslashes": lambda n: '"' + "\\\\" * n + '"',
}


@pytest.mark.parametrize("shape", SHAPES)
def test_the_depth_check_hands_each_character_to_one_match_and_grows_linearly(shape, monkeypatch):
    make = SHAPES[shape]
    small, large = make(2_000), make(16_000)
    answer, calls = work(large, 16, monkeypatch)
    assert answer == reference_too_deep(large, 16)
    # one pass: each match starts where the one before it ended, or after it
    assert all(start >= end for (start, _, _), (_, end, _) in zip(calls[1:], calls, strict=False))
    # every character looked at about once, however the text is made
    looked = sum(count for _, _, count in calls)
    assert looked <= 2 * len(large) + len(calls)
    # eight times the text, at most eight times the matches and the characters looked at
    _, small_calls = work(small, 16, monkeypatch)
    assert len(calls) <= 8 * len(small_calls) + 2
    assert looked <= 8 * sum(count for _, _, count in small_calls) + 2


def test_the_issue_s_file_of_escaped_quotes_is_one_match(monkeypatch):
    text = '"' + '\\"' * 32_700
    answer, calls = work(text, 16, monkeypatch)
    assert answer is False
    # the string never ends: the scan stops at its opening quote, after one look to the end
    assert calls == [(0, 0, len(text) + 1)]
    with pytest.raises(ValueError):
        files.load_json(text)


def test_the_depth_check_agrees_with_a_plain_scan_on_random_text():
    rng = random.Random(26)
    alphabet = '[]{}"\\a,: '
    for _ in range(3_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))
        for max_depth in (0, 1, 3):
            assert files._too_deep(text, max_depth) == reference_too_deep(text, max_depth), (
                text,
                max_depth,
            )


@pytest.mark.parametrize(
    "value",
    [{"a": "[[[[", "b": [1, {"c": ["]]}}"]}]}, ['\\"', "\\\\", '"[', "x\\"], "[" * 100],
)
def test_brackets_and_escapes_inside_strings_never_count(value):
    text = json.dumps(value)
    assert files.load_json(text, max_depth=4) == value


def test_nesting_one_deeper_than_allowed_is_refused_before_parsing():
    allowed = "[" * files.MAX_DEPTH + "]" * files.MAX_DEPTH
    assert files.load_json(allowed) is not None
    with pytest.raises(ValueError, match="nested deeper"):
        files.load_json("[" + allowed + "]")
    with pytest.raises(ValueError, match="nested deeper"):
        files.load_json("[" * 400_000)  # a file of brackets that never close
