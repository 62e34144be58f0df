"""The offline composer: replies in the client's language from passages and the engine's results.

Every figure in a quote reply comes from the Quote object; the composer only arranges them.
"""

import re
from datetime import date
from decimal import Decimal

from bot.assistant.dollars import total_text, usd_aside
from bot.assistant.reply import ACTION_ALTERNATIVES
from bot.sales.book import QuoteRecord, percent
from bot.sales.company import load_company
from knowledge.lexical import analyze, expand
from knowledge.retriever import Passage
from locales import N_, _
from quoting.jobspec import METHOD_NAMES, Job, JobSpec, normalize
from quoting.pricing import LineItem, is_setup_fee
from quoting.quote import Option, Quote
from quoting.units import aside, format_brl, format_date, format_number, plural

MAX_SENTENCES = 3
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_EMPHASIS = re.compile(r"\*\*|__|`")
_ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
_PROVIDERS = {
    "aws": "AWS",
    "gcp": "Google Cloud",
    "azure": "Azure",
    "lambda": "Lambda",
    "runpod": "RunPod",
    "infrabot": "infrabot",
}


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
    titles = "; ".join(dict.fromkeys(_(source.title) for source in sources))
    if len(sources) == 1:
        return _("Fonte: {titles}.").format(titles=titles)
    return _("Fontes: {titles}.").format(titles=titles)


def clarify_guidance(options: list[str]) -> str:
    """The question back when no answer card matches well enough: the closest topics, or the
    specialist."""
    if not options:
        return _(
            "Não tenho certeza de que entendi a sua dúvida. Pode explicar com outras palavras, ou "
            "prefere falar com um especialista?"
        )
    listed = "\n".join(f"• {option}" for option in options)
    return _(
        "Não tenho certeza de que entendi a sua dúvida. Você quer saber algo assim?\n{options}\n"
        "Se não for isso, escreva com outras palavras ou fale com um especialista da equipe."
    ).format(options=listed)


_DATA_FIGURES = ("examples", "tokens_per_example", "epochs")


def _dataset(job: Job) -> str:
    """The dataset as the client described it, and what it makes in training tokens."""
    # A figure the client did not give is marked where it is read, not only in the premises.
    mark = " ({})".format(_("suposto"))
    guessed = {name: mark if name in job.assumed else "" for name in _DATA_FIGURES}
    if job.examples is not None and job.tokens_per_example is not None:
        described = _("{examples} exemplos{examples_assumed} de {tokens} tokens{tokens_assumed}")
        described = described.format(
            examples=format_number(job.examples, 0),
            examples_assumed=guessed["examples"],
            tokens=format_number(job.tokens_per_example, 0),
            tokens_assumed=guessed["tokens_per_example"],
        )
    else:
        described = _("{tokens} de tokens no dataset").format(tokens=_millions(job.dataset_tokens))
    epochs = plural(job.epochs, _("época"), _("épocas")) + guessed["epochs"]
    return _("{dataset}, {epochs}; {tokens} de tokens de treino").format(
        dataset=described, epochs=epochs, tokens=_millions(job.total_tokens)
    )


def _method_name(method: object) -> str:
    """The method as the client reads it ("ajuste completo", LoRA, QLoRA)."""
    return _(METHOD_NAMES.get(str(method), str(method)))


def job_line(job: Job) -> str:
    """ "Llama 3 8B, LoRA, 20.000 exemplos de 500 tokens, 3 épocas; 30 mi de tokens de treino" """
    return f"{_(job.model_name)}, {_method_name(job.method)}, {_dataset(job)}"


def _millions(tokens: float) -> str:
    if tokens >= 1e9:
        return _("{count} bi").format(count=format_number(tokens / 1e9, 1))
    return _("{count} mi").format(count=format_number(tokens / 1e6, 1))


