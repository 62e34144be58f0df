"""What a message asks for beyond a plain quote: a side-by-side comparison, a requote on a named
accelerator, yes or no on whether a model fits a card, a machine's price per hour, the quote in
dollars, the proposal as a PDF, a guidance question that names sizes. Each is a cue over the
folded text; `bot/assistant/routes.py` decides what to do with them."""

import re
import tomllib
from functools import cache, lru_cache
from pathlib import Path

from bot.assistant.instance_types import instance_named
from bot.assistant.reader.cues import (
    CLOUDS,
    FRAMEWORKS,
    METHODS,
    UNQUOTED_CLOUDS,
    negated,
    refused,
)
from bot.assistant.reader.other_chips import chip_named
from locales import Language

ACCELERATORS = Path(__file__).resolve().parent / "data" / "accelerators.toml"


@cache
def card_aliases() -> list[tuple[re.Pattern[str], str]]:
    with ACCELERATORS.open("rb") as handle:
        aliases: dict[str, str] = tomllib.load(handle)["aliases"]
    ordered = sorted(aliases.items(), key=lambda item: -len(item[0]))
    # "on a100s instead?": a card named in the plural is the same card
    return [(re.compile(rf"\b{re.escape(alias)}s?(?: ?gb)?\b"), id_) for alias, id_ in ordered]


def accelerators_named(folded: str) -> list[str]:
    """Catalog accelerator ids the message names, in order, each once, not the ones refused."""
    return list(_accelerators_named(folded))


def forget_cards() -> None:
    """Clear what the reader remembers of messages already read (for a benchmark's cold reads)."""
    _accelerators_named.cache_clear()
    instance_named.cache_clear()
    chip_named.cache_clear()


@lru_cache(maxsize=256)  # the reader asks about the same message several times
def _accelerators_named(folded: str) -> tuple[str, ...]:
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    swapped: set[str] = set()  # "swap the A100 for an H200": the card given up
    for pattern, id_ in card_aliases():
        for match in pattern.finditer(folded):
            if any(s < match.end() and match.start() < e for s, e in taken):
                continue
            taken.append(match.span())
            if _SWAPPED.search(folded, max(0, match.start() - 25), match.start()):
                swapped.add(id_)
            if not negated(folded, match.start()) and not _SOMEONE_ELSES.match(folded, match.end()):
                found.append((match.start(), id_))
    if instance := instance_named(folded):  # "quanto a hora de uma p4d.24xlarge?"
        found.append(instance[:2])
    named: list[str] = []
    for _, id_ in sorted(found):
        if id_ not in named:
            named.append(id_)
    kept = [id_ for id_ in named if id_ not in swapped]
    return tuple(kept if kept and len(kept) < len(named) else named)


# "meu colega fez em 3h na A100 dele": someone else's card, no request of the client's
_SOMEONE_ELSES = re.compile(
    r"\s+(?:dele|dela|deles|delas|do (?:meu |nosso |seu )?(?:colega|amigo|parceiro|concorrente)|"
    r"da (?:minha |nossa |sua )?(?:colega|amiga|parceira|concorrente)|of (?:my|a) (?:colleague|"
    r"friend))\b"
)
_SWAPPED = re.compile(
    r"\b(?:swap|replace|troca|trocar|trocamos|substitui\w*|change)\s+"
    r"(?:the |a |o |an? |essa |that )?$"
)


