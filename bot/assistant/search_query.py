"""What the guidance search looks for: the client's question, read with the previous one when it
is a short follow-up, without a remark that trails it."""

import re

from bot.assistant import cues
from bot.assistant.state import ConversationState
from knowledge.lexical import fold

# "e fora isso, o que mais...?", "além disso...": a question that continues the previous one
# whatever its length ("o que mais consome memória?" alone is a question of its own).
_CONTINUES = re.compile(
    r"^(e )?(fora isso|alem disso|tirando isso|besides that|other than that)\b|"
    r"^e (o que|oq|que) mais\b|^(and )?what else\b|"
    # "por quê?" right after an answer: why that answer
    r"^(mas )?(por que|porque|pq|why)\W*$"
)
# Topics a follow-up can turn to: the accelerator, the money, the data, the memory.
_TOPIC = re.compile(
    r"\b(?:tpus?|gpus?|custos?|precos?|dolar|cambio|spot|lgpd|energia|latencia|regiao|memoria|"
    r"vram|pytorch|jax|tensorflow|imposto\w*|seguranca|migra\w*)\b"
)
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
    previous = previous_message(state)
    if not previous or not (short_follow_up(fold(text)) or continues(fold(text))):
        return _without_trailing_remark(text)
    # "e no caso da TPU?" after a question on patient data: a topic of its own weighs twice, so
    # that the previous question gives context without taking the answer over.
    if set(_TOPIC.findall(fold(text))) - set(_TOPIC.findall(fold(previous))):
        return f"{previous} {text} {text}"
    return f"{previous} {text}"


def continues(folded: str) -> bool:
    return bool(_CONTINUES.match(folded))


def short_follow_up(folded: str) -> bool:
    """ "e qual delas tem mais suporte?": a few words that open like a follow-up."""
    return len(folded.split()) <= FOLLOW_UP_WORDS and bool(cues.FOLLOW_UP.match(folded))


def previous_message(state: ConversationState) -> str | None:
    """What the client said before this message."""
    return next((turn.text for turn in reversed(state.history) if turn.role == "cliente"), None)


def continues_ours(state: ConversationState, folded: str) -> bool:
    """A continuation ("e fora isso, o que mais...?", "e qual delas tem mais suporte?") of a
    question about our trade."""
    previous = previous_message(state)
    follows = continues(folded) or bool(cues.FOLLOW_UP.match(folded))
    return follows and previous is not None and bool(cues.DOMAIN.search(fold(previous)))
