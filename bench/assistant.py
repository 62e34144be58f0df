"""Assistant latency: warm replies to questions and to quotes, and process start to first answer.

Run: python -m bench.assistant   (uses the index in INFRABOT_HOME; builds it if missing)
Targets on a 2-core machine, offline composer: p95 under 50 ms (questions) and 10 ms (quotes);
under 3 s from process start to the first answer (issue 13).
"""

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.assistant.assistant import Assistant
from bot.assistant.state import ConversationStore
from knowledge.indexer import build_index
from knowledge.retriever import KnowledgeRetriever

QUESTIONS = [
    "Posso migrar de GPU para TPU depois?",
    "o que é OOM?",
    "vale mais a pena comprar servidor ou alugar?",
    "instância spot compensa?",
    "what is a TPU?",
    "É seguro treinar com dados de saúde na nuvem?",
]
JOBS = [
    "LoRA de um Llama 3 8B, uns 20 mil exemplos, PyTorch, dados não podem sair do Brasil",
    "QLoRA do mistral 7b com 10 mil exemplos",
    "ajuste completo de um 70B em JAX, 2 bilhões de tokens, já usamos GCP",
    "fine-tuning do bert base com 100 mil exemplos",
]
INFRABOT = Path(sys.executable).with_name("infrabot")


def _percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    return (
        f"p50 {statistics.median(ordered):.1f} ms · "
        f"p95 {ordered[int(0.95 * (len(ordered) - 1))]:.1f} ms"
    )


def main() -> None:
    build_index([])
    with tempfile.TemporaryDirectory() as folder:
        assistant = Assistant(
            KnowledgeRetriever.load(dense="now"), ConversationStore(f"sqlite:///{folder}/bench.db")
        )
        for text in QUESTIONS + JOBS:  # warm up
            assistant.reply("aquecimento", text)
        for label, messages in (("perguntas", QUESTIONS), ("cotações", JOBS)):
            samples = []
            for round_ in range(10):
                for number, text in enumerate(messages):
                    started = time.perf_counter()
                    assistant.reply(f"{label}-{round_}-{number}", text)
                    samples.append((time.perf_counter() - started) * 1000)
            print(
                f"resposta aquecida, {label:<9} {_percentiles(samples)} ({len(samples)} respostas)"
            )
    cold = []
    for _ in range(3):
        started = time.perf_counter()
        subprocess.run(
            [str(INFRABOT), "ask", QUESTIONS[0], "--json"], check=True, capture_output=True
        )
        cold.append(time.perf_counter() - started)
    print(
        f"do início do processo à primeira resposta (infrabot ask): mediana "
        f"{statistics.median(cold):.2f} s · pior {max(cold):.2f} s"
    )


if __name__ == "__main__":
    main()