# "quanto custa uma H100 por hora", "valor da hora da A100", "hourly price of an H200".
PER_HOUR = re.compile(
    r"\b(?:por hora|a hora|la hora|/ ?h\b|per hour|an hour|hourly|the hour|valor da hora|"
    r"preco da hora|"
    r"valor ?/ ?hora|valor hora|preco hora|"
    r"preco/hora|custo/hora|custo por hora|preco por hora|diaria|por dia|ao dia|per day|a day|"
    # "quanto sai o minuto de uma H100?": the same rate, by the minute
    r"d?o minuto|por minuto|per minute|a minute|"
    r"custo hora|custo da hora|preco da hora|"
    r"(?:1|uma|one) ?h(?:ora|our)? (?:de|da|of|on)(?: uma| an?)?|"
    # "se eu deixar uma T4 ligada o mês inteiro, quanto pago?"
    r"(?:o|um) mes inteiro|(?:uma|1|a) semana inteira|o dia (?:inteiro|todo)|a month|a week|"
    r"per month|monthly|24/7|"
    # "quanto sai por mês deixar uma A100 ligada?": a card kept on, priced by the period
    r"deixar (?:uma |um |a |o )?[a-z0-9 ]{1,20}ligad[oa]|por mes (?:deixar|com|ligad[oa])|"
    # "quanto eu pago por uma V100 ligada 15 dias direto?"
    r"ligad[oa]s? (?:por |durante )?\d+ ?(?:h|horas?|dias?|semanas?|meses)\b|"
    r"left (?:on|running))\b"
)
# "cabe numa L4?", "roda numa 4090?", "um chip de TPU segura um 65B?", "does it fit on an A100?".
FITS = re.compile(
    # "é possível correr ... numa RTX 4090?": to run, in Portugal
    r"\b(?:cabe|cabem|caberia|coube|roda|rodaria|rodam|corre|correr|segura|seguram|aguenta|"
    r"aguentam|aguentaria|aguentariam|seguraria|suporta|suportaria|"
    r"suportam|comporta|fits?|runs?|handle|da (?:pra|para) (?:fazer|rodar|treinar|um|uma)|nela|"
    r"nele|da ou nao da|"
    r"da conta|dao conta|(?:be|is|seria|e) (?:enough|suficiente)|holds?|enough|suficiente|"
    r"entra|entram|entraria|estoura|estouraria|consigo treinar)\b"
)
# "Quero saber se um 70B com QLoRA entra numa H100 só.": a question without its mark.
ASKED_INDIRECTLY = re.compile(
    # "aguenta treinar um lora num 7b ou vou passar vergonha kkkk": a question by its "ou"
    r"\b(?:aguenta\w*|da conta|cabe|roda)\b[^.?!]{0,60}\bou (?:vou|nao|e muit|eh muit)|"
    r"\b(?:quero|queria|gostaria de|preciso|precisamos|queremos) saber se|"
    r"\bme (?:diz|diga|fala) se\b|"
    r"\b(?:i want|we want|i'?d like) to know (?:if|whether)\b|\btell me (?:if|whether)\b|"
    r"\bwondering (?:if|whether)\b"
)
# "um chip de TPU segura...?", "numa única GPU": one card of a kind, none named.
ONE_CARD = re.compile(
    r"\b(?:um|uma|numa|num|one|a|an|single|so um|so uma|unico|unica)\s+(?:unic[oa]\s+)?"
    r"(?:chip|placa|gpu|tpu|card)\b"
)
# "cabe em quantas GPUs", "quanta memória precisa", "how many GPUs": sizes asked about, no data.
SIZES_ASKED = re.compile(
    r"\b(?:quantas (?:gpus|placas|tpus|maquinas|chips|h100s?|a100s?|h200s?|l4s?|l40s|v100s?|t4s?|"
    r"a10gs?)|quanta (?:memoria|vram)|quantos gb|"
    r"how many (?:gpus|cards|chips)|how much (?:memory|vram)|"
    r"(?:memoria|vram) (?:precisa|necessaria)|(?:memory|vram) (?:needed|required|do i need)|"
    r"what'?s the (?:memory|vram)|"
    # "dá pra fazer fine-tuning com contexto de 32 mil tokens num 8B?": memory at that length
    r"\b(?:contexto|context(?: length| window)?)\b[^?]{0,60}\?)"
)
# "e em dólar?", "quanto dá em USD", "in dollars".
# Not "can we pay in dollars?" or "do you bill in USD?": how we are paid (commercial).
IN_DOLLARS = re.compile(
    r"(?<!pay )(?<!bill )(?<!pagar )(?<!cobram )(?<!cobra )"
    r"\b(?:em|in|en|para|pra) (?:us |american )?(?:dolar(?:es)?|dollari|usd|us\$|dollars?|"
    r"verdinhas?|doletas?)"
    r"(?!\w)|"
    r"\b(?:valor|preco|total) em dolar|"
    # "e em euros, quanto fica?": a foreign currency, answered with the dollar figure
    r"\b(?:em|in) (?:euros?|pesos?|libras?|pounds?|ienes?|yens?|yuans?|soles|guaranis)\b"
    r"(?=[^.!]{0,25}\?)|"
    r"\bdolar(?:es)? (?:tambem|too)\b|\bin usd\b|"
    r"\bconvert\w*\b[^.?!]{0,20}? (?:pra|para|to|into|em) (?:us )?(?:dolar\w*|usd|dollars?)|"
    r"\b(?:em|pra|para|na) moeda (?:americana|dos eua|norte-americana|do tio sam)|"
    # "o financeiro da matriz só trabalha com dólar": the client's side reads dollars
    r"(?<!voces )(?<!vcs )\b(?:so|apenas) (?:trabalha|trabalham|aceita|aceitam|le|leem|entende|"
    r"entendem) (?:com |em )?(?:dolar(?:es)?|usd|dollars?)\b|"
    r"\bonly (?:works|deals|thinks|reads) (?:in|with) (?:us )?(?:dollars|usd)\b|"
    # "meu chefe é gringo ... converte pra ele?": the quote's currency, the one conversion we do
    r"\bconvert\w*(?: isso| o valor| os valores| esse valor)? (?:pra|para|to) "
    r"(?:ele|ela|eles|elas|him|her|them|o chefe|o gringo)\b"
)
# "pode me enviar isso em PDF por e-mail?", "manda a proposta formal", "send me the quote as a PDF";
# not "temos manuais em PDF, servem pra treinar?": a PDF or e-mail is the proposal only when it is
# sent, or it is the quote's.
# "se baixar bem já pode mandar a proposta": the proposal waits on the answer to a change.
PROPOSAL_IF = re.compile(
    r"\b(?:se|if) (?:ficar|baixar|cair|der|sair|couber|for|it(?:'?s| is)|the price)\b"
    r"[^.?!]{0,60}\b(?:proposta|proposal|pdf)\b|"
    # "refaz com 2 épocas e já manda a proposta com esse valor novo": the new figure first
    r"\b(?:refaz|refaca|recalcula|redo|recalculate)\b[^.?!]{0,60}\b(?:proposta|proposal|pdf)\b"
)
PROPOSAL = re.compile(
    r"\bproposta (?:formal|comercial|oficial|em pdf|por e-?mail)|\bformal (?:quote|proposal)|"
    # "não chegou nada aqui, nem no spam. reenvia?": the proposal again
    r"\bnao (?:chegou|recebi|veio) (?:nada|o e-?mail|a proposta|o pdf)|\breenvi\w*|"
    # "a proposta que você disse que ia mandar ainda não chegou"
    r"\b(?:proposta|pdf)\b[^.?!]{0,40}\b(?:ainda )?nao (?:chegou|veio)|"
    r"\bresend\b|"
    r"\bdidn'?t (?:get|receive) (?:it|the (?:e-?mail|pdf|proposal))|"
    # "pode mandar a papelada", "algo por escrito com esses valores", "aquele documento com tudo"
    r"\bpapelada\b|\bpor escrito\b|\bin writing\b|\bdocumento com (?:tudo|esses|os)\b|"
    r"\bmemori(?:al|a) de calculos?\b|\bdocumento formal\b|\btermo de referencia\b|"
    r"\b(?:manda|mande|envia|envie|send)(?: me)? (?:o|the) (?:documento|document)\b|"
    r"\b(?:orcamento|cotacao) (?:oficial|formal)|\bpapel timbrado\b|\bletterhead\b|"
    # "como faço pra receber a proposta?", "manda em Word"
    r"\b(?:receb\w*|mand\w*|envi\w*|send|get)\b[^.?!]{0,20}\b(?:a |the )?(?:proposta|proposal)\b|"
    r"\b(?:manda|mande|envia|envie|send)\w* (?:em|in|as) (?:a )?(?:word|docx)\b|"
    # "consegue mandar isso numa planilha Excel?": the quote as a document, in another format
    r"\b(?:mand\w*|envi\w*|send|export\w*|ger[ae]\w*)\b[^.?!]{0,25}\b(?:em|numa?|in|as|to) "
    r"(?:uma |a |an )?(?:planilha|excel|xlsx|spreadsheet|docx|word|csv)\b|"
    r"\b(?:preciso|precisamos|quero|queria|need)\b[^.?!]{0,20}\b(?:em|num|no formato|in|as) "
    r"(?:docx|word|excel|xlsx|planilha)\b|"
    r"\bformaliz\w*|"
    # "na proposta coloca a razão social", "a proposta pode vir bilíngue?", "reemite com validade de
    # 30": the document itself, as the client wants it; "manda pelo DocuSign": to be signed
    r"\b(?:na|a|the) (?:proposta|proposal)\b[^.?!]{0,30}\b(?:coloc\w*|poe|por|bota\w*|inclu\w*|"
    r"pode vir|podem vir|venha|vem|sai[ar]?|put|include|come)\b|"
    r"\breemit\w*|\breemiss\w*|\bre-?issue\w*|\bdocusign\b|\bclicksign\b|\bd4sign\b|"
    r"\badobe sign\b|\bassinatura (?:eletronica|digital)\b|\be-?signature\b|"
    # the bot's "📄 Gerar proposta" button typed back; a buyer's procurement system (SAP Ariba,
    # Coupa punchout) that takes the proposal as a document
    r"\bgerar (?:a )?proposta\b|\b(?:sap )?ariba\b|\bcoupa\b|\bpunch-?out\b|\bcxml\b|"
    r"\bevento de sourcing\b|\bportal (?:de compras|do fornecedor|de fornecedores)\b|"
    r"\be-?mail (?:me|us|it|this|that)\b|"
    r"\b(?:envi\w*|mand\w*|send|receb\w*|baix\w*|ger[ae]\w*|export\w*|get|download)\b[^.?!]{0,40}"
    r"\b(?:pdf|e-?mail)\b|"
    # "pode gerar um documento com essa cotação pra eu levar na reunião?", "manda isso num arquivo"
    r"\bger[ae]\w* (?:um |o )?documento\b|"
    r"\b(?:manda|mande|envia|envie|send)\w* (?:isso |essa cotacao |o orcamento |it |this )?"
    r"(?:num|em um|como|in a|as a) (?:arquivo|file|documento)\b|"
    r"\b(?:proposta|cotacao|orcamento|isso|quote|proposal)\b[^.?!]{0,25}\b(?:em|como|in|as|por|by) "
    r"(?:um |an? )?(?:pdf|e-?mail)\b|"
    # "exportar esse orçamento num documento", "email the quote to procurement@…"
    r"\b(?:proposta|cotacao|orcamento|quote|proposal)\b[^.?!]{0,15}\b(?:num|em um|como|in a|as a) "
    r"(?:documento|document|arquivo|file)\b|"
    r"\be-?mail\b (?:me |us )?(?:the|this|that|a) (?:quote|proposal)|"
    # "pode mandar essa cotação pro financeiro@empresa.com.br?": sent to an address
    r"\b(?:mand\w*|envi\w*|send|encaminh\w*|forward\w*)\b[^.?!@]{0,30}\s[\w.+-]+@[\w-]+\.[\w.]+|"
    # "fecha a opção com a H100": the option chosen, to be formalized
    r"\b(?:fecha|fechamos|vamos fechar|quero fechar|pode fechar|fechado)\b (?:a |essa |esta )?"
    r"(?:opcao|com (?:a|o|essa|esse))\b|"
    # "pode seguir, fechado", "go ahead": the quote accepted
    r"^\W*(?:pode seguir|pode rodar|pode comecar|pode tocar|manda ver|go ahead|approved)\b|"
    r"^\W*(?:fechou|fechado|ok|beleza|combinado)\W+(?:pode|podem) (?:subir|rodar|comecar|seguir)\b"
)
# "e quanto é a hora dessa máquina que você indicou?": the machine of the quote on the table.
THAT_MACHINE = re.compile(
    r"\b(?:dessa|desta|essa|esta|nessa|that|this|the same) (?:maquina|instancia|placa|gpu|machine|"
    r"instance|card)\b|\bque (?:vc|voce|voces) (?:indicou|recomendou|sugeriu)\b"
)
# "quanto fica na AWS e quanto no Google?", "AWS ou GCP, qual sai melhor?".
_VERSUS = re.compile(r"\b(?:ou|or|vs\.?|versus|x|e|and|comparad\w*|compar\w*|entre|between)\b")
# "sai mais barato GPU ou TPU?", "compara GPU e TPU pra esse job".
KINDS_COMPARED = re.compile(
    r"\b(?:gpu (?:ou|or|x|vs\.?|versus|e|and|com|with) tpu|"
    r"tpu (?:ou|or|x|vs\.?|versus|e|and|com|with) gpu)\b|"
    # "vale a pena tpu aqui ou fico na gpu?"
    r"\b[gt]pus?\b[^.?!]{0,30}\b(?:ou|or|vs\.?|versus)\b[^.?!]{0,20}\b[gt]pus?\b|"
    # "em TPU sai mais barato que em GPU?", "is a TPU cheaper than a GPU?"
    r"\b[gt]pus?\b[^.?!]{0,40}\b(?:que|than)\s+(?:(?:em|a|an|uma|numa|na|on|in|o)\s+)?[gt]pus?\b"
)
# "com os mesmos dados", "mesmo job", "same data": the job on the table, another model.
# "compara com o Llama 70B", "side by side with Qwen 14B": the job on the table against a model.
# "queria colocar do lado desse da AWS", "we'd like to see both numbers": beside the table's.
AGAINST = re.compile(
    r"\b(?:compar\w*|lado a lado|side by side|versus|vs\.?|"
    r"do lado d(?:esse|este|ele|aquele|o|a|ela|essa|esta)|next to|beside|"
    r"both (?:numbers|prices|figures|quotes)|"
    r"(?:os|as) (?:dois|duas) (?:valores|precos|numeros|cotacoes))(?!\w)"
)
SAME_JOB = re.compile(
    r"\b(?:mesm[oa]s? (?:dados|job|base|dataset|exemplos|configurac\w*|condic\w*|treino|"
    r"fine-tuning|projeto)|same "
    r"(?:data|job|dataset|setup))\b"
)
# "Llama 8B ou Mistral 7B?", "compara o Qwen 14B com o Llama 8B": two models side by side.
MODELS_VERSUS = re.compile(
    # not "o Llama 3.1 8B, ou melhor, o Qwen 14B": a model taken back
    r"\b(?:ou(?! melhor)|or|vs\.?|versus|x|compar\w*|entre|between|diferenca|difference|both|ambos|"
    r"side by side|lado a lado|(?:os|as) (?:dois|duas|tres|2|3)|all three|the three)\b|"
    r"quanto .* e quanto"
)
# "o LoRA do Llama 3 8B funciona se eu trocar a base pro 3.1, ou tem que treinar de novo?": an
# adapter moved to another base, a question of guidance, no price side by side.
ADAPTER_MOVED = re.compile(
    r"\b(?:trocar|troco|mudar|mudo|migrar|passar)\b[^.?!]{0,20}\b(?:a )?"
    r"(?:base|modelo base|base model)\b|"
    r"\b(?:reaproveit|reus|aproveit)\w* (?:o |a |the )?(?:lora|adaptador|adapter)|"
    r"\b(?:lora|adaptador|adapter)\b[^.?!]{0,40}\b(?:funciona|serve|works)\b"
)
# "por que essa máquina?", "why this one?": the reasons of the quote on the table.
WHY_THIS = re.compile(
    r"\bpor ?que (?:foi |escolheu |escolheram )?(?:(?:essa|esta|tal) (?:maquina|placa|gpu|tpu|"
    r"opcao|instancia|regiao)|(?:a|o|essa|esta) (?:escolha|recomendacao|maquina escolhida))\b"
    r"|\bpor ?que (?:voce|vc|vcs|voces) (?:escolheu|escolheram|recomendou|recomendaram)\b"
    r"|\bwhy (?:this|that) (?:machine|one|card|gpu|option|instance)\b"
    # "por que deu tão caro?": the reasons of the price
    r"|\bpor ?que (?:deu|ficou|saiu|esta|ta) (?:tao |muito |meio )?(?:caro|alto|salgado)\b"
    # "vc falou 19 horas ... de onde saiu esse número?": the estimate's reasons
    r"|\bde onde (?:saiu|veio|vem) (?:esse|este|o) (?:numero|valor|tempo|prazo|preco)\b"
    # "meu colega fez em 3h na A100 dele, pq a diferença?": the estimate challenged
    r"|\b(?:pq|por ?que|porque) (?:essa |tanta |a )?diferenca\b|\bwhy the (?:big )?difference\b"
    r"|\bwhy (?:is it|so|that) (?:so )?(?:expensive|pricey|high)\b"
    r"|\bwhy did you (?:pick|choose|recommend)\b"
)
# Words that ask for a side by side by themselves ("tpu vs gpu nesse caso", "lado a lado").
_SIDE_BY_SIDE = re.compile(
    r"\b(?:vs\.?|versus|compar\w*|lado a lado|side by side|n?(?:os|as) (?:dois|duas|2|tres|3)|"
    r"ambos|ambas|both|next to|ao lado d[oa]|do lado d(?:esse|este|ele|aquele|o|a|ela|essa|esta)|"
    r"um do lado do outro|uma do lado da outra)(?!\w)"
)
_PRICE_WORDS = re.compile(
    r"\b(?:quanto|barat\w*|car[oa]s?|preco|custo|sai|fica|compensa|vale|melhor|cheaper|cost|"
    r"price|compar\w*|diferenca)\b"
)


