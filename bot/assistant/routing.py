"""Routes that the job reader's slots would get wrong: a question about a guidance topic (whether to
use a TPU, whether a machine is enough, what to do after an error, whether buying hardware makes
sense) is answered from the cards even when it names a model size, and a request for a pick "for
my case" that says nothing about the job gets the clarifying question, not a generic answer."""

import re
from typing import Any

from bot.assistant import cues
from bot.assistant.rent_buy import asks_rent_or_buy
from bot.assistant.search_query import previous_message
from bot.assistant.state import ConversationState

# Slots that describe the data or the terms of a job to price: with one of them, a question is about
# that job ("vale a pena spot pra 20 mil exemplos?" is quoted with spot), not about the guidance.
_PRICED = {
    "examples",
    "dataset_tokens",
    "tokens_per_example",
    "epochs",
    "budget_brl",
    "deadline_hours",
}
# Asking for advice on a decision: should we, is it worth it, does it make sense, is it needed
# ("qual GPU é melhor pro Llama 3 8B?" is not one: it asks for the pick a quote makes).
ADVICE = re.compile(
    r"\b(vale a pena|vale mais|compensa|faz (mais )?sentido|devo|devemos|deveria|deveriamos|"
    r"(e|seria) (recomendavel|viavel|necessario|uma boa)|preciso mesmo|precisa mesmo|"
    r"precisamos mesmo|worth|should (i|we)|makes? sense|do (i|we) (really )?need|exagero|"
    r"(a )?reasonable (choice|option)|razoave\w*|(a )?good (choice|option)|"
    r"(uma )?(boa|otima) (escolha|opcao)|"
    r"exagerad\w*|overkill|(a |uma )?(good|bad) idea|(uma )?boa ideia)\b"
)
# Whether the client's data will do for training, a count said or not ("temos uns 300 PDFs de
# manuais, serve pra treinar?", "is this data good enough for fine-tuning?").
_DATA_FITS = re.compile(
    r"\b(?:serve|servem|serviria|da pra usar|podem ser usad\w*|sao bons|e bom|presta|prestam)\b"
    r"[^.?!]{0,25}\b(?:treinar|treino|fine-?tuning|ajust\w*)\b|"
    r"\b(?:good|usable|ok|enough|suitable)\b[^.?!]{0,15}\bfor (?:training|fine-?tuning)\b"
)
_WHY_HERE = re.compile(
    r"\b(?:vantage\w*|beneficio\w*|por que|advantages?|benefits?|why)\b[^.?!]{0,50}"
    r"\b(?:brasil\w*|nacional|data ?centers? (?:brasileir|no brasil|local)\w*|in brazil|"
    r"local region)"
)
# Asking whether something is enough for the job: "um servidor comum serve pra fazer fine-tuning?".
CAPABLE = re.compile(
    r"\b(serve|servem|serviria|atende|atendem|da conta|dao conta|aguenta|aguentam|"
    r"e suficiente|sao suficientes|basta|enough)\b"
)
# How the job behaves rather than what it costs: what weighs on memory, what kind of card it
# takes, whether one chip or a top card is needed, whether a plan is a bad one, how to spend less
# ("o estado do otimizador pesa muito na memória?", "dá pra fazer um 70B numa TPU só?").
HOW_IT_WORKS = re.compile(
    r"\b(pesa|pesam|ocupa|ocupam|consome|consomem)\b[^?]*\b(memoria|vram)\b|"
    r"\b(que|qual|what) (tipo|kind) (de |of )?(gpu|placa|maquina|hardware|infra\w*|card)|"
    r"\b(numa?|em uma?|on (a|one)) (unic[oa] |single )(gpu|tpu|placa|chip|maquina)\b|"
    r"\b(numa?|em uma?) (gpu|tpu|placa|chip|maquina) (so|unic[oa])\b|"
    r"\b(precis\w*|need) (mesmo |really )?(de |a |an )?(uma |um )?(a100|h100|h200|b200|tpu)|"
    r"\bfurada\b|\bvai dar certo\b|\b(estrategias?|dicas?|tips|strategies)\b|"
    r"\b(quais|que) (cuidados|precaucoes)\b|\bqual (e )?a diferenca\b"
)
# "depois de treinado, o modelo precisa de GPU pra responder os clientes?": serving the model,
# asked even beside a job on the table.
SERVING = re.compile(
    r"\b(depois de treinad[oa]|after (it'?s |being )?trained|pra (responder|atender|servir)|"
    r"em producao|in production)\b[^?]{0,60}\b(precisa|precisam|need|needs|usa|roda)\b|"
    r"\b(precisa|precisam|need|needs)\b[^?]{0,30}\b(pra|para|to) (responder|atender|servir|serve)\b"
)
# About the figure on the table, not a new one: its quality against another model ("em qualidade,
# o 14B ficaria muito melhor? preço eu já vi") or a challenge of it ("meu colega fez em 3h na A100
# dele, pq a diferença?").
ABOUT_THE_FIGURE = re.compile(
    r"\b(?:em|de|na) qualidade\b|\bqualidade\b[^.?!]{0,40}\b(?:melhor|pior|diferenca)\b|"
    r"\b(?:better|worse) (?:quality|results|answers)\b|\bpreco eu ja vi\b|"
    r"\b(?:pq|por ?que|porque) (?:essa |tanta |a )?diferenca\b|\bwhy the (?:big )?difference\b|"
    r"\bhow come\b"
)
# A problem in a training run: the question is what to do about it.
PROBLEM = re.compile(
    r"\b(erro|errou|error|oom|out of memory|estour\w*|trav\w*|crash\w*|falh\w*|"
    r"lent[oa]|gargalo|caiu|deu pau|nao (roda|rodou|cabe|coube))\b"
)
# Words that open a clause asking something, beyond cues.QUESTION's first words of a message.
_ASKING = re.compile(
    r"^(e agora|devemos|deveria|deveriamos|faz sentido|compensa|seria|sera|e melhor|e bom|"
    r"e viavel|precisamos|precisa|tenho que|temos que|tem jeito|troco|trocamos|uso|usamos|"
    r"vou|vamos)\b"
)
# "pro meu caso", "pra minha empresa", "for us": whom a pick is for, the job left unsaid.
_FOR_US = re.compile(
    r"\b(no|pro|pra|para o|para a|para|pela|na) (meu|minha|nosso|nossa) (caso|projeto|empresa|"
    r"uso|negocio|time|equipe|necessidade)\b|\b(pra|para|pro) (mim|gente|nos)\b|\bfor (me|us)\b|"
    r"\bfor (my|our) (case|use case|project|company|business|team|needs?|customer support|"
    r"support)\b"
)
_PICK = re.compile(
    r"\b(recomend\w*|indic\w*|suger\w*|sugest\w*|recommend\w*|suggest\w*)\b|"
    r"\bwhat (machine|gpu|server|instance|hardware|setup)s? (do|would|should) (i|we) "
    r"(need|use|get)\b"
)


