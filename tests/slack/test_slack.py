"""The Slack bridge end to end: the real `infrabot slack --http` and `infrabot telegram` processes,
sharing one database, against a fake Slack Web API and a fake Telegram Bot API on 127.0.0.1.
Requests to the Slack app are signed the way Slack signs them."""

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from sqlalchemy import create_engine

from bot.relay.handoff import Handoffs
from bot.relay.notices import LEAVE_CALLBACK, NOT_IN_HANDOFF
from bot.sales.launch import schema_errors
from tests.fakes.fake_slack import BOT_ID, BOT_USER_ID, FakeSlack, SlackSigner
from tests.fakes.fake_telegram import FakeTelegram
from tests.helpers.updates import free_port, listening

INFRABOT = Path(sys.executable).with_name("infrabot")
SECRET = "assinatura-de-teste"
LEADS, HANDOFF = "CLEADS", "CHANDOFF"
STAFF, MANAGER, OUTSIDER = "USTAFF", "UGER", "UFORA"
NAMES = {STAFF: "Ana Souza", MANAGER: "Bruno Lima", OUTSIDER: "Fulano"}


class Bridge:
    """Both apps, the two fakes and a signer for Slack's requests."""

    def __init__(self, home: Path, database: str) -> None:
        self.database = database
        self.telegram = FakeTelegram()
        self.slack = FakeSlack(NAMES)
        self.port = free_port()
        self.signer = SlackSigner(f"http://127.0.0.1:{self.port}/slack/events", SECRET)
        env = {
            **os.environ,
            "INFRABOT_HOME": str(home),
            "INFRABOT_DATABASE_URL": database,
            "INFRABOT_STAFF": f"slack:{STAFF}=vendas,slack:{MANAGER}=gerente",
            "INFRABOT_SLACK_LEADS_CHANNEL": LEADS,
            "INFRABOT_SLACK_HANDOFF_CHANNEL": HANDOFF,
            "INFRABOT_OUTBOX_POLL": "0.2",
            "INFRABOT_OUTBOX_BACKOFF": "0.2",
            "TELEGRAM_BOT_TOKEN": self.telegram.token,
            "INFRABOT_TELEGRAM_API_URL": self.telegram.api_url,
            "SLACK_BOT_TOKEN": "xoxb-teste",
            "SLACK_SIGNING_SECRET": SECRET,
            "INFRABOT_SLACK_API_URL": self.slack.api_url,
        }
        env.pop("INFRABOT_CHROMA_URL", None)
        self.processes = [
            subprocess.Popen([str(INFRABOT), *args], env=env, stdout=subprocess.DEVNULL)
            for args in (["telegram"], ["slack", "--http", "--port", str(self.port)])
        ]
        assert self.telegram.wait_for(lambda: bool(self.telegram.calls("setMyCommands")), 60)
        assert self.slack.wait_for(lambda: listening(self.port), 60)

    def stop(self) -> None:
        for process in self.processes:
            process.send_signal(signal.SIGTERM if "slack" in process.args else signal.SIGINT)
        for process in self.processes:
            process.wait(30)
        self.telegram.close()
        self.slack.close()

    def thread_texts(self, parent_ts: str) -> list[str]:
        return [
            str(call["text"])
            for call in self.slack.recorded("chat.postMessage", channel=HANDOFF)
            if call.get("thread_ts") == parent_ts
        ]

    def staff_writes(self, parent_ts: str, text: str, user: str = STAFF, **extra: Any) -> str:
        ts = f"{time.time():.6f}"
        status, _ = self.signer.event(
            {
                "type": "message",
                "channel": HANDOFF,
                "user": user,
                "text": text,
                "ts": ts,
                "thread_ts": parent_ts,
                **extra,
            }
        )
        assert status == 200
        return ts


@pytest.fixture(scope="module")
def bridge(indexed_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Bridge]:
    running = Bridge(indexed_home, f"sqlite:///{tmp_path_factory.mktemp('slack') / 'bot.db'}")
    yield running
    running.stop()


def _chat() -> int:
    return int(time.time() * 1000) % 10_000_000 + 100


def _texts(blocks: Any) -> str:
    return json.dumps(blocks, ensure_ascii=False)