# "e se for QLoRA em vez de LoRA?", "on L4s instead?": one setting changed, the quote again, not
# a side by side nor a fit check.
INSTEAD = re.compile(
    r"\b(?:em vez d[eoa]s?|ao inves d[eoa]s?|no lugar d[eoa]s?|instead(?: of)?|rather than)\b"
)


def _instead(folded: str) -> bool:
    return bool(INSTEAD.search(folded)) and not _SIDE_BY_SIDE.search(folded)


def clouds_compared(folded: str) -> list[str]:
    """Two or more clouds named side by side ("na AWS e quanto no Google?"); one we do not quote
    ("AWS e Oracle lado a lado") goes in by its name, for the table to say so."""
    if _instead(folded):
        return []
    said = [
        (m.start(), cloud)
        for pattern, cloud in [*CLOUDS, *UNQUOTED_CLOUDS]
        for m in pattern.finditer(folded)
    ]
    # "Vetado AWS ... tem que ser Azure" over an older "rodando na AWS": the cloud ruled out is out
    vetoed = {cloud for start, cloud in said if negated(folded, start)}
    named = [(start, cloud) for start, cloud in said if cloud not in vetoed]
    clouds: list[str] = []
    for _, cloud in sorted(named):
        if cloud not in clouds:
            clouds.append(cloud)
    between = _VERSUS.search(folded) and _PRICE_WORDS.search(folded)
    return clouds if len(clouds) >= 2 and (between or _SIDE_BY_SIDE.search(folded)) else []


