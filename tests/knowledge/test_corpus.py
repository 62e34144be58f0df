"""The corpus must explain the guidance article in the company's own words."""

import re
from pathlib import Path

from knowledge.lexical import fold
from knowledge.sources import load_corpus

ARTICLE = Path(__file__).parents[1] / "data" / "guidance_article.txt"

REQUIRED_TOPICS = [
    "o-que-e-fine-tuning",
    "gpus-para-machine-learning",
    "tpus-o-que-sao",
    "limitacoes-da-tpu",
    "comparativo-gpu-tpu",
    "capex-opex",
    "contexto-brasileiro-cambio-impostos",
    "otimizacao-de-custos",
    "faq-gpu-integrada",
    "faq-inferencia-vs-fine-tuning",
    "faq-dados-sensiveis-nuvem",
    "faq-tpu-modelo-pequeno",
    "faq-infraestrutura-saturada",
    "faq-migrar-gpu-para-tpu",
    "conclusao-recomendacao-geral",
    "lora-qlora-fine-tuning-completo",
    "oom-falta-de-memoria",
    "residencia-de-dados-lgpd",
    "o-que-inclui-a-cotacao",
]


def test_every_topic_of_the_guidance_has_a_document_with_questions() -> None:
    documents = {Path(d.source).stem: d for d in load_corpus()}
    for topic in REQUIRED_TOPICS:
        document = documents[topic]
        assert document.title and len(document.questions) >= 3
        assert 80 <= len(document.text.split()) <= 500


def test_no_sentence_of_the_article_is_pasted() -> None:
    words = re.findall(r"\w+", fold(ARTICLE.read_text(encoding="utf-8")))
    article_runs = {" ".join(words[i : i + 10]) for i in range(len(words) - 9)}
    for document in load_corpus():
        own = re.findall(r"\w+", fold(document.text))
        for i in range(len(own) - 9):
            assert " ".join(own[i : i + 10]) not in article_runs, document.source
