"""Waiting in end-to-end tests for something another process or thread does."""

import time
from collections.abc import Callable


def wait_for(condition: Callable[[], object], timeout: float = 30, step: float = 0.05) -> bool:
    """True as soon as `condition()` is truthy; False when `timeout` seconds pass first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return False
