"""What says two versions of one job should be priced side by side: "os dois valores", two epochs,
two sizes of the data, two context lengths; and a grid of runs ("rank 8, 16 e 32, cada um com lr
1e-4 e 2e-4", "3 seeds de cada configuração"), its count and the axis its price changes with."""

import math
import re
from dataclasses import dataclass

from bot.assistant.comparison import Axis
from locales import N_

# "me passa os dois valores", "quote it two ways", "quero ver o que a pressa custa": two deadlines
# of one job side by side.
DEADLINES_COMPARED = re.compile(
    r"\b(?:os dois (?:valores|precos|cenarios)|as duas (?:opcoes|cotacoes)|(?:two|both) ways|"
    r"(?:passa|manda|mostra|bota|coloca|quero ver|quero) (?:os|as) (?:dois|duas|2)|"
    r"um do lado do outro|uma do lado da outra|"
    r"(?:give me|show me|price) both\b|"
    # not "um modelo pra resumir e comparar os relatórios": the task, not two prices
    r"os 2 (?:valores|precos|cenarios)|lado a lado|side by side|"
    r"compar\w*(?!\s+(?:os|as|the)\s+(?!prazos|precos|valores|cenarios|opcoes|dois|duas|two)\w)|"
    r"what the rush costs|"
    r"quanto (?:custa|sai) a pressa|quanto (?:custa|sai) correr|"
    r"diferenca (?:de preco )?entre os prazos|(?:pra|para) (?:eu )?decidir|to decide)\b"
)
# "faz com rank 16 e com rank 64, lado a lado?", "o preço com r=8 e com r=128": two LoRA ranks
RANKS_COMPARED = re.compile(
    r"\b(?:rank|r)\s*=?\s*(?P<one>\d{1,4})\b[^.?!\d]{0,20}?\b(?:e|ou|and|or|vs\.?|x|versus)\s+"
    r"(?:(?:com|with|o|a|the) )*(?:rank|r)\s*=?\s*(?P<other>\d{1,4})\b"
)

# "manda com 1 época e com 3, quero os dois valores", "at 2 epochs and at 5 epochs side by side"
EPOCHS_COMPARED = re.compile(
    r"\b(?P<one>\d{1,2}) (?:epocas?|epochs?|passadas)\s*(?:e|and|ou|or|x|vs\.?)\s+(?:com |at |em )?"
    r"(?P<other>\d{1,2})\b(?! ?(?:mil|k|%|mi\b))|"
    r"\b(?:entre )?(?P<one_bare>\d{1,2})\s*(?:e|and|ou|or|x|vs\.?)\s+(?:com |at |em )?"
    r"(?P<other_bare>\d{1,2}) (?:epocas|epochs|passadas)\b"
)
# "e se eu usar só as 20 mil boas em vez das 80 mil? ... lado a lado": two sizes of the data
DATA_COMPARED = re.compile(
    r"\b(?:so |only )?(?:as |os |the )?(?P<one>\d+(?:[.,]\d+)*(?: ?mil| ?k)?)\b[^.?!\d]{0,25}"
    r"\b(?:em vez d[aeo]s?|ao inves d[aeo]s?|instead of|contra|vs\.?|versus|ou|or|e|and)\s+"
    r"(?:(?:com|with|so|only|as|os|the|all|a|an|quanto|quantos|fica|sai|se|if) )*"
    r"(?P<other>\d+(?:[.,]\d+)*(?: ?mil| ?k)?)\b(?! ?(?:epoc|epoch|h\b|hora))|"
    # "em vez das 15 mil fichas a gente usar as 45 mil": the one replaced, then the other
    r"\b(?:em vez d[aeo]s?|ao inves d[aeo]s?|instead of)\s+(?:the )?"
    r"(?P<one2>\d+(?:[.,]\d+)*(?: ?mil| ?k)?)\b[^.?!\d]{0,40}?\b"
    r"(?:usar|usarmos|treinar|use|train|com|with|pegar)\s+(?:(?:as|os|the|all|so|only) )*"
    r"(?P<other2>\d+(?:[.,]\d+)*(?: ?mil| ?k)?)\b(?! ?(?:epoc|epoch|h\b|hora))|"
    # "todas as 24 mil e só com as que têm as duas anotações (6 mil)": a part, counted in brackets
    r"\b(?P<one3>\d+(?:[.,]\d+)*(?: ?mil| ?k)?)\b[^.?!\d]{0,15}\b(?:e|and|vs\.?|contra)\s+"
    r"(?:so |only )?(?:com |with )?(?:as|os|the ones?) (?:que|that|which|with)\b[^.?!()]{0,50}"
    r"\(\s*(?P<other3>\d+(?:[.,]\d+)*(?: ?mil| ?k)?)\s*\)"
)
# "cotar com contexto de 2048 e de 8192": the job at two context lengths
SEQ_COMPARED = re.compile(
    r"\b(?:contexto|context|janela|seq(?:uence)?[ _]len\w*|max_length|comprimento)\b[^.?!\d]{0,15}"
    r"(?P<one>\d{3,6}|\d{1,3}k)\s*(?:tokens )?(?:e|ou|and|or|vs\.?|x|versus)\s+"
    r"(?:(?:com|with|de|of|o|a|the) )*(?P<other>\d{3,6}|\d{1,3}k)\b"
)