def option_text(option: Option) -> str:
    """One machine offer in a line: count and accelerator, where, hours and total."""
    where = f"{_PROVIDERS.get(option.provider, option.provider)} {option.region}"
    return (
        f"{aside(f'{option.count}x {option.accelerator_name}', where)}, "
        f"{format_number(option.hours, 1)} h, {format_brl(option.total_brl)}"
        + (" ({})".format(_("sem BF16: treina em FP16")) if option.fp16_fallback else "")
    )


def _versus(option: Option, reference: Option) -> list[str]:
    """How an alternative differs from the recommendation: price, hours, country."""
    money = option.total_brl - reference.total_brl
    hours = option.hours - reference.hours
    parts = []
    if money:
        more = _("{amount} a mais") if money > 0 else _("{amount} a menos")
        parts.append(more.format(amount=format_brl(abs(money))))
    if abs(hours) >= 0.1:
        longer = _("{hours} h a mais") if hours > 0 else _("{hours} h a menos")
        parts.append(longer.format(hours=format_number(abs(hours), 1)))
    if option.country != reference.country:
        parts.append(_("no Brasil") if option.country == "BR" else _("fora do Brasil"))
    return parts


def named_alternatives(quote: Quote) -> str:
    """The quote's own alternatives in one line: label, machine, hours and total of each (and,
    in English, the total in dollars at the quote's rate)."""
    rate = quote.fx.usd_brl_quoted
    return "; ".join(
        f"{_(alt.label)}, {alt.count}x {alt.accelerator_name}, {format_number(alt.hours, 1)} h "
        f"({total_text(alt.total_brl, rate, bracketed=True)})"
        for alt in quote.alternatives
    )


def other_options_text(quote: Quote, others: list[Option]) -> str:
    """ "Ver alternativas": machines the quote did not mention, each against the recommended one,
    or that there are none."""
    if not others:
        return _("Não há outras máquinas que sirvam para este job, além das que a cotação mostrou.")
    rate = quote.fx.usd_brl_quoted
    lines = []
    for option in others:
        # English: "R$ 957.81 (≈ US$ 172.21; R$ 552.44 more, 15.8 h shorter)".
        versus = ", ".join(_versus(option, quote.recommendation))
        bracket = "; ".join(part for part in (usd_aside(option.total_brl, rate), versus) if part)
        lines.append(f"• {option_text(option)}" + (f" ({bracket})" if bracket else ""))
    lead = _("Outras máquinas que também servem, além das que a cotação mostrou:")
    return "\n".join([lead, *lines])


def _short_tax(name: str) -> str:
    """ "CIDE-Remessas (10,00%)" -> "CIDE": the tax's acronym is what a client recognises."""
    return name.split(" ", 1)[0].split("-", 1)[0]


