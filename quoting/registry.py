"""Model registry: architectures of popular open models, looked up by the names people type.

An unknown model given only by its parameter count gets dimensions from a scaling rule (see
`derive_architecture`).
"""

import difflib
import re
from datetime import date
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from locales import N_
from quoting.datafiles import DATA_DIR, load

DEFAULT_REGISTRY = DATA_DIR / "models.toml"


class Architecture(BaseModel):
    """What the estimator needs to know about a network's shape."""

    id: str
    name: str
    architecture: Literal["decoder", "encoder", "encoder-decoder"]
    params: float = Field(gt=0)
    active_params: float = Field(gt=0)
    layers: int = Field(ge=1)
    hidden_size: int = Field(ge=1)
    heads: int = Field(ge=1)
    kv_heads: int = Field(ge=1)
    head_dim: int = Field(ge=1)
    intermediate_size: int = Field(ge=1)
    mlp: Literal["gated", "standard"]
    experts: int = Field(default=1, ge=1)
    experts_per_token: int = Field(default=1, ge=1)
    vocab_size: int = Field(ge=1)
    max_context: int = Field(ge=1)
    tied_embeddings: bool = False
    # Every example fills the whole context: Whisper pads audio to 30 s windows, a ViT reads a
    # fixed number of patches. A job that does not say its tokens per example uses the context.
    fixed_input: bool = False

    @property
    def embedding_params(self) -> float:
        return float(self.vocab_size * self.hidden_size * (1 if self.tied_embeddings else 2))

    @property
    def kv_dim(self) -> int:
        return self.kv_heads * self.head_dim

    @property
    def attention_dim(self) -> int:
        return self.heads * self.head_dim


class ModelEntry(Architecture):
    family: str
    aliases: list[str]
    source: str = Field(min_length=3)
    as_of: date

    @model_validator(mode="after")
    def _consistent(self) -> "ModelEntry":
        if self.active_params > self.params:
            raise ValueError("active_params não pode passar de params")
        if self.experts_per_token > self.experts:
            raise ValueError("experts_per_token não pode passar de experts")
        return self


class RegistryFile(BaseModel):
    model: list[ModelEntry]


def normalize_name(text: str) -> str:
    """'Llama-3.1-8B' and 'llama 3.1 8b' are the same key: lowercase letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def shared_prefix(one: str, other: str) -> int:
    """How many leading characters two ids share: models of one generation share the most."""
    return next(
        (i for i, (a, b) in enumerate(zip(one, other, strict=False)) if a != b),
        min(len(one), len(other)),
    )


class Registry:
    def __init__(self, entries: list[ModelEntry]) -> None:
        self.entries = entries
        self._by_key: dict[str, ModelEntry] = {}
        for entry in entries:
            for name in (entry.id, entry.name, *entry.aliases):
                key = normalize_name(name)
                other = self._by_key.setdefault(key, entry)
                if other is not entry:
                    raise ValueError(f"o nome '{name}' aponta para {other.id} e {entry.id}")
        # How a name can begin: a reader scanning a long message skips words no name starts with.
        self.starts = frozenset(key[:2] for key in self._by_key)

    def find(self, name: str) -> ModelEntry | None:
        return self._by_key.get(normalize_name(name))

    def find_key(self, key: str) -> ModelEntry | None:
        """The model of a name already normalized (`normalize_name`)."""
        return self._by_key.get(key)

    @property
    def families(self) -> frozenset[str]:
        return frozenset(entry.family for entry in self.entries)

    def sized(self, family: str, params: float, like: str = "") -> ModelEntry | None:
        """The model of `family` whose size is within 30% of `params` ("o Llama de 8B"), the
        closest first; among equals, the one whose id shares most with `like` (the same
        generation as the model the client had)."""
        if params <= 0:  # "um llama de 0B": no model has that size; the engine says why
            return None
        near = [
            entry
            for entry in self.entries
            if entry.family == family and abs(entry.params / params - 1) <= 0.3
        ]
        if not near:
            return None

        return min(
            near, key=lambda entry: (abs(entry.params / params - 1), -shared_prefix(entry.id, like))
        )

    def suggestions(self, name: str, limit: int = 3) -> list[str]:
        keys = difflib.get_close_matches(normalize_name(name), self._by_key, n=limit * 3)
        ids = dict.fromkeys(self._by_key[key].id for key in keys)
        return list(ids)[:limit]


@cache
def load_registry(path: Path = DEFAULT_REGISTRY) -> Registry:
    return Registry(load(path, RegistryFile).model)


# Scaling rule for a model known only by its size. Decoder-only, Llama-style (gated MLP with
# intermediate = 8/3 hidden, so a block holds about 12 * hidden^2 parameters) and full
# multi-head attention (no GQA: larger KV activations keep the estimate on the safe side).
# Vocabulary: GPT-2's 50,257 below 1B parameters, 128k above like today's models (large logits,
# again the safe side). The aspect ratio hidden/layers is 64 below 1B parameters (BERT-base,
# GPT-2: 768/12) and 128 above (Llama 3 8B: 4096/32); Kaplan et al. 2020 (arXiv:2001.08361,
# sec. 3.1) found loss insensitive to it, so the rule only needs to be typical, not exact.
_HEAD_DIM = 64


def derive_architecture(params: float) -> Architecture:
    small = params < 1e9
    ratio = 64 if small else 128
    vocab = 50_257 if small else 128_000
    hidden = _HEAD_DIM
    layers = 1
    for _ in range(4):  # the embedding share depends on hidden; a few passes settle it
        non_embedding = max(params - 2 * vocab * hidden, params * 0.3)
        layers = max(1, round((non_embedding / (12 * ratio**2)) ** (1 / 3)))
        hidden = max(_HEAD_DIM, _HEAD_DIM * round((non_embedding / (12 * layers)) ** 0.5 / 64))
    heads = hidden // _HEAD_DIM
    return Architecture(
        id="personalizado",
        name=N_("Modelo informado pelo tamanho"),  # shown translated (composer)
        architecture="decoder",
        params=params,
        active_params=params,
        layers=layers,
        hidden_size=hidden,
        heads=heads,
        kv_heads=heads,
        head_dim=_HEAD_DIM,
        intermediate_size=_HEAD_DIM * max(1, round(hidden * 8 / 3 / _HEAD_DIM)),
        mlp="gated",
        vocab_size=vocab,
        max_context=131_072,
    )
