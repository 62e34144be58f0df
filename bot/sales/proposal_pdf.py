"""The PDF proposal (pt-BR) of a stored quote, the document a buyer forwards to finance: who sells
(company.toml), the offer and its price first, what is and is not included, validity, payment,
acceptance with a signature line, and two annexes: the engineering premises, and the launch plan's
summary (machine, region, auto-stop, checkpoints, storage clean-up). Drawn with reportlab from the
same Quote model the chat channels render, so the two never drift."""

from datetime import date, datetime
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape
from zoneinfo import ZoneInfo

from bot.sales.book import BOT_ACTOR, QuoteRecord, percent
from bot.sales.company import Company, load_company
from bot.sales.launch import plan_file_name, plan_for_record
from quoting.jobspec import FRAMEWORK_NAMES, METHOD_NAMES
from quoting.launch_plan import PlanError
from quoting.tax_choice import tax_profile_name, tax_profile_note
from quoting.units import aside, format_brl, format_date, format_number

BRASILIA = ZoneInfo("America/Sao_Paulo")
PROVIDERS = {"aws": "AWS", "gcp": "Google Cloud", "azure": "Azure"}
NOT_INCLUDED = [
    "Horas de máquina além da estimativa: o uso é medido por segundo no provedor; se o treino "
    "passar do estimado, avisamos antes e o excedente é cobrado ao mesmo preço por hora.",
    "Preparo, limpeza ou rotulagem dos dados e o desenvolvimento do código de treino.",
    "Hospedagem do modelo treinado para uso (inferência) depois da entrega.",
    "Mudanças no job (modelo, método, tamanho do dataset, sequência, batch): pedem nova cotação.",
]
ENGINEERING_TERMS = [
    "Horas estimadas pelo motor de cálculo do infrabot a partir do tamanho do modelo, do método "
    "e do volume de tokens; o tempo real depende do código e dos dados.",
    "A máquina recomendada comporta o job com folga de memória; a estimativa abaixo mostra o "
    "cálculo por dispositivo.",
]


def _when(moment: datetime) -> str:
    """dd/mm/aaaa in Brasília time: a quote made at 21h there is dated that day, not the next."""
    return format_date(moment.astimezone(BRASILIA))


def _salesperson(record: QuoteRecord) -> str:
    """Who answers for the quote: whoever took it over, else whoever created it; quotes the bot
    made in chat, or made at the local terminal, are answered by the sales team."""
    creator = next((e["por"] for e in record.history if e["acao"] == "criada"), None)
    person = record.owner or creator
    # A terminal identity names an operating-system account, not a name for the client to read.
    if person in (None, BOT_ACTOR) or str(person).split(":", 1)[0] == "local":
        return "Equipe comercial"
    return str(person).split(":", 1)[-1]


def _offer_sentence(record: QuoteRecord) -> str:
    rec = record.quote.recommendation
    job = record.quote.job
    provider = PROVIDERS.get(rec.provider, rec.provider)
    where = "em São Paulo, " if rec.country == "BR" else ""
    # The machine's details after a comma, not in brackets: some names carry their own
    # ("Google TPU v6e (Trillium)").
    return (
        f"Treino (fine-tuning) do modelo {job['model_name']} com {METHOD_NAMES[job['method']]}, "
        f"por cerca de {format_number(rec.hours, 1)} horas de máquina. Máquina: {rec.count}x "
        f"{rec.accelerator_name}, {rec.kind.upper()}, instância {rec.instance_type} da "
        f"{provider}, {where}região {rec.region}."
    )


def _included(record: QuoteRecord, company: Company) -> list[str]:
    quote = record.quote
    rec = quote.recommendation
    tax = tax_profile_name(quote.tax_profile)
    return [
        f"{format_number(rec.hours, 1)} horas da máquina recomendada, {rec.count}x "
        f"{rec.accelerator_name}, " + ("em instância spot." if rec.spot else "sob demanda."),
        "Armazenamento do modelo, do dataset e dos checkpoints durante o treino.",
        f"Taxa de configuração: {company.setup_fee.short}.",
        "Gestão e suporte do treino até a entrega do modelo treinado.",
        f"Tributos: {tax}.",
    ]