def _parents(bridge: Bridge) -> list[dict[str, Any]]:
    return [
        call
        for call in bridge.slack.recorded("chat.postMessage", channel=HANDOFF)
        if "pediu para falar" in str(call.get("text")) and not call.get("thread_ts")
    ]


def _open_handoff(bridge: Bridge, chat: int) -> str:
    """A Telegram client asks for a person; returns the Slack thread's ts."""
    before, answered = len(_parents(bridge)), len(bridge.telegram.texts(chat))
    bridge.telegram.message(chat, "quero falar com um especialista")
    # The bot's answer, then (through the outbox) when the team answers and the way back.
    reply, notice = bridge.telegram.wait_texts(chat, answered + 2)[answered:]
    assert "especialista" in reply and "Nossa equipe atende" in notice
    assert bridge.slack.wait_for(lambda: len(_parents(bridge)) > before)
    thread = str(_parents(bridge)[-1]["ts_given"])
    # Slack shows the thread as soon as it is posted; the app records it a moment later.
    handoffs = Handoffs(create_engine(bridge.database))
    assert bridge.slack.wait_for(lambda: handoffs.by_thread(HANDOFF, thread) is not None)
    return thread


def test_cotacao_answers_privately_with_the_quote_and_its_buttons(bridge: Bridge) -> None:
    status, _ = bridge.signer.command(
        "/cotacao", "LoRA de um Llama 3 8B com 20 mil exemplos", STAFF
    )
    assert status == 200
    assert bridge.slack.wait_for(
        lambda: bool(bridge.slack.recorded("chat.postEphemeral", user=STAFF))
    )
    reply = bridge.slack.recorded("chat.postEphemeral", user=STAFF)[-1]
    blocks = _texts(reply["blocks"])
    for field in ("Escolha", "Máquina", "Horas", "Total", "R$", "Por quê"):
        assert field in blocks
    buttons = [e for b in reply["blocks"] if b["type"] == "actions" for e in b["elements"]]
    assert [b["action_id"] for b in buttons] == [
        "quote_share",
        "quote_save",
        "quote_alternatives",
        "quote_plan",
    ]

    # Sharing posts the same quote in the channel, for everyone, without the buttons.
    bridge.signer.press("quote_share", buttons[0]["value"], STAFF)
    assert bridge.slack.wait_for(
        lambda: bool(bridge.slack.recorded("chat.postMessage", channel="CVENDAS"))
    )
    shared = bridge.slack.recorded("chat.postMessage", channel="CVENDAS")[-1]
    assert "Compartilhada por" in _texts(shared["blocks"])
    assert "quote_save" not in _texts(shared["blocks"])

    # Saving asks whom it is for, then creates a numbered sales quote.
    bridge.signer.press("quote_save", buttons[1]["value"], STAFF)
    assert bridge.slack.wait_for(lambda: bool(bridge.slack.recorded("views.open")))
    modal = bridge.slack.recorded("views.open")[-1]["view"]
    assert modal["callback_id"] == "quote_save"
    status, body = bridge.signer.submit(
        "quote_save", modal["private_metadata"], {"cliente": ""}, STAFF
    )
    assert json.loads(body)["response_action"] == "errors"  # a client name is required
    bridge.signer.submit("quote_save", modal["private_metadata"], {"cliente": "ACME Ltda"}, STAFF)
    assert bridge.slack.wait_for(
        lambda: bool(bridge.slack.recorded("chat.postMessage", channel=STAFF))
    )
    saved = bridge.slack.recorded("chat.postMessage", channel=STAFF)[-1]["text"]
    assert "COT-" in saved and "ACME Ltda" in saved


