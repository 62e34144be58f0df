"""Words that set a field without a number: method, framework, cloud, spot, residency, owned
cards, "o mais barato possível"; any of them after "em vez de" is negated."""

import re
from functools import lru_cache

from quoting.registry import load_registry, normalize_name

_NEGATION = re.compile(
    r"(?:em vez d[eoa]s?|ao inves d[eoa]s?|no lugar d[eoa]s?|instead of|rather than|"
    r"\bsem\b|\bnao\b(?:\s+\w+){0,2}|\bnada de|\bnot\b|\bnem\b|\bwithout\b|"
    r"\bevitar|\bfora\b|"
    # "esquece o QLoRA, quero LoRA": what the client takes back.
    r"\besquec\w*|\bignor\w*|\bdesconsider\w*|\bforget|\bdrop|\btroc\w*|\bsubstitu\w*|\btir[ae]\w*|"
    # "o jurídico vetou a AWS"
    r"\bvet\w*|\bproib\w*|\bbanned|\bruled out)"
    r"\s*(?:o |a |os |as |um |uma |the |a |aquel[ea]s? |ess[ea]s? )?$"
)


def negated(text: str, start: int) -> bool:
    """Whether the cue at `start` is what the client does not want."""
    return bool(_NEGATION.search(text[max(0, start - 30) : start]))


# "LoRA... na verdade não, quero o ajuste completo": what follows a correction replaces what came
# before it.
_CORRECTION = re.compile(
    r"\b(?:na verdade|pensando bem|alias|quer dizer|melhor dizendo|corrigindo|correcao|ou melhor|"
    r"entao vai (?:o|a|de)|"
    r"actually|i mean|(?:so )?let'?s go with|go with|vamos de|vamos com|vamos fazer|fica com|"
    r"pode ser|ir de|vou de|melhor usar|melhor o|melhor a|agora queremos|agora quero|agora vamos|"
    r"this time|"
    r"now we want)\b"
)


# "transcrito pelo Whisper", "labels generated with GPT-4": the model that made the data.
_TOOL_BEFORE = re.compile(
    r"\b(?:transcri\w*|gerad\w*|rotulad\w*|anotad\w*|traduzid\w*|generated|labell?ed|annotated|"
    r"translated|transcribed)\s+(?:pelo|pela|com o|com a|com|by|with|using|usando o?)\s*$"
)


# "o Llama 3.3 70B (professor) gera as respostas", "o professor é o Llama 70B": a
# distillation's teacher makes the data.
_TEACHER_BEFORE = re.compile(r"\b(?:professor|teacher)\b[^.;,]{0,15}$")
_TOOL_AFTER = re.compile(
    r"\s*\(?(?:o |the |como |as (?:the )?)?(?:professor|teacher)\b|"
    r"\s*(?:\([^)]{0,20}\)\s*)?(?:gera|vai gerar|generates|will generate)\b"
)


def tool(text: str, start: int, end: int) -> bool:
    """Whether the model named from `start` to `end` is the tool that made the client's data."""
    before = text[max(0, start - 40) : start]
    made = _TOOL_BEFORE.search(before) or _TEACHER_BEFORE.search(before)
    return bool(made or _TOOL_AFTER.match(text, end))


def after_correction(text: str, starts: list[int]) -> int:
    """Which of the cues starting at `starts` the message settles on: the first one after its
    last correction ("pensei no 70B, mas vamos de 8B"), else the first."""
    # "o Llama 3.1 8B, ou melhor, ... o Qwen 2.5 14B é melhor, então vai o Qwen 14B mesmo": the
    # last correction followed by a cue wins
    for corrected in reversed([match.end() for match in _CORRECTION.finditer(text)]):
        later = [i for i, start in enumerate(starts) if start >= corrected]
        if later:
            return later[0]
    return 0


@lru_cache(maxsize=64)  # asked once per category of one message
def _corrections(text: str) -> tuple[int, ...]:
    return tuple(match.end() for match in _CORRECTION.finditer(text))


