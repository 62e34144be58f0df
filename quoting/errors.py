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
