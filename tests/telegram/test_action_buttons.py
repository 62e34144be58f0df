"""Every option the assistant suggests becomes a Telegram button."""

from bot.assistant import reply
from bot.telegram.views import keyboard


def test_every_suggested_action_has_a_button() -> None:
    actions = [value for name, value in vars(reply).items() if name.startswith("ACTION_")]
    assert len(actions) >= 5
    markup = keyboard(actions)
    assert markup is not None
    labels = [row[0].text for row in markup.inline_keyboard]
    assert labels == actions