# "varredura", "a grade inteira", "o preço de cada rodada e o total das 6": runs to price together
_SWEEP = re.compile(
    r"\b(?:varredura|grade|grid|sweep|rodada por rodada|cada rodada|cada celula|each (?:run|cell)|"
    r"total d[aeo]s? \d+|todas as combinac\w*|every combination|"
    # "3 seeds diferentes pra tirar a média, multiplica por 3 mesmo?"
    r"multiplica\w*|tirar a media|take the average|average (?:them|over|across))\b"
)
_VALUE = r"\d+(?:[.,]\d+)?(?:e-?\d+)?"
_JOIN = r"\s*(?:,|\be\b|\band\b|\bou\b|\bor\b|/)\s*"
_RANKS = re.compile(
    rf"\branks?\s+(?:de\s+)?(?P<list>\d+(?:{_JOIN}(?:(?:com |with )?rank\s+)?\d+)+)"
)
_RATES = re.compile(
    rf"\b(?:lr|learning rates?|taxas? de aprendizado)\s*(?:de\s+|=\s*)?"
    rf"(?P<list>{_VALUE}(?:{_JOIN}(?:lr\s+)?{_VALUE})+)"
)
_SEEDS = re.compile(r"\b(?P<n>\d{1,2}) (?:seeds|sementes|repeticoes|repetitions)\b")


@dataclass(frozen=True)
class Grid:
    """Runs to price together: how many, the one axis their price changes with ("model",
    "epochs", "lora_rank", or "" where only the learning rate and seeds vary), its values, the
    runs at each value, and the factors as the reply says them."""

    runs: int
    axis: Axis
    values: list[str]
    each: int
    factors: list[tuple[int, str]]


def grid_of(folded: str, models: list[str]) -> Grid | None:
    """The grid of runs `folded` asks to price, or None."""
    ranks = re.findall(r"\d+", found["list"]) if (found := _RANKS.search(folded)) else []
    rates = re.findall(_VALUE, found["list"]) if (found := _RATES.search(folded)) else []
    said = EPOCHS_COMPARED.search(folded)
    epochs = [said["one"] or said["one_bare"], said["other"] or said["other_bare"]] if said else []
    seeds = int(found["n"]) if (found := _SEEDS.search(folded)) else 1
    factors = [
        (count, word)
        for count, word in (
            (len(models) if len(models) > 1 else 1, N_("modelos")),
            (len(set(ranks)), N_("ranks")),
            (len(set(rates)), N_("learning rates")),
            (len(set(epochs)), N_("épocas")),
            (seeds, N_("seeds")),
        )
        if count > 1
    ]
    if not factors or (len(factors) < 2 and not _SWEEP.search(folded)):
        return None
    varied: list[tuple[Axis, list[str]]] = [("model", models), ("epochs", epochs)]
    priced = [(a, v) for a, v in varied if len(set(v)) > 1]
    if len(priced) > 1:  # models x epochs: one table cannot price every combination
        return None
    # The LoRA rank changes a run's time little: priced only where nothing else varies.
    ranked: list[tuple[Axis, list[str]]] = [("lora_rank", ranks)] if len(set(ranks)) > 1 else []
    axis, values = (priced or ranked or [("", [])])[0]
    runs = math.prod(count for count, _word in factors)
    values = list(dict.fromkeys(values))
    return Grid(runs, axis, values, runs // max(1, len(values)), factors)
