"""Errors the quoting engine raises; every message is pt-BR and safe to show to a user."""


class QuotingError(Exception):
    """Base error: `str(error)` is a short pt-BR message for the user."""


class InvalidJob(QuotingError):
    """A job field is out of range or inconsistent; names the field and the accepted values."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class DataFileError(QuotingError):
    """A data file (catalog, registry, tax rules) is missing or does not validate."""


class QuoteBookError(QuotingError):
    """A refused action on a sales quote; the message is pt-BR and nothing was changed."""


class QuoteConflict(QuoteBookError):
    """Someone else changed the quote since it was read."""
