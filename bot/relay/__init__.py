"""Telegram <-> Slack, exactly once: the bridge, human handoffs and the persisted outbox."""