def test_ver_alternativas_shows_machines_the_quote_did_not_name(bridge: Bridge) -> None:
    earlier = len(bridge.slack.recorded("chat.postEphemeral", user=STAFF))
    bridge.signer.command("/cotacao", "LoRA de um Llama 3 8B com 20 mil exemplos", STAFF)
    assert bridge.slack.wait_for(
        lambda: len(bridge.slack.recorded("chat.postEphemeral", user=STAFF)) > earlier
    )
    card = bridge.slack.recorded("chat.postEphemeral", user=STAFF)[-1]
    named = [f for b in card["blocks"] if b["type"] == "section" for f in b.get("fields", [])][1][
        "text"
    ]  # "*Máquina*\n1x NVIDIA L4 (g6.xlarge, aws sa-east-1)"
    machine = named.split("\n")[1].split(")")[0] + ")"  # the card and the offer that has it
    button = next(
        e
        for b in card["blocks"]
        if b["type"] == "actions"
        for e in b["elements"]
        if e["action_id"] == "quote_alternatives"
    )
    assert button["text"]["text"] == "Ver alternativas"
    before = len(bridge.slack.recorded("chat.postEphemeral", user=STAFF))
    bridge.signer.press("quote_alternatives", button["value"], STAFF)
    assert bridge.slack.wait_for(
        lambda: len(bridge.slack.recorded("chat.postEphemeral", user=STAFF)) > before
    )
    text = str(bridge.slack.recorded("chat.postEphemeral", user=STAFF)[-1]["text"])
    # Not the card again: other machines, none of them the recommended one.
    assert text.startswith("Outras máquinas que também servem, além das que a cotação mostrou")
    assert "Alternativas à recomendada" not in text
    assert not any(line.startswith(f"• {machine}") for line in text.splitlines())


def _plan_button(bridge: Bridge, text: str, user: str) -> str:
    """/cotacao as `user`; the value of the "Plano de execução" button on the private answer."""

    # Only answers with blocks: a text-only note from an earlier click (the "conversa direta"
    # one) can still arrive while this command is answered.
    def answers() -> list[dict[str, Any]]:
        return [e for e in bridge.slack.recorded("chat.postEphemeral", user=user) if "blocks" in e]

    before = len(answers())
    bridge.signer.command("/cotacao", text, user)
    assert bridge.slack.wait_for(lambda: len(answers()) > before)
    reply = answers()[-1]
    button = next(
        e
        for b in reply["blocks"]
        if b["type"] == "actions"
        for e in b["elements"]
        if e["action_id"] == "quote_plan"
    )
    assert button["text"]["text"] == "Plano de execução"
    return str(button["value"])


def test_plano_de_execucao_sends_staff_the_yaml_in_a_direct_message(bridge: Bridge) -> None:
    value = _plan_button(
        bridge, "QLoRA de um Mistral 7B com 5 mil exemplos, dados não podem sair do Brasil", STAFF
    )
    bridge.signer.press("quote_plan", value, STAFF)
    assert bridge.slack.wait_for(
        lambda: bool(bridge.slack.recorded("files.completeUploadExternal", channel_id=f"D{STAFF}"))
    )
    completed = bridge.slack.recorded("files.completeUploadExternal", channel_id=f"D{STAFF}")[-1]
    how_to = str(completed["initial_comment"])
    assert how_to.startswith("Plano de execução: ")
    assert "sky jobs launch plano-" in how_to and "desliga sozinha" in how_to
    (sent,) = json.loads(str(completed["files"]))
    assert str(sent["title"]).startswith("plano-") and str(sent["title"]).endswith(".yaml")
    task = yaml.safe_load(bridge.slack.uploads[str(sent["id"])])
    assert schema_errors(task) == []  # a task SkyPilot takes
    assert task["resources"]["region"] == "sa-east-1"  # the data stay in Brazil
    assert task["resources"]["autostop"]["down"] is True
    assert bridge.slack.wait_for(
        lambda: any(
            "conversa direta" in str(c.get("text"))
            for c in bridge.slack.recorded("chat.postEphemeral", user=STAFF)
        )
    )

    # An app without the files:write scope: the same plan as a code block in the message.
    bridge.slack.refusing["files.getUploadURLExternal"] = "missing_scope"
    try:
        bridge.signer.press("quote_plan", value, STAFF)
        assert bridge.slack.wait_for(
            lambda: bool(bridge.slack.recorded("chat.postMessage", channel=f"D{STAFF}"))
        )
    finally:
        del bridge.slack.refusing["files.getUploadURLExternal"]
    text = str(bridge.slack.recorded("chat.postMessage", channel=f"D{STAFF}")[-1]["text"])
    assert "sky jobs launch" in text
    in_text = yaml.safe_load(text.split("```")[1])
    assert (in_text["resources"], in_text["envs"]) == (task["resources"], task["envs"])


