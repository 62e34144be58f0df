"""The "Plano de execução" button on a /cotacao quote: staff get the SkyPilot task file in a direct
message with the pt-BR how-to; where Slack refuses the file, the YAML comes as a code block.
The plan and its buckets are named after the card's quote: each press of a card, the same names."""

from typing import Any

from pydantic import BaseModel, Field
from slack_bolt import Ack
from slack_sdk.errors import SlackApiError

from bot.relay.slack_posts import escape
from bot.sales.launch import document_of
from bot.sales.ptax import day_rate
from bot.slack.delivery import SlackBridgeApp
from quoting.errors import QuotingError
from quoting.jobspec import JobSpec, normalize
from quoting.launch_plan import build_plan
from quoting.quote import build_quote


class PlanButton(BaseModel):
    """The button's value: the quote on the card (its id names the plan) and its job."""

    quote: str = Field(pattern=r"^q_[0-9a-f]{16}$")
    spec: JobSpec


SENT = "Mandei o plano de execução na nossa conversa direta (o arquivo YAML e como rodar)."


class LaunchPlans:
    def __init__(self, shared: SlackBridgeApp) -> None:
        self.shared = shared

    def send_plan(self, ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
        ack()
        user = self.shared.staff_member(body)
        if user is None:
            return
        pressed = PlanButton.model_validate_json(action["value"])
        job = normalize(pressed.spec)
        try:
            # The quote again, as "Compartilhar no canal" does: the same job at today's rate.
            quote = build_quote(job, fx=day_rate())
            plan = build_plan(quote, job, pressed.quote)
        except QuotingError as refused:
            self.shared.tell(body, str(refused))
            return
        document = document_of(plan, f"Plano de execução: {escape(job.model_name)}")
        client = self.shared.client
        channel = str(client.conversations_open(users=user)["channel"]["id"])
        try:
            client.files_upload_v2(
                channel=channel,
                filename=document.file_name,
                title=document.file_name,
                content=document.content,
                initial_comment=document.caption,
            )
        except SlackApiError:
            # An app installed without the files:write scope still delivers the plan.
            client.chat_postMessage(
                channel=channel,
                text=f"{document.caption}\n\n`{document.file_name}`:\n"
                f"```\n{document.content.decode()}```",
            )
        self.shared.tell(body, SENT)
