"""Fresh install to first answer: `infrabot chat` in an empty INFRABOT_HOME (no index yet), one
question piped in, as `scripts/run.sh` runs it without TELEGRAM_BOT_TOKEN. Prints the seconds
until the process has answered and exited, and the index build's own line.

Run: python -m bench.first_answer   (target: under 60 s on this machine's 2 cores)
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

INFRABOT = Path(sys.executable).with_name("infrabot")
QUESTION = "o que é OOM?\n"


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if k != "INFRABOT_CHROMA_URL"}
        env["INFRABOT_HOME"] = home
        env.pop("TELEGRAM_BOT_TOKEN", None)
        started = time.perf_counter()
        done = subprocess.run(
            [str(INFRABOT), "start"],
            input=QUESTION,
            capture_output=True,
            text=True,
            env=env,
            timeout=900,
        )
        seconds = time.perf_counter() - started
    built = next((line for line in done.stderr.splitlines() if "Tempo:" in line), "")
    answered = "OOM" in done.stdout or "memória" in done.stdout
    print(f"primeira resposta: {seconds:.1f} s (respondeu: {answered}; código {done.returncode})")
    print(f"índice: {built.strip() or '(linha do índice não encontrada)'}")


if __name__ == "__main__":
    main()