def test_plano_de_execucao_pressed_twice_names_the_same_buckets(bridge: Bridge) -> None:
    value = _plan_button(bridge, "LoRA de um Llama 3 8B com 20 mil exemplos", STAFF)

    def uploads() -> list[dict[str, object]]:
        return bridge.slack.recorded("files.completeUploadExternal", channel_id=f"D{STAFF}")

    tasks = []
    for pressed in range(len(uploads()) + 1, len(uploads()) + 3):
        bridge.signer.press("quote_plan", value, STAFF)
        assert bridge.slack.wait_for(lambda n=pressed: len(uploads()) >= n)
        (sent,) = json.loads(str(uploads()[-1]["files"]))
        tasks.append(yaml.safe_load(bridge.slack.uploads[str(sent["id"])]))
    first, second = tasks
    assert first["name"] == second["name"]
    assert first["file_mounts"] == second["file_mounts"]  # the dataset and checkpoint buckets


def test_pergunta_answers_from_the_guidance_with_sources(bridge: Bridge) -> None:
    earlier = len(bridge.slack.recorded("chat.postEphemeral", user=MANAGER))
    bridge.signer.command("/pergunta", "posso usar TPU com PyTorch?", MANAGER)
    assert bridge.slack.wait_for(
        lambda: len(bridge.slack.recorded("chat.postEphemeral", user=MANAGER)) > earlier
    )
    answer = _texts(bridge.slack.recorded("chat.postEphemeral", user=MANAGER)[-1]["blocks"])
    assert "Fonte" in answer and "TPU" in answer


def test_where_the_app_is_not_in_the_channel_the_answer_goes_to_the_response_url(
    bridge: Bridge,
) -> None:
    response_url = f"http://127.0.0.1:{bridge.slack.port}/response"
    bridge.signer.command(
        "/pergunta", "o que é OOM?", MANAGER, channel="DCONVERSA", response_url=response_url
    )
    assert bridge.slack.wait_for(lambda: bool(bridge.slack.recorded("response_url")))
    response = bridge.slack.recorded("response_url")[-1]
    assert response["response_type"] == "ephemeral" and "Fonte" in _texts(response["blocks"])


def test_a_bad_signature_is_refused_and_nothing_happens(bridge: Bridge) -> None:
    before = len(bridge.slack.calls)
    body = b"command=%2Fcotacao&text=LoRA+7B&user_id=USTAFF&channel_id=CVENDAS"
    status, _ = bridge.signer.post(body, "application/x-www-form-urlencoded", secret="errado")
    assert status == 401
    time.sleep(0.5)
    assert len(bridge.slack.calls) == before


def test_staff_actions_refuse_someone_not_listed_as_staff(bridge: Bridge) -> None:
    bridge.signer.command("/cotacao", "QLoRA de um Mistral 7B com 5 mil exemplos", OUTSIDER)
    assert bridge.slack.wait_for(
        lambda: bool(bridge.slack.recorded("chat.postEphemeral", user=OUTSIDER))
    )
    reply = bridge.slack.recorded("chat.postEphemeral", user=OUTSIDER)[-1]
    save = next(
        e
        for b in reply["blocks"]
        if b["type"] == "actions"
        for e in b["elements"]
        if e["action_id"] == "quote_save"
    )
    opened = len(bridge.slack.recorded("views.open"))
    bridge.signer.press("quote_save", save["value"], OUTSIDER)
    assert bridge.slack.wait_for(
        lambda: any(
            "equipe comercial" in str(c.get("text"))
            for c in bridge.slack.recorded("chat.postEphemeral", user=OUTSIDER)
        )
    )
    assert len(bridge.slack.recorded("views.open")) == opened

    # Nor does the launch plan go to someone outside the team.
    bridge.signer.press("quote_plan", save["value"], OUTSIDER)
    assert bridge.slack.wait_for(
        lambda: (
            sum(
                "equipe comercial" in str(c.get("text"))
                for c in bridge.slack.recorded("chat.postEphemeral", user=OUTSIDER)
            )
            == 2
        )
    )
    assert not bridge.slack.recorded("conversations.open", users=OUTSIDER)


