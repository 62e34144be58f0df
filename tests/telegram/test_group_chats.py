"""Groups and the team's commands: what one person asks for is theirs, not the chat's. Staff
commands list clients only in a staff member's private chat; in a group each member has their
own conversation, quotes and deletion, and only they can confirm it."""

import itertools
from collections.abc import Iterator

import pytest

from bot.assistant.state import ConversationStore
from tests.fakes.fake_telegram import FakeTelegram
from tests.telegram.test_telegram import Bot

STAFF = 777  # INFRABOT_STAFF of tests.telegram.test_telegram.Bot
UNKNOWN = "Não conheço esse comando. Veja /ajuda."
_chats = itertools.count(6100)


@pytest.fixture(scope="module")
def bot(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Bot]:
    home = tmp_path_factory.mktemp("home")
    fake = FakeTelegram()
    running = Bot(fake, home, f"sqlite:///{home / 'bot.db'}")
    running.start()
    yield running
    running.stop()
    fake.close()


@pytest.fixture
def telegram(bot: Bot) -> FakeTelegram:
    return bot.fake


def _next_reply(fake: FakeTelegram, chat: int, text: str, user: int | None = None) -> str:
    before = len(fake.texts(chat))
    fake.message(chat, text, user)
    return fake.wait_texts(chat, before + 1)[before]


def _quote(fake: FakeTelegram, chat: int, user: int | None = None) -> str:
    reply = _next_reply(fake, chat, "QLoRA do llama 3 8b com 5 mil exemplos", user)
    assert "R$" in reply
    return reply


def test_staff_commands_list_clients_only_in_a_staff_private_chat(
    telegram: FakeTelegram,
) -> None:
    fake = telegram
    client = next(_chats)
    _quote(fake, client)
    group = -next(_chats)
    for command in ("/cotacoes", "/enviar COT-2026-000001"):
        in_group = _next_reply(fake, group, command, STAFF)
        assert "privado" in in_group and "COT-" not in in_group and "R$" not in in_group
        # Nobody else learns that the command exists, in a group or in their own chat.
        for chat, user in ((group, client), (client, None)):
            assert _next_reply(fake, chat, command, user) == UNKNOWN
    assert "COT-" in _next_reply(fake, STAFF, "/cotacoes")
    # ... which reads as any command the bot does not have.
    assert _next_reply(fake, client, "/nao_existe") == UNKNOWN
    assert "Não há cotação guiada" in _next_reply(fake, client, "/cancelar")


def _listing(fake: FakeTelegram, group: int, member: int) -> str:
    return _next_reply(fake, group, "/minhas_cotacoes", member)


def test_in_a_group_each_member_has_their_own_conversation_and_quotes(
    telegram: FakeTelegram,
) -> None:
    fake = telegram
    group, ana, bruno = -next(_chats), next(_chats), next(_chats)
    _quote(fake, ana)  # in Ana's private chat: never listed in the group
    _quote(fake, group, ana)
    mine = _listing(fake, group, ana)
    assert mine.count("COT-") == 1 and "privado" in mine
    number = mine.split("• ", 1)[1].split(" ", 1)[0]

    assert "ainda não tem" in _listing(fake, group, bruno)
    before = len(fake.texts(group))
    fake.press(group, f"pdf:{number}", bruno)
    assert "Não encontrei" in fake.wait_texts(group, before + 1)[before]
    fake.press(group, "acao:alternativas", bruno)
    assert "Ainda não há cotação" in fake.wait_texts(group, before + 2)[before + 1]
    assert not fake.calls("sendDocument", group)


def test_in_a_group_only_the_member_who_asked_confirms_and_loses_only_their_data(
    bot: Bot,
) -> None:
    fake, store = bot.fake, ConversationStore(bot.database)
    group, ana, bruno = -next(_chats), next(_chats), next(_chats)
    _quote(fake, ana)
    _quote(fake, group, ana)
    _quote(fake, group, bruno)
    asked = _next_reply(fake, group, "/apagar_meus_dados", ana)
    assert "Confirma" in asked and "outros membros" in asked

    fake.press(group, f"lgpd:sim:{ana}", bruno)  # Bruno presses Ana's button
    assert fake.wait_for(
        lambda: any("não é seu" in str(c.get("text")) for c in fake.calls("answerCallbackQuery"))
    )
    assert "COT-" in _listing(fake, group, ana)

    before = len(fake.texts(group))
    fake.press(group, f"lgpd:sim:{ana}", ana)
    assert "Apaguei" in fake.wait_texts(group, before + 1)[before]
    # Ana's data goes everywhere, her private chat too; Bruno keeps all of his.
    assert "ainda não tem" in _listing(fake, group, ana)
    assert "ainda não tem" in _next_reply(fake, ana, "/minhas_cotacoes")
    assert store.load(f"telegram:{group}:{ana}").slots == {}
    assert store.load(f"telegram:{ana}").slots == {}
    assert "COT-" in _listing(fake, group, bruno)
    assert store.load(f"telegram:{group}:{bruno}").slots


def test_a_proposal_sent_to_a_group_member_arrives_in_the_group(telegram: FakeTelegram) -> None:
    fake = telegram
    group, ana = -next(_chats), next(_chats)
    _quote(fake, group, ana)
    listing = _listing(fake, group, ana)
    number = listing.split("• ", 1)[1].split(" ", 1)[0]
    assert "enviada ao cliente" in _next_reply(fake, STAFF, f"/enviar {number}")
    assert fake.wait_for(lambda: any(f"Proposta {number}" in t for t in fake.texts(group)))