def first(text: str, choices: list[tuple[re.Pattern[str], str]]) -> str | None:
    """The value of the leftmost cue that is not negated; after a correction ("na verdade"), the
    leftmost one that follows it."""
    corrections = _corrections(text)
    if corrections and (corrected := _leftmost(text[corrections[-1] :], choices)):
        return corrected
    return _leftmost(text, choices)


def _leftmost(text: str, choices: list[tuple[re.Pattern[str], str]]) -> str | None:
    found = [
        (match.start(), value)
        for pattern, value in choices
        for match in pattern.finditer(text)
        if not negated(text, match.start())
        and not negated(text, text.rfind(" ", match.start(), match.end() - 1) + 1)
        and not _REFUSED_AFTER.match(text, match.end())
    ]
    return min(found)[1] if found else None


# "TPU nem pensar", "LoRA jamais", "TPU não, só GPU": refused by the words right after it.
_REFUSED_AFTER = re.compile(
    r"\W{0,3}(?:nem pensar|de jeito nenhum|jamais|nunca|no way|never|"
    # ("Azure, não dá pra ir pra AWS": what cannot be is named after it)
    # ("JAX, não dá pra mudar agora": what cannot change is kept)
    r"nao (?:pode|podemos|rola|da|serve)\b"
    r"(?!\s+(?:pra|para)\s+(?:ir|usar|rodar|migrar|ficar|mudar|trocar|sair|largar))|"
    r"not allowed|"
    # "o pessoal de TI diz que LoRA não vai pegar o nosso jeito de escrever"
    r"nao vai (?:pegar|funcionar|servir|rolar|dar conta)|(?:won'?t|will not) work)\b|"
    r"\W{0,3}nao\s*(?:[,.;!]|$)"
)


def refused(text: str, end: int) -> bool:
    """Whether the words right after a cue ending at `end` refuse it ("LoRA não vai pegar")."""
    return bool(_REFUSED_AFTER.match(text, end))


