"""Tagging: every number in a message, with its scale, unit and noun, becomes a typed span."""

import re
from dataclasses import dataclass
from typing import Literal

Tag = Literal[
    "params",
    "tokens",
    "tokens_per_example",
    "words_per_example",
    "examples",
    "images",
    "audio_hours",
    "data_bytes",
    "device_memory",
    "budget",
    "budget_usd",
    "hourly_price",
    "unit_price",
    "deadline",
    "duration",
    "epochs",
    "seq_len",
    "batch",
    "rank",
    "steps",
    "bare",
    "unclear",
]


@dataclass(frozen=True)
class Span:
    tag: Tag
    value: float
    start: int
    end: int
    negative: bool = False
    noun: str = ""


SCALE = {
    "k": 1e3, "mil": 1e3, "thousand": 1e3,
    "m": 1e6, "mi": 1e6, "mm": 1e6, "kk": 1e6, "milhao": 1e6, "milhoes": 1e6, "million": 1e6,
    "millions": 1e6, "mn": 1e6, "bn": 1e9,
    "b": 1e9, "bi": 1e9, "bilhao": 1e9, "bilhoes": 1e9, "billion": 1e9, "billions": 1e9,
    "t": 1e12, "tri": 1e12, "trilhao": 1e12, "trilhoes": 1e12, "trillion": 1e12,
}  # fmt: skip
SCALE_WORDS = "|".join(sorted(SCALE, key=len, reverse=True))
QUANTITY = re.compile(
    r"(?:(?<!\w)(?P<sign>-))?(?<![\w.,])(?P<number>10\s?(?:\^|\*\*)\s?\d+|\d+(?:[.,]\d+)*(?:e\d+)?)"
    rf"(?:\s*(?P<scale>{SCALE_WORDS})\b)?"
)
_BYTES = {"kb": 1e3, "mb": 1e6, "mega": 1e6, "megas": 1e6, "gb": 1e9, "giga": 1e9, "gigas": 1e9,
          "tb": 1e12, "tera": 1e12, "teras": 1e12}  # fmt: skip


def words(text: str) -> list[str]:
    return text.split()


# Nouns that count records: each one is a training example.
RECORD_NOUNS = words(
    "exemplos exemplo amostras amostra examples example samples sample registros registro rows "
    "linhas conversas conversa dialogos dialogo documentos documento docs pares par frases "
    "sentencas laudos laudo prontuarios tickets chamados transcricoes emails e-mails mensagens "
    "textos artigos paginas contratos peticoes processos notas reviews avaliacoes comentarios "
    "perguntas respostas instrucoes tweets posts noticias relatorios atendimentos receitas "
    "questoes casos fichas manuais pareceres decisoes acordaos sentencas resumos redacoes "
    "descricoes produtos anuncios interacoes chats logs entradas itens items records pairs "
    "documents conversations sentences tickets reviews instructions questions answers ex exs "
    "notes clips audios gravacoes ligacoes transcripts recordings messages emails articles "
    "papers abstracts reports contracts chats dialogues dialogs prompts completions summaries "
    "paragraphs passages utterances calls threads requests commits issues prs snippets queries "
    "consultas pedidos transacoes faturas boletos recibos cupons sinistros apolices curriculos "
    "editais atas ementas exames bulas solicitacoes reclamacoes historicos licitacoes"
)
_RECORD = "|".join(sorted(set(RECORD_NOUNS), key=len, reverse=True))
RECORD_PATTERN = _RECORD
# Plural words after a number that are not records (units, machines, people, time, images).
NOT_RECORDS = frozenset(
    words(
        "gpus tpus placas maquinas servidores nos nodes vezes pessoas anos meses dias horas "
        "semanas "
        "minutos segundos epocas epochs reais dolares euros dollars centavos parametros params "
        "parameters tokens camadas carretas caminhoes veiculos layers cabecas heads bits bytes "
        "gigas megas teras vcpus cpus nucleos cores instancias usuarios clientes cooperados "
        "associados funcionarios vagas modelos versoes etapas fases passos steps graus watts "
        "volts metros quilometros palavras words advogados medicos alunos colaboradores "
        "empregados profissionais lojas filiais agencias escritorios imagens fotos images photos "
        "figuras radiografias tomografias frames hours days weeks months years minutes seconds "
        "people users customers employees engineers stores inscritos seguidores followers "
        "subscribers visualizacoes views curtidas likes acessos visitas downloads hectares sacas "
        "toneladas litros quilos kg cabecas acres "
        # the team, its seats and its places ("uma central com 120 posições", "40 devs")
        "posicoes pas operadores atendentes agentes devs desenvolvedores programadores "
        "contribuidores membros beneficiarios congregacoes igrejas hoteis predios unidades "
        "escolas clinicas hospitais seats agents developers contributors members branches "
        "leitos camas beds corretores vendedores representantes"
    )
)

