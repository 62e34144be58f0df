"""What a client asked beyond a plain quote gets that answer: two options side by side as a
table, yes or no on whether a model fits a card, a machine's price per hour, the quote in dollars,
where the PDF proposal is, why this machine, and a constraint the catalog cannot meet named in the
reply."""

import re
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
import time_machine

from bot.assistant.assistant import Assistant
from quoting.catalog import load_catalog
from tests.assistant.chat import reais, talk

JOB = "LoRA de um Llama 3 8B com 20 mil exemplos de 500 tokens"
SAO_PAULO = ZoneInfo("America/Sao_Paulo")


def _rows(answer: str) -> dict[str, list[str]]:
    """The table's rows by their first cell."""
    cells = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in answer.splitlines()
        if line.startswith("|") and "---" not in line
    ]
    return {row[0]: row[1:] for row in cells[1:]}


def test_two_models_side_by_side_name_the_cheaper(assistant: Assistant) -> None:
    (reply,) = talk(
        assistant,
        "Llama 3 8B ou Mistral 7B, qual sai mais barato com 20 mil exemplos de 500 tokens?",
    )
    rows = _rows(reply.answer)
    assert set(rows) == {"Llama 3 8B", "Mistral 7B v0.3"}, reply.answer
    totals = {label: reais(row[-1])[0] for label, row in rows.items()}
    cheaper = min(totals, key=lambda label: totals[label])
    assert f"Mais barato: {cheaper}" in reply.answer


def test_a_model_with_the_same_data_keeps_the_job_on_the_table(assistant: Assistant) -> None:
    *_, reply = talk(assistant, JOB, "e o Qwen 2.5 14B com os mesmos dados?")
    rows = _rows(reply.answer)
    assert "Llama 3 8B" in rows and any("Qwen" in label for label in rows), reply.answer


def test_clouds_side_by_side_each_get_their_own_machine_and_price(assistant: Assistant) -> None:
    *_, reply = talk(assistant, JOB, "quanto fica na AWS e quanto no Google?")
    rows = _rows(reply.answer)
    assert reais(rows["AWS"][-1]) and reais(rows["Google Cloud"][-1]), reply.answer
    assert rows["AWS"][0] != rows["Google Cloud"][0]


def test_an_hourly_price_asked_again_for_another_card_is_that_cards_price(
    assistant: Assistant,
) -> None:
    *_, reply = talk(assistant, "quanto tá a hora da H100 com vcs?", "blz. e a L4, quanto fica?")
    assert reply.answer.startswith("Preço por hora"), reply.answer
    assert "L4" in reply.answer.splitlines()[0], reply.answer


@pytest.mark.parametrize(
    ("message", "hours"),
    [("quanto custa uma A100 por dia?", 24), ("uma T4 ligada o mês inteiro, quanto pago?", 720)],
)
def test_a_cards_price_for_a_day_or_a_month_is_its_hourly_price_kept_on(
    assistant: Assistant, message: str, hours: int
) -> None:
    (reply,) = talk(assistant, message)
    machines = [line for line in reply.answer.splitlines() if line.startswith("•")]
    assert machines, reply.answer
    for line in machines:
        hourly, *_, period = reais(line)
        assert period == hourly * hours, line


def test_a_cloud_we_do_not_quote_keeps_its_row_in_the_side_by_side(assistant: Assistant) -> None:
    *_, reply = talk(assistant, JOB, "quero ver AWS e Oracle lado a lado")
    rows = _rows(reply.answer)
    assert reais(rows["AWS"][-1]), reply.answer
    assert "não temos ofertas" in rows["Oracle Cloud (OCI)"][0], reply.answer


@pytest.mark.parametrize(
    ("message", "verdict"),
    [
        ("um Llama 3 8B com QLoRA roda numa L4?", "Sim"),
        ("um Llama 3 70B full roda numa L4?", "Não"),
        ("tenho uma placa de 48 GB, um Qwen 2.5 14B com QLoRA cabe nela?", "Sim"),
        ("um chip de TPU segura um modelo de 65B?", "Não num só chip"),
        ("tenho uma placa de 16 GB, um Qwen 2.5 14B com LoRA cabe nela?", "Não"),
    ],
)
def test_whether_a_model_fits_a_card_is_a_yes_or_no(
    assistant: Assistant, message: str, verdict: str
) -> None:
    (reply,) = talk(assistant, message)
    assert reply.answer.startswith(verdict), reply.answer
    assert reply.quote is None


