"""The Slack messages the relay posts for the team: leads from Telegram quotes and the first
message of a handoff thread, with the Block Kit pieces every Slack view shares."""

from typing import Any

from bot.sales.book import QuoteRecord
from quoting.quote import Quote
from quoting.units import aside, format_brl, format_number

Block = dict[str, Any]
# Slack drops a button whose value is longer than this.
MAX_VALUE = 2000


def escape(text: str) -> str:
    """Slack's mrkdwn reserves &, < and > (mentions and links); client text must not use them."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def section(text: str) -> Block:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text[:3000]}}


def button(text: str, action_id: str, value: str, style: str | None = None) -> Block:
    button: Block = {
        "type": "button",
        "text": {"type": "plain_text", "text": text},
        "action_id": action_id,
        "value": value[:MAX_VALUE],
    }
    if style:
        button["style"] = style
    return button


def summary_fields(quote: Quote) -> Block:
    rec = quote.recommendation
    return {
        "type": "section",
        "fields": [
            {"type": "mrkdwn", "text": f"*Escolha*\n{rec.kind.upper()}"},
            {
                "type": "mrkdwn",
                "text": "*Máquina*\n"
                + aside(
                    f"{rec.count}x {escape(rec.accelerator_name)}",
                    f"{escape(rec.instance_type)}, {rec.provider} {rec.region}",
                ),
            },
            {"type": "mrkdwn", "text": f"*Horas*\n{format_number(rec.hours, 1)} h"},
            {"type": "mrkdwn", "text": f"*Total*\n{format_brl(quote.total_brl)}"},
        ],
    }


def lead_blocks(record: QuoteRecord, client: str) -> list[Block]:
    """A client's Telegram quote as a lead: who, the job, the choice and the total, the staff's
    notes (a rate or a price to confirm); "Assumir" until someone has taken it, "Ajustar" always."""
    blocks: list[Block] = [
        section(f"*Novo lead no Telegram:* {escape(client)} · {record.number}"),
        summary_fields(record.quote),
    ]
    if record.quote.staff_notices:  # what to confirm before closing; the client never reads it
        notes = "\n".join(f":warning: {escape(n)}" for n in record.quote.staff_notices)
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": notes}]})
    buttons = [button("Ajustar", "lead_adjust", record.number)]
    owner = record.owner
    if owner is None:
        buttons.insert(0, button("Assumir", "lead_take", record.number, "primary"))
    else:
        taken = f"<@{owner.split(':', 1)[1]}>" if owner.startswith("slack:") else escape(owner)
        blocks.append(
            {"type": "context", "elements": [{"type": "mrkdwn", "text": f"Assumido por {taken}"}]}
        )
    blocks.append({"type": "actions", "elements": buttons})
    return blocks


def lead_text(record: QuoteRecord, client: str) -> str:
    """The notification text of a lead (what phones and screen readers show)."""
    rec = record.quote.recommendation
    return (
        f"Novo lead: {escape(client)}, {rec.count}x {escape(rec.accelerator_name)}, "
        f"{format_brl(record.total_brl)} ({record.number})"
    )


def handoff_blocks(
    handoff_id: int, client: str, history: list[tuple[str, str]], last_quote: str | None
) -> list[Block]:
    """The thread's first message: who asked for a person, the recent conversation and the last
    quote, and how to answer and close."""
    said = "\n".join(f"*{escape(role)}:* {escape(text[:300])}" for role, text in history[-6:])
    blocks = [
        section(f":raising_hand: *{escape(client)} pediu para falar com uma pessoa.*"),
        section(f"*Conversa recente*\n{said or '(sem histórico)'}"),
    ]
    if last_quote:
        blocks.append(section(f"*Última cotação*\n{escape(last_quote)}"))
    blocks += [
        {
            "type": "context",
            "elements": [
                {
                    "type": "mrkdwn",
                    "text": "Responda nesta thread: o cliente recebe no Telegram com o seu nome. "
                    "Escreva `encerrar` aqui ou use o botão para devolver a conversa ao bot.",
                }
            ],
        },
        {
            "type": "actions",
            "elements": [
                button("Encerrar atendimento", "handoff_close", str(handoff_id), "danger")
            ],
        },
    ]
    return blocks
