"""The offline composer: pt-BR replies built from retrieved passages and the engine's results.

Every figure in a quote reply comes from the Quote object; the composer only arranges them.
"""

import re
from datetime import date
from decimal import Decimal

from bot.sales.book import QuoteRecord, percent
from bot.sales.company import load_company
from knowledge.lexical import analyze, expand
from knowledge.retriever import Passage
from quoting.jobspec import METHOD_NAMES, Job, JobSpec, normalize
from quoting.pricing import LineItem
from quoting.quote import Option, Quote
from quoting.units import aside, format_brl, format_date, format_number, plural

MAX_SENTENCES = 3
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_EMPHASIS = re.compile(r"\*\*|__|`")
_ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_PROVIDERS = {"aws": "AWS", "gcp": "Google Cloud", "azure": "Azure", "infrabot": "infrabot"}


def _is_statement(unit: str) -> bool:
    """A sentence that stands on its own: it opens with a capital, a digit or a quote and ends
    like a sentence (not a fragment cut from a list or a line)."""
    return (
        bool(unit)
        and (unit[0].isupper() or unit[0] in '"0123456789')
        and (unit.endswith((".", "!", "?")) and len(unit.split()) >= 2)
    )


def _units(passage: Passage) -> list[str]:
    """The passage as answer units: its sentences, and each list joined to its lead-in ("Para
    economizar: desligue...; use spot...") so that no item is read without what it answers.
    Headings, table rows and fragments are dropped."""
    body = passage.text.split("\n\n", 1)[-1]  # the first paragraph repeats title and section
    units: list[str] = []
    items: list[str] = []
    lead = ""

    def close_list() -> None:
        nonlocal lead
        if items and lead:
            units.append(f"{lead} {'; '.join(item.rstrip('.;') for item in items)}.")
        elif items:
            units.extend(item for item in items if _is_statement(item))
        items.clear()
        lead = ""

    for raw in body.splitlines():
        line = _EMPHASIS.sub("", raw).strip()
        if not line or line.startswith(("|", "#")):
            close_list()
            continue
        if _ITEM.match(line):
            items.append(_ITEM.sub("", line).strip())
            continue
        close_list()
        sentences = [part.strip() for part in _SENTENCE.split(line) if part.strip()]
        if sentences and sentences[-1].endswith(":"):
            lead = sentences.pop()
        units.extend(sentence for sentence in sentences if _is_statement(sentence))
    close_list()
    return units


def answer_from_passages(question: str, passages: list[Passage]) -> tuple[str, list[Passage]]:
    """For documents added with `infrabot index PATH`, which have no answer cards: the units of
    the best passage that answer the question, and that passage (the source to cite). Only one
    document is used; a second one would pad the answer with something else."""
    if not passages:
        return "", []
    best = passages[0]
    terms = set(analyze(expand(question)))
    scored = [
        (len(terms.intersection(analyze(unit))) + (0.5 if position == 0 else 0.0), position, unit)
        for position, unit in enumerate(_units(best))
    ]
    chosen = sorted(scored, key=lambda item: item[0], reverse=True)[:MAX_SENTENCES]
    if not chosen:
        return "", []
    chosen.sort(key=lambda item: item[1])
    return " ".join(unit for _, _, unit in chosen), [best]


def cite(sources: list[Passage]) -> str:
    titles = "; ".join(dict.fromkeys(source.title for source in sources))
    return f"Fonte: {titles}." if len(sources) == 1 else f"Fontes: {titles}."


def clarify_guidance(options: list[str]) -> str:
    """The question back when no answer card matches well enough: the closest topics, or the
    specialist."""
    lead = "Não tenho certeza de que entendi a sua dúvida."
    if not options:
        return f"{lead} Pode explicar com outras palavras, ou prefere falar com um especialista?"
    listed = "\n".join(f"• {option}" for option in options)
    return (
        f"{lead} Você quer saber algo assim?\n{listed}\n"
        "Se não for isso, escreva com outras palavras ou fale com um especialista da equipe."
    )


_DATA_FIGURES = ("examples", "tokens_per_example", "epochs")


def _dataset(job: Job) -> str:
    """The dataset as the client described it, and what it makes in training tokens."""
    # A figure the client did not give is marked where it is read, not only in the premises.
    guessed = {name: " (suposto)" if name in job.assumed else "" for name in _DATA_FIGURES}
    if job.examples is not None and job.tokens_per_example is not None:
        described = (
            f"{format_number(job.examples, 0)} exemplos{guessed['examples']} de "
            f"{format_number(job.tokens_per_example, 0)} tokens{guessed['tokens_per_example']}"
        )
    else:
        described = f"{_millions(job.dataset_tokens)} de tokens no dataset"
    epochs = plural(job.epochs, "época", "épocas") + guessed["epochs"]
    return f"{described}, {epochs}; {_millions(job.total_tokens)} de tokens de treino"


def job_line(job: Job) -> str:
    """ "Llama 3 8B, LoRA, 20.000 exemplos de 500 tokens, 3 épocas; 30 mi de tokens de treino" """
    return f"{job.model_name}, {METHOD_NAMES[job.method]}, {_dataset(job)}"


