"""Named crash points for the crash-point harness: with INFRABOT_CRASH_AT set to a step's name,
the process dies there at once, as under `kill -9` (no cleanup, no flush), so a test can show
what a crash at that step leaves behind. Unset in production: each call is one dictionary read.

The steps, in the order a message passes them:
- "inbox-recorded": a Telegram update is in the inbox, Telegram not yet told it arrived;
- "inbox-answered": the update's replies went out, the inbox row not yet marked answered;
- "outbox-claimed": an outbox message is leased to this process, not yet sent;
- "outbox-sent": it was sent, its row not yet marked delivered.
"""

import os

STEPS = ("inbox-recorded", "inbox-answered", "outbox-claimed", "outbox-sent")
EXIT_STATUS = 137  # what a shell reports for a process killed by SIGKILL


def crash_point(step: str) -> None:
    assert step in STEPS, step
    if os.environ.get("INFRABOT_CRASH_AT") == step:
        os._exit(EXIT_STATUS)
