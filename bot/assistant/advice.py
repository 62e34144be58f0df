"""Questions a quote does not answer, answered from what the engine knows instead of with a quote
on invented data: training settings ("que learning rate e rank vocês recomendam?"), the machines'
hardware ("as máquinas de 8 GPUs têm NVLink?", "qual o disco das máquinas?"), how to lay out
the data ("quais colunas entram no treino?"), what the trained weights come as ("recebo o
adapter em safetensors? dá pra converter pra GGUF?") and where to start choosing a base model."""

import re

from bot.assistant.turn import DATA_SLOTS, Turn
from locales import _
from quoting.catalog import load_catalog
from quoting.units import format_number

# "que learning rate e rank você recomenda?", "lora_alpha = 2x o rank ainda é a regra de bolso?",
# "quantas épocas faz sentido sem overfitting?", "what batch size would you suggest?"
ASKS_SETTINGS = re.compile(
    r"\b(?:(?:que|qual|quais|quanto de|what|which)\s+(?:o |a )?(?:learning rate|lr|rank|alpha|"
    r"lora alpha|batch size|warmup|scheduler|weight decay)\b[^.?!]{0,60}"
    r"(?:recomend|sugere|sugerem|indica|suggest|recommend|should|usar|use|faz sentido)|"
    r"(?:quantas epocas|how many epochs)[^.?!]{0,40}(?:faz sentido|overfit|recomend|suggest|"
    r"should)|"
    r"regra de bolso|rule of thumb|vai divergir|will (?:it )?diverge|"
    r"(?:subir|aumentar|baixar|reduzir|raise|lower) o (?:lr|learning rate)\b)"
)
# "tem NVLink entre as placas?", "qual o tamanho do disco NVMe?", "quanto de RAM vem?"
ASKS_HARDWARE = re.compile(
    r"\b(?:nvlink|nvswitch|pcie|infiniband|efa|nvme|interconexao|interconnect|"
    r"(?:quanto|quanta|qual|how much|what)\s+(?:o |a |de )?(?:tamanho do |size of the )?"
    r"(?:ram|memoria ram|disco|disk|storage local|local disk|vcpus?|cpus?)\b)"
)

# "quais colunas entram no treino e como eu monto o arquivo?", "qual o formato do dataset?"
ASKS_LAYOUT = re.compile(
    r"\b(?:quais|que|which)\s+colunas\b|\bcomo (?:eu )?(?:monto|montar|formato|formatar|"
    r"preparo|preparar|organizo|organizar) (?:o |os |a |meu |minha )?(?:arquivo|dataset|dados|"
    r"jsonl|planilha)|\b(?:qual|que|what) (?:o )?(?:formato|format) (?:do|de|dos|of the|for the)"
    r" (?:dataset|arquivo|dados|data|jsonl|treino)|\bhow (?:do|should) (?:i|we) (?:format|"
    r"structure|prepare) (?:the |our |my )?(?:data|dataset|file|jsonl)"
)

# "recebo o adapter em safetensors? dá pra converter pra GGUF pra rodar no Ollama?"
ASKS_WEIGHTS = re.compile(
    r"\b(?:gguf|safetensors|merged weights|pesos (?:ja )?mesclados|mesclar|"
    r"merge (?:the )?(?:adapter|lora)|(?:adapter|adaptador) ou (?:os )?pesos|"
    r"(?:rodar|roda|usar|run it|use it) no (?:ollama|llama\.?cpp))\b"
)


# "qual modelo base vocês indicam pra texto jurídico em português?", "o llama entende bem
# português?", "Llama ou Qwen, qual você escolheria? só sua opinião"
ASKS_BASE_MODEL = re.compile(
    r"\bqual (?:modelo|llm)(?: base)?\b[^?]{0,40}\b(?:indica|recomenda|sugere|escolh|melhor)|"
    r"\b(?:modelo base|base model)\b[^?]{0,40}\b(?:indica|recomend|sugest|suggest|best|melhor)|"
    r"\b(?:entende|fala|lida) bem (?:com )?(?:o )?portugues\b|\bwhich base model\b|"
    r"\bqual (?:voce|vc|voces|vcs) escolheria\b|\bsua opiniao\b"
)


def _asked_about(pattern: re.Pattern[str], turn: Turn) -> bool:
    """A question on `pattern`'s subject; not a job with its data said, which gets its quote."""
    if not pattern.search(turn.folded):
        return False
    asked = "?" in turn.reading.text and not turn.reading.wants("price")
    return asked or not DATA_SLOTS & turn.slots.keys()


def asks_settings(turn: Turn) -> bool:
    """ "pra um LoRA no Llama 3.1 8B com 20 mil exemplos, que learning rate e rank você
    recomenda? preço eu vejo depois"; not when the price of the job is asked too"""
    priced = turn.sized and turn.reading.wants("price")
    return bool(ASKS_SETTINGS.search(turn.folded)) and not priced


def asks_hardware(turn: Turn) -> bool:
    """ "as máquinas de 8 GPUs têm NVLink entre as placas? vou fazer full de um 70B" """
    return _asked_about(ASKS_HARDWARE, turn)


def asks_layout(turn: Turn) -> bool:
    """ "minha planilha tem as colunas pergunta, resposta e categoria; quais entram no treino?" """
    return _asked_about(ASKS_LAYOUT, turn)


def asks_weights(turn: Turn) -> bool:
    """ "no fim eu recebo o adapter em safetensors? dá pra converter pra GGUF pro Ollama?" """
    return _asked_about(ASKS_WEIGHTS, turn)


