"""The offline composer: pt-BR replies built from retrieved passages and the engine's results.

Every figure in a quote reply comes from the Quote object; the composer only arranges them.
"""

import re
from decimal import Decimal

from bot.sales.book import QuoteRecord, percent
from bot.sales.company import load_company
from knowledge.lexical import analyze, expand
from knowledge.retriever import Passage
from quoting.jobspec import METHOD_NAMES, Job, JobSpec, normalize
from quoting.pricing import LineItem, load_pricing
from quoting.quote import Option, Quote
from quoting.units import format_brl, format_date, format_number

MAX_SENTENCES = 3
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
_EMPHASIS = re.compile(r"\*\*|__|`")
_PROVIDERS = {"aws": "AWS", "gcp": "Google Cloud", "azure": "Azure", "infrabot": "infrabot"}


def _sentences(passage: Passage) -> list[str]:
    body = passage.text.split("\n\n", 1)[-1]  # the first paragraph repeats title and section
    return [
        _EMPHASIS.sub("", s).strip(" -•|")
        for s in _SENTENCE.split(body)
        if len(s.split()) >= 4 and not s.lstrip().startswith(("|", "#"))
    ]


def answer_from_passages(question: str, passages: list[Passage]) -> tuple[str, list[Passage]]:
    """A few sentences that answer the question, picked from the best passages, and the
    passages they came from (the sources to cite)."""
    terms = set(analyze(expand(question)))
    scored: list[tuple[float, int, int, str]] = []
    for rank, passage in enumerate(passages[:2]):
        for position, sentence in enumerate(_sentences(passage)):
            overlap = len(terms.intersection(analyze(sentence)))
            # Earlier passages and earlier sentences state the main point.
            score = overlap + (1.0 if rank == 0 else 0.0) + (0.5 if position == 0 else 0.0)
            scored.append((score, rank, position, sentence))
    chosen = sorted(scored, key=lambda item: item[0], reverse=True)[:MAX_SENTENCES]
    chosen.sort(key=lambda item: (item[1], item[2]))
    used = sorted({rank for _, rank, _, _ in chosen})
    text = " ".join(
        sentence if sentence.endswith((".", "!", "?", ":")) else f"{sentence}."
        for _, _, _, sentence in chosen
    )
    return text, [passages[rank] for rank in used]


def cite(sources: list[Passage]) -> str:
    titles = "; ".join(dict.fromkeys(source.title for source in sources))
    return f"Fonte: {titles}." if len(sources) == 1 else f"Fontes: {titles}."


def _dataset(job: Job) -> str:
    """The dataset as the client described it, and what it makes in training tokens."""
    if job.examples is not None and job.tokens_per_example is not None:
        described = (
            f"{format_number(job.examples, 0)} exemplos de "
            f"{format_number(job.tokens_per_example, 0)} tokens"
        )
    else:
        described = f"{_millions(job.dataset_tokens)} de tokens no dataset"
    epochs = format_number(job.epochs, 0 if float(job.epochs).is_integer() else 1)
    return f"{described}, {epochs} épocas ({_millions(job.total_tokens)} de tokens de treino)"


def _millions(tokens: float) -> str:
    if tokens >= 1e9:
        return f"{format_number(tokens / 1e9, 1)} bi"
    return f"{format_number(tokens / 1e6, 1)} mi"


def option_text(option: Option) -> str:
    """One machine offer in a line: count and accelerator, where, hours and total."""
    return (
        f"{option.count}x {option.accelerator_name} "
        f"({_PROVIDERS.get(option.provider, option.provider)} {option.region}), "
        f"{format_number(option.hours, 1)} h, {format_brl(option.total_brl)}"
    )


def _versus(option: Option, reference: Option) -> str:
    """How an alternative differs from the recommendation: price, hours, country."""
    money = option.total_brl - reference.total_brl
    hours = option.hours - reference.hours
    parts = []
    if money:
        parts.append(f"{format_brl(abs(money))} {'a mais' if money > 0 else 'a menos'}")
    if abs(hours) >= 0.1:
        parts.append(f"{format_number(abs(hours), 1)} h {'a mais' if hours > 0 else 'a menos'}")
    if option.country != reference.country:
        parts.append("no Brasil" if option.country == "BR" else "fora do Brasil")
    return f" ({', '.join(parts)})" if parts else ""


