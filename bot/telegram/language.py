"""The language of the channel's own texts (commands, the /cotacao form, apologies, notices): the
one the person's Telegram app is set to, English for "en" and "en-US", Portuguese otherwise.
Assistant replies say their own language (`Reply.language`), whatever the app's setting."""

from telegram import Update

from locales import SOURCE_LANGUAGE, Language


def user_language(update: object) -> Language:
    """The language to speak to the person behind `update` in (Portuguese when unknown)."""
    user = update.effective_user if isinstance(update, Update) else None
    code = (user.language_code or "") if user is not None else ""
    if code.replace("_", "-").split("-")[0].strip().lower() == "en":
        return "en"
    return SOURCE_LANGUAGE