def test_a_telegram_quote_becomes_a_lead_to_take_and_adjust(bridge: Bridge) -> None:
    chat = _chat()
    bridge.telegram.message(chat, "quanto custa um LoRA de Llama 3 8B com 30 mil exemplos?")
    assert "R$" in bridge.telegram.wait_texts(chat, 1)[-1]
    assert bridge.slack.wait_for(
        lambda: bool(bridge.slack.recorded("chat.postMessage", channel=LEADS))
    )
    lead = bridge.slack.recorded("chat.postMessage", channel=LEADS)[-1]
    assert "Novo lead" in lead["text"] and "R$" in _texts(lead["blocks"])
    number = next(
        e["value"]
        for b in lead["blocks"]
        if b["type"] == "actions"
        for e in b["elements"]
        if e["action_id"] == "lead_take"
    )

    # Someone outside the team cannot take it; staff can, and the lead shows who.
    bridge.signer.press("lead_take", number, OUTSIDER, channel=LEADS, message_ts=lead["ts_given"])
    bridge.signer.press("lead_take", number, STAFF, channel=LEADS, message_ts=lead["ts_given"])
    assert bridge.slack.wait_for(lambda: bool(bridge.slack.recorded("chat.update")))
    updated = bridge.slack.recorded("chat.update")[-1]
    assert updated["ts"] == lead["ts_given"]
    assert f"Assumido por <@{STAFF}>" in _texts(updated["blocks"])
    assert "lead_take" not in _texts(updated["blocks"])

    # Ajustar: a modal, then the new version reaches the client's Telegram chat.
    bridge.signer.press("lead_adjust", number, STAFF, channel=LEADS)
    assert bridge.slack.wait_for(
        lambda: any(
            c["view"]["callback_id"] == "lead_adjust" for c in bridge.slack.recorded("views.open")
        )
    )
    _, body = bridge.signer.submit("lead_adjust", number, {"desconto": "50"}, STAFF)
    assert "limite" in json.loads(body)["errors"]["desconto"]  # vendas is capped at 10%
    _, body = bridge.signer.submit("lead_adjust", number, {"desconto": "abc"}, STAFF)
    assert "número" in json.loads(body)["errors"]["desconto"]
    bridge.signer.submit(
        "lead_adjust", number, {"desconto": "5", "condicoes": "Pagamento em 30 dias"}, STAFF
    )
    texts = bridge.telegram.wait_texts(chat, 2)
    assert f"Proposta {number} (revisão 2)" in texts[-1]
    assert "Desconto comercial: 5%" in texts[-1] and "Condições: Pagamento em 30 dias" in texts[-1]

    # The same signed submission posted again (a replay within Slack's window) does nothing.
    assert bridge.signer.replay()[0] == 200
    time.sleep(1.0)
    assert len(bridge.telegram.texts(chat)) == len(texts)


def test_the_handoff_round_trip_between_telegram_and_a_slack_thread(bridge: Bridge) -> None:
    chat = _chat()
    bridge.telegram.message(chat, "LoRA de um Llama 3 8B com 20 mil exemplos")
    bridge.telegram.wait_texts(chat, 1)
    thread = _open_handoff(bridge, chat)
    parent = next(
        c
        for c in bridge.slack.recorded("chat.postMessage", channel=HANDOFF)
        if c["ts_given"] == thread
    )
    summary = _texts(parent["blocks"])
    assert "LoRA de um Llama 3 8B" in summary  # the conversation so far
    assert "Última cotação" in summary and "R$" in summary

    # The client writes: it appears in the thread and the bot says nothing.
    answered = len(bridge.telegram.texts(chat))
    bridge.telegram.message(chat, "meu prazo é sexta-feira")
    assert bridge.slack.wait_for(
        lambda: any("sexta-feira" in t for t in bridge.thread_texts(thread))
    )
    time.sleep(0.5)
    assert len(bridge.telegram.texts(chat)) == answered

    # Staff answer in the thread: the client reads it signed with the staff member's name,
    # once, even when Slack delivers the event twice.
    ts = bridge.staff_writes(thread, "Oi! Consigo um desconto para sexta & sábado.")
    bridge.staff_writes(thread, "Oi! Consigo um desconto para sexta & sábado.", ts=ts)
    texts = bridge.telegram.wait_texts(chat, answered + 1)
    assert texts[-1] == "Ana Souza (equipe infrabot): Oi! Consigo um desconto para sexta & sábado."

    # The bridge's own posts come back as events: never relayed back (no loops).
    bridge.staff_writes(thread, "Cliente: meu prazo é sexta-feira", user=BOT_USER_ID, bot_id=BOT_ID)
    bridge.staff_writes(thread, "eu não sou da equipe", user=OUTSIDER)
    time.sleep(1.0)
    assert len(bridge.telegram.texts(chat)) == answered + 1

    # Closing in the thread gives the chat back to the bot.
    bridge.staff_writes(thread, "encerrar")
    texts = bridge.telegram.wait_texts(chat, answered + 2)
    assert "encerrado" in texts[-1]
    assert bridge.slack.wait_for(
        lambda: any("encerrado por Ana Souza" in t for t in bridge.thread_texts(thread))
    )
    bridge.telegram.message(chat, "o que é OOM?")
    assert "Fonte" in bridge.telegram.wait_texts(chat, answered + 3)[-1]


