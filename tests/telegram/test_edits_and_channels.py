"""An edited message or a channel post gets no error and no apology: the bot lets them be, and
the chat goes on as before."""

import time
from collections.abc import Iterator

import pytest

from tests.fakes.fake_telegram import FakeTelegram
from tests.telegram.test_telegram import Bot


@pytest.fixture(scope="module")
def telegram(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[FakeTelegram, Bot]]:
    # An empty home: answers come from the packaged corpus (BM25), no index to build.
    home = tmp_path_factory.mktemp("home")
    fake = FakeTelegram()
    bot = Bot(fake, home, f"sqlite:///{home / 'bot.db'}")
    bot.start()
    yield fake, bot
    bot.stop()
    fake.close()


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
