"""`infrabot empresa`: the company's identity as clients read it, and what the deploy left unset."""

import typer
from rich.console import Console

from bot.sales.company import load_company


def company() -> None:
    """Mostra os dados da empresa que clientes e propostas leem e o que ainda falta configurar
    (INFRABOT_COMPANY; modelo em deploy/company.example.toml). Sai com 1 se falta algo."""
    identity = load_company().identity
    console = Console(highlight=False)
    shown = {
        "Razão social": identity.legal_name,
        "Nome fantasia": identity.trade_name,
        "CNPJ": identity.cnpj,
        "Endereço": identity.address,
        "Telefone": identity.phone,
        "E-mail": identity.email,
        "Site": identity.website,
        "Chave PIX": identity.pix_key,
        "Conta para TED": identity.bank_account,
    }
    for label, value in shown.items():
        console.print(f"{label}: {value or '[yellow](não configurado)[/yellow]'}")
    missing = identity.unset()
    if missing:
        console.print(
            f"\nFaltam: {', '.join(missing)}. Ficam fora das respostas e das propostas até serem "
            "definidos no arquivo de INFRABOT_COMPANY (modelo: deploy/company.example.toml)."
        )
        raise typer.Exit(1)
    console.print("\nTudo configurado.")