def alternatives_text(quote: Quote) -> str:
    if not quote.alternatives:
        return "Não há alternativas para a última cotação."
    rec = quote.recommendation
    lines = [f"• {alt.label}: {option_text(alt)}{_versus(alt, rec)}" for alt in quote.alternatives]
    return "\n".join([f"Alternativas à recomendada ({option_text(rec)}):", *lines])


def _short_tax(name: str) -> str:
    """ "CIDE-Remessas (10,00%)" -> "CIDE": the tax's acronym is what a client recognises."""
    return name.split(" ", 1)[0].split("-", 1)[0]


def payment_lines(quote: Quote) -> list[str]:
    """Every line the client pays, short, adding up to the total: machine, storage, taxes (one
    line), set-up fee (explained) and management fee; any other line as the engine wrote it."""
    rules = load_pricing()
    profile = next((p for p in rules.tax_profile if p.id == quote.tax_profile), None)
    tax_names = [rule.name for rule in profile.tax] if profile else []
    taxes: list[LineItem] = []
    lines: list[str] = []
    tax_at = 0
    for item in quote.line_items:
        if item.unit == "h":
            lines.append(
                f"• Máquina: {item.description}, {format_number(item.quantity, 1)} h x "
                f"{format_brl(item.unit_price_brl)}/h: {format_brl(item.total_brl)}"
            )
        elif any(item.description.startswith(name) for name in tax_names):
            if not taxes:  # one line for all taxes, where the first one was
                lines.append("")
                tax_at = len(lines) - 1
            taxes.append(item)
        elif item.description.startswith("Taxa de configuração"):
            lines.append(
                f"• {item.description} ({load_company().setup_fee.short}): "
                f"{format_brl(item.total_brl)}"
            )
        else:
            lines.append(f"• {item.description}: {format_brl(item.total_brl)}")
    if taxes:
        names = ", ".join(_short_tax(item.description) for item in taxes)
        total = sum((item.total_brl for item in taxes), Decimal(0))
        lines[tax_at] = f"• Tributos sobre a nuvem estrangeira ({names}): {format_brl(total)}"
    elif profile is not None and profile.applies_to == "local":
        lines.append("• Tributos: já inclusos no preço da máquina (provedor nacional).")
    lines.append(f"= Total: {format_brl(quote.total_brl)}")
    return lines


def comparison_text(previous: Quote, quote: Quote) -> str | None:
    """When only the method changed since the last quote, how the two compare, and whether the
    new one pays off (QLoRA after LoRA is often slower and dearer)."""
    before, now = previous.job, quote.job
    same_job = all(before.get(k) == now.get(k) for k in ("params", "total_tokens", "epochs"))
    if not same_job or before.get("method") == now.get("method"):
        return None
    old_name = METHOD_NAMES.get(str(before.get("method")), str(before.get("method")))
    new_name = METHOD_NAMES.get(str(now.get("method")), str(now.get("method")))
    old_rec, new_rec = previous.recommendation, quote.recommendation
    said = (
        f"Comparando: com {old_name} eram {format_number(old_rec.hours, 1)} h por "
        f"{format_brl(previous.total_brl)}; com {new_name} são {format_number(new_rec.hours, 1)} h "
        f"por {format_brl(quote.total_brl)}."
    )
    if new_rec.hours >= old_rec.hours and quote.total_brl >= previous.total_brl:
        why = (
            " QLoRA só compensa quando o modelo não cabe na placa com LoRA ou para usar uma placa "
            "menor; a quantização em 4 bits deixa cada passo mais lento."
            if now.get("method") == "qlora"
            else ""
        )
        verdict = f"{new_name[0].upper()}{new_name[1:]} não compensa aqui"
        return f"{said} {verdict}: fica mais lento e mais caro.{why}"
    return said


