"""What a handoff says beyond relaying: when the team answers, that the answer is late, that the
client went back to the bot (to the client in the language being spoken, see
bot.relay.handoff.Handoffs.language; to the thread in pt-BR, in Slack's mrkdwn)."""

from datetime import datetime, timedelta

from bot.relay.slack_posts import escape
from bot.sales.hours import BusinessHours
from locales import N_, _

LEAVE_COMMAND = "voltar_ao_bot"
LEAVE_CALLBACK = "atendimento:sair"


def leave_button() -> tuple[str, str]:
    """The button back to the bot: (label, callback data)."""
    return _("Voltar a falar com o bot"), LEAVE_CALLBACK


def late_for_client() -> str:
    """Told to the client when the team has not answered in time: the way back to the bot."""
    return _(
        "Desculpe a demora: nossa equipe ainda não conseguiu responder. Seu pedido continua na "
        "fila e a resposta chega aqui. Se preferir não esperar, volte a falar comigo com "
        "/{command} ou o botão abaixo: faço cotações e tiro dúvidas na hora."
    ).format(command=LEAVE_COMMAND)


LEFT_FOR_CLIENT = N_(
    "Pronto, você saiu do atendimento com a equipe e voltou a falar comigo. Descreva o job ou "
    "faça uma pergunta. Para chamar a equipe de novo, use /especialista."
)
NOT_IN_HANDOFF = N_("Você já está falando comigo: descreva o job ou faça uma pergunta.")
LATE_FOR_THREAD = (
    "Avisamos o cliente da demora e oferecemos a volta ao bot. Se ele voltar, esta thread é "
    "avisada."
)


def opening(hours: BusinessHours, now: datetime) -> str:
    """Told to the client as the handoff opens: when the team answers, and the way back."""
    if hours.is_open(now):
        when = _(
            "Estamos no horário de atendimento: alguém da equipe responde aqui nesta conversa "
            "assim que puder."
        )
    else:
        back = hours.when(hours.next_opening(now), now)
        when = _("Agora estamos fora desse horário: a equipe volta {back} e responde aqui.").format(
            back=back
        )
    hours_line = _("Nossa equipe atende {hours}.").format(hours=hours.text)
    meanwhile = _(
        "Enquanto isso, o que você escrever aqui vai para a equipe. Para voltar a falar comigo "
        "a qualquer momento, envie /{command} ou o botão abaixo."
    ).format(command=LEAVE_COMMAND)
    return f"{hours_line} {when}\n\n{meanwhile}"


def reminder(waited: timedelta) -> str:
    """The thread's reminder, broadcast to the channel: someone is waiting."""
    return (
        f"<!here> Este cliente espera uma resposta há {duration(waited)} de expediente. "
        "Responda nesta thread (a resposta vai para o Telegram dele) ou escreva `encerrar`."
    )


def left_thread(client: str) -> str:
    return (
        f"{escape(client)} saiu do atendimento e voltou a falar com o bot. O que for escrito "
        "aqui não chega mais a ele."
    )


def duration(span: timedelta) -> str:
    """15 min, 1h, 1h30."""
    minutes = round(span.total_seconds() / 60)
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest} min"
    return f"{hours}h{rest:02d}" if rest else f"{hours}h"
