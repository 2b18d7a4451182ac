"""The Textual app: screens (one per mode), widgets and one stylesheet."""