_PER_EXAMPLE_AFTER = re.compile(
    r"^\s*(?:de\s+)?(?:tokens?|toks?|tks?)\s*(?:(?:por|cada|per|each|/)\s*(?:exemplo|amostra|example|"
    rf"sample|registro|{_RECORD})|cada|each|em media|on average)"
)
_PER_EXAMPLE_BEFORE = re.compile(
    rf"(?:(?:{_RECORD})\s+(?:(?:de|com|of|with|tem|tendo|having)\s+|\(\s*)"
    r"(?:cerca de |uns |umas |ate |em media |~|media de |about |around |up to )?|"
    # "300 mil sequências de 128 tokens": counted sequences are the examples
    r"\d\s*(?:mil|k|milhoes|milhao|mi|m|thousand|million)?\s+(?:sequencias|sequences)\s+(?:de|of)\s+"
    r"(?:cerca de |uns |~|about |around )?|"
    r"(?:media|average|tamanho medio|cada (?:um|uma|exemplo|registro)|each)\s+"
    r"(?:de\s+|of\s+|tem\s+|has\s+|com\s+)?(?:cerca de |uns |~)?)$"
)
_SEQ_BEFORE = re.compile(
    r"(?:contexto|janela(?: de contexto)?|sequencias?|seq(?:uence)?[ _-]?len(?:gth)?|"
    r"max[ _-]?len(?:gth)?|comprimento|context(?: length| window)?|max_seq_length)\s*"
    r"(?:de|of|=|:|maxim[oa] de)?\s*(?:ate\s+)?$"
)
_SEQ_AFTER = re.compile(
    r"^\s*(?:de\s+)?(?:tokens\s+)?(?:de\s+)?(?:contexto|context|seq(?:uence)?[ _-]?len(?:gth)?)\b"
)
_BATCH_BEFORE = re.compile(r"(?:batch(?:[ _-]?size)?|lote|micro[ -]?batch)\s*(?:de|of|=|:)?\s*$")
_RANK_BEFORE = re.compile(r"(?:\brank|\bposto|\br)\s*(?:de|=|:)?\s*$")
_CURRENCY_BEFORE = re.compile(r"r\s?\$\s*$|\bbrl\s*$")
_FOREIGN_BEFORE = re.compile(r"(?:us\s?\$|u\$|\$|usd|eur|€)\s*$")
_DOLLAR_BEFORE = re.compile(r"(?:us\s?\$|u\$|(?<!r)\$|\busd)\s*$")
_DOLLAR_AFTER = re.compile(r"^\s*(?:de\s+)?(?:dolares|dolar|dollars?|usd|bucks)\b")
_EXCHANGE_BEFORE = re.compile(r"(?:dolar|cambio|usd|euro|ptax)\b[^.;!?\d]{0,15}$")
_NOT_SPENT = re.compile(
    r"^\s*(?:de\s+)?(?:reais\s+)?(?:sob gestao|under management|em ativos|de patrimonio|"
    r"de faturamento|de receita|de aum|aum|in assets|in revenue|(?:de )?faturamento anual)\b"
)
# Not "1,200 real dialogues": English "real" before a noun is no currency.
_CURRENCY_AFTER = re.compile(
    r"^\s*(?:de\s+)?(?:reais|real(?! [a-z]+(?:s|es)\b)|brl|pila|conto|contos)\b"
)
_PER_HOUR = re.compile(
    r"^\s*(?:reais\s+|real\s+)?(?:/\s*h\b|/\s*hora|por hora|a hora|por h\b|cada hora|"
    r"per hour|an hour|/hr|the hour|por (?:gpu|placa)[ /-]hora|/\s*gpu[ -]?h)"
)
_PER_RECORD = re.compile(
    r"^\s*(?:reais\s+)?(?:por|per|cada|/)\s*(?:um |uma |an? )?(?:exemplos?|examples?|registros?|"
    r"records?|documentos?|documents?|conversas?|tickets?|amostras?|samples?|itens|items?|pares|"
    r"par|pairs?|contratos?|laudos?|perguntas?|questions?)\b"
)
_HOURLY_BEFORE = re.compile(r"(?:hora|hour|/h)\b[^.;!?]{0,30}$")
_BUDGET_BEFORE = re.compile(
    r"(?:orcamento|verba|budget|grana|gastar|gasto|pagar|investir|teto|limite de|custo maximo)\b"
    r"[^.;!?\d]{0,25}$"
)
_BUDGET_AFTER = re.compile(
    r"^\s*(?:(?:de|em|of)\s+(?:orcamento|verba|budget|teto)|(?:pra|para) (?:gastar|investir))\b"
)
# "..., no máximo 2k": a ceiling in thousands with nothing after it is money.
_CEILING_BEFORE = re.compile(r"(?:no maximo|teto de|limite de|at most)\s*$")
_DURATION_AFTER = re.compile(
    r"^\s*(?:de\s+)?(horas?|hrs?|h|dias?|dias uteis|semanas?|meses|mes|hours?|days?|weeks?|"
    r"months?)\b"
)
_DEADLINE_BEFORE = re.compile(
    r"(?:\bem|\bate|prazo|dentro de|within|inside|\bin|\bno max(?:imo)?|deadline|entregar|"
    r"entrega|pronto|"
    r"terminar|termine|acabar|precis\w+|for|nos proximos|next|daqui(?: a)?)\b[^.;!?\d]{0,30}$|"
    # "tenho 72h e R$ 2.500": the time the client has
    r"\b(?:tenho|temos|a gente tem|we have|i have|"
    # "o cliente final me deu 15 dias"; not "vc me deu 9 horas" (our quote's hours)
    r"(?:cliente|chefe|diretoria|gerente|gestor|final|ele|ela|eles|elas) (?:me|nos) (?:deu|deram)|"
    r"(?:client|customer|boss|they|he|she) gave (?:me|us))"
    r"\s+(?:so |apenas |somente |uns |umas |only )?$"
)
# "2 dias de prazo", "48h of deadline": the duration names the deadline after it.
_DEADLINE_AFTER = re.compile(
    r"^\s*(?:(?:de\s+|of\s+)?(?:prazo|deadline)|no maximo|at most|tops|"
    r"(?:pra|para) (?:entregar|terminar|concluir|ficar pronto|colocar em producao|subir)|"
    r"to (?:ship|go live|deliver)|"
    # "our board meeting is exactly 3 weeks from today"
    r"from (?:today|now)|a partir de hoje|contando de hoje)\b"
)
_HISTORY_AFTER = re.compile(
    r"^\s*(?:de|of)\s+(?:historico|history|dados|data|base|registros|logs|conversas|atendimento|"
    r"chamados|tickets|ligacoes|e-?mails|log|registro|prontuarios?|gravacoes|mensagens|"
    # "620,5 horas de entrevistas transcritas": hours of speech are data
    r"entrevistas|aulas?|audios?|transcri\w*|reunioes|palestras|videos?|fala|podcasts?|calls|"
    r"recordings?|interviews|lectures|speech|programas?|episodios?|sessoes|audiencias|cultos|"
    r"sermoes|homilias|missas|consultas|shows|lives|transmiss\w*|episodes|programs|sermons)\b|"
    # "temos 18 meses guardados", "2 anos arquivados": kept data
    r"^\s*(?:guardad|armazenad|arquivad|acumulad|salv|gravad|transcrit|registrad|exportad|stored|"
    r"archived|saved|kept|recorded|transcribed|logged|exported|worth of)\w*"
)
# "Temos R$ 6 mil e 3 dias.", "GPU de 80 GB, 72 horas e R$ 25.000": a list of the job's limits.
_LISTED_BEFORE = re.compile(r"(?:[,;]|\se|\sand)\s*$")
_LISTED_AFTER = re.compile(r"^\s*(?:[,;.!]|e\s|and\s|$)")
_AUDIO_AFTER = re.compile(r"^\s*(?:de\s+)?(?:horas?|h|hours?)\s+(?:de\s+)?(?:audio|gravac\w*|fala|"
                          r"voz|ligac\w*|podcasts?|speech|recordings?)")  # fmt: skip