METHODS = [
    (
        # a config's "quantization_bit: 4" (LLaMA-Factory), "load_in_4bit: true"
        re.compile(
            r"\bq-?lora\b|\bq-?dora\b|4[ -]?bits?|quantizad|\bnf4\b|"
            r"\bquantization[ _]bits?\s*[:=]\s*4\b"
        ),
        "qlora",
    ),
    # "LoRA quantizado em 4 bits" is QLoRA
    (
        re.compile(
            r"(?<!q)(?<!q-)\blora\b(?! (?:quantizad|em 4 ?bits|de 4 ?bits|4[ -]?bits?))"
            r"(?![\s\S]*\bquantization[ _]bits?\s*[:=]\s*4\b)|"
            # "the adapter must be ready ... QLoRA on Qwen": the adapter of the QLoRA named
            r"(?<!sem )(?<!no )(?<!without )(?<!without an )(?<!without any )adaptador|"
            # "the new Qwen2.5-14B QLoRA adapter": the QLoRA's own
            r"\bpeft\b|(?<!qlora )(?<!q-lora )\badapters?\b(?!\s*[:=])(?![\s\S]*\bq-?lora\b)|"
            r"baixo rank|"
            r"low[- ]rank|\bdora\b|\brs-?lora\b|\blora\+|\blora-?plus\b"
        ),
        "lora",
    ),
    (
        re.compile(
            # not "the full fix discussion", "o texto full": a whole thing, not the method
            r"ajuste completo|fine[- ]?tuning completo|full(?: fine[- ]?tun\w*| ft)?\b"
            r"(?! (?:fix|text|texto|discussion|history|historico|thread|transcripts?|version|"
            r"context|document|report|dataset|data|name|hd|stack|time))|"
            r"fully (?:fine[- ]?tun\w*|train\w*|tun\w*)|full[- ]parameter|"
            r"treino completo|treinamento completo|todos os pesos|all (?:the )?weights|"
            # "descongelar as últimas 4 camadas", GaLore: the model's own weights train
            r"descongel\w*|unfreez\w*|\bgalore\b|congela\w* (?:tudo|o resto|as demais)|"
            # "congelar as primeiras 20 camadas e treinar as demais direto"
            r"(?:congela\w*|freez\w*) (?:as |the )?(?:primeiras|first) \d+ (?:camadas|layers)|"
            r"(?:treinar|train) (?:so |only )?(?:as |the )?(?:\d+ )?(?:ultimas|last)(?: \d+)? "
            r"(?:camadas|layers)|"
            # ("só dois terços têm o texto completo" says nothing of the method)
            r"(?<!texto )(?<!conteudo )(?<!cadastro )(?<!historico )(?<!documento )(?<!nome )"
            r"(?<!endereco )(?<!atendimento )(?<!anterior )(?<!contexto )(?<!ticket )"
            r"(?<!registro )(?<!dialogo )(?<!acervo )(?<!arquivo )(?<!corpus )(?<!conjunto )"
            r"(?<!base )\bcompleto\b|pesos inteiros|"
            # Training from scratch updates every weight: priced as the full method.
            r"(?:treinar|treino|treinamento|train\w*) (?:\w+ ){0,6}do (?:zero|0)\b|from scratch|"
            # ("continued pretraining with LoRA" is LoRA: the adapter named wins)
            r"pre-?trein\w*(?![^!?]{0,40}\b(?:q-?lora|lora)\b)|"
            r"pre-?train\w*(?![^!?]{0,40}\b(?:q-?lora|lora)\b)"
        ),
        "full",
    ),
]
FRAMEWORKS = [
    (re.compile(r"\bjax\b|\bflax\b"), "jax"),
    (re.compile(r"tensorflow|\bkeras\b|\btf\b"), "tensorflow"),
    (
        re.compile(r"pytorch|\btorch\b|hugging ?face|transformers|\btrl\b|axolotl|unsloth"),
        "pytorch",
    ),
]
CLOUDS = [
    # "no Google" is the cloud; "o Gemma do Google" is the model's maker.
    (
        # "AWS and Google", "AWS ou Google" too: a cloud named beside another one.
        re.compile(
            # not "no Google Sheets": the client's spreadsheet, no cloud
            r"google cloud|\bgcp\b|vertex|\bgce\b|\bgke\b|"
            r"\b(?:no|na|pelo|via) google\b(?! sheets| docs| drive| forms| colab| meet| planilhas)|"
            r"\b(?:on|in|at|and|or|vs\.?|versus|e|ou|x) google\b(?!'s| gemma)"
        ),
        "gcp",
    ),
    (re.compile(r"\baws\b|amazon web services|\bamazon\b|sagemaker|\bec2\b"), "aws"),
    (
        # "contrato com a Microsoft", not "o Phi-3 da Microsoft"
        re.compile(
            r"\bazure\b|microsoft cloud|"
            r"\b(?:na|no|pela|via|com a|com|on|in|at|with|e|and) microsoft\b(?![\s-]*phi)"
        ),
        "azure",
    ),
    # "só temos conta na Lambda"; not AWS's serverless "AWS Lambda" nor "lambda functions"
    (re.compile(r"(?<!aws )\blambda(?: labs| cloud)?\b(?! functions?| function)"), "lambda"),
    (re.compile(r"\brunpod\b"), "runpod"),
]
# "os dados não podem sair da UE", "GDPR": a region our catalog has none of.
EU_RESIDENCY = re.compile(
    r"\b(?:nao podem sair|tem que ficar|precisam ficar|devem ficar|must stay|must remain|hosted|"
    r"stored|processed|alojad\w*|armazenad\w*)\b[^.;!?]{0,25}\b(?:d?a |na |in the |in )?"
    r"(?:uniao europeia|europa|ue|eu|europe|espaco economico europeu)\b|\b(?:gdpr|rgpd)\b"
)
# Clouds a client may name that the catalog does not quote: said in the reply, never dropped.
UNQUOTED_CLOUDS = [
    (re.compile(r"\boracle(?: cloud)?\b|\boci\b"), "Oracle Cloud (OCI)"),
    (re.compile(r"\bibm cloud\b"), "IBM Cloud"),
    (re.compile(r"\balibaba(?: cloud)?\b|\baliyun\b"), "Alibaba Cloud"),
    (re.compile(r"\bhuawei(?: cloud)?\b"), "Huawei Cloud"),
    (re.compile(r"\bmagalu(?: cloud)?\b"), "Magalu Cloud"),
    (re.compile(r"\bdigital ?ocean\b"), "DigitalOcean"),
]
PRECISIONS = [(re.compile(rf"\b{p}\b"), p) for p in ("bf16", "fp16", "fp32")]
_KIND_LEAD = (
    r"(?:\b(?:em|na|numa|com|on|in|de|uma|usar|using|use|ser|for|fosse|only|so|apenas|be|quero|"
    r"queremos|prefiro|preferimos|exijo|exigimos|want|need|like|prefer|alugam|aluga|alugar|oferecem|"
    r"rent|melhor)"
    r"\s+(?:uma\s+|a\s+)?|"
    # "gemma 2b full no TPU", "rodar no tpu": Portuguese "no", not English "no TPU please".
    r"\b(?:rodar|roda|rodando|treinar|treino|full|lora|qlora|ajuste|tuning)\s+(?:no|nos|nas)\s+|"
    r"^\s*|[,.:;!]\s*)"
)
KINDS = [
    # "testar nos chips do Google": Google's own accelerators are TPUs
    (
        re.compile(rf"{_KIND_LEAD}tpus?\b|\bchips? (?:do|da|de) google\b|\bgoogle'?s? chips\b"),
        "tpu",
    ),
    (re.compile(rf"{_KIND_LEAD}gpus?\b"), "gpu"),
]
RESIDENCY = re.compile(
    r"lgpd|dados? sensive(?:is|l)|sensitive data|"
    # "não podem deixar o território nacional", "n podem ir pra fora do país", "não saem do
    # país": the negation is part of the cue (leaving is what is denied).
    r"(?:nao|nada|nenhum \w+|\bn) (?:de )?(?:podem |pode |devem |deve )?(?:sair|deixar|ir pra fora|"
    r"ir para fora|sai|saem|vao pra fora)(?: d[oe])? (?:o |do )?(?:brasil|pais|br\b|territorio)|"
    r"(?:regiao|servidor|servidores|datacenter|data center|nuvem|hospedagem) (?:tem que|precisa|"
    r"deve|tem q) ser (?:brasileir[oa]|nacional|no brasil)|restrit\w* ao (?:brasil|pais)|"
    r"solo (?:brasileiro|nacional)|brazil south|so (?:servidor|datacenter|nuvem) nacional|"
    r"(?:ficar|ficam|fique|fiquem|permanecer|permanecam|hospedad\w+|armazenad\w+) (?:aqui )?no "
    r"(?:brasil|pais)|(?:servidor|servidores|datacenters?|data centers?|infraestrutura|infra) "
    r"(?:localizad\w+|situad\w+|sediad\w+) no (?:brasil|pais)|dados de saude|dados medicos|"
    r"prontuario|dados bancarios|dados financeiros|"
    # "Dado fiscal de cliente, então fica no Brasil" (not "a empresa fica no Brasil")
    r"\bdados?\b[^.;!?]{0,40}\bfica (?:aqui )?no (?:brasil|pais)|"
    r"sigilo medico|must stay in brazil|data residency|residencia de dados|territorio nacional|"
    # "it must remain in data centers located in Brazil", "patient records", "hosted in Brazil"
    r"\b(?:stay|remain|be kept|be stored|be hosted|be processed|live)\b[^.;!?]{0,40}\bin brazil|"
    r"(?:located|based|hosted|stored) in brazil|patient (?:records|data)|medical records|"
    r"(?:dados|data|servidor|servidores|treino|processamento|maquina|regiao) (?:no|in|fica no|"
    r"ficam no|em) (?:brasil|brazil|br\b)|"
    # "rodar em São Paulo", "região de São Paulo", not "Fintech from São Paulo"
    r"(?<!from )(?<!de )sao paulo|(?:regiao|region) (?:de |of )sao paulo|\bsa-east|"
    r"\bsouthamerica-east|\bbrazilsouth\b|\bregiao (?:de |em )?sp\b|"
    r"dentro do brasil|so no brasil|"
    # "não podem ir pra servidor fora do país"
    r"\bnao (?:pode|podem|deve|devem)\b[^.;!?]{0,30}\bfora do (?:pais|brasil)\b|"
    # "os dados não podem ser processados fora do país"
    r"\bnao (?:podem|pode|devem|deve) ser (?:processad|armazenad|hospedad|tratad|enviad|transferid)"
    r"\w* (?:fora|no exterior|em outro pais)|"
    # "hospedagem obrigatoriamente no Brasil", "os dados ficam no BR", "só em datacenter
    # nacional", "the data cannot leave Brazil", "data residency in Brazil is required"
    r"obrigatori\w* (?:no|em) (?:brasil|br\b|territorio)|\bno br\b (?:obrigatori|sempre|apenas)|"
    r"(?:ficar|ficam|fica|fique|fiquem|stay|stays|kept|hosted|stored) (?:aqui )?(?:no|in) "
    r"(?:br|brazil)\b|(?:data ?center|datacenter|nuvem|servidores?|hospedagem|regiao) "
    r"(?:nacional|brasileir[oa]|no pais)|(?:cannot|can't|can not|must not|may not|mustn't) "
    r"leave (?:brazil|the country)|(?:residency|hosted|stored|processed) in brazil|"
    # "dados hospedados apenas no Brasil", "que o processamento ocorra no Brasil"
    r"(?:hospedad\w+|armazenad\w+|processad\w+|ocorr\w+|rodar|rode|rodem|executad\w+|feito|"
    r"feita|realizad\w+|mantid\w+) (?:apenas |somente |so |exclusivamente |sempre |aqui )?"
    r"(?:no|em) (?:brasil|br|territorio nacional|solo brasileiro)\b|"
    # "os dados têm que ficar em datacenter no Brasil"
    r"(?:ficar|ficam|fique|fiquem|hospedad\w+|armazenad\w+|processad\w+)\b[^.;!?]{0,25}"
    r"\b(?:no|em) (?:brasil|br|territorio nacional)\b|"
    # "temos que manter os dados no BR", "data must remain in Brazil"
    r"(?:regiao|region) (?:do |no )?(?:brasil|brasileira|br|brazil)\b|"
    r"(?:manter|mantem|mantenham?|keep|remain|remains)(?: (?:os |the )?(?:dados|data))? "
    r"(?:aqui )?(?:no|in) (?:brasil|br|brazil|pais)\b"
)
SPOT = re.compile(
    r"\bspot\b|preemptiv|interrompiv|preemptible|"
    # "aquelas máquinas que o provedor pode desligar a qualquer hora"
    r"(?:maquinas?|instancias?|vms?)(?: [a-z]+){0,2} (?:que|q) (?:o provedor |a nuvem |eles )?"
    r"(?:pode |podem )?(?:ser )?"
    r"(?:deslig|interromp|derrub|tom\w+ de volta)"
)
ON_DEMAND = re.compile(
    r"sob demanda|on[- ]demand|(?:can'?t|cannot|can not|nao (?:podemos|posso|da pra)) "
    r"(?:risk|afford|arriscar)\w* (?:the |com )?(?:spot|preemptiv|interrup)|"
    r"nao (?:pode|podemos|quero|queremos) (?:ser |usar )?"
    r"(?:interromp|spot)|"
    # "nada de instância preemptiva", "sem máquina spot", "no spot instances"
    r"\b(?:sem|nada de|no|without) (?:instancias? |maquinas? |vms? |instances? )?"
    r"(?:spot|preemptiv|interrompiv)|"
    # "que não sejam usadas instâncias spot", "não admitimos interrupções"
    r"\bnao (?:sejam? )?(?:usad\w+ |utilizad\w+ )(?:instancias? |maquinas? )?"
    r"(?:spot|preemptiv)|"
    r"\bnao (?:admitimos|aceitamos|toleramos|podemos ter) interrup|"
    r"\b(?:tira|tirar|tire|remove|remova|drop|esquece|esquecer|ignor\w*|desconsider\w*) "
    r"(?:o |a |the )?(?:instancias? )?(?:spot|preemptiv\w*)"
)

