"""Errors of the channels that end a command with a short pt-BR message."""


class ChannelUnavailable(Exception):
    """Telegram or Slack could not be reached, or refused the token, as the app started."""


class DatabaseUnavailable(Exception):
    """INFRABOT_DATABASE_URL cannot be parsed, or its database cannot be reached."""


class BadSetting(Exception):
    """An INFRABOT_* setting holds a value the app cannot use; the message names it."""