_LOOKING_BACK = re.compile(r"\b(?:(?:the )?(?:last|past)|(?:n?os |n?as )?ultim[oa]s)\s*$")
# "meu colega fez um treino parecido em 3h", "it took 6 hours": how long a run took, no deadline.
_RUN_TOOK = re.compile(
    r"\b(?:fez|fizeram|fizemos|fiz|levou|levaram|demorou|demoraram|rodou|rodaram|treinou|"
    r"treinaram|terminou|terminaram|took|ran|did it|finished)\b[^.?!;]{0,40}$"
)
_RATE_SAID = re.compile(r"\b(?:por|per|a cada|/)\s*(?:dia util|dia|semana|mes|day|week|month)\b")
_STEPS_AFTER = re.compile(r"^\s*(?:steps|passos|iterac\w*|iterations|updates)\b")
_WORDS_AFTER = re.compile(r"^\s*(?:de\s+)?(?:palavras?|words?)\b")
# "num_train_epochs: 2", "\"num_train_epochs\": 2.0", "num_train_epochs=4"
_EPOCHS_BEFORE = re.compile(r"\b(?:epocas?|epochs?|num_train_epochs)[\"']?\s*[:=]\s*$")
# "uma época dá 1.500 steps": what one epoch holds, no count of epochs
_ONE_EPOCH_HOLDS = re.compile(
    r"^\s*(?:da|tem|sao|has|is|=|:)\s*~?\d[\d.,]*\s*(?:steps|passos|iterac)"
)
_EPOCHS_AFTER = re.compile(
    r"^\s*(?:de\s+)?(?:epocas?|epochs?|eps?|passadas|passes|"
    # "passando 2 vezes pelos dados"
    r"(?:vezes|x) (?:pel[oa]s?|sobre|n[oa]s?|em|over|through) (?:(?:o|a|os|as|the|todo|toda) )?"
    r"(?:dados|dataset|base|exemplos|corpus|data)|times over)\b"
)
# "o SIEM recebe 250 EPS": events per second, no epochs
_EVENTS_NEAR = re.compile(r"\b(?:siem|eventos?|events?|logs?|splunk|syslog)\b")
_PARAMS_AFTER = re.compile(r"^\s*(?:de\s+)?(?:parametros|params?|parameters)\b")
_TOKENS_AFTER = re.compile(r"^\s*(?:de\s+)?(?:tokens?|toks?|tks?)\b")
_BYTES_AFTER = re.compile(r"^\s*(kb|mb|gb|tb|megas?|gigas?|teras?)\b")
_DEVICE_NEAR = re.compile(
    # not "the HF card says", "o dataset card": a dataset's card is its description
    r"gpus?|placas?|vram|memoria|(?<!hf )(?<!dataset )(?<!data )(?<!model )cards?\b|device|\bpc\b|"
    r"notebook|maquinas?|instancias?|macbook\w*|mac (?:studio|mini)|\bm[1-4] (?:max|pro|ultra)|"
    # "full de um 7B cabe em 80GB?": what it must fit in is a card.
    r"\b(?:cabe|cabem|caberia|fits?|roda|runs?) (?:em|numa?|in|on) (?:uma? |an? )?$|"
    # "uma rtx 3060 de 12gb", "só uma A100 40GB": the card's own memory, stated with its name.
    r"\b(?:rtx|gtx|geforce|radeon|quadro|a100|h100|h200|a10g?|l4|l40s?|t4|v100|a[4-6]000|"
    r"[1-5]0[5-9]0(?: ti)?)\b|"
    r"\buma de\s*$"  # "conseguimos uma de 24 GB": a card, feminine like "placa"
)
_DEVICE_AFTER = re.compile(
    r"^\s*(?:de\s+)?(?:vram|memoria (?:de video|da gpu|na gpu|de gpu)|de memoria de video|"
    r"memory|of vram|na placa|por gpu|por placa|cards?|gpus?)"
)
# "uma RTX 4060", "GTX 1080 Ti": the number names the card, it counts nothing.
_CARD_NAME_BEFORE = re.compile(r"\b(?:rtx|gtx|rx|radeon|geforce|quadro|titan|arc)\s*$")
# "uma 3090 de 24GB": a card's model number, followed by its memory.
_CARD_MEMORY_AFTER = re.compile(r"^\s*(?:de|com|with|of)\s+\d{1,3}\s*(?:gb|g)\b")
# "16 GB de RAM": the computer's memory, neither the card's nor the data's.
_SYSTEM_RAM_AFTER = re.compile(r"^\s*(?:de\s+)?(?:ram|memoria ram|system memory)\b")
_DATA_NEAR = re.compile(r"texto|textos|dados|dataset|corpus|arquivos?|jsonl|csv|txt|base de|data\b")
_IMAGES_AFTER = re.compile(r"^\s*(?:de\s+)?(?:imagens|fotos|images|photos|figuras|radiografias|"
                           r"tomografias|exames de imagem|frames)\b")  # fmt: skip