def test_the_client_learns_when_the_team_answers_and_can_go_back_to_the_bot(
    bridge: Bridge,
) -> None:
    chat = _chat()
    thread = _open_handoff(bridge, chat)
    notice = bridge.telegram.calls("sendMessage", chat)[-1]
    assert "de segunda a sexta, das 9h às 18h (horário de Brasília)" in notice["text"]
    assert "/voltar_ao_bot" in notice["text"]
    assert LEAVE_CALLBACK in json.dumps(notice["reply_markup"])

    # The button under the notice: back to the bot, and the thread is told.
    bridge.telegram.press(chat, LEAVE_CALLBACK)
    assert "voltou a falar comigo" in bridge.telegram.wait_texts(chat, 3)[-1]
    assert bridge.slack.wait_for(
        lambda: any("saiu do atendimento" in t for t in bridge.thread_texts(thread))
    )
    bridge.telegram.message(chat, "o que é OOM?")
    assert "Fonte" in bridge.telegram.wait_texts(chat, 4)[-1]

    # Later, a new handoff, and the command this time.
    thread = _open_handoff(bridge, chat)
    bridge.telegram.message(chat, "/voltar_ao_bot")
    assert "voltou a falar comigo" in bridge.telegram.wait_texts(chat, 7)[-1]
    assert bridge.slack.wait_for(
        lambda: any("saiu do atendimento" in t for t in bridge.thread_texts(thread))
    )
    bridge.telegram.message(chat, "/voltar_ao_bot")
    assert bridge.telegram.wait_texts(chat, 8)[-1] == NOT_IN_HANDOFF


def test_the_close_button_ends_the_handoff_once(bridge: Bridge) -> None:
    chat = _chat()
    thread = _open_handoff(bridge, chat)
    parent = next(
        c
        for c in bridge.slack.recorded("chat.postMessage", channel=HANDOFF)
        if c["ts_given"] == thread
    )
    handoff_id = next(
        e["value"] for b in parent["blocks"] if b["type"] == "actions" for e in b["elements"]
    )
    bridge.signer.press("handoff_close", handoff_id, MANAGER, channel=HANDOFF)
    bridge.signer.press("handoff_close", handoff_id, MANAGER, channel=HANDOFF)
    assert bridge.telegram.wait_for(
        lambda: any("encerrado" in t for t in bridge.telegram.texts(chat))
    )
    time.sleep(1.0)
    assert sum("encerrado" in t for t in bridge.telegram.texts(chat)) == 1


def test_while_slack_is_down_messages_wait_and_arrive_once_in_order(bridge: Bridge) -> None:
    chat = _chat()
    bridge.slack.failing = True  # first it answers 500...
    try:
        bridge.telegram.message(chat, "quero falar com um especialista")
        bridge.telegram.wait_texts(chat, 1)
        bridge.telegram.message(chat, "mensagem 1 enquanto o Slack está fora")
        time.sleep(1.0)
        bridge.slack.down()  # ...then refuses connections
        bridge.slack.failing = False
        for n in (2, 3):
            bridge.telegram.message(chat, f"mensagem {n} enquanto o Slack está fora")
        time.sleep(2.0)  # several failed attempts with backoff
    finally:
        bridge.slack.failing = False
        bridge.slack.up()

    def relayed() -> list[dict[str, Any]]:
        return [
            call
            for call in bridge.slack.recorded("chat.postMessage", channel=HANDOFF)
            if "enquanto o Slack" in str(call.get("text"))
        ]

    assert bridge.slack.wait_for(lambda: len(relayed()) >= 3, timeout=60)  # backoff has grown
    time.sleep(1.0)
    [thread] = {call["thread_ts"] for call in relayed()}
    assert [call["text"] for call in relayed()] == [
        f"*Cliente:* mensagem {n} enquanto o Slack está fora" for n in (1, 2, 3)
    ]
    # The thread was opened first, and once.
    assert [p["ts_given"] for p in _parents(bridge)].count(thread) == 1