def test_a_full_job_that_does_not_fit_points_to_qlora(assistant: Assistant) -> None:
    *_, reply = talk(
        assistant, "LoRA de um Llama 3 8B com 20 mil exemplos", "e full, cabe numa L4?"
    )
    assert reply.answer.startswith("Não"), reply.answer
    assert "Com QLoRA" in reply.answer


@pytest.mark.parametrize(
    "asked", ["quanto custa uma H100 por hora com vocês?", "quanto custa 1h de H100?"]
)
def test_the_price_per_hour_lists_the_cards_machines_cheapest_first(
    assistant: Assistant, asked: str
) -> None:
    (reply,) = talk(assistant, asked)
    lines = [line for line in reply.answer.splitlines() if line.startswith("•")]
    assert lines and all("H100" in line for line in lines), reply.answer
    hourly = [reais(line)[0] for line in lines]
    assert hourly == sorted(hourly)


DOLLARS = {
    "pt": r"US\$ ([\d.]+,\d{2}) \(R\$ ([\d.]+,\d{2}) a R\$ ([\d,]+) por dólar",
    "en": r"US\$ ([\d,]+\.\d{2}) \(R\$ ([\d,]+\.\d{2}) at R\$ ([\d.]+) per dollar",
}


def _amount(text: str, language: str) -> Decimal:
    if language == "pt":
        text = text.replace(".", "").replace(",", ".")
    return Decimal(text.replace(",", ""))


@pytest.mark.parametrize(
    ("asked", "language"), [("e em dólar?", "pt"), ("Can you give me that in US dollars?", "en")]
)
def test_the_quote_in_dollars_is_the_same_total_at_the_quoted_rate(
    assistant: Assistant, asked: str, language: str
) -> None:
    first, dollars = talk(assistant, JOB, asked)
    assert first.quote is not None and dollars.quote is not None
    assert dollars.quote["total_brl"] == first.quote["total_brl"]
    assert dollars.language == language
    found = re.search(DOLLARS[language], dollars.answer)
    assert found, dollars.answer
    usd, brl, rate = (_amount(group, language) for group in found.groups())
    assert usd == (brl / rate).quantize(Decimal("0.01"))


def test_a_named_card_requotes_the_job_on_it(assistant: Assistant) -> None:
    *_, reply = talk(assistant, JOB, "e numa H200, muda quanto?")
    assert reply.quote is not None, reply.answer
    assert "H200" in reply.quote["recommendation"]["accelerator_name"]


def test_why_this_machine_gives_the_last_quotes_reasons(assistant: Assistant) -> None:
    quoted, why = talk(assistant, JOB, "por que essa máquina?")
    rec = quoted.quote["recommendation"] if quoted.quote else {}
    assert why.answer.startswith(f"Por que {rec['count']}x {rec['accelerator_name']}"), why.answer
    assert all(reason in why.answer for reason in rec["reasons"])


def test_the_pdf_is_where_the_quote_is_or_needs_a_job_first(assistant: Assistant) -> None:
    (before,) = talk(assistant, "pode me mandar a proposta em PDF?")
    assert before.quote is None and "Me conte o job" in before.answer
    *_, after = talk(assistant, JOB, "pode me mandar a proposta em PDF?")
    assert after.quote is not None and after.attach_proposal and "Segue a proposta" in after.answer


def test_a_pdf_by_email_asked_in_english_is_the_proposal(assistant: Assistant) -> None:
    *_, reply = talk(assistant, JOB, "Can you email me this as a PDF?")
    assert reply.quote is not None and reply.attach_proposal, reply.answer


def test_the_proposal_asked_in_other_words_is_pointed_to(assistant: Assistant) -> None:
    asked = "tem como exportar esse orçamento num documento pra eu encaminhar pro meu cliente?"
    *_, reply = talk(assistant, JOB, asked)
    assert "/minhas_cotacoes" in reply.answer, reply.answer


