"""What the guidance search looks for: the client's question, read with the previous one when it
is a short follow-up, without a remark that trails it."""

from bot.assistant import cues
from bot.assistant.state import ConversationState
from knowledge.lexical import fold

# Words up to which a message that opens like a follow-up ("e a T4?", "e se eu não quiser trocar de
# máquina?") continues the client's previous question.
FOLLOW_UP_WORDS = 8


def _without_trailing_remark(text: str) -> str:
    """ "o que é fine-tuning? meu chefe fica falando disso": what follows the last question is
    a remark, and its words pulled the search away from the question."""
    asked, mark, remark = text.rpartition("?")
    if not mark or not remark.strip() or len(asked.split()) < 3:
        return text
    return asked + mark


def search_query(state: ConversationState, text: str) -> str:
    """The question to search for: a short follow-up is read with the client's previous message,
    which says what it is about ("Vale a pena A100 pra um modelo pequeno?" -> "e a T4?")."""
    if len(text.split()) > FOLLOW_UP_WORDS or not cues.FOLLOW_UP.match(fold(text)):
        return _without_trailing_remark(text)
    previous = next((turn.text for turn in reversed(state.history) if turn.role == "cliente"), None)
    return f"{previous} {text}" if previous else text
