"""Models that read or make images, or speak (YOLO, ViT, SDXL, Flux, XTTS): the estimator is
calibrated on language models, whose memory and time grow with tokens; these grow with pixels or
audio frames. A client who asks to train one gets that said, and a specialist who quotes it."""

import re

from bot.assistant.reply import Reply
from locales import _

_MODELS = re.compile(
    r"\b(?P<name>yolo(?:v?\d+\w*)?|sdxl|stable diffusion|flux(?:\.1)?(?: dev| schnell)?|vit|"
    r"resnet\w*|efficientnet\w*|detr|segment anything|unet|controlnet|dreambooth|xtts\w*|"
    r"coqui|bark|tortoise tts|piper tts|wav2vec\w*|clip|convnext\w*|mask r-?cnn|faster r-?cnn)"
    r"(?![\w-])"
)
_TRAINING = re.compile(
    r"fine-?tun\w*|\btrein\w*|\bentrenar\b|\bajust\w*|\blora\b|\btrain\w*|\bquot\w*|\bcot\w*|"
    r"\bquanto\b|\bcuanto\b|\bhow much\b|\bcusta\b|\bsai\b|\bsaldria\b|\broda\b|\brun\b"
)


def vision_model(folded: str) -> str | None:
    """The image or speech model `folded` asks to train, as said, or None."""
    said = _MODELS.search(folded)
    return said["name"] if said and _TRAINING.search(folded) else None


def vision_model_reply(name: str, text: str) -> Reply:
    """Why a specialist quotes `name` (folded), named as `text` writes it ("YOLOv8")."""
    written = re.search(re.escape(name), text, flags=re.IGNORECASE)
    answer = _(
        "O {model} não é um modelo de linguagem: a memória e o tempo de treino dele crescem com "
        "as imagens (ou o áudio), não com tokens, e as minhas estimativas são calibradas para "
        "modelos de linguagem. Para não te passar um número errado, vou chamar um especialista "
        "da equipe, que cota esse treino com você. Se puder, adiante o número de imagens (ou de "
        "horas de áudio), a resolução e o prazo."
    ).format(model=written[0] if written else name)
    return Reply(answer=answer, intent="handoff", handoff=True)
