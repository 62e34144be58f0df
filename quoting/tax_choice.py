"""The tax profile a client asked for (`--tax-profile`) against the one the offer is billed with:
a choice that cannot be honoured is said, with why, never silently dropped."""

from quoting.pricing import load_pricing


def tax_profile_name(profile_id: str) -> str:
    """The profile as a sentence reads it ("provedor nacional (preço já inclui os tributos)")."""
    return load_pricing().profile(profile_id).name.lower()


def tax_profile_note(asked: str | None, used: str, offer: str) -> str | None:
    """None when the profile asked for is the one used (or none was asked for); else what was
    asked, that the offer (e.g. "aws sa-east-1") is not billed that way, and what is used."""
    if asked is None or asked == used:
        return None
    return (
        f"Tributação pedida: {tax_profile_name(asked)}. Não se aplica a esta oferta ({offer}), "
        f"que é faturada como {tax_profile_name(used)}."
    )
