"""The job reader: tags number + unit + noun spans, then attaches them to job fields."""

from bot.assistant.reader.attach import Reading, read_job

__all__ = ["Reading", "read_job"]
