"""What a client may do with the fine-tuned model, by the license of the model it names."""

from fnmatch import fnmatch

from bot.assistant.model_licenses import license_answer, licenses
from bot.assistant.reader.text import normalize
from quoting.registry import load_registry


def test_every_license_names_models_of_the_registry() -> None:
    ids = [model.id for model in load_registry().entries]
    for entry in licenses():
        for pattern in entry.models:
            assert any(fnmatch(model, pattern) for model in ids), pattern


def test_the_license_of_the_model_named_says_whether_it_may_be_sold() -> None:
    llama = license_answer(normalize("posso usar o Llama 3.1 8B comercialmente no meu SaaS?"))
    assert "Llama 3.x Community License" in llama and "700 milhões" in llama, llama
    assert "https://www.llama.com/llama3_1/license/" in llama
    small_qwen = license_answer(normalize("e o Qwen 2.5 3B, posso vender o modelo?"))
    assert "Qwen Research License" in small_qwen and "não comercial" in small_qwen, small_qwen
    assert "não parecer jurídico" in small_qwen


def test_a_family_named_without_a_size_gets_its_license() -> None:
    answer = license_answer(normalize("O Gemma tem alguma restrição de uso na licença?"))
    assert "Gemma Terms of Use" in answer, answer


def test_a_model_with_no_license_on_record_points_to_its_page() -> None:
    answer = license_answer(normalize("a licença do Falcon 7B deixa usar comercialmente?"))
    assert "huggingface.co/tiiuae/falcon-7b" in answer and "não tenho a licença" in answer


def test_the_model_on_the_table_is_the_one_asked_about() -> None:
    answer = license_answer(normalize("posso usar comercialmente?"), "mistral-7b-v0-3")
    assert "Apache 2.0" in answer, answer