def quote_text(quote: Quote, job: Job, previous: Quote | None = None) -> str:
    """The quote as a client reads it: their constraints first, then the machine, hours and
    price, every line they pay, why this machine, alternatives and premises."""
    rec = quote.recommendation
    provider = _PROVIDERS.get(rec.provider, rec.provider)
    machine = f"{rec.count}x {rec.accelerator_name}"
    lines: list[str] = []
    if rec.constraints:
        lines += ["Seu pedido:", *[f"• {line}" for line in rec.constraints], ""]
    comparison = comparison_text(previous, quote) if previous else None
    if comparison:
        lines += [comparison, ""]
    lines += [
        f"Recomendo {rec.kind.upper()}: {machine} ({rec.instance_type}, {provider} {rec.region}).",
        f"Job: {job.model_name}, {METHOD_NAMES[job.method]}, {_dataset(job)}.",
        f"Tempo estimado: {format_number(rec.hours, 1)} h · Total: {format_brl(quote.total_brl)} "
        f"(válido até {format_date(quote.valid_until)}).",
        "",
        "O que você paga:",
        *payment_lines(quote),
    ]
    why = [reason for reason in rec.reasons if reason not in rec.constraints]
    if why:
        lines += ["", "Por quê:", *[f"• {reason}" for reason in why]]
    if quote.alternatives:
        # One line here; "Ver alternativas" compares them in full, so it never repeats the quote.
        named = ", ".join(
            f"{alt.label} ({format_brl(alt.total_brl)})" for alt in quote.alternatives
        )
        lines += ["", f'Outras opções: {named}. Para compará-las, peça "Ver alternativas".']
    if job.assumptions:
        lines += ["", "Premissas (me diga se algo for diferente): " + " ".join(job.assumptions[:8])]
    return "\n".join(lines)


_FLAG_IN_PARENS = re.compile(r"\s*\(--[a-z-]+\)")
_FLAG_EXAMPLE = re.compile(r"\(--[a-z-]+ ([^)]+)\)")


def without_flags(message: str) -> str:
    """An engine message fit for chat: command-line flags are a terminal's words."""
    message = _FLAG_IN_PARENS.sub("", message)
    message = _FLAG_EXAMPLE.sub(r"(ex.: \1)", message)
    message = message.replace("com --params", "em parâmetros").replace("com --method ", "com ")
    return re.sub(r"--([a-z]+)(?:-[a-z]+)*", lambda m: m.group(1), message)


def proposal_text(record: QuoteRecord) -> str:
    """A sales proposal as the client reads it in chat: its number and revision, the quote, and
    the discount and terms staff set."""
    lines = [
        f"Proposta {record.number} (revisão {record.revision}):",
        quote_text(record.quote, normalize(JobSpec.model_validate(record.spec))),
    ]
    if record.discount_pct:
        lines.append(f"\nDesconto comercial: {percent(record.discount_pct)} (já no total).")
    if record.terms:
        lines.append(f"Condições: {record.terms}")
    return "\n".join(lines)


GREETING = (
    "Olá! Sou o infrabot. Eu digo qual máquina (GPU ou TPU) você precisa para fazer fine-tuning "
    "de um modelo, quanto tempo leva e quanto custa em reais, e explico o porquê. Descreva o job "
    '(ex.: "LoRA de um Llama 3 8B com 20 mil exemplos") ou faça uma pergunta.'
)
HANDOFF = (
    "Certo! Vou chamar um especialista da nossa equipe para continuar esta conversa com você. "
    "Enquanto isso, se quiser, descreva o job para adiantarmos a cotação."
)
OUT_OF_SCOPE = (
    "Eu só cuido de infraestrutura para treinar modelos de IA: escolha entre GPU e TPU, "
    "máquinas, prazos e preços de fine-tuning. Posso ajudar com algo nesse assunto?"
)
INJECTION = (
    "Não consigo mudar minhas regras nem os preços: todo valor que eu informo sai do nosso motor "
    "de cálculo, a partir do catálogo e dos tributos em vigor. Se quiser, descreva o job e eu "
    "faço a cotação."
)


def clarify_text(assumed: list[str]) -> str:
    lead = (
        "Para cotar, preciso de uma informação: qual modelo (ou tamanho, como 7B ou 70B) "
        "você quer ajustar?"
    )
    if assumed:
        return f"{lead} Para o resto, assumo: {' '.join(assumed)}"
    return lead
