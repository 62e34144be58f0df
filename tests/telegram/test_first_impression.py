"""What a new client meets first on Telegram: answers not bold from end to end, a /cotacao form
that answers questions, reads a whole job at once, restarts and says how to leave, takes the
deadline into the quote; "Ver alternativas" that adds something; their own quotes in their words;
/especialista without a team online; updates of a new bot token not dropped as repeats."""

import re
import time
from pathlib import Path

from bot.assistant.reply import Reply
from bot.telegram.views import to_html
from tests.fakes.fake_telegram import FakeTelegram
from tests.telegram.test_telegram import Bot


def _chat() -> int:
    return int(time.time() * 1000) % 10_000_000 + 20_000_000


def _html(fake: FakeTelegram, chat: int) -> list[str]:
    return [str(call.get("text", "")) for call in fake.calls("sendMessage", chat)]


# --- 1. bold ------------------------------------------------------------------------------------


def test_a_one_paragraph_answer_is_not_bold_only_its_labels_are(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "o que é LoRA?")
    fake.wait_texts(chat, 1)
    answer = _html(fake, chat)[0]
    paragraph = answer.split("\n\n", 1)[0]
    assert "LoRA" in paragraph and "<b>" not in paragraph
    assert "<b>Fonte</b>:" in answer
    fake.message(chat, "LoRA de um Llama 3 8B com 20 mil exemplos")
    fake.wait_texts(chat, 2)
    quote = _html(fake, chat)[1]
    assert "<b>Recomendo GPU</b>:" in quote and "<b>O que você paga</b>:" in quote


def test_a_reply_in_one_line_has_no_bold() -> None:
    reply = Reply(answer="Sim, dá para migrar depois: o código muda pouco.", intent="question")
    assert "<b>" not in to_html(reply)


# --- 2. the form ----------------------------------------------------------------------------------


def test_a_question_at_the_first_step_is_answered_and_the_form_goes_on(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "/cotacao")
    first = fake.wait_texts(chat, 1)[-1]
    assert "1/6" in first and "/cancelar" in first
    fake.message(chat, "o que é LoRA?")
    answer, again = fake.wait_texts(chat, 3)[1:3]
    assert "LoRA" in answer and "Não entendi" not in answer
    assert "1/6" in again and "/cancelar" in again
    fake.press(chat, "form:model:llama-3-8b")
    assert "2/6" in fake.wait_texts(chat, 4)[-1]


def test_a_whole_job_at_the_first_step_fills_every_step_it_answers(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "/cotacao")
    fake.wait_texts(chat, 1)
    fake.message(chat, "LoRA de um Llama 3 8B com 20 mil exemplos de 512 tokens em 2 dias")
    next_step = fake.wait_texts(chat, 2)[-1]
    assert "4/6" in next_step and "Anotei o modelo, o método, o dataset e o prazo" in next_step
    fake.press(chat, "form:pular")
    assert "5/6" in fake.wait_texts(chat, 3)[-1]
    fake.press(chat, "form:data_residency:br")
    final = fake.wait_texts(chat, 4)[-1]  # no 6/6: the deadline was given
    assert "20.000 exemplos de 512 tokens" in final and "LoRA" in final
    assert "Prazo de 48 h: atendido" in final


def test_an_answer_to_another_step_is_noted_and_the_step_asked_again(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "/cotacao")
    fake.wait_texts(chat, 1)
    fake.press(chat, "form:model:llama-3-8b")
    assert "2/6" in fake.wait_texts(chat, 2)[-1]
    fake.message(chat, "e se forem 20 mil exemplos?")
    again = fake.wait_texts(chat, 3)[-1]
    assert again.startswith("Anotei o dataset.") and "2/6" in again
    # A real question at this step still goes to the assistant, even one naming a method.
    fake.message(chat, "o que é QLoRA?")
    answer, asked = fake.wait_texts(chat, 5)[3:5]
    assert "QLoRA" in answer and "Anotei" not in answer
    assert "Continuando a cotação guiada" in asked and "2/6" in asked
    fake.press(chat, "form:method:lora")
    assert "4/6" in fake.wait_texts(chat, 6)[-1]  # the dataset is not asked again
    fake.press(chat, "form:pular")
    fake.wait_texts(chat, 7)
    fake.press(chat, "form:pular")
    fake.wait_texts(chat, 8)
    fake.press(chat, "form:pular")
    assert "20.000 exemplos" in fake.wait_texts(chat, 9)[-1]