def _conditions(record: QuoteRecord, company: Company) -> list[str]:
    quote = record.quote
    fx = quote.fx
    payment = company.payment
    lines = [
        f"Validade: até {_when(record.valid_until)} ({company.validity_days} dias). "
        f"{company.quote.validity_note}",
        f"Pagamento: {payment.terms}; por {', '.join(payment.methods)}, com vencimento em "
        f"{payment.due_days} dias. {payment.currency_note}",
        f"Nota fiscal: {company.invoice.kind}, {company.invoice.when}.",
        f"Contrato: {company.service.contract}",
        f"Falhas e atendimento: {company.service.failure} {company.service.sla}",
        f"Cobrança das horas: {company.service.billing}",
        f"Câmbio usado: US$ 1 = R$ {format_number(fx.usd_brl, 4)} em "
        f"{format_date(date.fromisoformat(fx.as_of))} ({fx.client_source}), com proteção de "
        f"{format_number(fx.buffer * 100, 0)}% durante a validade.",
    ]
    rec = quote.recommendation
    where = f"{PROVIDERS.get(rec.provider, rec.provider)} {rec.region}"
    tax_note = tax_profile_note(quote.job.get("tax_profile"), quote.tax_profile, where)
    if tax_note:
        lines.append(tax_note)
    if record.discount_pct:
        lines.append(f"Desconto comercial: {percent(record.discount_pct)}, já aplicado no total.")
    if record.terms:
        lines.append(f"Condições combinadas: {record.terms}")
    lines += [f"Atenção: {notice}" for notice in quote.notices]
    return lines


def _job_sentence(job: dict[str, Any]) -> str:
    return (
        f"{job['model_name']} ({format_number(job['params'] / 1e9, 2)} bi de parâmetros), "
        f"{METHOD_NAMES[job['method']]}, {format_number(job['total_tokens'] / 1e6, 1)} mi de "
        f"tokens de treino, código em {FRAMEWORK_NAMES[job['framework']]}."
    )


def _premises(job: dict[str, Any]) -> list[str]:
    """The premises assumed, without the one the job sentence already states (the framework)."""
    seen: set[str] = set()
    kept = []
    for assumption in job.get("assumptions", []):
        if assumption.startswith("Código em") or assumption in seen:
            continue
        seen.add(assumption)
        kept.append(assumption)
    return kept


def _plan_annex(record: QuoteRecord) -> tuple[str, list[str]]:
    """The launch plan of the recommended machine, in a sentence and its summary lines; where no
    plan can be written for it (an own offer, a TPU with LoRA), the sentence says why."""
    try:
        plan = plan_for_record(record)
    except PlanError as error:
        return f"Não há plano de execução automático para esta opção: {error}", []
    return (
        "O job roda como foi cotado a partir de um arquivo de tarefa do SkyPilot, "
        f"{plan_file_name(plan)} (peça-o à equipe comercial ou use o botão “Plano de execução” "
        "em /minhas_cotacoes no Telegram), com estes pontos:",
        plan.summary(),
    )


