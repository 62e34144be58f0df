import pytest

from quoting.errors import InvalidJob
from quoting.jobspec import JobSpec, normalize


def test_defaults_are_written_back_with_portuguese_assumptions() -> None:
    job = normalize(JobSpec(model="llama 3 8b"))
    assert job.model == "llama-3-8b"
    assert job.method == "lora" and job.lora_rank == 16
    assert job.examples == 10_000 and job.tokens_per_example == 512
    assert job.dataset_tokens == 10_000 * 512
    assert {"method", "examples", "epochs", "seq_len", "batch_size"} <= set(job.assumed)
    assert "10.000 exemplos." in job.assumptions
    assert "Método LoRA." in job.assumptions


def test_given_values_are_not_reported_as_assumed() -> None:
    job = normalize(JobSpec(model="llama-3-8b", method="qlora", examples=5000, epochs=1))
    assert "method" not in job.assumed and "examples" not in job.assumed
    assert job.total_tokens == 5000 * 512


def test_a_size_alone_gets_a_derived_architecture() -> None:
    job = normalize(JobSpec(params=13e9))
    assert job.model is None
    assert job.architecture.layers > 0
    assert any("Arquitetura estimada" in text for text in job.assumptions)


@pytest.mark.parametrize(
    ("model", "positions"), [("whisper-small", 1500), ("vit-base-patch16-224", 197)]
)
def test_a_model_with_fixed_inputs_fills_its_context_with_every_example(
    model: str, positions: int
) -> None:
    job = normalize(JobSpec(model=model, examples=30_000))
    assert job.tokens_per_example == positions
    assert f"{positions:,} tokens por exemplo".replace(",", ".") in " ".join(job.assumptions)


def test_long_examples_raise_the_default_sequence_length() -> None:
    assert normalize(JobSpec(model="llama-3-8b", tokens_per_example=3000)).seq_len == 4096


@pytest.mark.parametrize(
    ("spec", "field", "fragment"),
    [
        (JobSpec(params=1e15), "--params", "entre 1 milhão e 2 trilhões de parâmetros"),
        (JobSpec(params=-7e9), "--params", "entre"),
        (JobSpec(params=0), "--params", "entre"),
        (JobSpec(model="llama-3-8b", method="dpo"), "--method", "full, lora, qlora"),
        (JobSpec(model="llama-3-8b", method="qlora", precision="fp32"), "--precision", "fp32"),
        (JobSpec(model="llama-3-8b", seq_len=100_000), "--seq-len", "8.192"),
        (JobSpec(model="llama-3-8b", batch_size=0), "--batch-size", "entre"),
        (JobSpec(model="llama-3-8b", examples=-5), "--examples", "entre"),
        (
            JobSpec(model="llama-3-8b", dataset_tokens=1e9, examples=100),
            "--dataset-tokens",
            "não os dois",
        ),
        (JobSpec(model="llama-3-8b", method="full", lora_rank=8), "--lora-rank", "lora ou qlora"),
        (JobSpec(model="llama-3-8b", epochs=0), "--epochs", "entre"),
        (JobSpec(model="llama-3-8b", deadline_hours=-1), "--deadline-hours", "entre"),
        (JobSpec(model="gpt-17"), "--model", "não conheço"),
        (JobSpec(), "--model", "informe o modelo"),
        (JobSpec(model="llama-3-8b", params=8e9), "--params", "não os dois"),
    ],
)
def test_bad_values_name_the_field_and_the_range(spec: JobSpec, field: str, fragment: str) -> None:
    with pytest.raises(InvalidJob) as raised:
        normalize(spec)
    assert raised.value.field == field
    assert fragment in str(raised.value)