def payment_lines(quote: Quote) -> list[str]:
    """Every line the client pays, short, adding up to the total: machine, storage, the provider's
    taxes (one line), set-up fee (explained), management fee and our own invoice's taxes (one
    line); any other line as the engine wrote it."""
    groups = {
        "provider": _("Tributos cobrados pelo provedor"),
        "invoice": _("Tributos da nossa nota fiscal"),
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
            machine = _("Máquina: {machine}, {hours} h x {price}/h: {total}").format(
                machine=item.description,
                hours=format_number(item.quantity, 1),
                price=format_brl(item.unit_price_brl),
                total=format_brl(item.total_brl),
            )
            lines.append(f"• {machine}")
        elif is_setup_fee(item.description):
            described = aside(item.description, _(load_company().setup_fee.short))
            lines.append(f"• {described}: {format_brl(item.total_brl)}")
        else:
            lines.append(f"• {item.description}: {format_brl(item.total_brl)}")
    for group, items in grouped.items():
        if items:
            names = ", ".join(_short_tax(item.description) for item in items)
            total = sum((item.total_brl for item in items), Decimal(0))
            lines[where[group]] = f"• {groups[group]} ({names}): {format_brl(total)}"
    shown = total_text(quote.total_brl, quote.fx.usd_brl_quoted)
    lines.append("= " + _("Total: {total}").format(total=shown))
    return lines


def comparison_text(previous: Quote, quote: Quote) -> str | None:
    """When only the method changed since the last quote, how the two compare, and whether the
    new one pays off (QLoRA after LoRA is often slower and dearer)."""
    before, now = previous.job, quote.job
    same_job = all(before.get(k) == now.get(k) for k in ("params", "total_tokens", "epochs"))
    if not same_job or before.get("method") == now.get("method"):
        return None
    old_name, new_name = (_method_name(job.get("method")) for job in (before, now))
    old_rec, new_rec = previous.recommendation, quote.recommendation
    said = _(
        "Comparando: com {old_method} eram {old_hours} h por {old_total}; com {new_method} são "
        "{new_hours} h por {new_total}."
    ).format(
        old_method=old_name,
        old_hours=format_number(old_rec.hours, 1),
        old_total=total_text(previous.total_brl, previous.fx.usd_brl_quoted),
        new_method=new_name,
        new_hours=format_number(new_rec.hours, 1),
        new_total=total_text(quote.total_brl, quote.fx.usd_brl_quoted),
    )
    if new_rec.hours >= old_rec.hours and quote.total_brl >= previous.total_brl:
        verdict = _("{method} não compensa aqui: fica mais lento e mais caro.")
        verdict = verdict.format(method=f"{new_name[0].upper()}{new_name[1:]}")
        if now.get("method") == "qlora":
            why = _(
                "QLoRA só compensa quando o modelo não cabe na placa com LoRA ou para usar uma "
                "placa menor; a quantização em 4 bits deixa cada passo mais lento."
            )
            return f"{said} {verdict} {why}"
        return f"{said} {verdict}"
    return said


def _headline(quote: Quote) -> str:
    """Hours, total, validity, the rate's and the price's dates; in English the total's dollars."""
    dollars = usd_aside(quote.total_brl, quote.fx.usd_brl_quoted)
    said = _(
        "Tempo estimado: {hours} h · Total: {total} (válido até {valid_until}; câmbio de {day})."
    )
    if dollars:
        said = _(
            "Tempo estimado: {hours} h · Total: {total} ({dollars}; válido até {valid_until}; "
            "câmbio de {day})."
        )
    return (
        said.format(
            hours=format_number(quote.recommendation.hours, 1),
            total=format_brl(quote.total_brl),
            dollars=dollars,
            valid_until=format_date(quote.valid_until),
            day=format_date(date.fromisoformat(quote.fx.as_of)),
        )
        + quote.price_date()
    )


def quote_text(quote: Quote, job: Job, previous: Quote | None = None) -> str:
    """The quote as a client reads it: their constraints first, then the machine, hours and
    price, every line they pay, why this machine, alternatives and premises."""
    rec = quote.recommendation
    provider = _PROVIDERS.get(rec.provider, rec.provider)
    machine = f"{rec.count}x {rec.accelerator_name}"
    lines: list[str] = []
    if rec.constraints:
        lines += [_("Seu pedido:"), *[f"• {line}" for line in rec.constraints], ""]
    comparison = comparison_text(previous, quote) if previous else None
    if comparison:
        lines += [comparison, ""]
    lines += [
        _("Recomendo {kind}: {machine}.").format(
            kind=rec.kind.upper(),
            machine=aside(machine, f"{rec.instance_type}, {provider} {rec.region}"),
        ),
        _("Job: {job}.").format(job=job_line(job)),
        _headline(quote),
        *[_("Atenção: {notice}").format(notice=notice) for notice in quote.notices],
        "",
        _("O que você paga:"),
        *payment_lines(quote),
    ]
    why = [reason for reason in rec.reasons if reason not in rec.constraints]
    if why:
        lines += ["", _("Por quê:"), *[f"• {reason}" for reason in why]]
    if quote.alternatives:
        # In full here: "Ver alternativas" then shows only machines this reply did not.
        lines += [
            "",
            _('Outras opções: {alternatives}. Para ver mais máquinas, peça "{action}".').format(
                alternatives=named_alternatives(quote), action=_(ACTION_ALTERNATIVES)
            ),
        ]
    if job.assumptions:
        premises = _("Premissas (me diga se algo for diferente): {premises}")
        lines += ["", premises.format(premises=" ".join(job.assumptions))]
    return "\n".join(lines)


_FLAG_IN_PARENS = re.compile(r"\s*\(--[a-z-]+\)")
_FLAG_EXAMPLE = re.compile(r"\(--[a-z-]+ ([^)]+)\)")


def without_flags(message: str) -> str:
    """An engine message fit for chat: command-line flags are a terminal's words."""
    message = _FLAG_IN_PARENS.sub("", message)
    message = _FLAG_EXAMPLE.sub(
        lambda match: _("(ex.: {example})").format(example=match.group(1)), message
    )
    message = message.replace("com --params", "em parâmetros").replace("com --method ", "com ")
    return re.sub(r"--([a-z]+)(?:-[a-z]+)*", lambda m: m.group(1), message)


def proposal_text(record: QuoteRecord) -> str:
    """A sales proposal as the client reads it in chat: its number and revision, the quote, and
    the discount and terms staff set."""
    header = _("Proposta {number} (revisão {revision}):")
    lines = [
        header.format(number=record.number, revision=record.revision),
        quote_text(record.quote, normalize(JobSpec.model_validate(record.spec))),
    ]
    if record.discount_pct:
        discount = _("Desconto comercial: {discount} (já no total).")
        lines.append("\n" + discount.format(discount=percent(record.discount_pct)))
    if record.terms:
        lines.append(_("Condições: {terms}").format(terms=record.terms))
    return "\n".join(lines)


# Constants, translated where they are shown: _(composer.GREETING).
GREETING = N_(
    "Olá! Sou o infrabot. Eu digo qual máquina (GPU ou TPU) você precisa para fazer fine-tuning "
    "de um modelo, quanto tempo leva e quanto custa em reais, e explico o porquê. Descreva o job "
    '(ex.: "LoRA de um Llama 3 8B com 20 mil exemplos") ou faça uma pergunta.'
)
_CLOSING = N_(
    "Quando quiser, descreva outro job para eu cotar ou mande uma dúvida sobre GPU, TPU ou custos "
    "de fine-tuning."
)


def closing(thanked: bool, leaving: bool) -> str:
    """The reply to thanks, a goodbye or an "ok": no request in it, so nothing more to do."""
    lead = _("Por nada!") if thanked else _("Até mais!") if leaving else _("Combinado!")
    return f"{lead} {_(_CLOSING)}"


HANDOFF = N_(
    "Certo! Vou chamar um especialista da nossa equipe para continuar esta conversa com você. "
    "Enquanto isso, se quiser, descreva o job para adiantarmos a cotação."
)
OUT_OF_SCOPE = N_(
    "Eu só cuido de infraestrutura para treinar modelos de IA: escolha entre GPU e TPU, "
    "máquinas, prazos e preços de fine-tuning. Posso ajudar com algo nesse assunto?"
)
INJECTION = N_(
    "Não consigo mudar minhas regras nem os preços: todo valor que eu informo sai do nosso motor "
    "de cálculo, a partir do catálogo e dos tributos em vigor. Se quiser, descreva o job e eu "
    "faço a cotação."
)


def clarify_text(assumed: list[str]) -> str:
    lead = _(
        "Para cotar, preciso de uma informação: qual modelo (ou tamanho, como 7B ou 70B) "
        "você quer ajustar?"
    )
    if assumed:
        rest = _("Para o resto, assumo: {assumptions}").format(assumptions=" ".join(assumed))
        return f"{lead} {rest}"
    return lead
