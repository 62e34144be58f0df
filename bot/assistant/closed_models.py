"""Models whose makers never publish the weights (GPT-4o, Claude, Gemini): no one can fine-tune
them on rented machines, only through the maker's own service. A client who asks to train one
here gets that said, and the open models of a similar size we do train."""

import re

from locales import _

_CLOSED = re.compile(
    # "GPT-4o mini", never "um GPT só meu" (a chatbot of their own, any model)
    r"\b(?P<name>gpt[- ]?(?:3\.5|4\.1|4o|4|5)(?:[- ](?:mini|nano|turbo))?|"
    r"claude(?: (?:\d(?:\.\d)?|haiku|sonnet|opus))*|"
    r"gemini(?: \d(?:\.\d)?)?(?: (?:pro|flash|ultra))?)"
    r"(?![\w.-])"
)
_MAKERS = {"gpt": "OpenAI", "claude": "Anthropic", "gemini": "Google"}
_TRAINING = re.compile(
    r"fine-?tun\w*|\btrein\w*|\bajust\w*|\blora\b|\bqlora\b|\btrain\w*|\bfinetun"
)


# "um assistente tipo ChatGPT treinado com o nosso catálogo": the kind of product, not the model
_LIKE = re.compile(
    r"\b(?:tipo|como o|como um|igual ao|parecido com|estilo|like|similar to)\s+(?:o |a )?$"
)


def closed_model(folded: str) -> str | None:
    """The closed model `folded` asks to train, as said, or None."""
    said = _CLOSED.search(folded)
    if said is None or _LIKE.search(folded, max(0, said.start() - 20), said.start()):
        return None
    return said["name"] if _TRAINING.search(folded) else None


def closed_model_reply(name: str) -> str:
    """pt-BR: why that model cannot be trained here, and what can."""
    maker = _MAKERS[re.match(r"[a-z]+", name)[0]]  # type: ignore[index]
    shown = (
        name.replace("gpt", "GPT").replace("chatGPT", "ChatGPT") if "gpt" in name else name.title()
    )
    return _(
        "O {model} é um modelo fechado: a {maker} não publica os pesos, então ninguém consegue "
        "treiná-lo em máquinas alugadas, nem nós; o ajuste dele só existe pelo serviço da própria "
        "{maker}. Nas nossas máquinas treinamos modelos abertos, e os de tamanho parecido (Llama "
        "3.1 8B, Qwen 2.5 7B, Gemma 2 9B) costumam servir para as mesmas tarefas: diga qual e o "
        "tamanho dos dados, e eu faço a cotação."
    ).format(model=shown, maker=maker)