@pytest.mark.parametrize(
    ("asked", "address"),
    [
        ("manda a proposta por e-mail pro joao.silva@empresa.com.br?", "joao.silva@empresa.com.br"),
        ("Please email the quote to procurement@acme.com, thanks.", "procurement@acme.com"),
        ("consegue me enviar a proposta por email?", None),
    ],
)
def test_the_proposal_asked_by_email_comes_in_the_chat_and_goes_to_a_specialist(
    assistant: Assistant, asked: str, address: str | None
) -> None:
    *_, reply = talk(assistant, JOB, asked)
    assert reply.attach_proposal and reply.quote is not None  # the PDF, here and now
    assert reply.handoff  # a person sends the formal one; the thread shows the message
    assert (address in reply.answer) if address else ("e-mail" in reply.answer), reply.answer


def test_two_methods_with_both_prices_asked_come_side_by_side(assistant: Assistant) -> None:
    (reply,) = talk(
        assistant,
        "full fine-tuning ou LoRA num gemma 2 9b com 40 mil exemplos (~150 tokens)? quero ver os "
        "dois preços",
    )
    assert set(_rows(reply.answer)) == {"ajuste completo", "LoRA"}, reply.answer


def test_a_size_in_parameters_is_the_model_not_the_dataset(assistant: Assistant) -> None:
    (reply,) = talk(assistant, "Is a TPU worth it if my model is small, like 1B parameters?")
    assert reply.quote is None and "1.000.000.000 exemplos" not in reply.answer, reply.answer


def test_a_rent_or_buy_question_with_the_job_weighs_renting_without_the_owned_cards(
    assistant: Assistant,
) -> None:
    (reply,) = talk(
        assistant,
        "tenho 2 RTX 4090 de 24GB aqui na empresa, queria saber se compensa alugar. dataset: 35 "
        "mil tickets de ~120 palavras. qwen 7b",
    )
    first = reply.answer.splitlines()[0]
    assert first.startswith("Alugando,") and not re.search(r"\bL4\b", first), reply.answer


def test_documents_longer_than_any_card_holds_train_in_windows(assistant: Assistant) -> None:
    (reply,) = talk(
        assistant,
        "São 4 mil processos trabalhistas, cada um com em média 40 páginas. Llama 3.1 70B com "
        "QLoRA",
    )
    assert reply.quote is not None, reply.answer
    assert reply.quote["job"]["tokens_per_example"] == 24000
    assert reply.quote["job"]["seq_len"] < 24000
    assert any("em trechos" in line for line in reply.quote["recommendation"]["reasons"])


def test_a_cloud_the_catalog_cannot_serve_is_named_in_the_reply(assistant: Assistant) -> None:
    (reply,) = talk(
        assistant,
        "Mistral 7B QLoRA, 5 mil exemplos; a empresa só tem contrato com a Lambda e os dados "
        "precisam ficar no Brasil",
    )
    assert reply.quote is not None
    assert "Nuvem Lambda: não temos oferta Lambda no Brasil" in reply.answer


def test_an_azure_only_client_with_data_in_brazil_is_quoted_in_brazil_south(
    assistant: Assistant,
) -> None:
    (reply,) = talk(
        assistant,
        "Mistral 7B QLoRA, 5 mil exemplos; a empresa só tem contrato com a Azure e os dados "
        "precisam ficar no Brasil",
    )
    assert reply.quote is not None, reply.answer
    assert reply.quote["recommendation"]["provider"] == "azure"
    assert reply.quote["recommendation"]["region"] == "brazilsouth"
    assert "Nuvem Azure: mantida" in reply.answer


def test_a_budget_in_dollars_is_kept_in_reais_with_the_conversion_said(
    assistant: Assistant,
) -> None:
    (reply,) = talk(assistant, f"{JOB}, orçamento de US$ 100")
    assert reply.quote is not None, reply.answer
    found = re.search(
        r"US\$ 100,00 ≈ R\$ ([\d.]+,\d{2}) ao dólar de hoje \(R\$ ([\d,]+)\)", reply.answer
    )
    assert found, reply.answer
    reais, rate = (Decimal(g.replace(".", "").replace(",", ".")) for g in found.groups())
    assert reais == (100 * rate).quantize(Decimal("0.01"))
    assert Decimal(str(reply.quote["job"]["budget_brl"])) == reais


def test_compare_with_one_model_named_sets_it_beside_the_job(assistant: Assistant) -> None:
    *_, reply = talk(assistant, JOB, "compara com o llama 3.1 70b pra eu ver a diferença")
    assert "Comparação lado a lado" in reply.answer, reply.answer
    assert "Llama 3 8B" in reply.answer and "70B" in reply.answer


