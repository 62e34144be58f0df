from decimal import Decimal

from quoting.catalog import load_catalog
from quoting.jobspec import JobSpec
from quoting.quote import quote


def test_a_client_on_azure_gets_an_azure_machine() -> None:
    # A client with only an Azure account used to be quoted on AWS.
    job = JobSpec(model="llama-3-8b", method="qlora", cloud="azure", data_residency="any")
    recommendation = quote(job).recommendation
    assert recommendation.provider == "azure"
    offers = {o.instance_type for o in load_catalog().offers_in_force() if o.provider == "azure"}
    assert recommendation.instance_type in offers


def test_a_cloud_far_dearer_than_the_market_is_kept_and_the_saving_is_said() -> None:
    # 70B LoRA: Azure's 8x H100 costs well over 25% more than a GPU cloud's; the client's
    # cloud is still where the quote goes, with what leaving it would save.
    job = JobSpec(model="llama-3-70b", method="lora", examples=100_000, cloud="azure")
    priced = quote(job)
    assert priced.recommendation.provider == "azure"
    cheaper = quote(job.model_copy(update={"cloud": "none"}))
    assert cheaper.total_brl * Decimal("1.25") < priced.total_brl
    [line] = [r for r in priced.recommendation.reasons if r.startswith("Não é a opção mais barata")]
    assert "fica fora da sua nuvem" in line and "o mais barato possível" in line


def test_without_a_cloud_the_azure_premium_is_not_paid() -> None:
    job = JobSpec(model="llama-3-8b", method="qlora", data_residency="any")
    assert quote(job).recommendation.provider != "azure"