def write_proposal(record: QuoteRecord, path: Path) -> None:
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_RIGHT
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import cm
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import (
        KeepTogether,
        PageBreak,
        Paragraph,
        SimpleDocTemplate,
        Spacer,
        Table,
        TableStyle,
    )

    company = load_company()
    identity = company.identity
    quote = record.quote
    styles = getSampleStyleSheet()
    body = styles["BodyText"]
    small = ParagraphStyle("small", parent=body, fontSize=8, leading=10)
    total_style = ParagraphStyle("total", parent=body, fontSize=14, leading=18)
    right = ParagraphStyle("right", parent=body, alignment=TA_RIGHT)

    def para(text: str, style: ParagraphStyle | str = "BodyText") -> Paragraph:
        chosen = styles[style] if isinstance(style, str) else style
        return Paragraph(escape(text), chosen)

    def bullets(lines: list[str]) -> list[Paragraph]:
        return [para(f"• {line}") for line in lines]

    seller = [
        f"<b>{escape(identity.legal_name)}</b>",
        *([f"CNPJ {escape(identity.cnpj)}"] if identity.cnpj else []),
        *([escape(identity.address)] if identity.address else []),
        " · ".join(escape(part) for part in (identity.email, identity.phone) if part),
        f"Responsável: {escape(_salesperson(record))}",
    ]
    buyer = [f"<b>{escape(record.client)}</b>"]
    if record.contact:
        buyer.append(f"Contato: {escape(record.contact)}")
    buyer += [
        f"Emitida em {_when(record.created_at)}",
        f"Válida até {_when(record.valid_until)}",
    ]
    parties = Table(
        [
            [para("De", "Heading4"), para("Para", "Heading4")],
            [
                Paragraph("<br/>".join(seller), body),
                Paragraph("<br/>".join(buyer), body),
            ],
        ],
        colWidths=[9 * cm, 8 * cm],
    )
    parties.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))

    rows: list[list[Any]] = [["Descrição", "Qtd.", "Preço unit.", "Total"]]
    for item in quote.line_items:
        quantity = format_number(item.quantity, 0 if item.quantity == int(item.quantity) else 1)
        rows.append(
            [
                para(item.description),
                f"{quantity} {item.unit}",
                format_brl(item.unit_price_brl),
                format_brl(item.total_brl),
            ]
        )
    rows.append(["Total", "", "", format_brl(quote.total_brl)])
    items = Table(rows, colWidths=[8.6 * cm, 2.4 * cm, 3 * cm, 3 * cm], repeatRows=1)
    items.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
                ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
                ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
                ("FONTNAME", (0, -1), (-1, -1), "Helvetica-Bold"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )

    acceptance = KeepTogether(
        [
            para("Aceite", "Heading2"),
            para(
                f"Aceitamos a proposta {record.number} (revisão {record.revision}), no valor de "
                f"{format_brl(quote.total_brl)}, nas condições acima."
            ),
            Spacer(1, 0.6 * cm),
            Table(
                [
                    ["Nome:", "_" * 38, "Cargo:", "_" * 22],
                    ["CPF/CNPJ:", "_" * 38, "Data:", "____/____/________"],
                ],
                colWidths=[2 * cm, 7.5 * cm, 1.6 * cm, 5.9 * cm],
                rowHeights=[0.9 * cm, 0.9 * cm],
            ),
            Spacer(1, 1.2 * cm),
            para("_" * 60, right),
            para(f"Assinatura do responsável por {record.client}", right),
        ]
    )

    rec = quote.recommendation
    story: list[Any] = [
        para(f"Proposta comercial {record.number}", "Title"),
        para(f"Revisão {record.revision}", right),
        parties,
        Spacer(1, 0.3 * cm),
        para("A oferta", "Heading2"),
        para(_offer_sentence(record)),
        Spacer(1, 0.2 * cm),
        Paragraph(f"<b>Valor total: {escape(format_brl(quote.total_brl))}</b>", total_style),
        para("Em reais, com tributos; o detalhamento está nos itens abaixo.", small),
        Spacer(1, 0.3 * cm),
        items,
        para(f"Taxa de configuração: {company.setup_fee.detail}", small),
        para("O que está incluído", "Heading3"),
        *bullets(_included(record, company)),
        para("O que não está incluído", "Heading3"),
        *bullets(NOT_INCLUDED),
        para("Condições comerciais", "Heading3"),
        *bullets(_conditions(record, company)),
    ]
    if quote.alternatives:
        story.append(para("Outras opções consideradas", "Heading3"))
        story += bullets(
            [
                f"{a.label.capitalize()}: "
                + aside(
                    f"{a.count}x {a.accelerator_name}",
                    f"{PROVIDERS.get(a.provider, a.provider)} {a.region}",
                )
                + f", {format_number(a.hours, 1)} h, {format_brl(a.total_brl)}"
                + (" (sem BF16: treina em FP16)" if a.fp16_fallback else "")
                for a in quote.alternatives
            ]
        )
    story += [Spacer(1, 0.4 * cm), acceptance, PageBreak()]
    story += [
        para("Anexo: premissas técnicas", "Heading2"),
        para("O job", "Heading3"),
        para(_job_sentence(quote.job)),
        *bullets(_premises(quote.job)),
        para("Por que esta máquina", "Heading3"),
        *bullets(rec.reasons),
        para("Sobre as estimativas", "Heading3"),
        *bullets(ENGINEERING_TERMS),
        para(
            f"Memória estimada por dispositivo: "
            f"{format_number(quote.estimate.memory_gb.total, 1)} GB de "
            f"{format_number(rec.device_memory_gb, 0)} GB.",
        ),
    ]
    plan_intro, plan_lines = _plan_annex(record)
    story.append(
        KeepTogether(
            [
                Spacer(1, 0.4 * cm),
                para("Anexo: plano de execução", "Heading2"),
                para(plan_intro),
                *bullets(plan_lines),
            ]
        )
    )

    cnpj = f"CNPJ {identity.cnpj}" if identity.cnpj else None
    footer = " · ".join(part for part in (identity.legal_name, cnpj, identity.email) if part)

    class NumberedCanvas(Canvas):
        """Holds each page until the end, so that every footer can say "Página N de M"."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._pages: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._pages.append(dict(self.__dict__))
            self._startPage()  # type: ignore[attr-defined]

        def save(self) -> None:
            for page in self._pages:
                self.__dict__.update(page)
                self._draw_footer(len(self._pages))
                super().showPage()
            super().save()

        def _draw_footer(self, pages: int) -> None:
            width = A4[0]
            self.setFont("Helvetica", 8)
            self.setFillColor(colors.grey)
            self.drawString(2 * cm, 1.2 * cm, footer)
            self.drawRightString(
                width - 2 * cm, 1.2 * cm, f"Página {self.getPageNumber()} de {pages}"
            )
            self.drawString(
                2 * cm, A4[1] - 1.2 * cm, f"{identity.trade_name} · {identity.legal_name}"
            )
            self.drawRightString(
                width - 2 * cm,
                A4[1] - 1.2 * cm,
                f"Proposta {record.number} · revisão {record.revision}",
            )

    SimpleDocTemplate(
        str(path),
        pagesize=A4,
        title=f"Proposta {record.number}",
        author=identity.legal_name,
        leftMargin=2 * cm,
        rightMargin=2 * cm,
        topMargin=2 * cm,
        bottomMargin=2 * cm,
    ).build(story, canvasmaker=NumberedCanvas)
