"""Trajan's rules engine: state, actions, rules, views, words."""
