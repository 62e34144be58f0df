"""The product around the engine: the assistant, the channels, sales, the relay, operations and
the database (ARCHITECTURE.md draws the wings and the arrows between them)."""