_ON_DEMAND_NOT_NEEDED = re.compile(
    r"\bnao (?:faco|fazemos) questao de (?:maquinas? |instancias? )?(?:sob demanda|on[- ]demand)|"
    r"\bnao precisa(?:mos)? (?:ser |de )?(?:maquinas? |instancias? )?(?:sob demanda|on[- ]demand)|"
    r"\b(?:don'?t|do not) need on[- ]demand"
)


def spot_choice(text: str) -> bool | None:
    """False when the client refuses spot ("sem spot", "spot não pode"), True when they ask for
    it, None when they do not say."""
    if _ON_DEMAND_NOT_NEEDED.search(text):
        return True  # "não faço questão de on-demand, spot serve"
    if ON_DEMAND.search(text):
        return False
    if (match := SPOT.search(text)) is None:
        return None
    return not (negated(text, match.start()) or _REFUSED_AFTER.match(text, match.end()))


_CHEAP = r"(?:barat|economic)[oa]s?"
CHEAPEST = re.compile(
    rf"(?:o |a )?mais {_CHEAP}(?: possivel| que (?:der|tiver|puder))|o mais em conta|"
    r"menor (?:custo|preco) possivel|cheapest|as cheap as possible|economizar o maximo|"
    r"(?:sair|sai|for|seja|ficar) mais em conta|"
    r"gastar o minimo|gastar pouco|o menor preco|prioridade (?:e|eh) (?:o )?(?:preco|custo)|"
    rf"custo minimo|sem pressa,? (?:o )?mais {_CHEAP}|baratinh[oa]|"
    # "qual a máquina mais barata pra treinar...": the client asks for the cheapest machine.
    rf"(?:maquina|opcao|gpu|placa|instancia|configuracao|alternativa|forma|jeito) mais {_CHEAP}|"
    # "..., o mais barato" / "quero a mais barata mesmo": the phrase ends there.
    r"(?:^|[,;.]\s*|quero |queremos |queria |prefiro |preferimos |escolhe |pode ser |ser |me da |"
    r"me de |manda )"
    rf"(?:o |a )mais {_CHEAP}(?: mesmo)?(?:,? por favor|,? pfv|,? pf)?"
    r"\s*(?:[,;.!]|$)"
)

