"""The words of a quote explained in plain Portuguese ("no orçamento aparece '3 épocas' e
'tokens'. o que é isso?"), each one the message names; None when it names none of them."""

import re

from locales import N_, _

_TERMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bepocas?\b|\bepochs?\b"), N_(
        "Época: uma passada completa do treino por todos os seus exemplos. Com 3 épocas, o "
        "modelo lê cada exemplo três vezes; o tempo e o custo da máquina crescem na mesma "
        "proporção."
    )),
    (re.compile(r"\btokens?\b"), N_(
        "Token: o pedaço de texto que o modelo lê de cada vez, uma palavra ou parte dela; em "
        "português, cerca de 1,5 token por palavra. É pelos tokens que medimos o tamanho dos dados "
        "e o tempo de treino."
    )),
    (re.compile(r"\bqlora\b"), N_(
        "QLoRA: o LoRA feito sobre o modelo comprimido em 4 bits; cabe em placas menores e sai "
        "mais barato, com uma pequena perda possível de qualidade."
    )),
    (re.compile(r"\blora\b"), N_(
        "LoRA: em vez de ajustar todos os pesos do modelo, o treino ajusta pequenos adaptadores "
        "presos a ele; pede bem menos memória e tempo que o ajuste completo."
    )),
    (re.compile(r"\b(?:ajuste completo|full(?: fine-?tuning)?)\b"), N_(
        "Ajuste completo: o treino ajusta todos os pesos do modelo; é o que mais pede memória e "
        "tempo."
    )),
    (re.compile(r"\bspot\b|\bpreemptiv\w*"), N_(
        "Spot: máquina com desconto que o provedor pode tomar de volta no meio do treino; "
        "retomamos do último checkpoint, e o tempo extra já entra na cotação."
    )),
    (re.compile(r"\bcheckpoints?\b"), N_(
        "Checkpoint: uma cópia do treino salva de tempos em tempos, para retomar dali se a máquina "
        "parar."
    )),
    (re.compile(r"\bvram\b|\bmemoria da (?:gpu|placa)\b"), N_(
        "VRAM: a memória da placa de vídeo (GPU); o modelo e o treino precisam caber nela."
    )),
)  # fmt: skip


def explained(folded: str) -> str | None:
    """Each term of the quote the message names, explained; None when it names none."""
    said = [_(text) for pattern, text in _TERMS if pattern.search(folded)]
    return "\n".join(f"• {text}" for text in said) if said else None
