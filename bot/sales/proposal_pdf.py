"""The PDF proposal (pt-BR) of a stored quote, drawn with reportlab from the same Quote model the
chat channels render, so the two never drift."""

from pathlib import Path
from xml.sax.saxutils import escape

from bot.sales.book import QuoteRecord, percent
from quoting.jobspec import FRAMEWORK_NAMES, METHOD_NAMES
from quoting.units import format_brl, format_date, format_number

COMPANY = "infrabot · Infraestrutura para treinamento de IA"
TERMS = [
    "Preços em reais, com os tributos do perfil indicado e o câmbio informado, válidos até a data "
    "de validade; depois dela, a cotação é refeita com o câmbio e o catálogo do dia.",
    "Horas estimadas pelo motor de cálculo do infrabot; o faturamento segue as horas efetivamente "
    "usadas, por segundo, no provedor.",
    "A máquina recomendada comporta o job com folga de memória; mudanças no job (modelo, método, "
    "sequência, batch) pedem nova cotação.",
]


def write_proposal(record: QuoteRecord, path: Path) -> None:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import cm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    styles = getSampleStyleSheet()
    quote = record.quote
    rec = quote.recommendation
    job = quote.job

    def para(text: str, style: str = "BodyText") -> Paragraph:
        return Paragraph(escape(text), styles[style])

    story = [
        para(COMPANY, "Title"),
        para(f"Proposta {record.number} (revisão {record.revision})", "Heading2"),
        para(
            f"Cliente: {record.client}"
            + (f" · Contato: {record.contact}" if record.contact else "")
        ),
        para(
            f"Emitida em {format_date(record.created_at)} · válida até "
            f"{format_date(record.valid_until)} · situação: {record.status}"
        ),
        para(f"Código de acesso do cliente: {record.token}"),
        Spacer(1, 0.4 * cm),
        para("O job", "Heading3"),
        para(
            f"{job['model_name']} ({format_number(job['params'] / 1e9, 2)} bi de parâmetros), "
            f"{METHOD_NAMES[job['method']]}, {format_number(job['total_tokens'] / 1e6, 1)} mi de "
            f"tokens de treino, código em {FRAMEWORK_NAMES[job['framework']]}."
        ),
        *[para(f"• {assumption}") for assumption in job.get("assumptions", [])],
        para("Recomendação", "Heading3"),
        para(
            f"{rec.kind.upper()}: {rec.count}x {rec.accelerator_name} ({rec.instance_type}, "
            f"{rec.provider} {rec.region}), cerca de {format_number(rec.hours, 1)} h."
        ),
        *[para(f"• {reason}") for reason in rec.reasons],
        para("Itens", "Heading3"),
    ]
    rows: list[list[str | Paragraph]] = [["Descrição", "Qtd.", "Unid.", "Preço unit.", "Total"]]
    rows += [
        [
            Paragraph(escape(item.description), styles["BodyText"]),
            format_number(item.quantity, 1),
            item.unit,
            format_brl(item.unit_price_brl),
            format_brl(item.total_brl),
        ]
        for item in quote.line_items
    ]
    rows.append(["Total", "", "", "", format_brl(quote.total_brl)])
    table = Table(rows, colWidths=[8 * cm, 1.5 * cm, 1.6 * cm, 2.6 * cm, 2.8 * cm])
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
                ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
                ("FONTNAME", (0, -1), (-1, -1), "Helvetica-Bold"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    story += [table, Spacer(1, 0.3 * cm)]
    fx = quote.fx
    story.append(
        para(
            f"Câmbio: US$ 1 = R$ {format_number(fx.usd_brl, 4)} em {fx.as_of} ({fx.source}), "
            "com proteção de "
            f"{format_number(fx.buffer * 100, 0)}% na validade. Tributação: {quote.tax_profile}."
            + (
                f" Desconto comercial: {percent(record.discount_pct)}."
                if record.discount_pct
                else ""
            )
        )
    )
    story += [para(f"Atenção: {notice}") for notice in quote.notices]
    if record.terms:
        story.append(para(f"Condições comerciais: {record.terms}"))
    if quote.alternatives:
        story.append(para("Alternativas", "Heading3"))
        story += [
            para(
                f"• {a.label}: {a.count}x {a.accelerator_name} ({a.provider} {a.region}), "
                f"{format_number(a.hours, 1)} h, {format_brl(a.total_brl)}"
            )
            for a in quote.alternatives
        ]
    story.append(para("Condições", "Heading3"))
    story += [para(f"• {term}") for term in TERMS]
    SimpleDocTemplate(
        str(path),
        pagesize=A4,
        title=f"Proposta {record.number}",
        leftMargin=2 * cm,
        rightMargin=2 * cm,
    ).build(story)
