"""How infrabot looks in Slack: Block Kit for quotes, answers, leads, handoff threads and the
modals staff fill in. Every figure comes from the Quote; these functions only lay it out."""

import json
from typing import Any

from bot.assistant.composer import named_alternatives
from bot.assistant.reply import Reply
from bot.relay.slack_posts import Block, button, escape, section, summary_fields
from bot.sales.book import QuoteRecord
from quoting.jobspec import METHOD_NAMES, Job
from quoting.quote import Quote
from quoting.units import format_brl, format_number


def job_line(job: Job) -> str:
    return (
        f"{escape(job.model_name)}, {METHOD_NAMES[job.method]}, "
        f"{format_number(job.total_tokens / 1e6, 1)} mi de tokens de treino"
    )


def quote_blocks(
    quote: Quote, job: Job, spec: dict[str, Any], shared_by: str | None
) -> list[Block]:
    """A quote: the choice, machine, hours, total, reasons and alternatives. Privately (not
    `shared_by` anyone) it carries the buttons to share it, to save it as a sales quote, to see
    machines it did not name and to get its launch plan (staff only, as saving is)."""
    rec = quote.recommendation
    blocks: list[Block] = [
        section(f"*Cotação:* {job_line(job)}"),
        summary_fields(quote),
        section("*Por quê*\n" + "\n".join(f"• {escape(r)}" for r in rec.reasons[:3])),
    ]
    if quote.notices or quote.staff_notices:
        notices = quote.notices + quote.staff_notices
        blocks.append(section("\n".join(f":warning: *Atenção:* {escape(n)}" for n in notices)))
    if quote.alternatives:
        blocks.append(section(f"*Outras opções:* {escape(named_alternatives(quote))}"))
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
        # The plan is named after this card's quote, so pressing twice gives the same buckets.
        plan = json.dumps({"quote": quote.id, "spec": spec}, separators=(",", ":"))
        blocks.append(
            {
                "type": "actions",
                "elements": [
                    button("Compartilhar no canal", "quote_share", value),
                    button("Salvar como cotação", "quote_save", value, "primary"),
                    button("Ver alternativas", "quote_alternatives", value),
                    button("Plano de execução", "quote_plan", plan),
                ],
            }
        )
    return blocks


def answer_blocks(reply: Reply) -> list[Block]:
    blocks = [section(escape(reply.answer))]
    if reply.notice:
        blocks.append(section(f"_{escape(reply.notice)}_"))
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
            section(f"Total atual: {format_brl(record.total_brl)} (revisão {record.revision})"),
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
