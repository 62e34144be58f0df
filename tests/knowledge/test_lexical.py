from knowledge.lexical import analyze, expand, fold


def test_accents_case_and_stop_words_do_not_matter() -> None:
    assert analyze("Migração de GPU para TPU") == analyze("migracao gpu tpu")
    assert fold("Não, é à vista") == "nao, e a vista"


def test_plural_and_inflections_share_a_stem() -> None:
    assert analyze("treinar")[0] == analyze("treino")[0]
    assert analyze("GPUs") == analyze("gpu")
    assert analyze("custos")[0] == analyze("custo")[0]


def test_colloquial_and_english_queries_gain_corpus_words() -> None:
    assert "gpu" in expand("dá pra usar a placa de vídeo do notebook?")
    assert "gargalo" in expand("how do I know if my training is bottlenecked?")
    assert expand("pergunta sem gíria") == "pergunta sem gíria"
