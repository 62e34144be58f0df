"""Epochs from a trainer's settings: max_steps at an effective batch (per-device batch x gradient
accumulation x GPUs, or the total the trainer prints) over the examples trained on. As in
Hugging Face's Trainer, max_steps wins over an epoch count said beside it."""

import re
from dataclasses import dataclass

from bot.assistant.reader.quantity_arithmetic import TIMES, said_amount
from bot.assistant.reader.spans import number
from locales import _

_NUMBER = r"\d+(?:[.,]\d{3})*"
_STEPS = re.compile(
    rf"\b(?:max steps|total optimization steps)\s*[:=]?\s*(?P<n>{_NUMBER})\b|"
    rf"(?<![\d.,])(?P<n2>{_NUMBER})\s+(?:passos|steps)\b(?! (?:de )?(?:aquecimento|warmup))"
)
_PER_DEVICE = re.compile(
    r"\b(?:per device (?:train )?batch size|micro batch size|batch (?:size )?(?:por|per) "
    r"(?:device|gpu|dispositivo|placa))\s*[:=]?\s*(?P<n>\d+)|"
    r"\bbatch (?:size )?(?:de |of )?(?P<n2>\d+) (?:por|per) (?:gpu|device|dispositivo|placa)"
)
_ACCUMULATION = re.compile(
    r"\b(?:gradient accumulation(?: steps)?|grad(?:ient)? accum\w*|acumulacao(?: de gradientes?)?)"
    r"\s*(?:de\s*)?[:=]?\s*(?P<n>\d+)"
)
_GPUS = re.compile(
    r"\b(?:em|on|across|with|rodando em)\s+(?P<n>\d+)\s*x?\s*(?:gpus?|placas|cards|devices)\b|"
    r"(?<![\d.,])(?P<n2>\d+)\s+gpus?\b"
)
_ONE_EPOCH = re.compile(r"\b(?:uma|1|one|an?|cada|each|por|per) (?:epoca|epoch)\b")
_TOTAL_BATCH = re.compile(
    r"\b(?:total train batch size[^=:\d]{0,60}|batch (?:size )?(?:efetivo|global|total)(?: de)?|"
    r"effective batch(?: size)?(?: of)?)\s*[:=]?\s*(?P<n>\d+)"
)


@dataclass(frozen=True)
class TrainSteps:
    steps: float
    batch: int
    said: str
    # "max_steps: 1500" wins over "num_epochs: 3"; "rodou 6.000 steps" beside "3 épocas" does not
    maximum: bool  # "3.000 passos x batch 4 x 8 x 2 = 192.000 exemplos vistos"

    @property
    def seen(self) -> float:
        return self.steps * self.batch


def _first(pattern: re.Pattern[str], text: str) -> int | None:
    found = pattern.search(text)
    return int(found["n"] or found.groupdict().get("n2") or 0) if found else None


def train_steps(text: str) -> TrainSteps | None:
    """The examples the trainer's settings in `text` (folded) will show, or None."""
    found = _STEPS.search(text)
    steps = number(found["n"] or found["n2"]) if found else None
    if not steps or found is None or _ONE_EPOCH.search(text[found.start() - 30 : found.end() + 30]):
        return None  # "uma época dá 1.500 steps": the examples, counted elsewhere
    if total := _first(_TOTAL_BATCH, text):
        factors = [total]
    elif device := _first(_PER_DEVICE, text):
        factors = [device, _first(_ACCUMULATION, text) or 1, _first(_GPUS, text) or 1]
    else:
        return None
    batch = 1
    for factor in factors:
        batch *= factor
    if batch < 1:
        return None
    product = f" {TIMES} ".join(str(f) for f in factors)
    said = _("{steps} passos {times} batch {batch} = {seen} exemplos vistos").format(
        steps=said_amount(steps), times=TIMES, batch=product, seen=said_amount(steps * batch)
    )
    return TrainSteps(steps, batch, said, bool(found["n"]))


def epochs_note(trained: TrainSteps, examples: float, epochs: float) -> str:
    return _("Épocas: {said} ÷ {examples} exemplos = {epochs}.").format(
        said=trained.said, examples=said_amount(examples), epochs=said_amount(epochs)
    )