def asks_base_model(turn: Turn) -> bool:
    """ "qual modelo base vocês indicam pra texto jurídico em português? não quero preço ainda" """
    return _asked_about(ASKS_BASE_MODEL, turn)


def base_model_answer() -> str:
    """Where to start for Portuguese text, and how the choice is made: on the client's data.
    Languages: Llama 3.1 model card (8 supported languages, Portuguese among them) and the Qwen2.5
    release notes (over 29 languages, Portuguese among them), read 2026-12-07."""
    return _(
        "A escolha do modelo é sua, e o melhor para os seus dados sai de um teste; para texto em "
        "português, bons pontos de partida abertos são:\n"
        "• Llama 3.1 8B: suporte oficial a português entre as 8 línguas do modelo.\n"
        "• Qwen 2.5 7B: treinado em mais de 29 línguas, português entre elas.\n"
        "• Modelos ajustados para o português, como o Sabiá-7B, lidam melhor com gíria e "
        "abreviação daqui.\n"
        "Separe umas centenas de exemplos reais, rode os candidatos e compare as respostas; um "
        "modelo maior (13B a 14B) ajuda quando o texto é longo ou técnico. Para a cotação lado a "
        'lado, é só pedir: "compara Llama 3.1 8B e Qwen 2.5 7B com os meus dados".'
    )


def weights_answer() -> str:
    """What a LoRA job leaves, and how it becomes a model Ollama runs."""
    return _(
        "Com LoRA ou QLoRA, o treino gera um adapter: arquivos safetensors pequenos (de dezenas "
        "a centenas de MB) que se aplicam sobre o modelo base. Dá para mesclar o adapter aos pesos "
        "do modelo base e ter um modelo único; um ajuste completo já sai assim.\n"
        "• Para rodar no Ollama, o modelo mesclado é convertido para GGUF com o llama.cpp (e pode "
        "ser quantizado na conversão, por exemplo em 4 bits); é um passo depois do treino, que "
        "roda em CPU e não muda a cotação.\n"
        "• O modelo treinado é da sua empresa, em qualquer desses formatos."
    )


def layout_answer() -> str:
    """How a dataset for fine-tuning is laid out, and what of it the quote needs."""
    return _(
        "Cada exemplo vira uma linha de um arquivo JSONL com o texto que o modelo lê e a resposta "
        'que ele deve dar; no formato de chat mais usado: {"messages": [{"role": "user", '
        '"content": "<pergunta>"}, {"role": "assistant", "content": "<resposta>"}]}.\n'
        "• Entram as colunas de texto que o modelo deve ler e produzir (por exemplo, pergunta e "
        "resposta); metadados como categoria e datas ficam de fora, ou entram no texto só se o "
        "modelo precisar deles para responder.\n"
        "• Tire duplicatas e linhas vazias, e separe uma parte pequena para validação.\n"
        "• Para a cotação, o que importa é quantos exemplos e quantas palavras (ou tokens) cada "
        "um tem: me diga e eu coto."
    )


def settings_answer() -> str:
    """What each training setting changes in the machine, the time and the price."""
    return _(
        "Os hiperparâmetros são escolha do seu time; eu dimensiono a máquina, o tempo e o preço "
        "do job. O que cada um muda na cotação:\n"
        "• Épocas: o tempo de treino (e o custo da máquina) cresce na mesma proporção.\n"
        "• Batch e tamanho das sequências: mais memória por placa (ativações); podem pedir uma "
        "placa maior ou mais placas.\n"
        "• Rank do LoRA: muda pouco a memória e o tempo (os adaptadores são uma fração pequena "
        "dos pesos).\n"
        "• Learning rate, alpha, warmup: não mudam nem a memória nem o tempo.\n\n"
        "Se quiser discutir a configuração do treino, um especialista da equipe conversa com "
        "você; e me diga o job (modelo, método e dados) que eu coto com os valores que você "
        "escolher."
    )


def hardware_answer() -> str:
    """How the cards of each machine, and the machines of a multi-node job, are linked, from
    the catalog; RAM and local disk are the provider's, per instance type."""
    catalog = load_catalog()
    nvlink = sorted({a.name for a in catalog.accelerator if a.interconnect == "nvlink"})
    pcie = sorted({a.name for a in catalog.accelerator if a.interconnect == "pcie"})
    networks = [o.network_gbps for o in catalog.offers_in_force() if o.network_gbps]
    lines = [
        _("Entre as placas de uma máquina: NVLink em {cards}.").format(cards=", ".join(nvlink)),
        _("PCIe em {cards}.").format(cards=", ".join(pcie)),
    ]
    if networks:
        lines.append(
            _(
                "Entre máquinas de um job multi-nó: rede de {low} a {high} Gbit/s por máquina "
                "(EFA ou InfiniBand, conforme o provedor); o tempo cotado já conta a comunicação "
                "entre as placas e entre as máquinas."
            ).format(low=format_number(min(networks), 0), high=format_number(max(networks), 0))
        )
    lines.append(
        _(
            "RAM e disco local dependem do tipo de instância de cada provedor (a cotação mostra "
            "qual é); os checkpoints, o dataset e o modelo ficam no armazenamento que a cotação "
            "já inclui, dimensionado para o job. Para um número exato de uma instância, um "
            "especialista da equipe confirma."
        )
    )
    return "\n".join(f"• {line}" for line in lines)
