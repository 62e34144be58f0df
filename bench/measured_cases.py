"""Published measured peak-memory cases (bench/data/measured_memory.toml) as engine jobs."""

import tomllib
from pathlib import Path

from pydantic import BaseModel

from quoting.jobspec import Job, JobSpec, normalize
from quoting.registry import load_registry

DATA = Path(__file__).parent / "data" / "measured_memory.toml"
GIB = 2**30


class MeasuredCase(BaseModel):
    id: str
    model: str
    params: float
    method: str
    precision: str
    optimizer: str
    lora_rank: int
    lora_targets: str
    seq_len: int
    batch_size: int
    gradient_checkpointing: bool
    devices: int
    sharded: bool
    measured_gb: float
    unit: str
    gpu: str
    source: str
    notes: str
    comparable: bool = True
    why: str = ""

    @property
    def measured_bytes(self) -> float:
        return self.measured_gb * (GIB if self.unit == "GiB" else 1e9)

    def job(self) -> Job:
        """The case as a job: by registry name when we know the model, else by its size."""
        known = load_registry().find(self.model) is not None
        adapters = self.method != "full"
        return normalize(
            JobSpec(
                model=self.model if known else None,
                params=None if known else self.params,
                method=self.method,
                precision=self.precision,
                optimizer=self.optimizer,
                lora_rank=self.lora_rank if adapters else None,
                lora_targets=self.lora_targets if adapters else None,
                seq_len=self.seq_len,
                batch_size=self.batch_size,
                gradient_checkpointing=self.gradient_checkpointing,
            )
        )


def load_cases() -> list[MeasuredCase]:
    with DATA.open("rb") as handle:
        return [MeasuredCase.model_validate(row) for row in tomllib.load(handle)["case"]]
