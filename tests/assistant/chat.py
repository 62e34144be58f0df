"""A conversation with the assistant in tests, and the amounts in reais its replies state."""

import re
import uuid
from decimal import Decimal

from bot.assistant.assistant import Assistant
from bot.assistant.reply import Reply


def talk(assistant: Assistant, *messages: str) -> list[Reply]:
    conversation = f"teste-{uuid.uuid4().hex}"
    return [assistant.reply(conversation, message) for message in messages]


def reais(text: str) -> list[Decimal]:
    return [
        Decimal(amount.replace(".", "").replace(",", "."))
        for amount in re.findall(r"R\$ ([\d.]+,\d{2})", text)
    ]