# "12k medical notes", "40k Portuguese audio clips": up to two describing words before the noun.
_RECORD_AFTER = re.compile(rf"^\s*(?:de\s+|of\s+)?(?:[a-z&/-]+\s+){{0,2}}({_RECORD})\b")
_RECORD_NEXT = re.compile(rf"^\s*(?:de\s+|of\s+)?({_RECORD})\b")
# "1M short sentences": describing words only, not a clause ("110M pra classificar tickets").
_RECORD_DESCRIBED = re.compile(
    r"^\s*(?:(?!(?:pra|para|por|com|to|for|and|e|em|in|no|na|de|of|with)\s)[a-z&/-]+\s+){0,2}"
    rf"({_RECORD})\b"
)
_PLURAL_AFTER = re.compile(r"^\s*(?:de\s+)?([a-z][a-z-]{2,}s)\b")
_PARAMS_SHORT = re.compile(
    r"^(?:\s?(b|bi|m)\b)(?!\s*(?:de\s+)?(?:tokens?|exemplos|examples?|reais))"
)


# Larger than any count, price or duration a job can have: a number past it is a typo, and
# floats past ~1e308 are infinite.
MAX_NUMBER = 1e30


def amount(said: str, scale: str | None) -> float:
    """ "12,5" said with "mil": the number times its scale; 0 when it is no number."""
    return (number(said) or 0.0) * SCALE.get((scale or "").strip(), 1.0)


