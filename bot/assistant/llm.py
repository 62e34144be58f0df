"""An optional language model (INFRABOT_LLM), kept on a short leash.

It may read slots the rules missed and rephrase a grounded draft. It never produces a figure:
`guard` rejects any text whose numbers are not all in the draft, and every failure, mismatch or
timeout means the offline draft is sent instead.
"""

import os
import re
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from locales import current

# LangChain's chat models, prompts and parsers import its tracing stack (~0.6 s): they load only
# when INFRABOT_LLM names a model, so that a process without one answers sooner.
if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

TIMEOUT_SECONDS = 4.0
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_MONEY = re.compile(r"R\$\s*\d+(?:[.,]\d+)*")
_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="infrabot-llm")


def load_chat_model() -> "BaseChatModel | None":
    """The model named in INFRABOT_LLM ("provider:model", e.g. "openai:gpt-4o-mini" or
    "ollama:llama3.1"), through LangChain's chat model initialisation; None when unset."""
    name = os.environ.get("INFRABOT_LLM")
    if not name:
        return None
    from langchain.chat_models import init_chat_model

    return init_chat_model(name, temperature=0)


class ExtractedJob(BaseModel):
    """What a model may fill in; the same names and meanings as the engine's job spec."""

    model: str | None = None
    params: float | None = None
    method: str | None = None
    examples: float | None = None
    tokens_per_example: float | None = None
    dataset_tokens: float | None = None
    epochs: float | None = None
    framework: str | None = None
    data_residency: str | None = None
    deadline_hours: float | None = None
    budget_brl: float | None = None
    cloud: str | None = None


_EXTRACT = [
    (
        "system",
        "Extraia do texto do cliente os dados de um job de fine-tuning. Responda só com "
        "JSON.\n{format}\nDeixe nulo o que o texto não disser. Nunca invente números.",
    ),
    ("human", "{text}"),
]
# The rewording keeps the draft's language (the reply's, see locales).
_LANGUAGE_NAMES = {"pt": "português do Brasil", "en": "inglês"}
_PHRASE = [
    (
        "system",
        "Você reescreve respostas de um assistente de vendas de infraestrutura de IA em "
        "{language}, de forma clara e cordial. Use somente as informações do "
        "rascunho. Copie todos os números e valores exatamente como estão; não acrescente "
        "nenhum número.",
    ),
    ("human", "Pergunta do cliente: {question}\n\nRascunho:\n{draft}"),
]


def _with_timeout(call: Any, payload: dict[str, Any]) -> Any:
    future = _pool.submit(call.invoke, payload)
    try:
        return future.result(timeout=TIMEOUT_SECONDS)
    except FutureTimeout:
        future.cancel()
        raise


def extract_with_model(model: "BaseChatModel", text: str) -> dict[str, Any]:
    """Slots the model read from the text; {} on any failure."""
    from langchain_core.output_parsers import PydanticOutputParser
    from langchain_core.prompts import ChatPromptTemplate

    parser: PydanticOutputParser[ExtractedJob] = PydanticOutputParser(pydantic_object=ExtractedJob)
    chain = ChatPromptTemplate.from_messages(_EXTRACT) | model | parser
    try:
        result: ExtractedJob = _with_timeout(
            chain, {"text": text, "format": parser.get_format_instructions()}
        )
    except Exception:  # a model is an unreliable edge: any failure means "no extra slots"
        return {}
    data = result.model_dump(exclude_none=True)
    if "budget_brl" in data:
        data["budget_brl"] = Decimal(str(data["budget_brl"]))
    return data


def _numbers(text: str) -> set[Decimal]:
    values = set()
    for token in _NUMBER.findall(text):
        plain = token.replace(".", "").replace(",", ".") if "," in token else token
        if re.fullmatch(r"\d{1,3}(?:\.\d{3})+", token):
            plain = token.replace(".", "")
        try:
            values.add(Decimal(plain).normalize())
        except ArithmeticError:
            continue
    return values


def _money(text: str) -> tuple[set[Decimal], str]:
    """The R$ amounts in a text, and the text without them."""
    amounts = {next(iter(_numbers(match))) for match in _MONEY.findall(text)}
    return amounts, _MONEY.sub(" ", text)


def guard(draft: str, candidate: str) -> bool:
    """True when every R$ amount in the candidate is one of the draft's, and every other number
    appears in the draft too (hours, GB, device counts...)."""
    if not candidate.strip():
        return False
    draft_money, draft_rest = _money(draft)
    money, rest = _money(candidate)
    return money <= draft_money and _numbers(rest) <= _numbers(draft_rest) | draft_money


def phrase(model: "BaseChatModel", question: str, draft: str) -> str | None:
    """The model's rewording of the draft, or None when it failed or changed a figure."""
    from langchain_core.output_parsers import StrOutputParser
    from langchain_core.prompts import ChatPromptTemplate

    chain = ChatPromptTemplate.from_messages(_PHRASE) | model | StrOutputParser()
    try:
        payload = {"question": question, "draft": draft, "language": _LANGUAGE_NAMES[current()]}
        text = _with_timeout(chain, payload)
    except Exception:
        return None
    return text if isinstance(text, str) and guard(draft, text) else None