# Cards clients own; "só temos uma 4090" limits device memory to the card's.
CARD_MEMORY_GB = {
    "4090": 24.0, "3090": 24.0, "3090 ti": 24.0, "4080": 16.0, "3080": 10.0, "4070": 12.0,
    "3070": 8.0, "3060": 12.0, "4060": 8.0, "2080": 8.0, "2080 ti": 11.0, "1080": 8.0,
    "a4000": 16.0, "a5000": 24.0, "a6000": 48.0, "t4": 16.0, "l4": 24.0, "a10": 24.0,
    "a10g": 24.0, "v100": 16.0, "a100": 80.0, "h100": 80.0, "l40s": 48.0, "5090": 32.0,
}  # fmt: skip
_CARD = "|".join(re.escape(c) for c in sorted(CARD_MEMORY_GB, key=len, reverse=True))
_OWNED_CARD = re.compile(
    r"(?:so |apenas |somente )?(?:temos|tenho|possuo|possuimos|dispomos de|nossa|minha|nosso|"
    r"meu|we have|we only have|i have|our|my|limitad\w+ a|max(?:imo)?|we run on|we use|"
    r"rodamos (?:em|numa?s?)|usamos)\b[^.;!?]{0,30}?"
    # not "our data must stay in europe-west4": a region's name ends in "t4"
    rf"(?:rtx |geforce |nvidia |gtx )?(?<![a-z0-9-])({_CARD})\b"
)
_NOT_ENOUGH = re.compile(
    r"[^.;!?]{0,30}\b(?:mas|but|porem)\b[^.;!?]{0,15}\b(?:nao (?:aguenta|da conta|dao conta|cabe|"
    r"suporta|servem|serve|chega)\w*|(?:aren'?t|isn'?t|not) enough|insuficiente\w*|too small|"
    r"queremos (?:cotar|alugar|usar) (?:a )?(?:nuvem|cloud)|want to rent|"
    r"(?:are |is )?busy|ocupad\w*)"
)
_DEVICE_ONLY = re.compile(r"\b(?:so|apenas|somente|only|limit)\w*\b")