def methods_compared(folded: str) -> list[str]:
    """Two methods named side by side ("LoRA ou full, quanto muda?")."""
    return _named_compared(folded, METHODS)


def frameworks_compared(folded: str) -> list[str]:
    """Two frameworks named side by side ("metade quer PyTorch e metade JAX, me passa os dois")."""
    return _named_compared(folded, FRAMEWORKS)


def _named_compared(folded: str, table: list[tuple[re.Pattern[str], str]]) -> list[str]:
    if _instead(folded):
        return []
    named = [
        (m.start(), value)
        for pattern, value in table
        for m in pattern.finditer(folded)
        # "Nada de LoRA", "LoRA não vai pegar": no side of a comparison
        if not negated(folded, m.start()) and not refused(folded, m.end())
    ]
    values: list[str] = []
    for _, value in sorted(named):
        if value not in values:
            values.append(value)
    asked = (_VERSUS.search(folded) and _PRICE_WORDS.search(folded)) or _SIDE_BY_SIDE.search(folded)
    return values if len(values) >= 2 and asked else []


def cards_compared(folded: str) -> list[str]:
    """Two cards or more of one kind side by side ("compara H100 e A100 pra esse job")."""
    cards = list(dict.fromkeys(accelerators_named(folded)))
    gpus = [card for card in cards if not card.startswith("tpu")]
    asked = (_VERSUS.search(folded) and _PRICE_WORDS.search(folded)) or _SIDE_BY_SIDE.search(folded)
    return gpus if len(gpus) >= 2 and len(gpus) == len(cards) and asked else []