@pytest.mark.parametrize(
    ("constraint", "named"),
    [
        ("Os dados não podem sair da União Europeia (GDPR).", "União Europeia"),
        ("Dá pra rodar em AMD MI300X?", "AMD Instinct"),
    ],
)
def test_a_region_or_chip_we_do_not_sell_is_named_not_dropped(
    assistant: Assistant, constraint: str, named: str
) -> None:
    reply = talk(assistant, f"{JOB}. {constraint}")[-1]
    assert reply.intent == "quote" and named in reply.answer, reply.answer


def test_two_cards_or_spot_against_on_demand_are_set_side_by_side(assistant: Assistant) -> None:
    *_, cards = talk(assistant, JOB, "compara H100 e A100 pra esse job")
    rows = [
        line
        for line in cards.answer.splitlines()
        if line.startswith("| H100") or line.startswith("| A100")
    ]
    assert len(rows) == 2 and all("R$" in row for row in rows), cards.answer
    *_, spot = talk(assistant, JOB, "quanto sai com spot e quanto sem spot?")
    assert "| Spot |" in spot.answer and "| Sob demanda |" in spot.answer, spot.answer


@pytest.mark.parametrize(
    "asked",
    [
        f"{JOB}: em TPU sai mais barato que em GPU?",
        "Is a TPU cheaper than a GPU for this job?",
    ],
)
def test_gpu_against_tpu_asked_as_a_comparative_is_compared(
    assistant: Assistant, asked: str
) -> None:
    *_, reply = talk(assistant, JOB, asked)
    rows = [
        line
        for line in reply.answer.splitlines()
        if line.startswith("| GPU") or line.startswith("| TPU")
    ]
    assert len(rows) == 2, reply.answer


def test_a_cloud_we_do_not_quote_is_named_not_dropped(assistant: Assistant) -> None:
    (reply,) = talk(assistant, f"{JOB}, na Oracle Cloud que é onde temos crédito")
    assert reply.quote is not None
    assert "Oracle Cloud (OCI): não está entre as que cotamos" in reply.answer


def test_the_quote_asked_in_english_comes_in_english(assistant: Assistant) -> None:
    *_, reply = talk(assistant, JOB, "me passa esse mesmo orçamento em inglês? é pro investidor")
    assert reply.quote is not None and reply.language == "en", reply.answer
    assert "Recommended" in reply.answer


def test_a_model_that_speaks_english_is_no_request_for_english(assistant: Assistant) -> None:
    (reply,) = talk(assistant, f"pode cotar um modelo que fale em inglês? {JOB}")
    assert reply.quote is not None and reply.language == "pt", reply.answer


@pytest.mark.parametrize(
    "job",
    [
        "Llama 3 8B, 75 mil mensagens agrupadas em conversas de 0 mensagens",
        "Llama 3 8B, 1000 docs, entre 1 e 999999999999 palavras cada",
    ],
)
def test_an_impossible_size_is_asked_back_not_misread(assistant: Assistant, job: str) -> None:
    (reply,) = talk(assistant, job)
    assert reply.quote is None and reply.answer.endswith("Pode corrigir?"), reply.answer


def test_a_figure_asked_with_a_billing_question_answers_both(assistant: Assistant) -> None:
    (reply,) = talk(assistant, "Quanto tá a hora de uma H100 com vocês? E vcs parcelam no cartão?")
    price, _, terms = reply.answer.partition("\n\nParcelamos")
    assert "H100" in price and "/h" in price, reply.answer
    assert terms, reply.answer
    *_, requote = talk(assistant, JOB, "e se eu dobrar o dataset? me diz se dá pra pagar no boleto")
    assert requote.quote is not None and "boleto" in requote.answer.split("\n\n")[-1]


def test_the_clouds_we_quote_are_said_and_one_beside_the_quote_is_compared(
    assistant: Assistant,
) -> None:
    (alone,) = talk(assistant, "vocês cotam na Oracle também?")
    assert "AWS, Google Cloud, Azure" in alone.answer and "Oracle" in alone.answer
    *_, beside = talk(
        assistant, f"{JOB}, na AWS", "vocês cotam na Oracle também? queria colocar do lado da AWS"
    )
    assert "| Oracle Cloud (OCI) |" in beside.answer and "| AWS |" in beside.answer, beside.answer


