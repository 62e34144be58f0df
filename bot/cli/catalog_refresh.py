"""`infrabot catalog` as a group: the listing, and `catalog refresh` from the AWS Price List."""

import json
import os
import tempfile
import tomllib
from pathlib import Path
from typing import Annotated, Any

import typer

from bot.cli import engine
from quoting.catalog import DEFAULT_CATALOG, Catalog
from quoting.datafiles import load
from quoting.errors import QuotingError
from quoting.price_list import (
    AWS_EC2_OFFERS,
    PriceList,
    offer_url,
    parse_offer_file,
    update_catalog_text,
)
from quoting.units import format_number

app = typer.Typer(invoke_without_command=True)
app.callback(invoke_without_command=True)(engine.catalog)


@app.command("refresh")
def refresh(
    fonte: Annotated[
        str,
        typer.Option(
            "--fonte", help="URL base da AWS Price List ou pasta com <região>/index.json."
        ),
    ] = AWS_EC2_OFFERS,
    saida: Annotated[
        Path | None, typer.Option("--saida", help="Onde gravar (padrão: o próprio catálogo).")
    ] = None,
    catalog: engine.CatalogFlag = None,
) -> None:
    """Atualiza os preços sob demanda da AWS (Linux, compartilhado) a partir da lista pública."""
    source = (catalog or Path(os.environ.get("INFRABOT_CATALOG") or DEFAULT_CATALOG)).resolve()
    current = load(source, Catalog)
    regions = sorted({o.region for o in current.offer if o.provider == "aws"})
    lists: list[PriceList] = []
    for region in regions:
        data, where = _read(fonte, region)
        if data is None:
            typer.echo(f"Sem lista de preços para {region} em {fonte}: ofertas mantidas.")
            continue
        try:
            lists.append(parse_offer_file(data, region, where))
        except ValueError as error:
            raise QuotingError(str(error)) from error
    if not lists:
        raise QuotingError(f"nenhuma lista de preços da AWS em {fonte}; nada foi gravado")
    text, changes, missing = update_catalog_text(source.read_text(encoding="utf-8"), lists)
    try:
        Catalog.model_validate(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ValueError) as error:
        raise QuotingError(
            f"o catálogo atualizado não valida; nada foi gravado ({error})"
        ) from error
    _write_atomically(saida or source, text)
    for change in changes:
        typer.echo(
            f"Alterado: {change.instance_type} ({change.region}): "
            f"US$ {format_number(change.before, 3)} → US$ {format_number(change.after, 3)}"
        )
    for key in missing:
        typer.echo(f"Não encontrado na lista: {key} (preço mantido)")
    if not changes:
        typer.echo("Nenhum preço mudou.")
    typer.echo(f"Catálogo gravado em {saida or source}.")


def _read(fonte: str, region: str) -> tuple[Any, str]:
    """The offer file's JSON and where it came from, or None when the source has no file."""
    if fonte.startswith(("http://", "https://")):
        import httpx  # only when a download is asked for: `infrabot` starts fast

        url = offer_url(region, fonte)
        try:
            response = httpx.get(url, timeout=120, follow_redirects=True)
        except httpx.HTTPError as error:
            raise QuotingError(f"não foi possível baixar {url} ({error})") from error
        if response.status_code == 404:
            return None, url
        if response.status_code != 200:
            raise QuotingError(f"{url} respondeu {response.status_code}")
        return _json(response.text, url), url
    path = Path(fonte) / region / "index.json"
    if not path.is_file():
        return None, str(path)
    return _json(path.read_text(encoding="utf-8"), str(path)), str(path)


def _json(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise QuotingError(f"{where} não é JSON válido ({error.msg})") from error


def _write_atomically(path: Path, text: str) -> None:
    """Write beside the target and rename: a crash never leaves a half-updated catalog."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
