"""The size in tokens asked with no quote: the reading, its arithmetic and the total per epoch."""

from datetime import datetime
from zoneinfo import ZoneInfo

from bot.assistant.reading import read_message
from bot.assistant.state import ConversationState
from bot.assistant.token_count import asks_tokens, token_answer
from bot.assistant.turn import Turn

NOW = datetime(2026, 12, 3, 10, 0, tzinfo=ZoneInfo("America/Sao_Paulo"))


def test_the_tokens_of_the_data_are_counted_with_the_arithmetic_shown() -> None:
    reading = read_message(
        "40 mil perguntas e respostas de umas 100 palavras cada dá quantos tokens? Não preciso "
        "de preço agora.",
        NOW,
    )
    assert asks_tokens(Turn(reading, ConversationState(id="t")))
    answer = token_answer(reading)
    assert "6 milhões de tokens por época" in answer, answer
    assert "40.000 perguntas \u00d7 ~100 palavras" in answer, answer
    assert "18 milhões de tokens" in answer, answer


def test_a_job_with_a_model_and_no_word_against_a_price_is_quoted_instead() -> None:
    reading = read_message(
        "LoRA no Llama 3.1 8B com 40 mil pares de ~100 palavras, quantos tokens?"
    )
    assert not asks_tokens(Turn(reading, ConversationState(id="t")))


def test_the_epochs_the_client_states_are_the_ones_counted() -> None:
    reading = read_message(
        "10 mil pares de ~100 palavras, 2 épocas: dá quantos tokens? sem preço por enquanto", NOW
    )
    answer = token_answer(reading)
    assert "com 2 épocas" in answer and "3 milhões de tokens" in answer, answer
