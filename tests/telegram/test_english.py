"""English on Telegram: the channel's own texts follow the language of the person's Telegram app
(`language_code` "en", "en-US"), the assistant's replies and their buttons follow the language
the reply is written in, and the buttons' callback data never change; a Portuguese person sees
exactly what they saw before."""

import itertools
import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from telegram import Chat, Message, Update, User

from bot.assistant.reply import ACTION_ALTERNATIVES, ACTION_HUMAN, ACTION_QUOTE, ACTIONS
from bot.assistant.state import ConversationState, ConversationStore
from bot.relay import notices
from bot.relay.bridge import CLOSED_FOR_CLIENT, Bridge, BridgeSettings
from bot.relay.followup import FollowUp
from bot.relay.notices import LEAVE_CALLBACK, LEAVE_COMMAND
from bot.telegram.commands import WELCOME
from bot.telegram.language import user_language
from bot.telegram.views import CALLBACKS
from locales import speaking, translate
from tests.fakes.fake_telegram import FakeTelegram
from tests.telegram.test_telegram import Bot

_ids = itertools.count(700_000)
_chats = itertools.count(40_000_000)
# São Paulo is UTC-3: 13:00 UTC on a Tuesday is 10h, business hours.
TUESDAY_10H = datetime(2026, 12, 8, 13, 0, tzinfo=UTC)


def _chat() -> int:
    return next(_chats)


def _person(chat: int, language: str | None) -> dict[str, Any]:
    person: dict[str, Any] = {"id": chat, "is_bot": False, "first_name": "Client"}
    if language is not None:
        person["language_code"] = language
    return person


def _say(fake: FakeTelegram, chat: int, text: str, language: str | None) -> None:
    entities = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
    fake.push(
        {
            "message": {
                "message_id": next(_ids),
                "date": int(time.time()),
                "chat": {"id": chat, "type": "private", "first_name": "Client"},
                "from": _person(chat, language),
                "text": text,
                "entities": entities if text.startswith("/") else [],
            }
        }
    )


def _press(fake: FakeTelegram, chat: int, data: str, language: str | None) -> None:
    fake.push(
        {
            "callback_query": {
                "id": str(next(_ids)),
                "chat_instance": str(chat),
                "data": data,
                "from": _person(chat, language),
                "message": {
                    "message_id": next(_ids),
                    "date": int(time.time()),
                    "chat": {"id": chat, "type": "private", "first_name": "Client"},
                    "from": {"id": 999, "is_bot": True, "first_name": "infrabot"},
                    "text": "buttons",
                },
            }
        }
    )


def _buttons(call: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, callback data) of each button under a sent message."""
    markup = call.get("reply_markup") or {"inline_keyboard": []}
    markup = json.loads(markup) if isinstance(markup, str) else markup
    return [(b["text"], b["callback_data"]) for row in markup["inline_keyboard"] for b in row]


def _portuguese(shown: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The canonical label of each English button."""
    canonical = {translate(label, "en"): label for label in ACTIONS}
    return [(canonical[label], data) for label, data in shown]


def _english(message: str) -> str:
    english = translate(message, "en")
    assert english != message, f"no English for {message!r}"
    return english


# --- the language of the channel's own texts ---------------------------------------------------


@pytest.mark.parametrize(
    ("code", "language"),
    [("en", "en"), ("en-US", "en"), ("en-gb", "en"), ("pt-br", "pt"), ("es", "pt"), (None, "pt")],
)
def test_the_telegram_apps_language_chooses_english_or_portuguese(
    code: str | None, language: str
) -> None:
    user = User(id=1, is_bot=False, first_name="Client", language_code=code)
    message = Message(1, datetime.now(UTC), Chat(1, "private"), from_user=user)
    assert user_language(Update(1, message=message)) == language
    assert user_language(None) == "pt"


def test_every_button_label_of_a_reply_has_an_english_label() -> None:
    assert set(ACTIONS) == set(CALLBACKS)
    for label in ACTIONS:
        _english(label)


# --- the bot ------------------------------------------------------------------------------------