def question_sentences(folded: str) -> list[str]:
    """The sentences that question marks close: "Is a TPU worth it for a small model, like 1B?"."""
    return [sentence.strip() for sentence in re.findall(r"([^.!?;]*)\?", folded)]


def question_clauses(folded: str) -> list[str]:
    """The clauses that question marks close: "meu modelo é pequeno, uns 1B, vale a pena pagar
    tpu?" -> ["vale a pena pagar tpu"]."""
    return [clause.strip() for clause in re.findall(r"([^.!?;,:]*)\?", folded)]


def worded_as_question(folded: str) -> bool:
    """A clause that ends in a question mark opens like a question, or asks whether something can
    be done, is worth it or is enough ("alguém falou que TPU é mais moderno, devemos usar?")."""
    return any(
        cues.QUESTION.match(clause)
        or _ASKING.match(clause)
        or cues.CAN.search(clause)
        or ADVICE.search(clause)
        or CAPABLE.search(clause)
        for clause in question_clauses(folded)
    )


def asks_guidance(folded: str, text: str, slots: dict[str, Any], wants_price: bool) -> bool:
    """A question whose subject is a guidance topic, answered from the cards even when it names a
    model or its size; not when it asks for a price or gives the data of a job to price."""
    if (_DATA_FITS.search(folded) or _WHY_HERE.search(folded)) and not wants_price:
        return True  # "uns 300 PDFs, serve pra treinar?", "vantagem de um data center brasileiro?"
    if cues.NO_PRICE.search(folded) and "?" in text:  # "8B resolve ou 70B? preço eu vejo depois"
        return True
    if wants_price or _PRICED & slots.keys():
        return False
    if cues.KIND_CHOICE.search(folded) and "?" in text:  # "vale a pena TPU pra um BERT base?"
        return True
    # Advice is what the question itself asks ("..., vale a pena pagar TPU?"); an error or buying
    # hardware can be told before it ("deu OOM no treino, preciso trocar de máquina?").
    asked, sentences = " ".join(question_clauses(folded)), " ".join(question_sentences(folded))
    if ADVICE.search(sentences) or HOW_IT_WORKS.search(sentences) or CAPABLE.search(asked):
        return True
    if SERVING.search(sentences):
        return True
    told = PROBLEM.search(folded) or asks_rent_or_buy(text)
    return bool(told) and worded_as_question(folded)


def asks_pick_for_us(folded: str, slots: dict[str, Any]) -> bool:
    """A pick that depends on a job the message does not describe ("qual servidor vocês
    recomendam pro meu caso?"): the clarifying question asks for it."""
    if slots or ADVICE.search(folded) or CAPABLE.search(folded) or PROBLEM.search(folded):
        return False
    return bool(_PICK.search(folded) and _FOR_US.search(folded))


def resized_question(
    state: ConversationState, folded: str, slots: dict[str, Any], wants_price: bool
) -> bool:
    """ "e se o modelo fosse de 70B?" right after a guidance question we answered ("Preciso de TPU
    pra ajustar um BERT?"): the same question for another size, not a job to price."""
    asked = previous_message(state) or ""
    sized_only = bool(slots) and slots.keys() <= {"model", "params"}
    follows = bool(cues.FOLLOW_UP.match(folded)) and state.last_field != "params"
    return sized_only and follows and not wants_price and "?" in asked and not state.slots


PAST_RUN = re.compile(r"\b(?:rodei|rodamos|treinei|treinamos|we ran|i ran|we trained|i trained)\b")
# Narrower than cues.TRAINING: "usando IA" is how a writing task is done, not a job to train.
TRAINED = re.compile(
    r"fine.?tun|trein|\btrain|\blora\b|qlora|\bllm|dataset|\bepoca|"
    r"\bmodelo\b(?! de (?:contrato|documento|carta|planilha|peticao|e-?mail|proposta)\b)"
)
