"""The two ways a reader downloads (bot.market.points.Getter): over HTTP with deadlines and the
source's key, or from a folder of recorded responses (staff checks and tests, no network).

A recorded folder has a `responses.toml` that maps each request to a file beside it:

    [[response]]
    url = "https://prices.azure.com/api/retail/prices"
    params = { "$filter" = "armRegionName eq 'brazilsouth'" }   # optional: the query, exactly
    file = "azure/brazilsouth.json"
    status = 200                    # optional: another status replays a refusal

Either way the body comes back parsed: JSON as Python objects, anything else as text.
"""

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import httpx
from pydantic import BaseModel, Field, ValidationError

from bot.market.points import Getter, SourceError

# A price file can be large (AWS's regional offer files are tens of MB): a long read deadline,
# a short one to connect, so that a provider that is down fails fast.
CONNECT_SECONDS = 10.0
READ_SECONDS = 180.0
INDEX = "responses.toml"


def parse_body(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def http_client() -> httpx.Client:
    timeout = httpx.Timeout(READ_SECONDS, connect=CONNECT_SECONDS)
    return httpx.Client(timeout=timeout, follow_redirects=True, headers={"User-Agent": "infrabot"})


def http_getter(
    client: httpx.Client, key: str | None = None, key_param: str | None = None
) -> Getter:
    """Downloads with `client`; the key goes in the query parameter `key_param`, else as a bearer
    token. Any failure is a SourceError that never quotes the key."""

    def get(url: str, params: Mapping[str, str] | None) -> Any:
        query = dict(params or {})
        headers: dict[str, str] = {}
        if key and key_param:
            query[key_param] = key
        elif key:
            headers["Authorization"] = f"Bearer {key}"
        try:
            response = client.get(url, params=query, headers=headers)
        except httpx.HTTPError as error:
            reason = str(error).replace(key, "***") if key else str(error)
            # `from None`: the chained error would show the URL with the key in a traceback.
            raise SourceError(
                f"não consegui baixar {url} ({type(error).__name__}: {reason})"
            ) from None
        if response.status_code != 200:
            raise SourceError(f"{url} respondeu HTTP {response.status_code}")
        return parse_body(response.text)

    return get


class Recorded(BaseModel):
    url: str
    params: dict[str, str] = Field(default_factory=dict)
    file: str
    status: int = 200


class _Index(BaseModel):
    response: list[Recorded] = Field(default_factory=list)


def recorded_getter(folder: Path) -> Getter:
    """Answers from `folder`'s responses.toml; a request it has no answer for is a SourceError
    (a missing recording fails like a source that is down)."""
    try:
        index = _Index.model_validate(tomllib.loads((folder / INDEX).read_text(encoding="utf-8")))
    except (OSError, tomllib.TOMLDecodeError, ValidationError) as error:
        raise SourceError(f"não consegui ler {folder / INDEX} ({error})") from error

    def get(url: str, params: Mapping[str, str] | None) -> Any:
        wanted = dict(params or {})
        for answer in index.response:
            if answer.url == url and answer.params == wanted:
                if answer.status != 200:
                    raise SourceError(f"{url} respondeu HTTP {answer.status} (gravado)")
                try:
                    return parse_body((folder / answer.file).read_text(encoding="utf-8"))
                except OSError as error:
                    raise SourceError(f"resposta gravada ilegível: {answer.file}") from error
        raise SourceError(f"sem resposta gravada para {url} em {folder / INDEX}")

    return get
