"""Our own earlier reply quoted back by the client ("> infrabot: Recomendo GPU: 1x A100 na AWS"
above "mas eu queria na Azure, refaz?"): context the client points at, never their request, so
its cloud, card and figures are not read as terms the client set."""

import re

# "> infrabot: ...", "infrabot: ...", "[infrabot] ...", and the quoted lines that follow it.
_OURS = re.compile(
    r"(?im)^[ \t]*(?:>[ \t]*)?(?:\[infrabot\]|infrabot[ \t]*:)[^\n]*(?:\n[ \t]*>[^\n]*)*"
)


def without_our_reply(text: str) -> str:
    """`text` less the lines that quote infrabot's own reply (all of it when nothing else is
    left)."""
    kept = _OURS.sub("", text)
    return kept if kept.strip() else text