# "uma RTX 4090 aguenta...?": a desk card, which no cloud of the catalog rents, named by itself.
_DESK_CARD = re.compile(
    r"\b(?:rtx |geforce |gtx )(\d{4}(?: ti)?)\b|\b(?:uma|numa|num|one|an?|single|na|on) "
    r"(?:rtx |geforce )?(\d{4}(?: ti)?|a[456]000)\b"
)


def cards_not_enough(text: str) -> bool:
    """ "temos 2 RTX 4090 de 24 GB, mas queremos cotar nuvem": the cards they own are why they
    rent, not a limit on what we quote."""
    match = _OWNED_CARD.search(text)
    return bool(match and _NOT_ENOUGH.match(text, match.end()))


def owned_card(text: str) -> float | None:
    """Memory (GB) of a card the client says they have, or a desk card they name, if any."""
    if cards_not_enough(text):
        return None
    match = _OWNED_CARD.search(text)
    if match and not negated(text, match.start()):
        return CARD_MEMORY_GB[match[1]]
    desk = _DESK_CARD.search(text)
    if desk is None or negated(text, desk.start()):
        return None
    return CARD_MEMORY_GB.get(desk[1] or desk[2])


def device_limit_cue(text: str) -> bool:
    return bool(_DEVICE_ONLY.search(text))


