"""The Telegram channel (python-telegram-bot): the application, handlers by interaction, views."""