def test_an_english_speaker_gets_start_in_english(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, _ = telegram
    chat = _chat()
    _say(fake, chat, "/start", "en")
    [welcome] = fake.wait_texts(chat, 1)
    assert welcome == _english(WELCOME)
    assert _buttons(fake.calls("sendMessage", chat)[0]) == [
        (_english(ACTION_QUOTE), "acao:cotacao"),
        (_english("Tirar uma dúvida"), "acao:duvida"),
        (_english(ACTION_HUMAN), "acao:especialista"),
    ]
    # The menu is registered in English too, for Telegram apps set to English.
    [menu] = [c for c in fake.calls("setMyCommands") if c.get("language_code") == "en"]
    assert _english("Fazer uma cotação guiada") in str(menu["commands"])


def test_an_english_message_gets_english_buttons_that_still_work(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    _say(fake, chat, "LoRA fine-tuning of a Llama 3 8B with 20,000 examples", "en")
    quote = fake.wait_texts(chat, 1)[-1]
    assert "R$" in quote
    shown = _buttons(fake.calls("sendMessage", chat)[-1])
    labels = dict(shown)
    assert labels[_english(ACTION_ALTERNATIVES)] == "acao:alternativas"
    assert labels[_english(ACTION_HUMAN)] == "acao:especialista"
    assert all(data == CALLBACKS[label] for label, data in _portuguese(shown))
    # Pressing the English button is handled as the Portuguese one always was: the other
    # machines, priced; still in English, the conversation's language ("Ver alternativas", the
    # text the button sends, is too short to say one), buttons included.
    _press(fake, chat, "acao:alternativas", "en")
    alternatives = fake.wait_texts(chat, 2)[-1]
    assert len(fake.texts(chat)) == 2 and "R$" in alternatives
    assert dict(_buttons(fake.calls("sendMessage", chat)[-1])) == {
        _english(ACTION_HUMAN): "acao:especialista"
    }


def test_the_guided_form_speaks_english_to_an_english_app(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    _press(fake, chat, "acao:cotacao", "en")
    first = fake.wait_texts(chat, 1)[-1]
    assert first == (
        _english("1/6 · Qual modelo você quer ajustar? Escreva o nome ou o tamanho (ex.: 7B).")
        + "\n"
        + _english("(Para sair da cotação guiada: /cancelar.)")
    )
    _press(fake, chat, "form:model:llama-3-8b", "en")
    second = fake.wait_texts(chat, 2)[-1]
    assert second.startswith(_english("2/6 · Qual método?"))
    assert (_english("Pular"), "form:pular") in _buttons(fake.calls("sendMessage", chat)[-1])
    _say(fake, chat, "/cancelar", "en")
    assert fake.wait_texts(chat, 3)[-1] == _english(
        "Cotação guiada cancelada. Quando quiser, é só chamar /cotacao."
    )


def test_a_portuguese_speaker_sees_what_they_always_saw(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    for code in ("pt-br", None):
        chat = _chat()
        _say(fake, chat, "/start", code)
        [welcome] = fake.wait_texts(chat, 1)
        assert welcome == WELCOME and welcome.startswith("Olá! Eu sou o <b>infrabot</b>.")
        assert _buttons(fake.calls("sendMessage", chat)[0]) == [
            ("Fazer uma cotação", "acao:cotacao"),
            ("Tirar uma dúvida", "acao:duvida"),
            ("Falar com um especialista", "acao:especialista"),
        ]
    chat = _chat()
    _say(fake, chat, "LoRA de um Llama 3 8B com 20 mil exemplos", "pt-br")
    assert "Recomendo GPU" in fake.wait_texts(chat, 1)[-1]
    assert _buttons(fake.calls("sendMessage", chat)[-1])[0] == (
        "Ver alternativas",
        "acao:alternativas",
    )
    _press(fake, chat, "acao:alternativas", None)
    assert "além das que a cotação mostrou" in fake.wait_texts(chat, 2)[-1]


# --- a handoff: its notices keep the language the client had when it opened ---------------------


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def test_a_handoffs_notices_to_an_english_client_are_in_english(
    tmp_path: Path, use_home: Any
) -> None:
    use_home(tmp_path)
    clock = Clock(TUESDAY_10H)
    store = ConversationStore(f"sqlite:///{tmp_path / 'relay.db'}")
    bridge = Bridge(
        store.engine,
        BridgeSettings(
            handoff_channel="CHANDOFF",
            remind_after=timedelta(minutes=15),
            tell_client_after=timedelta(minutes=30),
        ),
        clock=clock,
    )
    sent: list[dict[str, Any]] = []

    def delivered() -> list[dict[str, Any]]:
        bridge.outbox.pump("telegram", lambda message: sent.append(message.payload))
        return sent

    state = ConversationState(id="telegram:8")
    handoff = bridge.open_handoff("telegram:8", 8, "Ann Client", state, language="en")
    assert handoff is not None and bridge.handoffs.language(handoff.id) == "en"
    [opening] = delivered()
    assert "Estamos" not in opening["text"] and f"/{LEAVE_COMMAND}" in opening["text"]
    assert _english(
        "Estamos no horário de atendimento: alguém da equipe responde aqui nesta conversa "
        "assim que puder."
    ) in str(opening["text"])
    assert opening["buttons"] == [[_english("Voltar a falar com o bot"), LEAVE_CALLBACK]]

    clock.now = TUESDAY_10H + timedelta(minutes=50)  # nobody answered: the client is told
    FollowUp(bridge).run()
    late = delivered()[-1]
    with speaking("en"):
        assert late["text"] == notices.late_for_client()
    assert late["text"] != notices.late_for_client()  # Portuguese, out here
    assert late["buttons"] == [[_english("Voltar a falar com o bot"), LEAVE_CALLBACK]]

    bridge.staff_said(handoff, "slack:1", "Bia", "Hi Ann!", time.time())
    assert delivered()[-1]["text"] == _english("{name} (equipe infrabot): {text}").format(
        name="Bia", text="Hi Ann!"
    )
    assert bridge.close(handoff, "slack:U1", "Bia")
    assert delivered()[-1]["text"] == _english(CLOSED_FOR_CLIENT)

    # A Portuguese client's handoff says what it always said; LGPD deletion takes the language.
    other = bridge.open_handoff("telegram:9", 9, "Ana", ConversationState(id="telegram:9"))
    assert other is not None and bridge.handoffs.language(other.id) == "pt"
    assert "Estamos no horário de atendimento" in delivered()[-1]["text"]
    bridge.forget("telegram:8", 8, [])
    assert bridge.handoffs.language(handoff.id) == "pt"