def test_a_no_on_a_card_larger_than_the_job_says_the_margin(assistant: Assistant) -> None:
    (reply,) = talk(assistant, "É possível correr um LoRA do Mistral 7B numa RTX 4090 de 24 GB?")
    assert reply.answer.startswith("Não numa só placa"), reply.answer
    assert "sobram ~21,6 GB para o treino" in reply.answer, reply.answer


def test_the_hourly_price_of_a_machine_with_n_cards_lists_those_machines(
    assistant: Assistant,
) -> None:
    (reply,) = talk(assistant, "quanto custa por hora 8x H100 SXM?")
    machines = [line for line in reply.answer.splitlines() if line.startswith("• ")]
    assert machines and all(line.startswith("• 8x ") for line in machines), reply.answer


def test_a_pdf_asked_on_a_condition_waits_for_the_figure(assistant: Assistant) -> None:
    (reply,) = talk(assistant, f"{JOB}, quanto sai? Se ficar dentro do que imagino, manda em PDF")
    assert reply.quote is not None and not reply.attach_proposal, reply.answer


def test_a_job_at_two_deadlines_is_set_side_by_side_at_the_times_read(
    assistant: Assistant,
) -> None:
    with time_machine.travel(datetime(2026, 12, 3, 10, 0, tzinfo=SAO_PAULO), tick=False):
        *_, reply = talk(
            assistant,
            "LoRA no Llama 3.1 8B, 30 mil chamados de ~200 palavras, quanto fica?",
            "e se for pra amanhã, e se der pra esperar até o dia 18? me passa os dois valores",
        )
    assert "| Até sex., 04/12, 18:00 |" in reply.answer, reply.answer
    assert "| Até sex., 18/12, 18:00 |" in reply.answer, reply.answer


def test_a_brazilian_region_beside_one_abroad_keeps_the_clients_cloud(
    assistant: Assistant,
) -> None:
    (reply,) = talk(
        assistant,
        "LoRA no Llama 3.1 8B, 40 mil tickets de ~150 palavras. Tem que ser AWS. "
        "Compara sa-east-1 x us-east-1, lado a lado.",
    )
    rows = {
        line.split(" | ")[0]: line for line in reply.answer.splitlines() if line.startswith("|")
    }
    assert "sa-east-1" in rows["| No Brasil"] and "us-east-1" in rows["| Fora do Brasil"], rows
    assert "nuvem AWS" in reply.answer, reply.answer


@pytest.mark.parametrize(
    "asked",
    [
        "tem uma tabela com o preço por hora de todas as GPUs que vcs alugam? quero de referência",
        "me manda a tabela de preços",
    ],
)
def test_a_rate_card_lists_every_card_we_sell_cheapest_first(
    assistant: Assistant, asked: str
) -> None:
    (reply,) = talk(assistant, asked)
    assert reply.answer.startswith("Preço por hora de cada placa"), reply.answer
    lines = [line for line in reply.answer.splitlines() if line.startswith("• ")]
    catalog = load_catalog()
    sold = {catalog.accelerator_by_id(o.accelerator).name for o in catalog.offers_in_force()}
    assert {line[2:].split(":")[0] for line in lines} == sold, reply.answer
    prices = [reais(line)[0] for line in lines]
    assert prices == sorted(prices), reply.answer


def test_a_chip_we_do_not_sell_is_named_with_its_fit_and_our_nearest_card(
    assistant: Assistant,
) -> None:
    (fit,) = talk(assistant, "um MI300X de 192 GB segura um full fine-tuning do Llama 3.1 70B?")
    assert fit.answer.startswith("Não numa só placa"), fit.answer
    assert "a AMD Instinct MI300X tem 192 GB" in fit.answer, fit.answer
    assert "Não vendemos a AMD Instinct MI300X" in fit.answer, fit.answer
    (hourly,) = talk(assistant, "quanto sai a hora de um Gaudi 3?")
    assert hourly.answer.startswith("Preço por hora: a Intel Gaudi 3 não está"), hourly.answer
    assert "• 1x NVIDIA H200" in hourly.answer, hourly.answer


