"""The market: readers of each provider's public price data, and the refresh that turns what they
read into a dated catalog snapshot under INFRABOT_HOME (never the tracked catalog)."""
