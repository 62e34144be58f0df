"""Versions of one job a client asks to weigh: a grid of runs priced line by line with its total,
a cheaper version when the price is too high, and how fast a card trains."""

import re

import pytest

from bot.assistant.assistant import Assistant
from tests.assistant.chat import reais, talk

JOB = "LoRA de um Llama 3 8B com 20 mil exemplos de 500 tokens, 2 épocas"


def test_a_grid_of_runs_prices_each_line_and_totals_the_grid(assistant: Assistant) -> None:
    *_, reply = talk(
        assistant,
        JOB,
        "o time quer testar rank 8, 16 e 32, cada um com lr 1e-4 e 2e-4. "
        "me dá o preço de cada rodada e o total das 6",
    )
    answer = reply.answer
    assert "Grade de 6 rodadas" in answer, answer
    rows = [line for line in answer.splitlines() if line.startswith("| Rank ")]
    assert len(rows) == 3, answer
    each = [reais(row)[0] for row in rows]
    total = re.search(r"Total da grade: R\$ ([\d.]+,\d{2})", answer)
    assert total, answer
    # two learning rates on each rank: every line's run is paid twice
    assert reais(total.group())[0] == 2 * sum(each)


def test_seeds_and_epochs_multiply_the_runs(assistant: Assistant) -> None:
    *_, reply = talk(
        assistant,
        JOB,
        "queremos 3 seeds de cada configuração: lr 5e-5 e 1e-4, com 1 e com 3 épocas. "
        "quanto dá tudo, rodada por rodada?",
    )
    assert "Grade de 12 rodadas" in reply.answer, reply.answer
    assert "| 1 época |" in reply.answer and "| 3 épocas |" in reply.answer, reply.answer


def test_a_price_called_too_high_is_requoted_no_dearer_with_what_else_lowers_it(
    assistant: Assistant,
) -> None:
    first, second = talk(assistant, JOB, "achei salgado, o que dá pra mexer?")
    assert first.quote and second.quote, second.answer
    assert second.quote["total_brl"] <= first.quote["total_brl"]
    assert "Para baixar mais" in second.answer and "spot" in second.answer, second.answer


def _tokens_per_second(answer: str) -> int:
    found = re.search(r"treina ~([\d.]+) tokens por segundo", answer)
    assert found, answer
    return int(found.group(1).replace(".", ""))


def test_throughput_is_answered_from_the_time_model_and_a_faster_card_trains_faster(
    assistant: Assistant,
) -> None:
    (on_h100,) = talk(assistant, "Quantos tokens por segundo uma H100 faz num LoRA de um 8B?")
    (on_a100,) = talk(assistant, "Quantos tokens por segundo uma A100 faz num LoRA de um 8B?")
    assert on_h100.quote is None and on_a100.quote is None
    assert _tokens_per_second(on_h100.answer) > _tokens_per_second(on_a100.answer)


def test_examples_an_hour_follow_the_clients_length(assistant: Assistant) -> None:
    *_, reply = talk(assistant, JOB, "e quantos exemplos por hora a máquina vai processar?")
    per_second = _tokens_per_second(reply.answer)
    found = re.search(r"são ~([\d.]+) exemplos por hora", reply.answer)
    assert found, reply.answer
    per_hour = int(found.group(1).replace(".", ""))
    assert per_hour == pytest.approx(per_second * 3600 / 500, rel=0.01)


def test_a_grid_over_models_and_epochs_is_not_priced_as_one_table(assistant: Assistant) -> None:
    *_, reply = talk(
        assistant,
        JOB,
        "varredura: Llama 3.1 8B e Qwen 2.5 7B, cada um com 1 e com 3 épocas. quanto sai a grade?",
    )
    assert "Grade de" not in reply.answer, reply.answer


def test_a_job_on_the_clients_own_edge_board_gets_its_yes_or_no_first(
    assistant: Assistant,
) -> None:
    (reply,) = talk(
        assistant,
        "LoRA do Llama 3.2 1B com 5 mil exemplos de ~300 tokens no nosso Jetson AGX Orin 64GB. "
        "Dá ou não dá?",
    )
    answer = reply.answer
    assert answer.startswith("Sim: Llama 3.2 1B com LoRA cabe numa única NVIDIA Jetson AGX Orin")
    assert "Não vendemos a NVIDIA Jetson AGX Orin 64GB" in answer


def test_a_price_per_million_tokens_is_read_off_two_quotes_without_inventing_data(
    assistant: Assistant,
) -> None:
    (reply,) = talk(
        assistant, "Quanto sai, em média, cada milhão de tokens treinados num 8B com LoRA?"
    )
    answer = reply.answer
    assert "Não cobramos por token" in answer, answer
    per_million, fixed = reais(answer.split("Não cobramos por token")[1])[:2]
    # a million tokens costs far less than the set-up of a job, and both are positive
    assert 0 < per_million < fixed, answer
    assert "suposto" not in answer
