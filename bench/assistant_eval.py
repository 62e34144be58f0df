"""The assistant against client messages it was not tuned on (tests/data/assistant_eval.toml).

The set was written by someone who had read only the guidance article and DESIGN.md, never the
code, corpus or glossary. Each case is a conversation; the reply to its last message must have the
expected intent and, by kind, the job fields the client stated or the key facts of the guidance.
The `heldout` part is never used for tuning: its failures are counted here but their details are
printed only with --show-heldout, so that nobody tunes on them by accident.

Run: python -m bench.assistant_eval [--show-heldout] [--cases FILE] [--home DIR]
(builds the index in a temporary home, or updates the one in DIR; conversations start fresh; the
clock reads Thursday 03/12/2026 10:00 in São Paulo, so "até amanhã" is due in 32 h)
Target: held-out pass rate >= 95%.
"""

import argparse
import re
import tomllib
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import time_machine
from pydantic import BaseModel, Field

from bench.eval_home import bench_assistant

CASES = Path(__file__).parent.parent / "tests" / "data" / "assistant_eval.toml"
# Deadlines in calendar words are read against this clock (the expected hours assume it).
EVAL_NOW = datetime(2026, 12, 3, 10, 0, tzinfo=ZoneInfo("America/Sao_Paulo"))


class Case(BaseModel):
    id: str
    split: str
    kind: str
    messages: list[str]
    intent: str
    key_facts: list[list[str]] = Field(default_factory=list)
    expect: dict[str, Any] = Field(default_factory=dict)
    # The language the reply must be written in (unchecked when unset, as in the older sets).
    language: str | None = None


def load_cases(path: Path = CASES) -> list[Case]:
    with path.open("rb") as handle:
        return [Case.model_validate(case) for case in tomllib.load(handle)["case"]]


def _close(value: float | None, expected: float, tolerance: float) -> bool:
    return value is not None and abs(float(value) - expected) <= tolerance * abs(expected)


def _named_size(job: dict[str, Any], nominal: float) -> bool:
    """Whether the model read is the one whose name carries the nominal size: the set states sizes
    as named ("Gemma 2 2B" = 2), while the job carries the real count (2.61 billion)."""
    name = str(job.get("model_name") or "")
    return bool(re.search(rf"(?<![\d.]){re.escape(f'{nominal:g}')}B\b", name))


def _size_by_name_only(case: Case, reply: dict[str, Any]) -> bool:
    quote = reply.get("quote")
    if "params_b" not in case.expect or quote is None:
        return False
    wanted, job = float(case.expect["params_b"]), quote["job"]
    return not _close(job.get("params", 0) / 1e9, wanted, 0.3) and _named_size(job, wanted)


def _field_problems(expect: dict[str, Any], quote: dict[str, Any] | None) -> list[str]:
    """What the priced job got wrong, field by field (empty when everything the client said was
    read as said)."""
    from knowledge.lexical import fold
    from quoting.catalog import load_catalog

    if quote is None:
        return ["sem cotação"] if expect else []
    job, rec = quote["job"], quote["recommendation"]
    problems = []
    for name, wanted in expect.items():
        got: Any
        match name:
            case "params_b":
                got = job.get("params", 0) / 1e9
                ok = _close(got, float(wanted), 0.3) or _named_size(job, float(wanted))
            case "model_family":
                got = fold(str(job.get("model_name") or job.get("model") or ""))
                ok = fold(str(wanted)).replace("-", "") in got.replace("-", "").replace(" ", "")
            case "examples" | "tokens_per_example" | "epochs":
                got = job.get(name)
                ok = _close(got, float(wanted), 0.01)
            case "dataset_tokens":
                got = job.get("dataset_tokens")
                ok = _close(got, float(wanted), 0.1)
            case "deadline_hours":
                got = job.get("deadline_hours")
                ok = got is not None and abs(float(got) - float(wanted)) <= max(
                    12.0, 0.25 * float(wanted)
                )
            case "budget_brl":
                got = job.get("budget_brl")
                ok = _close(got, float(wanted), 0.001)
            case "max_device_gb":
                got = load_catalog().accelerator_by_id(rec["accelerator"]).memory_gb
                ok = got <= float(wanted)
            case "cheapest":
                totals = [option["total_brl"] for option in quote.get("alternatives", [])]
                got = rec["total_brl"]
                ok = not wanted or all(got <= total for total in totals)
            case "kind":
                got = rec["kind"]
                ok = got == wanted
            case _:
                got = job.get(name)
                ok = got == wanted
        if not ok:
            problems.append(f"{name}: esperado {wanted!r}, lido {got!r}")
    return problems


