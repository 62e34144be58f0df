"""Errors of the sales quote book; every message is pt-BR and nothing was changed."""

from quoting.errors import QuotingError


class QuoteBookError(QuotingError):
    """A refused action on a sales quote; the message is pt-BR and nothing was changed."""


class QuoteConflict(QuoteBookError):
    """Someone else changed the quote since it was read."""
