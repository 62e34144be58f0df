"""How infrabot looks in Slack: Block Kit for quotes, answers, leads, handoff threads and the
modals staff fill in. Every figure comes from the Quote; these functions only lay it out."""

import json
from typing import Any

from bot.assistant import Reply
from bot.composer import alternatives_text
from quoting.jobspec import METHOD_NAMES, Job
from quoting.quote import Quote
from quoting.quote_book import QuoteRecord
from quoting.units import format_brl, format_number

Block = dict[str, Any]
# Slack drops a button whose value is longer than this.
MAX_VALUE = 2000


def escape(text: str) -> str:
    """Slack's mrkdwn reserves &, < and > (mentions and links); client text must not use them."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _section(text: str) -> Block:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text[:3000]}}


def _button(text: str, action_id: str, value: str, style: str | None = None) -> Block:
    button: Block = {
        "type": "button",
        "text": {"type": "plain_text", "text": text},
        "action_id": action_id,
        "value": value[:MAX_VALUE],
    }
    if style:
        button["style"] = style
    return button


def _summary_fields(quote: Quote) -> Block:
    rec = quote.recommendation
    return {
        "type": "section",
        "fields": [
            {"type": "mrkdwn", "text": f"*Escolha*\n{rec.kind.upper()}"},
            {
                "type": "mrkdwn",
                "text": f"*Máquina*\n{rec.count}x {escape(rec.accelerator_name)} "
                f"({escape(rec.instance_type)}, {rec.provider} {rec.region})",
            },
            {"type": "mrkdwn", "text": f"*Horas*\n{format_number(rec.hours, 1)} h"},
            {"type": "mrkdwn", "text": f"*Total*\n{format_brl(quote.total_brl)}"},
        ],
    }


def job_line(job: Job) -> str:
    return (
        f"{escape(job.model_name)}, {METHOD_NAMES[job.method]}, "
        f"{format_number(job.total_tokens / 1e6, 1)} mi de tokens de treino"
    )


def quote_blocks(
    quote: Quote, job: Job, spec: dict[str, Any], shared_by: str | None
) -> list[Block]:
    """A quote: the choice, machine, hours, total, reasons and alternatives. Privately (not
    `shared_by` anyone) it carries the buttons to share it and to save it as a sales quote."""
    rec = quote.recommendation
    blocks: list[Block] = [
        _section(f"*Cotação:* {job_line(job)}"),
        _summary_fields(quote),
        _section("*Por quê*\n" + "\n".join(f"• {escape(r)}" for r in rec.reasons[:3])),
    ]
    if quote.alternatives:
        blocks.append(_section(escape(alternatives_text(quote))))
    if job.assumptions:
        blocks.append(
            {
                "type": "context",
                "elements": [
                    {
                        "type": "mrkdwn",
                        "text": "Premissas: " + escape(" ".join(job.assumptions[:6])),
                    }
                ],
            }
        )
    if shared_by:
        blocks.append(
            {
                "type": "context",
                "elements": [{"type": "mrkdwn", "text": f"Compartilhada por <@{shared_by}>"}],
            }
        )
    else:
        value = json.dumps(spec, separators=(",", ":"))
        blocks.append(
            {
                "type": "actions",
                "elements": [
                    _button("Compartilhar no canal", "quote_share", value),
                    _button("Salvar como cotação", "quote_save", value, "primary"),
                ],
            }
        )
    return blocks


def answer_blocks(reply: Reply) -> list[Block]:
    blocks = [_section(escape(reply.answer))]
    if reply.notice:
        blocks.append(_section(f"_{escape(reply.notice)}_"))
    return blocks


def lead_blocks(record: QuoteRecord, client: str) -> list[Block]:
    """A client's Telegram quote as a lead: who, the job, the choice and the total; "Assumir"
    until someone has taken it, "Ajustar" always."""
    blocks: list[Block] = [
        _section(f"*Novo lead no Telegram:* {escape(client)} · {record.number}"),
        _summary_fields(record.quote),
    ]
    buttons = [_button("Ajustar", "lead_adjust", record.number)]
    owner = record.owner
    if owner is None:
        buttons.insert(0, _button("Assumir", "lead_take", record.number, "primary"))
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
        f"Novo lead: {client}, {rec.count}x {rec.accelerator_name}, "
        f"{format_brl(record.total_brl)} ({record.number})"
    )


def handoff_blocks(
    handoff_id: int, client: str, history: list[tuple[str, str]], last_quote: str | None
) -> list[Block]:
    """The thread's first message: who asked for a person, the recent conversation and the last
    quote, and how to answer and close."""
    said = "\n".join(f"*{escape(role)}:* {escape(text[:300])}" for role, text in history[-6:])
    blocks = [
        _section(f":raising_hand: *{escape(client)} pediu para falar com uma pessoa.*"),
        _section(f"*Conversa recente*\n{said or '(sem histórico)'}"),
    ]
    if last_quote:
        blocks.append(_section(f"*Última cotação*\n{escape(last_quote)}"))
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
                _button("Encerrar atendimento", "handoff_close", str(handoff_id), "danger")
            ],
        },
    ]
    return blocks


def _input(
    block_id: str, label: str, initial: str | None, multiline: bool, optional: bool, most: int
) -> Block:
    """A text field; Slack itself refuses more than `most` characters (the column's size)."""
    element: Block = {
        "type": "plain_text_input",
        "action_id": "valor",
        "multiline": multiline,
        "max_length": most,
    }
    if initial:
        element["initial_value"] = initial
    return {
        "type": "input",
        "block_id": block_id,
        "label": {"type": "plain_text", "text": label},
        "element": element,
        "optional": optional,
    }


def _modal(callback_id: str, title: str, metadata: str, blocks: list[Block]) -> Block:
    return {
        "type": "modal",
        "callback_id": callback_id,
        "private_metadata": metadata,
        "title": {"type": "plain_text", "text": title},
        "submit": {"type": "plain_text", "text": "Salvar"},
        "close": {"type": "plain_text", "text": "Cancelar"},
        "blocks": blocks,
    }


def adjust_modal(record: QuoteRecord) -> Block:
    """Revise a lead's discount and terms; on submit the new version goes to the client."""
    return _modal(
        "lead_adjust",
        f"Ajustar {record.number}"[:24],
        record.number,
        [
            _section(f"Total atual: {format_brl(record.total_brl)} (revisão {record.revision})"),
            _input(
                "desconto", "Desconto (%)", format_number(record.discount_pct, 1), False, False, 10
            ),
            _input("condicoes", "Condições comerciais", record.terms, True, True, 2000),
        ],
    )


def save_modal(spec: str) -> Block:
    """Save a quote from /cotacao as a sales quote: whom it is for."""
    return _modal(
        "quote_save",
        "Salvar cotação",
        spec,
        [
            _input("cliente", "Cliente", None, False, False, 200),
            _input("contato", "Contato (e-mail ou telefone)", None, False, True, 200),
        ],
    )


def submitted(view: dict[str, Any], block_id: str) -> str:
    """What was typed into one input of a submitted modal ('' when left empty)."""
    value = view["state"]["values"].get(block_id, {}).get("valor", {}).get("value")
    return str(value or "").strip()