def number(text: str) -> float | None:
    """'1.500' and '1,5' as people mean them: a dot before exactly three digits groups thousands;
    '10^15' and '1e15' as powers of ten. None for what is not one number ("1.500.00", "1.2.3")
    or is larger than MAX_NUMBER."""
    if power := re.fullmatch(r"10\s?(?:\^|\*\*)\s?(\d+)", text):
        exponent = power[1].lstrip("0") or "0"
        return 10.0 ** int(exponent) if len(exponent) <= 2 else None
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+(?:,\d+)?", text):
        value = float(text.replace(".", "").replace(",", "."))
    elif re.fullmatch(r"\d{1,3}(?:,\d{3})+", text):
        value = float(text.replace(",", ""))
    elif re.fullmatch(r"\d+(?:[.,]\d+)?(?:e\d+)?", text):
        value = float(text.replace(",", "."))
    else:
        return None
    return value if value <= MAX_NUMBER else None


# Stands in for a number that cannot be read, to learn what it was meant to count.
_PLACEHOLDER = 1e6


def _classify(text: str, match: re.Match[str]) -> tuple[Tag, float, int, str] | None:
    """The tag of one number, its value in the tag's unit, where the span ends, and its noun. A
    number that cannot be read is "unclear" when it counts something ("1.2.3 épocas"), and
    ignored when bare (a version: "CUDA 12.1.1")."""
    raw, scale = match["number"], match["scale"]
    parsed = number(raw)
    value = (parsed or 0.0) * SCALE.get(scale or "", 1.0)
    if parsed is not None and value <= MAX_NUMBER:
        return _tag(text, match, value)
    meant = _tag(text, match, _PLACEHOLDER)
    if meant is None or meant[0] == "bare":
        return None
    return "unclear", 0.0, meant[2], raw


