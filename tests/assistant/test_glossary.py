"""The words of a quote explained when the client asks what they mean."""

from bot.assistant.glossary import explained
from bot.assistant.reader.text import normalize


def test_each_term_named_is_explained_and_no_other() -> None:
    answer = explained(normalize('No orçamento aparece "3 épocas" e "tokens". O que é isso?'))
    assert answer is not None
    assert "Época: uma passada completa" in answer and "Token:" in answer, answer
    assert "Spot:" not in answer and "LoRA:" not in answer


def test_a_message_naming_no_term_of_ours_gets_none() -> None:
    assert explained(normalize("o que é isso no meu boleto?")) is None
