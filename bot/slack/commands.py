"""/cotacao, /pergunta and /encerrar, and the buttons that share a private quote in the channel
and show the machines it did not name."""

from typing import Any

from slack_bolt import Ack, Respond

from bot.assistant.composer import other_options_text
from bot.sales.ptax import day_rate
from bot.slack import views as slack_views
from bot.slack.delivery import SlackBridgeApp
from quoting.jobspec import JobSpec, normalize
from quoting.quote import Quote, build_quote, other_options


class Commands:
    def __init__(self, shared: SlackBridgeApp) -> None:
        self.shared = shared

    def quote_command(self, ack: Ack, command: dict[str, Any], respond: Respond) -> None:
        ack()
        user = command["user_id"]
        text = (command.get("text") or "").strip()
        if not text:
            self.shared.private(
                command, respond, "Descreva o job: `/cotacao LoRA de Llama 3 8B, 20 mil exemplos`."
            )
            return
        conversation = f"slack:{user}"
        reply = self.shared.assistant.reply(conversation, text)
        if reply.quote is None:
            blocks = slack_views.answer_blocks(reply)
        else:
            spec = self.shared.assistant.job_spec(conversation)
            blocks = slack_views.quote_blocks(
                Quote.model_validate(reply.quote),
                normalize(spec),
                spec.model_dump(mode="json", exclude_none=True),
                shared_by=None,
            )
        self.shared.private(command, respond, reply.answer.split("\n", 1)[0], blocks)

    def question_command(self, ack: Ack, command: dict[str, Any], respond: Respond) -> None:
        ack()
        text = (command.get("text") or "").strip()
        if not text:
            self.shared.private(
                command, respond, "Escreva a pergunta: `/pergunta posso usar TPU?`."
            )
            return
        reply = self.shared.assistant.reply(f"slack:{command['user_id']}", text)
        self.shared.private(
            command, respond, reply.answer.split("\n", 1)[0], slack_views.answer_blocks(reply)
        )

    def close_command(self, ack: Ack) -> None:
        # Slack does not say which thread a slash command was typed in.
        ack(
            "Para encerrar um atendimento, escreva `encerrar` na thread dele ou use o botão "
            "“Encerrar atendimento” na primeira mensagem da thread."
        )

    def share(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        spec = JobSpec.model_validate_json(action["value"])
        job = normalize(spec)
        quote = build_quote(job, fx=day_rate())
        self.shared.client.chat_postMessage(
            channel=body["channel"]["id"],
            text=f"Cotação compartilhada por {self.shared.name(body['user']['id'])}",
            blocks=slack_views.quote_blocks(quote, job, {}, shared_by=body["user"]["id"]),
        )

    def alternatives(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        """ "Ver alternativas", as on Telegram: machines the quote did not name, privately."""
        ack()
        job = normalize(JobSpec.model_validate_json(action["value"]))
        # The quote again, as "Compartilhar no canal" does: the same job at today's rate.
        quote = build_quote(job, fx=day_rate())
        self.shared.tell(body, other_options_text(quote, other_options(job, quote)))
