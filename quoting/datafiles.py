"""Loading of the engine's TOML data files, validated by pydantic, with pt-BR errors."""

import tomllib
from datetime import date
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, Field, ValidationError

from quoting.errors import DataFileError

DATA_DIR = Path(__file__).parent / "data"

ModelT = TypeVar("ModelT", bound=BaseModel)


class Sourced(BaseModel):
    """Every figure in a data file says where it comes from and when."""

    source: str = Field(min_length=3)
    as_of: date


def load(path: Path, schema: type[ModelT]) -> ModelT:
    """Read a TOML file and validate it; any problem becomes a DataFileError naming the file."""
    try:
        with path.open("rb") as handle:
            raw = tomllib.load(handle)
    except FileNotFoundError as error:
        raise DataFileError(f"Arquivo de dados não encontrado: {path}") from error
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise DataFileError(f"Não consegui ler {path}: {error}") from error
    return validate(path, raw, schema)


def validate(path: Path, raw: object, schema: type[ModelT]) -> ModelT:
    """`raw` (read from `path`, perhaps merged with other data) as `schema`; a problem becomes a
    DataFileError naming the file and the field."""
    try:
        return schema.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise DataFileError(
            f"{path.name} é inválido em '{where}': {first['msg']} "
            f"({error.error_count()} "
            f"{'problema' if error.error_count() == 1 else 'problemas'} no total)"
        ) from error
