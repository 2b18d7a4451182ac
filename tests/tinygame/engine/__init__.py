"""Tiny's rules engine: actions, state, rules, views, and its Game value."""
