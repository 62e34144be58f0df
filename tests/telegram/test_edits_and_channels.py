"""An edited message or a channel post gets no error and no apology; a reply Telegram fails to
take is sent again; a button nobody knows is answered; the guided form asks again for a count it
cannot use instead of failing at its last step."""

import time

from tests.fakes.fake_telegram import FakeTelegram
from tests.telegram.test_telegram import Bot


def test_edits_and_channel_posts_get_no_error(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, _ = telegram
    chat, channel = 4242, -100777
    now = int(time.time())
    person = {"id": chat, "is_bot": False, "first_name": "Cliente"}
    fake.push(
        {
            "edited_message": {
                "message_id": 1,
                "date": now,
                "edit_date": now + 5,
                "text": "o que é LoRA?",
                "chat": {"id": chat, "type": "private"},
                "from": person,
            }
        }
    )
    post = {
        "message_id": 2,
        "date": now,
        "text": "/ajuda",
        "chat": {"id": channel, "type": "channel"},
    }
    fake.push({"channel_post": post})
    fake.push({"edited_channel_post": {**post, "edit_date": now + 9}})
    fake.message(chat, "/ajuda")
    [help_text] = fake.wait_texts(chat, 1)
    time.sleep(1.0)  # anything the edit or the posts caused would be sent by now
    assert fake.texts(chat) == [help_text]
    assert "desculp" not in help_text.lower()
    assert fake.calls("sendMessage", channel) == []


def test_the_form_asks_again_for_a_negative_or_mistyped_count(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = 4343
    fake.message(chat, "/cotacao")
    assert "1/6" in fake.wait_texts(chat, 1)[-1]
    fake.press(chat, "form:model:llama-3-8b")
    fake.press(chat, "form:method:qlora")
    assert "3/6" in fake.wait_texts(chat, 3)[-1]
    fake.message(chat, "-5 exemplos")
    again = fake.wait_texts(chat, 4)[-1]
    assert "maior que zero" in again and "3/6" in again
    fake.message(chat, "1.500.00 exemplos")
    assert "Não entendi" in fake.wait_texts(chat, 5)[-1]
    fake.message(chat, "5 mil exemplos")
    assert "4/6" in fake.wait_texts(chat, 6)[-1]


def test_a_reply_telegram_fails_to_take_is_sent_again(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, _ = telegram
    chat = 4444
    fake.failing = True  # every sendMessage answered with a 500 (and not recorded)
    fake.message(chat, "o que é LoRA?")  # an assistant reply
    time.sleep(1.5)
    fake.failing = False
    assert fake.wait_for(lambda: bool(fake.texts(chat)), 30)
    [answer] = fake.texts(chat)
    assert "LoRA" in answer and "Desculpe" not in answer


def test_a_button_nobody_knows_is_answered(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, _ = telegram
    before = len(fake.calls("answerCallbackQuery"))
    fake.press(4545, "botao:que-nao-existe")
    assert fake.wait_for(lambda: len(fake.calls("answerCallbackQuery")) > before, 30)
    assert "/ajuda" in str(fake.calls("answerCallbackQuery")[-1].get("text"))
