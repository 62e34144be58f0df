"""The commercial answers against client messages: contract and SLA, installments, other
clients' prices, insults, and near misses that must keep their own answer ("other").

Each case is one fresh conversation; the reply's answer is put in the class whose text it carries
(the company's failure policy, the installments line, the confidentiality refusal, the calm line
for an insult), or "other" when it carries none. Per-class accuracy is printed; failures with
--show.

Run: python -m bench.commercial_answers [--cases FILE] [--home DIR] [--show]
(default cases: tests/data/commercial_tune.toml; the held-out set is
tests/data/commercial_heldout.toml, run once)
"""

import argparse
import tomllib
from collections import defaultdict
from pathlib import Path

from bench.eval_home import bench_assistant

CASES = Path(__file__).parent.parent / "tests" / "data" / "commercial_tune.toml"


def answered_as(answer: str) -> str:
    """The class a reply's text answers, in whichever language it is written."""
    from bot.assistant import commercial
    from bot.sales.company import load_company
    from locales import LANGUAGES, _, speaking

    company = load_company()
    service = company.service
    for language in LANGUAGES:
        with speaking(language):
            if _(service.failure) in answer or _(service.contract) in answer:
                return "contract_sla"
            if commercial._installments(company) in answer:
                return "installments"
            if commercial._other_clients(company) in answer:
                return "other_clients_prices"
            if answer == _(commercial.ABUSE_REPLY):
                return "abuse"
    return "other"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", type=Path, default=CASES)
    parser.add_argument("--home", type=Path, help="an INFRABOT_HOME to index into and keep")
    parser.add_argument("--show", action="store_true")
    arguments = parser.parse_args()
    with bench_assistant(arguments.home, dense="now") as assistant:
        with arguments.cases.open("rb") as handle:
            cases = tomllib.load(handle)["case"]
        tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for number, case in enumerate(cases):
            answer = assistant.reply(f"commercial-{number}", case["message"]).answer
            got = answered_as(answer)
            tally[case["label"]][0] += got == case["label"]
            tally[case["label"]][1] += 1
            if got != case["label"] and arguments.show:
                print(f"[{case['label']} -> {got}] {case['message']}\n    {answer[:160]}")
    for label, (good, total) in sorted(tally.items()):
        print(f"{label:<22} {good}/{total} ({100 * good / total:.0f}%)")
    good = sum(v[0] for v in tally.values())
    total = sum(v[1] for v in tally.values())
    print(f"total {good}/{total} ({100 * good / total:.1f}%)")


if __name__ == "__main__":
    main()
