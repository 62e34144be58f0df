"""The offline composer: pt-BR replies built from retrieved passages and the engine's results.

Every figure in a quote reply comes from the Quote object; the composer only arranges them.
"""

import re

from bot.sales.book import QuoteRecord, percent
from knowledge.lexical import analyze, expand
from knowledge.retriever import Passage
from quoting.jobspec import METHOD_NAMES, Job, JobSpec, normalize
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
        + (" (sem BF16: treina em FP16)" if option.fp16_fallback else "")
    )


def alternatives_text(quote: Quote) -> str:
    if not quote.alternatives:
        return "Não há alternativas para a última cotação."
    lines = [f"• {alt.label}: {option_text(alt)}" for alt in quote.alternatives]
    return "\n".join(["Alternativas:", *lines])


def quote_text(quote: Quote, job: Job) -> str:
    rec = quote.recommendation
    provider = _PROVIDERS.get(rec.provider, rec.provider)
    machine = f"{rec.count}x {rec.accelerator_name}"
    lines = [
        f"Recomendo {rec.kind.upper()}: {machine} ({rec.instance_type}, {provider} {rec.region}).",
        f"Job: {job.model_name}, {METHOD_NAMES[job.method]}, {_dataset(job)}.",
        f"Tempo estimado: {format_number(rec.hours, 1)} h · Total: {format_brl(quote.total_brl)} "
        f"(válido até {format_date(quote.valid_until)}).",
        "",
        "Por quê:",
        *[f"• {reason}" for reason in rec.reasons[:3]],
    ]
    main_items = [item for item in quote.line_items if item.unit in {"h", "GB-mês"}]
    if main_items:
        lines += ["", "Principais itens:"]
        lines += [f"• {item.description}: {format_brl(item.total_brl)}" for item in main_items]
    if quote.alternatives:
        lines += ["", alternatives_text(quote)]
    if job.assumptions:
        lines += ["", "Premissas (me diga se algo for diferente): " + " ".join(job.assumptions[:8])]
    return "\n".join(lines)


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