# "quanto com spot e quanto sem?", "spot vs on-demand": the same job both ways.
SPOT_COMPARED = re.compile(
    r"\bspot\b[^.?!]{0,25}\b(?:e|and|ou|or|vs\.?|versus|x)\b[^.?!]{0,15}"
    r"(?:\bsem\b|\bwithout\b|sob demanda|on-?demand)|"
    r"(?:sob demanda|on-?demand)[^.?!]{0,15}\b(?:e|and|ou|or|vs\.?|versus|x)\b[^.?!]{0,15}\bspot\b"
)

# "e se rodar em SP e se rodar lá fora, tipo Virgínia?", "sa-east-1 x us-east-1 lado a lado": a
# Brazilian region beside one abroad.
_HOME = r"(?:\bsp\b|sao paulo|no brasil|aqui|sa-east-1|southamerica-east1|brazil ?south|vinhedo)"
_ABROAD = (
    r"(?:la fora|fora do brasil|fora|no exterior|abroad|nos eua|nos estados unidos|us-east-\d|"
    r"us-west-\d|us-central\d|virginia|ohio|oregon|iowa|europa|europe|eu-west-\d|in the us)"
)
REGIONS_COMPARED = re.compile(
    rf"{_HOME}[^.?!]{{0,40}}\b(?:e|and|ou|or|vs\.?|versus|x|contra)\b[^.?!]{{0,30}}?{_ABROAD}|"
    rf"{_ABROAD}[^.?!]{{0,40}}\b(?:e|and|ou|or|vs\.?|versus|x|contra)\b[^.?!]{{0,30}}?{_HOME}"
)
# "H100 x MI300X lado a lado": one of our cards beside another maker's chip.
CARD_VERSUS_OTHER = re.compile(
    r"\b(?:h100|h200|a100|l40s|l4|a10g|t4|v100|b200)\b[^.?!]{0,12}\b(?:x|vs\.?|versus|ou|or|e|and|"
    r"contra)\b[^.?!]{0,12}\b(?:mi ?3\d\dx?|gaudi ?\d?|trainium\w*|trn\d)|"
    r"\b(?:mi ?3\d\dx?|gaudi ?\d?|trainium\w*|trn\d)\b[^.?!]{0,12}\b(?:x|vs\.?|versus|ou|or|e|"
    r"and|contra)\b[^.?!]{0,12}\b(?:h100|h200|a100|l40s|l4|a10g|t4|v100|b200)\b"
)