def test_cotacao_in_the_middle_of_the_form_starts_over_and_says_so(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "/cotacao")
    fake.wait_texts(chat, 1)
    fake.press(chat, "form:model:mistral-7b")
    assert "2/6" in fake.wait_texts(chat, 2)[-1]
    fake.message(chat, "/cotacao")
    restarted = fake.wait_texts(chat, 3)[-1]
    assert "passo 2/6" in restarted and "recomecei" in restarted and "1/6" in restarted


# --- 3. the deadline ------------------------------------------------------------------------------


def test_a_deadline_given_before_the_last_step_reaches_the_quote(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "/cotacao")
    fake.wait_texts(chat, 1)
    fake.press(chat, "form:model:llama-3-8b")
    fake.wait_texts(chat, 2)
    fake.press(chat, "form:method:lora")
    assert "3/6" in fake.wait_texts(chat, 3)[-1]
    fake.message(chat, "20 mil exemplos, preciso em 3 dias")
    assert "Anotei o dataset e o prazo" in fake.wait_texts(chat, 4)[-1]
    fake.press(chat, "form:pular")
    fake.wait_texts(chat, 5)
    fake.press(chat, "form:pular")
    final = fake.wait_texts(chat, 6)[-1]  # the deadline is not asked again
    assert "Prazo de 72 h: atendido" in final and "20.000 exemplos" in final


# --- 4. alternatives ------------------------------------------------------------------------------


def test_ver_alternativas_shows_only_machines_the_quote_did_not(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "QLoRA do mistral 7b com 5 mil exemplos")
    quote = fake.wait_texts(chat, 1)[-1]
    fake.press(chat, "acao:alternativas")
    more = fake.wait_texts(chat, 2)[-1]
    assert "além das que a cotação mostrou" in more
    # Each machine's own total is the first price on its line: none is one the quote gave.
    totals = [_prices(line)[0] for line in more.splitlines() if line.startswith("• ")]
    assert totals and not set(totals) & set(_prices(quote))
    assert "Recomendo" not in more


def _prices(text: str) -> list[str]:
    return re.findall(r"R\$ [\d.]+,\d\d", text)


# --- 5. the client's list -------------------------------------------------------------------------


def test_the_clients_list_shows_no_internal_status(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "LoRA do mistral 7b com 10 mil exemplos")
    fake.wait_texts(chat, 1)
    fake.message(chat, "/minhas_cotacoes")
    listing = fake.wait_texts(chat, 2)[-1]
    assert "COT-" in listing and "proposta em preparação" in listing
    assert "rascunho" not in listing


# --- 6. /especialista without Slack -------------------------------------------------------------


def test_especialista_without_a_team_online_says_when_and_where(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "/especialista")
    answer = fake.wait_texts(chat, 1)[-1]
    assert "comercial@infrabot.com.br" in answer and "das 9h às 18h" in answer
    assert "Vou chamar" not in answer


# --- 7. a new bot token ---------------------------------------------------------------------------


def test_after_a_token_change_update_ids_the_old_bot_used_are_answered(
    tmp_path: Path,
) -> None:
    database = f"sqlite:///{tmp_path / 'bot.db'}"
    old = FakeTelegram(token="123:ANTIGO")
    bot = Bot(old, tmp_path, database)
    try:
        bot.start()
        old.message(4646, "/ajuda")  # update 1 of the old bot
        assert "/cotacao" in old.wait_texts(4646, 1)[-1]
    finally:
        bot.stop()
        old.close()
    new = FakeTelegram(token="456:NOVO")  # its updates count from 1 again
    bot = Bot(new, tmp_path, database)
    try:
        bot.start()
        new.message(4747, "/ajuda")
        assert new.wait_for(lambda: bool(new.texts(4747)), 30)
    finally:
        bot.stop()
        new.close()
