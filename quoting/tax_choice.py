"""The tax profile a client asked for (`--tax-profile`) against the one the offer is billed with:
a choice that cannot be honoured is said, with why, never silently dropped."""

from locales import _
from quoting.pricing import load_pricing


def tax_profile_name(profile_id: str) -> str:
    """The profile as a sentence reads it ("provedor nacional (preço já inclui os tributos)")."""
    name = _(load_pricing().profile(profile_id).name)
    # Lower-case the first word only: "Nuvem com empresa no Brasil (AWS ...)" keeps its names.
    return name[:1].lower() + name[1:] if name[1:2].islower() else name


def tax_profile_note(asked: str | None, used: str, offer: str) -> str | None:
    """None when the profile asked for is the one used (or none was asked for); else what was
    asked, that the offer (e.g. "aws sa-east-1") is not billed that way, and what is used."""
    if asked is None or asked == used:
        return None
    return _(
        "Tributação pedida: {asked}. Não se aplica a esta oferta ({offer}), que é faturada como "
        "{used}."
    ).format(asked=tax_profile_name(asked), offer=offer, used=tax_profile_name(used))