def test_while_telegram_is_down_staff_replies_wait_and_arrive_once_in_order(bridge: Bridge) -> None:
    chat = _chat()
    thread = _open_handoff(bridge, chat)
    before = len(bridge.telegram.texts(chat))
    bridge.telegram.failing = True  # 500 on every sendMessage
    try:
        for n in range(1, 4):
            bridge.staff_writes(thread, f"resposta {n}")
        time.sleep(2.0)
        assert len(bridge.telegram.texts(chat)) == before
    finally:
        bridge.telegram.failing = False
    texts = bridge.telegram.wait_texts(chat, before + 3, timeout=60)  # backoff has grown
    assert texts[before:] == [f"Ana Souza (equipe infrabot): resposta {n}" for n in (1, 2, 3)]
    time.sleep(1.0)
    assert len(bridge.telegram.texts(chat)) == before + 3


def test_socket_mode_takes_commands_over_the_socket_and_acknowledges_them(
    indexed_home: Path, tmp_path: Path
) -> None:
    slack = FakeSlack(NAMES)
    env = {
        **os.environ,
        "INFRABOT_HOME": str(indexed_home),
        "INFRABOT_DATABASE_URL": f"sqlite:///{tmp_path / 'socket.db'}",
        "SLACK_BOT_TOKEN": "xoxb-teste",
        "SLACK_APP_TOKEN": "xapp-teste",
        "INFRABOT_SLACK_API_URL": slack.api_url,
    }
    for name in ("INFRABOT_CHROMA_URL", "SLACK_SIGNING_SECRET"):
        env.pop(name, None)
    app = subprocess.Popen([str(INFRABOT), "slack"], env=env, stdout=subprocess.DEVNULL)
    stopped = False
    try:
        assert slack.wait_for(slack.connected, 60)
        envelope = slack.envelope(
            "slash_commands",
            {
                "command": "/pergunta",
                "text": "o que é OOM?",
                "user_id": STAFF,
                "channel_id": "CVENDAS",
                "team_id": "T1",
                "trigger_id": "t",
                "response_url": "http://127.0.0.1:9/unused",
            },
        )
        assert slack.wait_for(lambda: any(a.get("envelope_id") == envelope for a in slack.acks))
        assert slack.wait_for(lambda: bool(slack.recorded("chat.postEphemeral", user=STAFF)))
        answer = _texts(slack.recorded("chat.postEphemeral", user=STAFF)[-1]["blocks"])
        assert "Fonte" in answer
        # The socket is opened with the app-level token, the answer sent with the bot token.
        assert slack.recorded("apps.connections.open")[0]["authorization"] == "Bearer xapp-teste"
        assert slack.recorded("chat.postEphemeral")[-1]["authorization"] == "Bearer xoxb-teste"
        app.send_signal(signal.SIGTERM)  # what a service manager sends: a clean exit
        assert app.wait(30) == 0
        stopped = True
    finally:
        if not stopped:
            app.kill()
            app.wait(30)
        slack.close()


def test_the_http_app_serves_health_readiness_and_metrics(bridge: Bridge) -> None:
    base = f"http://127.0.0.1:{bridge.port}"
    with urllib.request.urlopen(f"{base}/healthz", timeout=10) as response:
        assert json.loads(response.read()) == {"status": "ok"}
    assert bridge.slack.wait_for(lambda: _ready(f"{base}/readyz"), 60)  # once the model loaded
    with urllib.request.urlopen(f"{base}/metrics", timeout=10) as response:
        page = response.read().decode()
    assert 'infrabot_outbox_depth{channel="slack"}' in page
    assert "infrabot_quotes_created_total" in page


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return bool(json.loads(response.read())["ready"])
    except OSError:
        return False
