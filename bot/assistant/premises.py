"""Premises a client changes in words on the job already on the table: data may leave Brazil,
spot on or off, any cloud, the cheapest offer. These override what the job reader found."""

import re
from typing import Any

from bot.assistant.reader.cues import RESIDENCY, UNQUOTED_CLOUDS, first, spot_choice

_ABROAD = re.compile(
    r"pode(m)? (ser|ficar|rodar|sair|ir|processar)\w*( os dados)?( processad\w+)? (pra |para )?"
    r"(fora( do (brasil|pais))?|no exterior|em outro pais|nos (eua|estados unidos))|"
    r"nao precisa(m|r|rem)? (ficar|ser processad\w+) no (brasil|pais)|fora do (brasil|pais),? "
    r"(tudo bem|sem problema|pode|ok)|(qualquer|outra) regiao|sem restricao de (regiao|pais)|"
    r"(dados|data) (can|may) leave brazil|any region|"
    r"(?<!nao )(pode|podem|puder|puderem|podendo) sair do (brasil|pais)"
)
# "esquece o orçamento", "sem limite de prazo": a term the client takes back.
_TAKE_BACK = r"(esquec\w*|ignor\w*|tir\w*|remov\w*|desconsider\w*) (o |a )?"
_DROPPED = {
    "budget_brl": re.compile(
        rf"{_TAKE_BACK}(orcamento|verba|teto|limite de (gasto|custo|preco|orcamento|verba))|"
        r"sem (limite de )?(orcamento|verba)|forget the budget|no budget"
    ),
    "max_device_memory_gb": re.compile(
        r"sem limite de (memoria|vram|placa)|(pode ser|aceito|aceitamos) (uma )?placa maior|"
        r"qualquer (placa|tamanho de placa|gpu)|no memory limit"
    ),
    "deadline_hours": re.compile(
        rf"{_TAKE_BACK}prazo|sem (limite de )?prazo|sem pressa|nao (tenho|temos) pressa|"
        r"no deadline|no rush"
    ),
}
_SPOT_ON = re.compile(
    r"(pode|podem|quero|usa|use|usar|com|aceito|aceitamos|topo|e se for) (usar |instancias? |"
    r"maquinas? )?spot|\bem spot|with spot|use spot"
)
_ANY_CLOUD = re.compile(
    r"qualquer (nuvem|provedor|cloud)|tanto faz (a nuvem|o provedor)|nao precisa ser (na|no) "
    r"(aws|gcp|azure|google)|any cloud"
)
_REQUIRED = re.compile(
    r"\b(?:tem q(?:ue)? ser|precisa ser|so pode ser|deve ser|must be|has to be|needs to be|only|"
    # "a empresa só tem contrato com a Oracle", "a diretoria fechou contrato com a Oracle"
    r"(?:so |apenas )?(?:tem|temos|ha) contrato (?:so |apenas )?com|fech\w* contrato com|"
    r"(?:only )?(?:have|has) a contract with)\s+"
    r"(?:n[ao] |on |in )?(?:a |the )?(?:oracle|oci|ibm|alibaba|aliyun|huawei)\b"
)
# "não precisa ser o mais barato, o cliente quer rápido": the cheapest offer no longer leads.
_NOT_CHEAPEST = re.compile(
    r"nao precisa (ser )?(o |a )?mais barat|(quer|quero|queremos|prefiro|preferimos) (o mais )?"
    r"rapid|o mais rapido possivel|doesn'?t have to be the cheapest"
)
_CHEAPEST = re.compile(
    r"mais (barat|economic)[oa] possivel|o mais economico|menor (preco|custo) possivel|"
    r"o mais em conta|quanto mais barato "
    r"melhor|o que (for|sair) mais barato|(the )?cheapest (option|possible|one)|"
    r"as cheap as possible|qual (sai|fica|seria|e|eh) (o |a )?mais barat[oa]|"
    r"(quero|prefiro) (o |a )mais barat[oa]|"
    r"(tem como|da pra|da para|teria como|consegue|conseguem) (ficar|sair|fazer|deixar)"
    r"( isso| o job| o treino)? mais (barato|em conta)"
)
# The price quoted is too high: "achei salgado, o que dá pra mexer?", "tem como baixar?"; not "tá
# caro, vocês fazem um desconto?" (our discount policy, a commercial answer).
_OBJECTION = re.compile(
    r"\b(?:achei|acho|ta|esta|ficou|meio|bem|muito) (?:salgad|puxad|carissim|car[oa]\b)\w*|"
    r"\b(?:tem como|da pra|da para|teria como|consegue|conseguem|como) (?:baixar|reduzir|diminuir)"
    r"(?: (?:o|esse|um pouco|isso))?(?: (?:valor|preco|custo))?\b"
    r"(?! (?:de|do|da) (?:memoria|vram))|"
    r"\bo que da (?:pra|para) mexer\b|\btoo (?:expensive|pricey)\b|\bbring (?:it|the price) down\b|"
    r"\b(?:any|a) cheaper (?:way|option)\b"
)


def premise_changes(folded: str) -> dict[str, Any]:
    """Job fields this message changes by saying so in words (text already folded)."""
    changes: dict[str, Any] = {}
    # "nada pode sair do país" says "pode sair do país" too: a requirement wins over a release,
    # unless it is the release's own words ("não precisa ficar no Brasil").
    if (abroad := _ABROAD.search(folded)) and not any(
        not abroad.start() <= required.start() < required.end() <= abroad.end()
        for required in RESIDENCY.finditer(folded)
    ):
        changes["data_residency"] = "any"
    if spot_choice(folded) is False:
        changes["spot"] = False
    elif _SPOT_ON.search(folded):
        changes["spot"] = True
    # "o jurídico vetou a AWS, tem que ser Oracle": a cloud we do not quote, required, frees the one
    # quoted (the reading's note says why); not "vocês cotam na Oracle?"
    required = _REQUIRED.search(folded) and first(folded, UNQUOTED_CLOUDS)
    if _ANY_CLOUD.search(folded) or required:
        changes["cloud"] = "none"
    if _NOT_CHEAPEST.search(folded):
        changes["cheapest"] = False
    elif _CHEAPEST.search(folded) or (_OBJECTION.search(folded) and "desconto" not in folded):
        changes["cheapest"] = True
    changes.update({field: None for field, said in _DROPPED.items() if said.search(folded)})
    return changes
