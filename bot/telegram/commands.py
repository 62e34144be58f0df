"""/start, /ajuda, /especialista, the reply buttons and free text: clients asking the assistant."""

import asyncio
import logging
import time

from telegram import Bot, BotCommand, Update
from telegram.constants import ParseMode
from telegram.ext import ContextTypes

from bot.assistant.fixed_replies import no_one_to_call
from bot.assistant.reply import (
    ACTION_ALTERNATIVES,
    ACTION_HUMAN,
    ACTION_PROPOSAL,
    SENT_FOR_GPU,
    SENT_FOR_HUMAN,
    SENT_FOR_QLORA,
)
from bot.ops.logs import debug_enabled
from bot.ops.metrics import REPLY_SECONDS
from bot.relay.notices import LEAVE_COMMAND
from bot.telegram.delivery import TelegramChannel, client_name, conversation_id
from bot.telegram.language import user_language
from bot.telegram.views import buttons
from locales import LANGUAGES, N_, SOURCE_LANGUAGE, _, speaking

log = logging.getLogger("infrabot.telegram")

WELCOME = N_(
    "Olá! Eu sou o <b>infrabot</b>. Digo qual máquina (GPU ou TPU) você precisa para fazer "
    "fine-tuning de um modelo, quanto tempo leva e quanto custa em reais, com os motivos.\n\n"
    "Descreva o job em uma mensagem (ex.: <i>LoRA de um Llama 3 8B com 20 mil exemplos</i>), "
    "faça uma pergunta ou use os botões."
)
HELP = N_(
    "Comandos:\n/cotacao — cotação guiada, passo a passo\n"
    "/minhas_cotacoes — suas cotações, com o PDF\n"
    "/especialista — falar com uma pessoa da equipe\n"
    "/voltar_ao_bot — sair do atendimento com a equipe e voltar a falar comigo\n"
    "/apagar_meus_dados — apagar o que guardamos "
    "sobre você\n/cancelar — sair da cotação guiada\n\nOu simplesmente escreva o que precisa."
)
# What an unknown command gets, and the team's commands for anyone outside the team: the same
# words, so nobody learns which commands exist beyond /ajuda.
UNKNOWN_COMMAND = N_("Não conheço esse comando. Veja /ajuda.")
NOTHING_TO_CANCEL = N_("Não há cotação guiada em andamento. Use /cotacao para começar uma.")
# The menu: the commands stay Portuguese words in every language, their descriptions do not.
MENU = [
    ("cotacao", N_("Fazer uma cotação guiada")),
    ("ajuda", N_("Como usar o infrabot")),
    ("minhas_cotacoes", N_("Ver minhas cotações e os PDFs")),
    ("especialista", N_("Falar com um especialista")),
    (LEAVE_COMMAND, N_("Sair do atendimento e voltar ao bot")),
    ("apagar_meus_dados", N_("Apagar meus dados (LGPD)")),
]


def commands() -> list[BotCommand]:
    """The menu described in the language being spoken."""
    return [BotCommand(command, _(description)) for command, description in MENU]


async def set_menus(bot: Bot) -> None:
    """The menu in Portuguese for everyone, and in each other language for the Telegram apps set
    to it."""
    await bot.set_my_commands(commands())
    for language in LANGUAGES:
        if language != SOURCE_LANGUAGE:
            with speaking(language):
                menu = commands()
            await bot.set_my_commands(menu, language_code=language)


class Commands:
    def __init__(self, channel: TelegramChannel) -> None:
        self.channel = channel

    async def start(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        with speaking(user_language(update)):
            await update.message.reply_text(
                _(WELCOME),
                parse_mode=ParseMode.HTML,
                reply_markup=buttons(
                    (_("Fazer uma cotação"), "acao:cotacao"),
                    (_("Tirar uma dúvida"), "acao:duvida"),
                    (_(ACTION_HUMAN), "acao:especialista"),
                ),
            )

    async def help(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        with speaking(user_language(update)):
            await update.message.reply_text(_(HELP))

    async def text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        await self.ask(update, context, update.message.text or "")

    async def not_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        with speaking(user_language(update)):
            await update.message.reply_text(
                _("Por enquanto eu só leio mensagens de texto. Pode escrever o que você precisa?")
            )

    async def unknown(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A command no handler took, in a private chat (in a group it may be another bot's)."""
        assert update.message is not None
        command = (update.message.text or "/").split()[0].split("@")[0]
        answer = NOTHING_TO_CANCEL if command == "/cancelar" else UNKNOWN_COMMAND
        with speaking(user_language(update)):
            await update.message.reply_text(_(answer))

    async def specialist(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await self.ask(update, context, SENT_FOR_HUMAN)

    async def action(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        chat = update.effective_chat
        assert query is not None and chat is not None
        await query.answer()
        if query.data == "acao:qlora":
            await self.ask(update, context, SENT_FOR_QLORA)
        elif query.data == "acao:gpu":
            await self.ask(update, context, SENT_FOR_GPU)
        elif query.data == "acao:especialista":
            await self.ask(update, context, SENT_FOR_HUMAN)
        elif query.data == "acao:duvida":
            with speaking(user_language(update)):
                example = _('Pode perguntar! Ex.: "Posso migrar de GPU para TPU depois?"')
            await context.bot.send_message(chat.id, example)
        elif query.data == "acao:alternativas":
            await self.ask(update, context, ACTION_ALTERNATIVES)
        elif query.data == "acao:proposta":
            await self.ask(update, context, ACTION_PROPOSAL)

    async def ask(self, update: Update, context: ContextTypes.DEFAULT_TYPE, text: str) -> None:
        chat = update.effective_chat
        assert chat is not None
        bridge = self.channel.bridge
        handoff = await asyncio.to_thread(bridge.handoffs.active, conversation_id(update))
        if handoff is not None:  # a person is answering this chat: relay, say nothing
            await asyncio.to_thread(
                bridge.client_said,
                handoff,
                f"telegram-update:{update.update_id}",
                client_name(update),
                text,
            )
            return
        started = time.monotonic()
        if debug_enabled():
            log.debug("mensagem recebida", extra={"texto": text})
        async with self.channel.typing(context.bot, chat.id):
            reply = await asyncio.to_thread(
                self.channel.assistant.reply, conversation_id(update), text
            )
        if bridge.settings.handoff_channel is None:
            reply = no_one_to_call(reply)
        await self.channel.answer(update, context, reply)
        elapsed = time.monotonic() - started
        REPLY_SECONDS.observe(elapsed)
        log.info("resposta enviada", extra={"intent": reply.intent, "ms": round(elapsed * 1000)})
        if reply.handoff:  # the handoff's notices speak the person's language, as the commands
            with speaking(user_language(update)):
                await asyncio.to_thread(self._open_handoff, update)

    def _open_handoff(self, update: Update) -> None:
        chat = update.effective_chat
        assert chat is not None
        conversation = conversation_id(update)
        state = self.channel.assistant.store.load(conversation)
        self.channel.bridge.open_handoff(conversation, chat.id, client_name(update), state)
