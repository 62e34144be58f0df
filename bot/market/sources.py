"""The registry of price sources: which readers `infrabot catalog refresh` runs, for which catalog
provider, and which environment variable holds each one's key (read with bot.ops.credentials, so
NAME_FILE works too). A source without a key variable needs none."""

from dataclasses import dataclass

from bot.market import aws, azure, gcp, lambda_cloud, runpod
from bot.market.points import Reader


@dataclass(frozen=True)
class Source:
    name: str  # what `--fonte` names and the report prints
    provider: str  # the catalog provider id whose offers it prices
    read: Reader
    key_env: str | None = None
    # The query parameter that carries the key; None sends it as "Authorization: Bearer KEY".
    key_param: str | None = None


# In the order they run; a provider may have several (on-demand and spot). The keys: Google's
# Cloud Billing API takes `key=`, RunPod's GraphQL `api_key=`, Lambda a bearer token.
SOURCES: tuple[Source, ...] = (
    Source("aws", aws.PROVIDER, aws.read_on_demand),
    Source("aws-spot", aws.PROVIDER, aws.read_spot),
    Source("gcp", gcp.PROVIDER, gcp.read, key_env="INFRABOT_GCP_API_KEY", key_param="key"),
    Source("azure", azure.PROVIDER, azure.read),
    Source("lambda", lambda_cloud.PROVIDER, lambda_cloud.read, key_env="INFRABOT_LAMBDA_API_KEY"),
    Source(
        "runpod",
        runpod.PROVIDER,
        runpod.read,
        key_env="INFRABOT_RUNPOD_API_KEY",
        key_param="api_key",
    ),
)


def chosen(names: list[str], registry: tuple[Source, ...]) -> list[Source]:
    """The sources named (all of them when none is), in registry order; an unknown name is a
    ValueError with the known ones listed (pt-BR)."""
    if not names:
        return list(registry)
    known = {source.name for source in registry}
    unknown = [name for name in names if name not in known]
    if unknown:
        listed = ", ".join(sorted(known)) or "nenhuma"
        raise ValueError(f"fonte desconhecida: {', '.join(unknown)} (fontes: {listed})")
    return [source for source in registry if source.name in names]