# "spot ou sob demanda, tanto faz": either will do, the cheaper is quoted.
EITHER = re.compile(r"\b(?:tanto faz|qualquer um|either|whichever|whatever)\b")


def kinds_compared(folded: str) -> bool:
    """GPU against TPU: both kinds named and compared ("compara GPU com TPU", "uma TPU v5e
    compensa em relação a uma A100?")."""
    asked = _PRICE_WORDS.search(folded) or _SIDE_BY_SIDE.search(folded)
    cards = accelerators_named(folded)
    # "Só GPU, nada de TPU": a kind refused is not compared
    tpu_word = _said(r"\btpus?\b|\bchips? (?:do|da) google\b", folded)
    gpu_word = _said(
        r"\bgpus?\b|\bplacas? (?:de video|grafica|nvidia)|\bgraphics cards?|\bnvidia\b", folded
    )
    tpu = tpu_word or any(c.startswith("tpu") for c in cards)
    gpu = gpu_word or any(not c.startswith("tpu") for c in cards)
    if cards and tpu and gpu:  # "vale mais TPU ou A100?"
        return bool(asked or _VERSUS.search(folded) or _AGAINST_CARD.search(folded))
    versus = KINDS_COMPARED.search(folded) or _VERSUS.search(folded)
    # "e se fosse nos chips do Google? coloca os dois cenários": the table's GPU beside a TPU
    both = _SIDE_BY_SIDE.search(folded) and re.search(r"\b(?:cenarios|scenarios)\b", folded)
    return bool((tpu_word and gpu_word and versus and asked) or (tpu_word and both))


