"""What the license of an open model lets a client do with the fine-tuned model ("posso usar o
Llama 3.1 comercialmente?", "o Gemma tem restrição de uso?"), from
`bot/assistant/data/model_licenses.toml`; a model not there points to its own page. Fine-tuning
with us never changes what the license allows."""

import re
import tomllib
from datetime import date
from fnmatch import fnmatch
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field

from bot.assistant.reader.cues import find_models
from bot.assistant.turn import DATA_SLOTS, Turn
from locales import _
from quoting.registry import load_registry
from quoting.units import format_date

_DATA = Path(__file__).resolve().parent / "data" / "model_licenses.toml"

# "posso usar comercialmente?", "a licença da Meta deixa?", "o Gemma tem restrição de uso?"
ASKS_LICENSE = re.compile(
    r"\blicenc\w*|\blicen[sc]e\b|\busar (?:o modelo )?comercialmente\b|\buso comercial\b|"
    r"\bcommercial(?:ly)? use\b|\buse (?:it )?commercially\b|\brestric\w* de uso\b|"
    r"\btermos de uso\b|\bterms of use\b|\bvender o modelo\b"
)


class ModelLicense(BaseModel):
    models: list[str] = Field(min_length=1)
    name: str = Field(min_length=2)
    terms: str = Field(min_length=20)
    source: str = Field(pattern=r"^https://")
    as_of: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


@cache
def licenses() -> list[ModelLicense]:
    with _DATA.open("rb") as handle:
        return [ModelLicense(**entry) for entry in tomllib.load(handle)["license"]]


def _license_of(model_id: str) -> ModelLicense | None:
    return next((lic for lic in licenses() if any(fnmatch(model_id, g) for g in lic.models)), None)


# A family named with no size ("o Gemma tem restrição de uso?"): its usual model's license.
_FAMILIES = {
    "llama": ("llama-3-1-8b", "Llama 3.1, 3.2 e 3.3"),
    "gemma": ("gemma-2-9b", "Gemma"),
    "qwen": ("qwen2-5-7b", "Qwen 2.5 e Qwen3"),
    "mistral": ("mistral-7b-v0-3", "Mistral (modelos abertos)"),
    "phi": ("phi-4", "Phi"),
}
_FAMILY = re.compile(rf"\b({'|'.join(_FAMILIES)})\b")


def _one(model_id: str, said: str = "") -> str:
    model = load_registry().find(model_id)
    if model is None:
        return ""
    found = _license_of(model.id)
    if found is None:
        page = model.source.split("/blob/")[0].split("/resolve/")[0]
        return _(
            "• {model}: não tenho a licença dele registrada; confira na página do modelo ({page})."
        ).format(model=model.name, page=page)
    return _("• {model}, sob a {license}: {terms} (fonte: {source}, lida em {date}).").format(
        model=said or model.name,
        license=found.name,
        terms=_(found.terms),
        source=found.source,
        date=format_date(date.fromisoformat(found.as_of)),
    )


def license_answer(folded: str, table_model: str | None = None) -> str:
    """The license of each model the message names (else the one on the table), and what the
    fine-tuned model may be used for."""
    named = [(model, "") for model in dict.fromkeys(model for model, *_ in find_models(folded))]
    families = [_FAMILIES[family] for family in dict.fromkeys(_FAMILY.findall(folded))]
    asked = named or families or ([(table_model, "")] if table_model else [])
    lines = [line for model, said in asked if (line := _one(model, said))]
    if not lines:
        return _(
            "A licença de uso é do dono do modelo, e o fine-tuning com a gente não muda o que ela "
            "permite. Me diga qual modelo (ex.: Llama 3.1 8B, Qwen 2.5 7B, Gemma 2 9B) que eu "
            "resumo a licença dele."
        )
    heading = _(
        "A licença de uso é do dono do modelo, e o fine-tuning com a gente não muda o que ela "
        "permite; o modelo ajustado segue a mesma licença:"
    )
    closing = _(
        "É um resumo para orientar a escolha, não parecer jurídico: vale o texto da licença."
    )
    return "\n".join([heading, *lines, "", closing])


def asks_license(turn: Turn) -> bool:
    """ "posso usar o Llama 3.1 8B comercialmente?"; not "20 mil contratos de licença" (data)"""
    sized = DATA_SLOTS & turn.slots.keys()
    # named here or on the table; with none, before the commercial file only when that has no
    # answer ("os pesos ficam nossos? tem licença?" is the service's scope)
    named = bool(find_models(turn.folded) or _FAMILY.search(turn.folded))
    named = named or bool(turn.state.slots.get("model")) or not turn.reading.wants("commercial")
    asked = bool(ASKS_LICENSE.search(turn.folded)) and "?" in turn.reading.text
    return asked and not sized and named
