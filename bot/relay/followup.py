"""Handoffs nobody answers: after `remind_after` of working time with no staff reply the thread is
reminded (also in the channel), and after a further `tell_client_after` the client is told of the
delay and offered the bot again. Working time counts only business hours, so a request made at
night is followed up in the morning. Each step is queued once: the outbox key makes a second queue
a no-op and the stamp on the handoff keeps later polls from trying again, whichever app or
replica runs it."""

from datetime import datetime

from bot.relay import notices
from bot.relay.bridge import Bridge
from bot.relay.handoff import Handoff
from locales import speaking


class FollowUp:
    def __init__(self, bridge: Bridge) -> None:
        self.bridge = bridge

    def run(self, now: datetime | None = None) -> int:
        """Queue the reminders and notices that are due at `now`; returns how many."""
        bridge = self.bridge
        now = now or bridge.clock()
        settings, hours = bridge.settings, bridge.hours
        queued = 0
        for handoff in bridge.handoffs.unanswered():
            remind_at = hours.after(handoff.opened_at, settings.remind_after)
            if now < remind_at:
                continue
            if handoff.reminded_at is None:
                queued += self._remind(handoff, now)
            if now >= hours.after(remind_at, settings.tell_client_after):
                queued += self._tell_client(handoff, now)
        return queued

    def _remind(self, handoff: Handoff, now: datetime) -> int:
        self.bridge.to_thread(
            handoff,
            f"handoff:{handoff.id}:lembrete",
            notices.reminder(self.bridge.settings.remind_after),
            broadcast=True,
        )
        return int(self.bridge.handoffs.stamp(handoff.id, "reminded_at", now))

    def _tell_client(self, handoff: Handoff, now: datetime) -> int:
        bridge = self.bridge
        with speaking(bridge.handoffs.language(handoff.id)):  # the client's, as the handoff began
            late, button = notices.late_for_client(), notices.leave_button()
        bridge.to_client(
            handoff.chat_id, f"handoff:{handoff.id}:atraso:cliente", late, buttons=[button]
        )
        bridge.to_thread(handoff, f"handoff:{handoff.id}:atraso:thread", notices.LATE_FOR_THREAD)
        return int(bridge.handoffs.stamp(handoff.id, "delay_told_at", now))
