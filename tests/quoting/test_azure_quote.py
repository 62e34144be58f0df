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


def test_without_a_cloud_the_azure_premium_is_not_paid() -> None:
    job = JobSpec(model="llama-3-8b", method="qlora", data_residency="any")
    assert quote(job).recommendation.provider != "azure"