def _said(pattern: str, folded: str) -> bool:
    return any(not negated(folded, m.start()) for m in re.finditer(pattern, folded))


# "em relação a uma A100", "instead of an A100", "contra a A100".
_AGAINST_CARD = re.compile(r"\b(?:em relacao a|comparad\w* (?:a|com)|contra|instead of|against)\b")


# "me passa esse orçamento em inglês?", "can you answer in Portuguese?": the language asked for;
# not "pode treinar um modelo que fale em inglês?", a job's language.
_ASKED_LANGUAGE = re.compile(
    r"\b(?:(?:manda|mande|passa|passe|envia|envie|escreve|escreva|traduz\w*|pode|podes|consegue|"
    r"send|write|translate|can you|could you|please)\b[^.?!]{0,30}?\b(?:isso|esse|essa|este|esta|"
    r"cotacao|orcamento|proposta|resposta|mensagem|this|that|it|quote|answer|proposal)\b"
    r"[^.?!]{0,20}?|(?<!que )(?<!that )(?<!which )"
    r"(?:responde|responda|answer|reply|respond|speak|fala|fale|falar|conversar|continuar|seguir|"
    r"switch|do this|talk|chat|continue|go on)"
    r"(?: me| us| comigo| to)?)\s+(?:em|in|to|pro|para o|pra) "
    r"(?P<language>ingles|english|portugues|portuguese)\b"
)


# "traduz esse contrato pro inglês": their document's language, not our reply's.
_THEIR_TEXT = re.compile(
    r"\b(?:traduz\w*|translate)\b (?:esse|este|o|a|this|that|my|meu|minha|nosso|nossa) "
    r"(?:contrato|texto|documento|artigo|e-?mail|manual|site|contract|document|text)\b"
)


def asked_language(folded: str) -> Language | None:
    """The language the client asks the answer in, if they ask for one."""
    if _THEIR_TEXT.search(folded):
        return None
    found = _ASKED_LANGUAGE.search(folded)
    if found is None:
        return None
    return "en" if found["language"] in ("ingles", "english") else "pt"