def check(case: Case, reply: dict[str, Any]) -> list[str]:
    """Why a reply fails its case (empty list: it passes)."""
    from knowledge.lexical import fold

    problems = []
    if reply["intent"] != case.intent:
        problems.append(f"intenção: esperada {case.intent}, veio {reply['intent']}")
    text = fold(reply["answer"])
    for fact in case.key_facts:
        if not any(fold(stem) in text for stem in fact):
            problems.append(f"falta o fato: {fact[0]!r}")
    if case.expect:
        problems += _field_problems(case.expect, reply.get("quote"))
    if case.language:
        problems += _language_problems(case.language, reply)
    return problems


def _language_problems(language: str, reply: dict[str, Any]) -> list[str]:
    """The reply says it speaks `language`, and its text does not read as another language."""
    from bot.assistant.language import language_of

    said = language_of(reply["answer"])
    if reply.get("language") != language or said not in (language, None):
        return [f"idioma: esperado {language}, veio {reply.get('language')} (texto: {said})"]
    return []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show-heldout", action="store_true")
    parser.add_argument("--cases", type=Path, default=CASES)
    parser.add_argument(
        "--home",
        type=Path,
        help="an INFRABOT_HOME to index into and keep (an unchanged index updates in seconds)",
    )
    arguments = parser.parse_args()
    with bench_assistant(arguments.home, dense="now") as assistant:
        passed: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
        failures: list[tuple[Case, list[str], str]] = []
        by_name: dict[str, int] = defaultdict(int)
        for case in load_cases(arguments.cases):
            reply: dict[str, Any] = {}
            for message in case.messages:
                with time_machine.travel(EVAL_NOW, tick=False):
                    reply = assistant.reply(f"eval-{case.id}", message).to_json_dict()
            problems = check(case, reply)
            if not problems and _size_by_name_only(case, reply):
                by_name[case.split] += 1
            tally = passed[(case.split, case.kind)]
            tally[0] += not problems
            tally[1] += 1
            if problems:
                failures.append((case, problems, reply["answer"]))
    _report(passed, failures, arguments.show_heldout)
    print(
        "\naprovados só porque o nome do modelo traz o tamanho pedido (a contagem real difere "
        f"mais de 30%): ajuste {by_name['tune']} · held-out {by_name['heldout']}"
    )


def _report(
    passed: dict[tuple[str, str], list[int]],
    failures: list[tuple[Case, list[str], str]],
    show_heldout: bool,
) -> None:
    kinds = sorted({kind for _, kind in passed})
    print(f"{'tipo':<12} {'ajuste':>14} {'held-out':>14}")
    for kind in kinds:
        cells = []
        for split in ("tune", "heldout"):
            good, total = passed.get((split, kind), [0, 0])
            cells.append(f"{good}/{total} ({100 * good / total:.0f}%)" if total else "-")
        print(f"{kind:<12} {cells[0]:>14} {cells[1]:>14}")
    for split in ("tune", "heldout"):
        good = sum(v[0] for (s, _), v in passed.items() if s == split)
        total = sum(v[1] for (s, _), v in passed.items() if s == split)
        print(f"total {split}: {good}/{total} ({100 * good / max(total, 1):.1f}%)")
    for case, problems, answer in failures:
        if case.split == "tune" or show_heldout:
            print(f"\n[{case.split} {case.id} {case.kind}] {case.messages[-1]}")
            print("   " + "; ".join(problems))
            print("   resposta: " + answer[:300].replace("\n", " / "))


if __name__ == "__main__":
    main()