def family_named(text: str) -> str | None:
    """A model family the client names without its size ("o mistral", "um llama")."""
    families = "|".join(sorted(load_registry().families, key=len, reverse=True))
    match = re.search(rf"\b({families})\b", text)
    return match[1] if match else None


def find_models(text: str) -> list[tuple[str, int, int]]:
    """Registry models named in `text` (longest names first, no overlaps), with positions."""
    return list(_models_in(text))


# "não entendo nada de modelo, pode ser o que você recomendar": the model left to us.
MODEL_LEFT_TO_US = re.compile(
    r"\b(?:o )?modelo,? tanto faz\b|\b(?:qualquer|any) (?:modelo|model)\b|"
    r"\bpode ser o (?:modelo )?que (?:voce|voces) (?:recomendar|indicar|achar melhor|acharem "
    r"melhor|escolher)\b|\b(?:voces|voce) (?:escolhem|decidem|escolhe|decide) o modelo\b|"
    r"\bo modelo (?:voces|voce|vcs|vc) (?:escolhem|decidem|escolhe|decide)\b|"
    r"\bmodelo (?:fica )?a criterio de (?:voces|vcs)\b|"
    r"\bnao entendo (?:nada )?de modelos?\b|\b(?:you|y'all) (?:pick|choose|decide) the model\b|"
    r"\bwhatever model you (?:recommend|suggest)\b"
)
# What we quote when the model is left to us: an open 8B that officially speaks Portuguese.
DEFAULT_MODEL = "llama-3-1-8b"


def forget_models() -> None:
    """Forget the models found per message (a bench times a message read for the first time)."""
    _models_in.cache_clear()


@lru_cache(maxsize=512)  # the job reader and the comparison both look for a message's models
def _models_in(text: str) -> tuple[tuple[str, int, int], ...]:
    registry = load_registry()
    words = [(m.group(), m.start(), m.end()) for m in re.finditer(r"[a-z0-9][a-z0-9.\-]*", text)]
    keys = [normalize_name(word) for word, _, _ in words]
    found: list[tuple[int, str, int, int]] = []
    for i in range(len(words)):
        if keys[i][:2] not in registry.starts and len(keys[i]) >= 2:
            continue  # no model's name begins this way
        for j in range(i + 1, min(i + 6, len(words) + 1)):
            key = "".join(keys[i:j])
            # One word without digits names a model only when it is long enough to be a name
            # ("distilbert", "tinyllama"), not a word like "bert" or "phi" alone.
            named = any(c.isdigit() for c in key) or j - i > 1 or len(key) >= 6
            entry = registry.find_key(key) if named else None
            if entry:
                found.append((j - i, entry.id, words[i][1], words[j - 1][2]))
    chosen: list[tuple[str, int, int]] = []
    for _, model, start, end in sorted(found, key=lambda f: (-f[0], f[2])):
        if all(end <= s or start >= e for _, s, e in chosen):
            chosen.append((model, start, end))
    return tuple(sorted(chosen, key=lambda c: c[1]))
