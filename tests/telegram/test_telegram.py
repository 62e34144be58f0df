"""The real `infrabot telegram` process against a fake Telegram Bot API on 127.0.0.1."""

import io
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from bot.assistant.state import ConversationStore
from bot.sales.book import QuoteBook, Staff
from bot.telegram.views import split
from quoting.jobspec import JobSpec
from tests.fakes.fake_telegram import FakeTelegram
from tests.helpers.regions import BRAZILIAN_REGIONS
from tests.helpers.updates import free_port, listening

INFRABOT = Path(sys.executable).with_name("infrabot")


class Bot:
    def __init__(self, fake: FakeTelegram, home: Path, database: str) -> None:
        self.fake, self.home, self.database = fake, home, database
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        before = len(self.fake.calls("setMyCommands"))
        env = {
            **os.environ,
            "TELEGRAM_BOT_TOKEN": self.fake.token,
            "INFRABOT_TELEGRAM_API_URL": self.fake.api_url,
            "INFRABOT_HOME": str(self.home),
            "INFRABOT_DATABASE_URL": self.database,
            "INFRABOT_STAFF": "telegram:777=vendas",
        }
        env.pop("INFRABOT_CHROMA_URL", None)
        self.process = subprocess.Popen(
            [str(INFRABOT), "telegram"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        assert self.fake.wait_for(lambda: len(self.fake.calls("setMyCommands")) > before, 60)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # what Ctrl+C or a service manager sends
            self.process.wait(30)


@pytest.fixture(scope="module")
def telegram(
    indexed_home: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[FakeTelegram, Bot]]:
    fake = FakeTelegram()
    database = f"sqlite:///{tmp_path_factory.mktemp('telegram') / 'bot.db'}"
    bot = Bot(fake, indexed_home, database)
    bot.start()
    yield fake, bot
    bot.stop()
    fake.close()


def _chat() -> int:
    return int(time.time() * 1000) % 10_000_000 + 100


def test_start_shows_the_welcome_buttons_and_registers_the_menu(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    commands = fake.calls("setMyCommands")[0]["commands"]
    for command in ("cotacao", "ajuda", "minhas_cotacoes", "especialista", "apagar_meus_dados"):
        assert command in commands
    chat = _chat()
    fake.message(chat, "/start")
    [welcome] = fake.wait_texts(chat, 1)
    assert "infrabot" in welcome
    markup = fake.calls("sendMessage", chat)[0]["reply_markup"]
    assert "Fazer uma cota" in markup and "Falar com um especialista" in markup


def test_a_question_is_answered_with_sources(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "Posso migrar de GPU para TPU depois?")
    [answer] = fake.wait_texts(chat, 1)
    assert "Fonte" in answer and "TPU" in answer


def test_a_described_job_gets_a_quote_in_reais_with_buttons(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "LoRA de um Llama 3 8B, 20 mil exemplos, dados não podem sair do Brasil")
    [quote] = fake.wait_texts(chat, 1)
    assert "R$" in quote and "sa-east-1" in quote
    assert quote.index("Dados no Brasil (LGPD)") < quote.index("Recomendo GPU")
    markup = fake.calls("sendMessage", chat)[-1]["reply_markup"]
    assert "Ver alternativas" in markup and "Refazer com QLoRA" in markup
    fake.press(chat, "acao:qlora")
    assert "QLoRA" in fake.wait_texts(chat, 2)[-1]
    fake.press(chat, "acao:alternativas")
    assert "além das que a cotação mostrou" in fake.wait_texts(chat, 3)[-1]


def test_the_guided_form_through_buttons_ends_in_a_quote(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "/cotacao")
    assert "1/6" in fake.wait_texts(chat, 1)[-1]
    fake.press(chat, "form:model:llama-3-8b")
    assert "2/6" in fake.wait_texts(chat, 2)[-1]
    fake.press(chat, "form:method:qlora")
    assert "3/6" in fake.wait_texts(chat, 3)[-1]
    fake.message(chat, "5 mil exemplos")
    assert "4/6" in fake.wait_texts(chat, 4)[-1]
    fake.press(chat, "form:pular")
    assert "5/6" in fake.wait_texts(chat, 5)[-1]
    fake.press(chat, "form:data_residency:br")
    assert "6/6" in fake.wait_texts(chat, 6)[-1]
    fake.message(chat, "2 dias")
    final = fake.wait_texts(chat, 7)[-1]
    assert "Recomendo GPU" in final and "QLoRA" in final and "5.000 exemplos" in final
    assert "Premissas" in final  # what was skipped is shown as assumed
    fake.message(chat, "/minhas_cotacoes")
    assert "COT-" in fake.wait_texts(chat, 8)[-1]  # kept as a record, like a quote in chat


def test_a_forged_form_button_is_not_stored(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "/cotacao")
    fake.wait_texts(chat, 1)
    fake.press(chat, "form:model:llama-3-8b")
    assert "2/6" in fake.wait_texts(chat, 2)[-1]
    fake.press(chat, "form:framework:cobol")  # no such button was ever sent
    refused = fake.wait_texts(chat, 3)[-1]
    assert refused.startswith("Não entendi essa resposta") and "2/6" in refused
    assert not any("cobol" in text for text in fake.texts(chat))


def test_cancelar_leaves_the_form(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "/cotacao")
    fake.wait_texts(chat, 1)
    fake.message(chat, "/cancelar")
    assert "cancelada" in fake.wait_texts(chat, 2)[-1]
    fake.message(chat, "o que é OOM?")
    assert "Fonte" in fake.wait_texts(chat, 3)[-1]  # free text goes to the assistant again


def test_a_duplicated_update_is_answered_once(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, _ = telegram
    chat = _chat()
    update_id = fake.message(chat, "o que é OOM?")
    fake.push(
        {
            "message": {
                "message_id": 1,
                "date": int(time.time()),
                "text": "o que é OOM?",
                "chat": {"id": chat, "type": "private"},
                "from": {"id": chat, "is_bot": False, "first_name": "C"},
            }
        },
        update_id=update_id,
    )
    fake.wait_texts(chat, 1)
    time.sleep(2)
    assert len(fake.texts(chat)) == 1


def test_a_429_is_waited_out_and_the_message_arrives(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.throttle_next = 1
    fake.message(chat, "/ajuda")
    [help_text] = fake.wait_texts(chat, 1, timeout=30)
    assert "/cotacao" in help_text and fake.throttle_next == 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [("   ", "vazia"), ("?!...", "palavras"), ("treinar " * 600, "longa demais")],
)
def test_malformed_input_gets_a_polite_answer(
    telegram: tuple[FakeTelegram, Bot], text: str, expected: str
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, text)
    assert expected in fake.wait_texts(chat, 1)[-1]


def test_flooding_gets_one_slow_down_message(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, _ = telegram
    chat = _chat()
    for _ in range(30):
        fake.message(chat, "oi")
    fake.wait_for(lambda: len(fake.texts(chat)) >= 21, 30)
    time.sleep(1)
    texts = fake.texts(chat)
    assert sum("Calma" in t for t in texts) == 1
    assert len(texts) <= 21


def test_apagar_meus_dados_really_deletes(telegram: tuple[FakeTelegram, Bot]) -> None:
    fake, bot = telegram
    chat = _chat()
    fake.message(chat, "LoRA de um Llama 3 8B com 20 mil exemplos")
    fake.wait_texts(chat, 1)
    store = ConversationStore(bot.database)
    assert store.load(f"telegram:{chat}").slots
    fake.message(chat, "/apagar_meus_dados")
    assert "Confirma" in fake.wait_texts(chat, 2)[-1]
    fake.press(chat, f"lgpd:sim:{chat}")
    assert "Apaguei" in fake.wait_texts(chat, 3)[-1]
    assert store.load(f"telegram:{chat}").slots == {}
    fake.message(chat, "/minhas_cotacoes")
    assert "ainda não tem" in fake.wait_texts(chat, 4)[-1]


def test_a_restart_in_the_middle_of_the_form_resumes(indexed_home: Path, tmp_path: Path) -> None:
    fake = FakeTelegram()
    bot = Bot(fake, indexed_home, f"sqlite:///{tmp_path / 'bot.db'}")
    try:
        bot.start()
        chat = 4242
        fake.message(chat, "/cotacao")
        fake.wait_texts(chat, 1)
        fake.press(chat, "form:model:mistral-7b")
        assert "2/6" in fake.wait_texts(chat, 2)[-1]
        time.sleep(1.5)  # persistence writes every half second
        bot.stop()
        bot.start()
        fake.press(chat, "form:method:lora")
        assert "3/6" in fake.wait_texts(chat, 3)[-1]
    finally:
        bot.stop()
        fake.close()


def test_long_replies_split_on_paragraphs_under_the_limit() -> None:
    paragraphs = [f"Parágrafo {n}: " + "x" * 900 for n in range(10)]
    pieces = split("\n\n".join(paragraphs))
    assert len(pieces) == 3 and all(len(piece) <= 4096 for piece in pieces)
    assert all(piece.startswith("Parágrafo") for piece in pieces)
    assert split("y" * 9000) == ["y" * 4096, "y" * 4096, "y" * 808]


def test_webhook_mode_checks_the_secret_token(indexed_home: Path, tmp_path: Path) -> None:
    import json
    import urllib.error
    import urllib.request

    fake = FakeTelegram()
    port = free_port()
    env = {
        **os.environ,
        "TELEGRAM_BOT_TOKEN": fake.token,
        "INFRABOT_TELEGRAM_API_URL": fake.api_url,
        "INFRABOT_HOME": str(indexed_home),
        "INFRABOT_DATABASE_URL": f"sqlite:///{tmp_path / 'w.db'}",
        "TELEGRAM_WEBHOOK_SECRET": "segredo-de-teste",
    }
    env.pop("INFRABOT_CHROMA_URL", None)
    process = subprocess.Popen(
        [
            str(INFRABOT),
            "telegram",
            "--webhook",
            f"http://127.0.0.1:{port}/telegram",
            "--port",
            str(port),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert fake.wait_for(lambda: bool(fake.calls("setWebhook")), 60)
        assert fake.calls("setWebhook")[0]["secret_token"] == "segredo-de-teste"
        update = {
            "update_id": 77,
            "message": {
                "message_id": 1,
                "date": int(time.time()),
                "text": "o que é OOM?",
                "chat": {"id": 555, "type": "private"},
                "from": {"id": 555, "is_bot": False, "first_name": "C"},
            },
        }

        def post(secret: str) -> int:
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/telegram",
                data=json.dumps(update).encode(),
                headers={
                    "Content-Type": "application/json",
                    "X-Telegram-Bot-Api-Secret-Token": secret,
                },
            )
            try:
                return int(urllib.request.urlopen(request, timeout=10).status)
            except urllib.error.HTTPError as error:
                return int(error.code)

        # PTB registers the webhook and opens its server concurrently: wait until it listens.
        assert fake.wait_for(lambda: listening(port), 60)
        assert post("errado") == 403
        time.sleep(1)
        assert fake.texts(555) == []
        assert post("segredo-de-teste") == 200
        assert "Fonte" in fake.wait_texts(555, 1)[-1]
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(30)
        fake.close()


def test_quotes_given_in_chat_are_listed_with_their_pdf_only_to_their_client(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat, stranger = _chat(), _chat() + 1
    fake.message(chat, "QLoRA do llama 3 8b com 5 mil exemplos")
    fake.wait_texts(chat, 1)
    fake.message(chat, "/minhas_cotacoes")
    listing = fake.wait_texts(chat, 2)[-1]
    assert "COT-" in listing and "R$" in listing
    number = listing.split("• ", 1)[1].split(" ", 1)[0]
    fake.press(chat, f"pdf:{number}")
    assert fake.wait_for(lambda: bool(fake.calls("sendDocument", chat)), 30)
    fake.message(stranger, "/minhas_cotacoes")
    assert "ainda não tem" in fake.wait_texts(stranger, 1)[-1]
    fake.press(stranger, f"pdf:{number}")
    assert "Não encontrei" in fake.wait_texts(stranger, 2)[-1]
    assert not fake.calls("sendDocument", stranger)


def test_asking_for_the_proposal_after_a_quote_sends_its_pdf_in_the_chat(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "QLoRA do llama 3 8b com 5 mil exemplos")
    quoted = fake.wait_texts(chat, 1)[-1]
    total = re.search(r"Total: (R\$ [\d.]+,\d\d)", quoted)
    assert total is not None, quoted
    fake.message(chat, "manda o PDF")
    assert "Segue a proposta" in fake.wait_texts(chat, 2)[-1]
    assert fake.wait_for(lambda: bool(fake.calls("sendDocument", chat)), 60)
    [sent] = fake.calls("sendDocument", chat)
    number = sent["caption"].removeprefix("Proposta ")
    assert sent["document"].filename == f"{number}.pdf"
    pdf = "\n".join(
        page.extract_text() for page in PdfReader(io.BytesIO(sent["document_content"])).pages
    )
    assert f"Valor total: {total.group(1)}" in pdf and number in pdf
    fake.message(chat, "/minhas_cotacoes")
    listing = fake.wait_texts(chat, 3)[-1]
    assert listing.count("COT-") == 1  # the same record, not a second one
    assert f"{number} " in listing and "proposta enviada" in listing


def test_the_proposta_em_pdf_button_under_a_quote_sends_the_pdf(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "LoRA do mistral 7b com 10 mil exemplos")
    fake.wait_texts(chat, 1)
    fake.press(chat, "acao:proposta")
    assert fake.wait_for(lambda: bool(fake.calls("sendDocument", chat)), 60)
    assert fake.calls("sendDocument", chat)[0]["caption"].startswith("Proposta COT-")


def test_staff_list_quotes_and_send_one_to_the_clients_chat(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    client = _chat()
    fake.message(client, "LoRA do mistral 7b com 10 mil exemplos")
    fake.wait_texts(client, 1)
    fake.message(client, "/cotacoes")
    assert "Não conheço esse comando" in fake.wait_texts(client, 2)[-1]
    staff = 777
    before = len(fake.texts(staff))
    fake.message(staff, "/cotacoes rascunho")
    listing = fake.wait_texts(staff, before + 1)[-1]
    number = listing.splitlines()[0].split(" ")[1]
    fake.message(staff, f"/enviar {number}")
    assert "enviada ao cliente" in fake.wait_texts(staff, before + 2)[-1]
    assert fake.wait_for(
        lambda: any(f"Proposta {number}" in str(c.get("text")) for c in fake.calls("sendMessage"))
    )


def test_a_staff_listing_past_telegrams_limit_arrives_in_pieces(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, bot = telegram
    book = QuoteBook(
        ConversationStore(bot.database).engine,
        Staff(roles={"local": "vendas"}, discount_limit_pct=Decimal(10)),
    )
    numbers = [
        book.create(
            JobSpec(model="llama-3-8b", method="qlora"), f"Cliente {n} " + "x" * 180, "local"
        ).number
        for n in range(20)
    ]
    staff = 777
    before = len(fake.texts(staff))
    fake.message(staff, "/cotacoes rascunho")
    assert fake.wait_for(lambda: sum(n in "".join(fake.texts(staff)) for n in numbers) == 20, 30)
    pieces = fake.texts(staff)[before:]
    assert len(pieces) >= 2 and all(len(piece) <= 4096 for piece in pieces)


def test_the_plano_de_execucao_button_sends_the_yaml_with_a_how_to(
    telegram: tuple[FakeTelegram, Bot],
) -> None:
    fake, _ = telegram
    chat = _chat()
    fake.message(chat, "QLoRA do mistral 7b com 5 mil exemplos, dados não podem sair do Brasil")
    fake.wait_texts(chat, 1)
    fake.message(chat, "/minhas_cotacoes")
    listing = fake.wait_texts(chat, 2)[-1]
    number = listing.split("• ", 1)[1].split(" ", 1)[0]
    fake.press(chat, f"plano:{number}")
    assert fake.wait_for(lambda: bool(fake.calls("sendDocument", chat)), 60)
    sent = fake.calls("sendDocument", chat)[-1]
    assert sent["document"].filename == f"plano-{number}.yaml"
    task = yaml.safe_load(sent["document_content"])
    assert task["resources"]["region"] in BRAZILIAN_REGIONS
    assert "sky jobs launch" in sent["caption"] and number in sent["caption"]