def _tag(text: str, match: re.Match[str], value: float) -> tuple[Tag, float, int, str] | None:
    scale = match["scale"]
    start, end = match.start("number"), match.end()
    before, after = text[max(0, start - 60) : start], text[end : end + 60]
    dollars = _DOLLAR_AFTER.match(after)
    if (_DOLLAR_BEFORE.search(before) or dollars) and not _CURRENCY_BEFORE.search(before):
        # "US$ 500 de orçamento", "temos 800 dólares": a budget in dollars; "$2/h" is a price.
        rest = after[dollars.end() :] if dollars else after
        if _PER_HOUR.match(rest) or _HOURLY_BEFORE.search(before) or value < 10:
            return None
        if _EXCHANGE_BEFORE.search(before):
            return None
        return "budget_usd", value, end + (dollars.end() if dollars else 0), ""
    if _FOREIGN_BEFORE.search(before) and not _CURRENCY_BEFORE.search(before):
        return None
    if _EXCHANGE_BEFORE.search(before):  # "o dólar a 5 reais" is a rate, not a budget
        return None
    if _CARD_NAME_BEFORE.search(before) or _CARD_MEMORY_AFTER.match(after):
        return None
    currency = _CURRENCY_AFTER.match(after)
    if (_CURRENCY_BEFORE.search(before) or currency) and _NOT_SPENT.match(after):
        return None  # "R$ 4bi sob gestão", "faturamento de R$ 20 mi": the company's, not a budget
    if _CURRENCY_BEFORE.search(before) or currency:
        rest = after[currency.end() :] if currency else after
        hourly = _PER_HOUR.match(rest) or _PER_HOUR.match(after) or _HOURLY_BEFORE.search(before)
        if _PER_RECORD.match(rest):  # "no máximo R$ 0,10 por exemplo": a price per record
            return "unit_price", value, end, ""
        return ("hourly_price" if hourly else "budget"), value, end, ""
    # "um qwen 2.5 de três bilhões com lora": billions of nothing else are parameters
    short = scale in ("bilhao", "bilhoes", "billion", "billions") or bool(
        scale in ("b", "bi", "m") and _PARAMS_SHORT.match(text[match.end("number") :])
    )
    if short and not _TOKENS_AFTER.match(after) and not _RECORD_DESCRIBED.match(after):
        return "params", value, end, ""
    if found := _PARAMS_AFTER.match(after):
        return "params", value, end + found.end(), ""
    if found := _AUDIO_AFTER.match(after):
        return "audio_hours", value, end + found.end(), ""
    if found := _BYTES_AFTER.match(after):
        size = value * _BYTES[found[1]]
        tail, head = after[found.end() : found.end() + 30], before[-45:]
        if _SYSTEM_RAM_AFTER.match(tail):
            return None
        near = _DEVICE_NEAR.search(before, max(0, len(before) - 45)) and not _DATA_NEAR.search(tail)
        if size >= 1e9 and (_DEVICE_AFTER.match(tail) or near):  # no card counts its memory in MB
            return "device_memory", size / 1e9, end + found.end(), ""
        if _DATA_NEAR.search(tail) or _DATA_NEAR.search(head):
            return "data_bytes", size, end + found.end(), ""
        return None
    if (found := _WORDS_AFTER.match(after)) and _PER_EXAMPLE_BEFORE.search(before):
        return "words_per_example", value, end + found.end(), ""
    if found := _PER_EXAMPLE_AFTER.match(after):
        return "tokens_per_example", value, end + found.end(), ""
    if found := _TOKENS_AFTER.match(after):
        if _PER_EXAMPLE_BEFORE.search(before):
            return "tokens_per_example", value, end + found.end(), ""
        if _SEQ_BEFORE.search(before) or _SEQ_AFTER.match(after[found.end() :]):
            return "seq_len", value, end + found.end(), ""
        return "tokens", value, end + found.end(), ""
    if _SEQ_BEFORE.search(before) or _SEQ_AFTER.match(after):
        return "seq_len", value, end, ""
    found = _EPOCHS_AFTER.match(after)
    events = found and found[0].strip() in ("ep", "eps") and _EVENTS_NEAR.search(before + after)
    if found and not events and not _ONE_EPOCH_HOLDS.match(after[found.end() :]):
        return "epochs", value, end + found.end(), ""
    if _EPOCHS_BEFORE.search(before) and not scale:  # "* epochs: 2"
        return "epochs", value, end, ""
    if found := _DURATION_AFTER.match(after):
        unit = found[1]
        hours = value * (
            24 if unit.startswith(("dia", "day")) and "uteis" not in unit
            else 24 * 7 / 5 if "uteis" in unit
            else 168 if unit.startswith(("sem", "week"))
            else 720 if unit.startswith(("mes", "month"))
            else 1
        )  # fmt: skip
        # "..., 3 épocas, 2 dias": a duration listed on its own among the job's facts is its
        # deadline.
        listed = _LISTED_BEFORE.search(before) and _LISTED_AFTER.match(after[found.end() :])
        deadline = _DEADLINE_BEFORE.search(before) or _DEADLINE_AFTER.match(after[found.end() :])
        if _HISTORY_AFTER.match(after[found.end() :]):
            deadline = listed = None  # "temos 18 meses de histórico": how much data, not when
        history = not _DEADLINE_AFTER.match(after[found.end() :]) and found[1][0] != "h"
        if history and _RATE_SAID.search(before[-150:]):
            deadline = listed = None  # "350 notas por dia útil ... e temos 6 meses": the history
        if _RUN_TOOK.search(before[-60:]) or _LOOKING_BACK.search(before):
            deadline = listed = None  # "treino parecido em 3h", "for the last 250 days": past
        tag: Tag = "deadline" if deadline or listed else "duration"
        return tag, hours, end + found.end(), ""
    if found := _IMAGES_AFTER.match(after):
        return "images", value, end + found.end(), ""
    if found := _RECORD_AFTER.match(after):
        return "examples", value, end + found.end(), found[1]
    if _BATCH_BEFORE.search(before):
        return "batch", value, end, ""
    if _RANK_BEFORE.search(before) and not scale:
        return "rank", value, end, ""
    if found := _STEPS_AFTER.match(after):  # "a loss travou depois de 1.200 steps"
        return "steps", value, end + found.end(), ""
    if (found := _PLURAL_AFTER.match(after)) and found[1] not in NOT_RECORDS and value >= 50:
        return "examples", value, end + found.end(), found[1]
    # "orçamento para 6 mil e o prazo...": a clause that follows, not a unit.
    unit_after = re.match(r"^\s*(?!e\b|and\b)[a-z]", after)
    if _BUDGET_BEFORE.search(before) and value >= 10 and not unit_after:
        return "budget", value, end, ""
    if value >= 10 and (found := _BUDGET_AFTER.match(after)):  # "3 mil de budget"
        return "budget", value, end + found.end(), ""
    ends = re.match(r"^\s*(?:[,.;!?]|$)", after)
    if scale in ("mil", "k") and _CEILING_BEFORE.search(before) and ends:
        return "budget", value, end, ""
    return "bare", value, end, ""


