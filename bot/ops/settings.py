"""Numeric settings read from the environment: a value that is not what it must be stops the
start with one pt-BR line (BadSetting), never a traceback in the middle of a run."""

import os

from bot.ops.errors import BadSetting


def positive_seconds(name: str, default: float) -> float:
    """`name` as a number of seconds greater than 0; `default` when unset."""
    raw = os.environ.get(name) or str(default)
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not seconds > 0:
        raise BadSetting(f"{name} deve ser um número de segundos maior que 0 (veio {raw!r})")
    return seconds
