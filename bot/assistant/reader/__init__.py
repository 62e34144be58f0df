"""The job reader: tags number + unit + noun spans, then attaches them to job fields."""

from bot.assistant.reader.attach import JobReading, read_job

__all__ = ["JobReading", "read_job"]
