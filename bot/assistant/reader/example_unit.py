"""What one example is, when the client says it: "cada capítulo vai ser um exemplo", "um exemplo
por paciente", "each thread is one example". The data's total is divided among those units:
"90 livros de ~240 páginas, 12 capítulos cada" is 1.080 examples of a chapter's length."""

import re

from bot.assistant.reader.measured import SizeFields
from bot.assistant.reader.quantity_arithmetic import TIMES, Mention, said_amount, said_tokens
from bot.assistant.reader.spans import number
from locales import _

_EXAMPLE = r"(?:exemplos?|examples?|amostras?|samples?)"
_EACH = re.compile(r"\b(?:cada|each|por|per)\b")
_PER = re.compile(r"\s*(?:por|per|em cada|de cada|in each)\s+(?P<noun>[a-z]{3,})\b")
# "cada página é um artigo interno": pages of a wiki are its documents, not printed pages.
_DOCUMENT = r"(?:artigo|documento|post|texto|article|document)"
_DECLARED = re.compile(
    r"\b(?:cada|each)\s+(?P<noun>[a-z]{3,})\s+(?:=|e|eh|vai ser|vai virar|vira|vire|seja|sera|"
    rf"is|will be|becomes)\s+(?:1|um|uma|one|an?)\s+(?:{_EXAMPLE}|{_DOCUMENT})\b|"
    rf"\b(?:1|um|uma|one|an?)\s+{_EXAMPLE}\s+(?:por|per|for each|para cada|pra cada)\s+"
    r"(?P<noun_after>[a-z]{3,})\b|"
    # "um livro = um exemplo"
    # not "a ideia é um exemplo por arquivo"
    r"\b(?:1|um|uma|one|an?)\s+(?!(?:ideia|meta|proposta|plano|objetivo|idea|plan|goal)\b)"
    r"(?P<noun_one>[a-z]{3,})\s*(?:=|e|eh|vira|is)\s*(?:1|um|uma|one|an?)\s+"
    rf"{_EXAMPLE}\b"
)
_EACH_AFTER = re.compile(r"\s*(?:cada|each)\b")
# More than this in one example is a misreading, never a client's example.
MAX_TOKENS = 1_000_000


def declared(text: str) -> re.Match[str] | None:
    """Where `text` says what one example is."""
    return _DECLARED.search(text)


def is_the_unit(said: re.Match[str], noun: str) -> bool:
    """Whether the example `said` declares is one of `noun` ("um livro = um exemplo", "livros")."""
    return _same(said["noun"] or said["noun_after"] or said["noun_one"], noun)


def _same(noun: str, other: str) -> bool:
    """ "capítulo" and "capitulos", "aula" and "aulas": one noun, either number."""
    return noun.rstrip("s")[:5] == other.rstrip("s")[:5]


# "12 cursos, cada curso com 10 módulos de 6 aulas": a count that holds the next one.
_HOLDER = re.compile(
    r"(?P<n>\d+(?:[.,]\d+)*)(?P<mil> mil)? "
    # a count of things, not a size ("um jsonl de 480 MB com 200 mil registros")
    r"(?!(?:[kmgt]i?b|megas?|gigas?|palavras|paginas|tokens|caracteres|linhas|horas|minutos|"
    r"words|pages|lines|hours)\b)[a-z-]+\s*,?\s*"
    r"(?:(?:cada|each) [a-z]+ (?:com|tem|has|with)|de|com|of|with)\s*$"
)


def _holders(text: str, unit: Mention) -> float:
    """How many of `unit` the counts said before it hold, multiplied out; 1 when none does."""
    product, inner = 1.0, unit.start
    while found := _HOLDER.search(text, 0, inner):
        value = number(found["n"])
        if value is None:
            break
        product, inner = product * value * (1000 if found["mil"] else 1), found.start()
    return product


def per_unit(size: SizeFields, said: re.Match[str], mentions: list[Mention], main: Mention) -> None:
    """Divide `size`'s total among the units `said` makes examples, in place: the count of them,
    or, when they sit inside the main count ("12 capítulos" in each of "90 livros"), both."""
    noun = said["noun"] or said["noun_after"] or said["noun_one"]
    # "cada edição com ~25 chamadas ...; cada chamada é um exemplo": parts counted in each record
    unit = next((m for m in mentions if m.unit in ("record", "turn") and _same(m.noun, noun)), None)
    total = size.dataset_tokens or (size.examples or 0) * (size.tokens_per_example or 0)
    if unit is None or not total:
        return
    if unit.start == main.start:  # "12 cursos, cada curso com 10 módulos de 6 aulas": each one's
        held = _holders(said.string, unit)  # length is said; the count is the product
        if held > 1:
            size.examples = unit.value * held
            size.arithmetic += " " + _("→ {count} {unit} ao todo").format(
                count=said_amount(size.examples), unit=main.noun
            )
        return
    # "90 livros, cada um com ~240 páginas e 12 capítulos": units inside each of the main count;
    # not "2 milhões de linhas em 8 mil arquivos", the lines inside the units
    between = said.string[main.end : unit.start]
    # "480 livros, ~15 capítulos por livro": the units said per one of the main count
    per_main = _PER.match(said.string, unit.end)
    each = bool(_EACH.search(between)) or bool(per_main and _same(per_main["noun"], main.noun))
    # "2.400 dissertações, 6 capítulos cada", "2.400 dissertações de 6 capítulos"
    each = each or bool(_EACH_AFTER.match(said.string, unit.end)) or unit.role == "part"
    inside = unit.start > main.start and unit.value < main.value and each
    # "6 mil grupos, cada grupo com ~150 mensagens de 10 palavras": each unit holds the count read
    held = main.role == "per" or main.unit == "turn"
    if unit.start < main.start and main.value < unit.value and held:
        total = unit.value * main.value * (size.tokens_per_example or 0)
    examples = unit.value * (main.value if inside else 1)
    if examples <= 0 or examples == size.examples or not 1 <= total / examples <= MAX_TOKENS:
        return
    size.examples, size.tokens_per_example, size.dataset_tokens = examples, total / examples, None
    size.arithmetic += " " + _("→ um exemplo por {unit}: {count} exemplos {times} {each}").format(
        unit=noun,
        count=said_amount(examples),
        times=TIMES,
        each=said_tokens(total / examples, "each"),
    )