def test_a_card_count_in_the_job_is_the_machine_quoted(assistant: Assistant) -> None:
    (reply,) = talk(assistant, f"{JOB}, quero rodar em 4 H100, quanto fica?")
    assert reply.quote is not None, reply.answer
    assert reply.quote["recommendation"]["count"] == 4, reply.answer
    assert "4x NVIDIA H100 80 GB, como você pediu" in reply.answer


def test_two_counts_of_one_card_come_side_by_side(assistant: Assistant) -> None:
    *_, reply = talk(assistant, JOB, "compara 4 vs 8 A100s")
    rows = _rows(reply.answer)
    assert set(rows) == {"4x NVIDIA A100 80 GB", "8x NVIDIA A100 80 GB"}, reply.answer
    assert rows["8x NVIDIA A100 80 GB"][0].startswith("8x NVIDIA A100 80 GB")


@pytest.mark.parametrize(
    ("message", "verdict"),
    [
        ("tenho 2 A100 de 80GB, dá pra treinar full um 13B nelas?", "Não com 2x NVIDIA A100"),
        ("LoRA de um 13B em 2 A100 de 80GB, cabe?", "Sim: com 2x NVIDIA A100"),
    ],
)
def test_a_fit_check_on_the_cards_the_client_has_answers_for_that_count(
    assistant: Assistant, message: str, verdict: str
) -> None:
    (reply,) = talk(assistant, message)
    assert reply.answer.startswith(verdict), reply.answer


def test_how_much_data_a_budget_pays_for_is_priced_not_invented(assistant: Assistant) -> None:
    (reply,) = talk(
        assistant, "até quantos exemplos dá pra treinar com R$ 3 mil num LoRA do Llama 3 8B?"
    )
    assert reply.quote is None and "10.000 exemplos (suposto)" not in reply.answer
    said = re.search(r"cabem cerca de ([\d.]+) exemplos", reply.answer)
    assert said, reply.answer
    budget, total = reais(reply.answer)[:2]
    assert budget == Decimal(3000) and Decimal(2000) < total <= budget, reply.answer


def test_two_separate_jobs_are_each_quoted_on_their_own_data(assistant: Assistant) -> None:
    (reply,) = talk(
        assistant,
        "Two separate jobs: a LoRA on Mistral 7B with 5k emails (~300 words), and a full fine-tune"
        " of Qwen 2.5 1.5B with 50k product titles (~20 words). Quote each one. Data must stay in"
        " Brazil for both.",
    )
    first, second = reply.answer.split("Job 2:")
    assert "Mistral 7B" in first and "5,000 examples of 390 tokens" in first, reply.answer
    assert "Qwen2.5 1.5B" in second and "50,000 examples of 26 tokens" in second, reply.answer
    assert (
        "Outside Brazil" not in reply.answer
        and first.count("sa-east-1") + first.count("brazilsouth") + first.count("southamerica") >= 1
    )


@pytest.mark.parametrize(
    ("message", "verdict"),
    [
        ("meu MacBook M3 Max de 64GB aguenta um LoRA no Llama 3 8B?", "Pela memória, sim"),
        ("um full fine-tuning do Llama 3 8B no meu MacBook M2 Pro de 32GB, roda?", "Não:"),
        ("meu MacBook M3 Max de 64GB aguenta um QLoRA no Llama 3 8B?", "Não: QLoRA não roda"),
    ],
)
def test_a_fit_check_on_the_clients_mac_uses_its_memory(
    assistant: Assistant, message: str, verdict: str
) -> None:
    (reply,) = talk(assistant, message)
    assert reply.answer.startswith(verdict), reply.answer
    assert "Não alugamos Macs" in reply.answer and reply.quote is None


def test_a_card_count_out_of_range_is_named_in_words_not_as_a_flag(assistant: Assistant) -> None:
    (reply,) = talk(assistant, f"{JOB}, em 9999 H100")
    assert reply.answer.startswith("Número de placas:"), reply.answer
    assert "--" not in reply.answer and reply.quote is None


def test_a_budget_past_any_plausible_job_says_so(assistant: Assistant) -> None:
    (reply,) = talk(
        assistant, "até quantos exemplos dá pra treinar com R$ 900 milhões num LoRA do Llama 3 8B?"
    )
    assert "passa do maior job que cotamos" in reply.answer, reply.answer