def tag_numbers(text: str) -> list[Span]:
    """Typed spans of every number in normalized `text`, left to right."""
    spans: list[Span] = []
    for match in QUANTITY.finditer(text):
        found = _classify(text, match)
        if found is None:
            continue
        tag, value, end, noun = found
        spans.append(Span(tag, value, match.start(), end, negative=bool(match["sign"]), noun=noun))
    return spans


_SCORE = re.compile(
    r"\b(?:nota|notas|score|escala|pontuacao|rating|grade)\b[^.;\d]{0,12}"
    r"(?:\b(?:de|from) \d+\s*(?:a|ate|to|-)\s*|\bate\s+|\b\d+\s*-\s*)$"
)
_YEAR = re.compile(
    r"\b(?:desde|since|no ano de|in the year|(?:as|os|aquel[ae]s|those) (?:de|from))\s+"
    r"(?:19|20)\d\d$"
)
# "as de 2020 pra cá": a year the data starts from.
_YEAR_ON = re.compile(r"(?:19|20)\d\d\s+(?:pra ca|para ca|em diante|ate hoje|ate agora|onwards?)\b")


def counts_nothing(text: str, match: re.Match[str]) -> bool:
    """Whether the number `match` found in `text` is a year the data starts from ("desde 2019",
    "as de 2020 pra cá") or the top of a scale ("nota de 0 a 1000"), never a count."""
    since = _YEAR.search(text, 0, match.end()) or _YEAR_ON.match(text, match.start())
    return bool(since or _SCORE.search(text, max(0, match.start() - 30), match.start()))