def in_dollars(quote: Quote) -> str:
    """The total in US dollars beside the reais, at the rate the quote was priced at."""
    rate = quote.fx.usd_brl_quoted
    dollars = (quote.total_brl / rate).quantize(Decimal("0.01"))
    return (
        f"Em dólar: US$ {format_number(dollars, 2)} ({format_brl(quote.total_brl)} a "
        f"R$ {format_number(rate, 4)} por dólar, câmbio de "
        f"{date.fromisoformat(quote.fx.as_of):%d/%m/%Y} com a proteção cambial). "
        "A fatura é em reais."
    )


def _millions(tokens: float) -> str:
    if tokens >= 1e9:
        return f"{format_number(tokens / 1e9, 1)} bi"
    return f"{format_number(tokens / 1e6, 1)} mi"


def option_text(option: Option) -> str:
    """One machine offer in a line: count and accelerator, where, hours and total."""
    where = f"{_PROVIDERS.get(option.provider, option.provider)} {option.region}"
    return (
        f"{aside(f'{option.count}x {option.accelerator_name}', where)}, "
        f"{format_number(option.hours, 1)} h, {format_brl(option.total_brl)}"
        + (" (sem BF16: treina em FP16)" if option.fp16_fallback else "")
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


def named_alternatives(quote: Quote) -> str:
    """The quote's own alternatives in one line: label, machine, hours and total of each."""
    return "; ".join(
        f"{alt.label}, {alt.count}x {alt.accelerator_name}, {format_number(alt.hours, 1)} h "
        f"({format_brl(alt.total_brl)})"
        for alt in quote.alternatives
    )


SHOWN = "além das que a cotação mostrou"


def other_options_text(quote: Quote, others: list[Option]) -> str:
    """ "Ver alternativas": machines the quote did not mention, each against the recommended one,
    or that there are none."""
    if not others:
        return f"Não há outras máquinas que sirvam para este job, {SHOWN}."
    rec = quote.recommendation
    lines = [f"• {option_text(option)}{_versus(option, rec)}" for option in others]
    return "\n".join([f"Outras máquinas que também servem, {SHOWN}:", *lines])


def _short_tax(name: str) -> str:
    """ "CIDE-Remessas (10,00%)" -> "CIDE": the tax's acronym is what a client recognises."""
    return name.split(" ", 1)[0].split("-", 1)[0]


def payment_lines(quote: Quote) -> list[str]:
    """Every line the client pays, short, adding up to the total: machine, storage, the provider's
    taxes (one line), set-up fee (explained), management fee and our own invoice's taxes (one
    line); any other line as the engine wrote it."""
    groups = {
        "provider": "Tributos cobrados pelo provedor",
        "invoice": "Tributos da nossa nota fiscal",
    }
    kind_of = {tax.name: tax.applies_to for tax in quote.taxes}
    grouped: dict[str, list[LineItem]] = {kind: [] for kind in groups}
    lines: list[str] = []
    where: dict[str, int] = {}
    for item in quote.line_items:
        kind = next((k for name, k in kind_of.items() if item.description.startswith(name)), None)
        if kind in groups:
            if not grouped[kind]:  # one line per group, where its first tax was
                where[kind] = len(lines)
                lines.append("")
            grouped[kind].append(item)
        elif item.unit == "h":
            lines.append(
                f"• Máquina: {item.description}, {format_number(item.quantity, 1)} h x "
                f"{format_brl(item.unit_price_brl)}/h: {format_brl(item.total_brl)}"
            )
        elif item.description.startswith("Taxa de configuração"):
            described = aside(item.description, load_company().setup_fee.short)
            lines.append(f"• {described}: {format_brl(item.total_brl)}")
        else:
            lines.append(f"• {item.description}: {format_brl(item.total_brl)}")
    for group, items in grouped.items():
        if items:
            names = ", ".join(_short_tax(item.description) for item in items)
            total = sum((item.total_brl for item in items), Decimal(0))
            lines[where[group]] = f"• {groups[group]} ({names}): {format_brl(total)}"
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
        f"Recomendo {rec.kind.upper()}: "
        f"{aside(machine, f'{rec.instance_type}, {provider} {rec.region}')}.",
        f"Job: {job_line(job)}.",
        f"Tempo estimado: {format_number(rec.hours, 1)} h · Total: {format_brl(quote.total_brl)} "
        f"(válido até {format_date(quote.valid_until)}; câmbio de "
        f"{format_date(date.fromisoformat(quote.fx.as_of))}).",
        *[f"Atenção: {notice}" for notice in quote.notices],
        "",
        "O que você paga:",
        *payment_lines(quote),
    ]
    why = [reason for reason in rec.reasons if reason not in rec.constraints]
    if why:
        lines += ["", "Por quê:", *[f"• {reason}" for reason in why]]
    if quote.alternatives:
        # In full here: "Ver alternativas" then shows only machines this reply did not.
        lines += [
            "",
            f"Outras opções: {named_alternatives(quote)}. "
            'Para ver mais máquinas, peça "Ver alternativas".',
        ]
    if job.assumptions:
        lines += ["", "Premissas (me diga se algo for diferente): " + " ".join(job.assumptions)]
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
_CLOSING = (
    "Quando quiser, descreva outro job para eu cotar ou mande uma dúvida sobre GPU, TPU ou custos "
    "de fine-tuning."
)


def closing(thanked: bool, leaving: bool) -> str:
    """The reply to thanks, a goodbye or an "ok": no request in it, so nothing more to do."""
    lead = "Por nada!" if thanked else "Até mais!" if leaving else "Combinado!"
    return f"{lead} {_CLOSING}"


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
