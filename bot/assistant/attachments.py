"""What a messenger writes in place of what the bot cannot open: a voice note ("[áudio 1:48]"),
an image, a video, a file or a link to one (or a file offered: "posso te mandar a planilha?"), a
missed call ("[chamada de voz perdida]"). A sticker or a GIF says what an emoji says, and becomes
one."""

import re
from typing import Literal

Attachment = Literal["audio", "image", "file", "call"]
_UNOPENED: tuple[Attachment, ...] = ("audio", "image", "file", "call")

_KINDS: dict[Attachment | Literal["sticker"], str] = {
    "audio": r"[áa]udio|mensagem de voz|nota de voz|voice (?:message|note)|ptt",
    "image": r"imagem|image|foto|photo|print|screenshot|captura de tela|v[íi]deo|video|"
    r"m[íi]dia oculta|media omitted",
    "file": r"documento|document|arquivo|anexo|attachment|pdf|planilha",
    "call": r"(?:chamada|liga[çc][ãa]o)(?: de (?:voz|v[íi]deo))? perdida|"
    r"missed (?:voice |video )?call",
    "sticker": r"figurinha|sticker|gif",
}
_PLACEHOLDER = re.compile(
    r"[\[<]\s*(?:"
    + "|".join(f"(?P<{kind}>{pattern})" for kind, pattern in _KINDS.items())
    + r")[^\]>\n]{0,40}[\]>]",
    re.IGNORECASE,
)


_SIZED = re.compile(r"\d+(?:[.,]\d+)?\s*(?:kb|mb|gb|tb|kib|mib|gib|linhas|lines|rows)\b", re.I)
# "segue o link da base https://drive.google.com/...": a file shared by a link, not opened here.
_SHARED_FILE = re.compile(
    r"https?://\S*(?:drive\.google|docs\.google|dropbox|onedrive|1drv\.ms|sharepoint|"
    r"wetransfer|mega\.nz|we\.tl|huggingface\.co/datasets)\S*",
    re.IGNORECASE,
)

# "Posso te mandar a planilha aqui mesmo?", "você consegue ler PDF? se eu anexar o relatório...":
# a file offered, which the bot could not open either.
_OFFERED_FILE = re.compile(
    r"\b(?:posso|podemos|da pra|dá pra|consigo|can i|can we)\s+(?:te |lhe |you )?"
    r"(?:mandar|enviar|anexar|subir|send|attach|upload)\b[^?.!\n]{0,30}\b(?:planilha|pdf|arquivo|"
    r"excel|csv|documento|relat[óo]rio|spreadsheet|file|document)s?\b|"
    r"\b(?:voc[êe]|vc|you)\s+(?:consegue|pode|can)\s+(?:ler|abrir|read|open)\s+"
    r"(?:um |uma |o |a |an? )?(?:pdf|planilha|excel|arquivo|csv|file|spreadsheet)s?\b",
    re.IGNORECASE,
)


def without_attachments(text: str) -> tuple[str, Attachment | None]:
    """`text` less its placeholders (a sticker left as an emoji), and the first thing attached
    that the bot cannot open."""
    found: list[Attachment] = []

    def said(placeholder: re.Match[str]) -> str:
        if placeholder["sticker"]:
            return "🙂"
        if _SIZED.search(placeholder[0]):  # "[Arquivo: corpus.txt · 2,4 GB]": its size is said
            return placeholder[0].strip("[]<>")
        found.append(next(kind for kind in _UNOPENED if placeholder[kind]))
        return " "

    cleaned = _PLACEHOLDER.sub(said, text)
    if _SHARED_FILE.search(cleaned) or _OFFERED_FILE.search(cleaned):
        found.append("file")
        cleaned = _SHARED_FILE.sub(" ", cleaned)
    return cleaned.strip(), (found[0] if found else None)
