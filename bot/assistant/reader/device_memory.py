"""Sizes in bytes that are a card's memory ("uma placa de 24 GB", "80 GB de VRAM"), not data."""

import re

from bot.assistant.reader.quantity_arithmetic import Mention

_DEVICE = re.compile(
    r"(?:gpus?|placas?|vram|memoria|card|h100|h200|a100|a10g?|l4|l40s?|t4|v100|rtx|\d{4}|"
    r"mi ?\d{3}x?|gaudi ?\d?|trainium\w*|trn\d|macbook\w*|mac studio|m[1-4] (?:max|pro|ultra)|"
    r"jetson(?: \w+){0,2}|orin(?: \w+)?)"
    r"\W{0,3}"
    r"(?:de\s+)?$|"
    r"\b(?:cabe|cabem|caberia|fits?|roda|runs?) (?:em|numa?|in|on) (?:uma? |an? )?$"
)
_DEVICE_AFTER = re.compile(
    r"^\s*(?:de\s+)?(?:vram|ram|memoria|memory|de memoria|na placa|por gpu|cada)"
)


def is_device_memory(text: str, mention: Mention) -> bool:
    """ "uma placa de 24 GB", "80 GB de VRAM": the card's memory, not the data's."""
    if mention.unit != "byte" or mention.value < 1e9:  # no card has its memory in KB or MB
        return False
    after = text[mention.end : mention.end + 25]
    if _DEVICE_AFTER.match(after):
        return True
    return bool(_DEVICE.search(text[max(0, mention.start - 25) : mention.start]))
