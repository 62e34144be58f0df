"""How well the assistant reads what clients write, field by field, on sets nobody tuned on.

Two sets, written by a helper who had read only the guidance article and issue 28, never the code:
- tests/data/reading_heldout_a.toml: job messages with data sizes in any unit and deadlines in
  calendar words, each with the reading worked out by hand at the client's clock (`now`);
- tests/data/reading_heldout_b.toml: what a message asks (quote, comparison, fit check, price per
  hour, ...) and the constraints it sets, some after earlier messages of the same chat.
Sets A and B were run, and their failures read, while the reader was tuned: they are no longer
held out. tests/data/reading_heldout_c_jobs.toml and _c_asks.toml (same formats, another helper,
same rule) were run once, at the end of issue 28; pass them with --a and --b. Set D (_d_jobs,
_d_asks) was run once, then read and tuned on (06/12/2026): no longer held out. Set E (_e_jobs,
_e_asks; a helper who saw only the guidance article and issue 28) was run once on 06/12/2026, after
the reader changes, and also on the commit before them; its failures were never printed. Set C was
then read and tuned on, and set F (_f_jobs, _f_asks; another helper, same rule) run once the same
way. On 06/12/2026 sets E and F were read and tuned on, and set G (_g_jobs, _g_asks: 85 + 85, a
helper who saw only the guidance article and issue 28, with classes of its own) was run once on
the commit before those changes and once after them; its failures were never printed. Set G was
then read and tuned on, and set H (_h_jobs, _h_asks: 80 + 80, another such helper) run the same
way, then read and tuned on, and set I (_i_jobs, _i_asks: 80 + 80) run once before and once after
that tuning; then set I was read and tuned on, and set J (_j_jobs, _j_asks: 70 + 70) run once
before and once after; then J was read and tuned on, and set K (_k_jobs, _k_asks: 70 + 60) run
once before and once after; then K was read and tuned on, and set L (_l_jobs, _l_asks: 60 + 60)
run once before and once after. On 06/12/2026 (stop 42) set M (_m_jobs, _m_asks: 80 + 80, classes
of its own) was run once on the commit before that stop's changes and once after the first batch
(built from the misses noticed on L and earlier sets); then M was read and tuned on, and set N
(_n_jobs, _n_asks: 80 + 80, half of it in classes no earlier convention named) run once on the
commit before that tuning and once after it; then N was read and tuned on, and set O (_o_jobs,
_o_asks: 60 + 60, two thirds in everyday wordings) run once before and once after that tuning.
On 07/12/2026 (stop 43) set P (_p_jobs, _p_asks: 80 + 80, a helper with the same rule) was
committed unread, run once on the commit before that stop's changes and once after them, then
read and tuned on. The tuning that stop also used two sets written for tuning by such helpers and
read from the start: reading_tuning_q_* and reading_tuning_r_* (60 + 60 each, R in unusual but
realistic wordings). On 07/12/2026 (stop 44) set S (_s_jobs, _s_asks: 80 + 80, a helper with the
same rule) was committed unread, run once on the commit before that stop's changes and once after
them, then read and tuned on; the stop also tuned on reading_tuning_t_* (60 + 60: tool output,
tables, parts in two units) and reading_tuning_u_* (50 + 60: deadline formats, Portugal,
two asks in one message), read from the start. On 07/12/2026 (stop 45) set V (_v_jobs, _v_asks:
80 + 80, about 46% in classes no earlier convention named) was committed unread, run once on the
commit before that stop's changes and once after them, then read and tuned on; the stop also tuned
on reading_tuning_w_* (60 + 60: pages of a stated size, corrections, cloc, spreadsheets, volumes
per working day, deadlines by events and time zones) and reading_tuning_x_* (60 + 60: sectors,
parts, sources, sizes of files), read from the start. On 07/12/2026 (stop 46) set Y (_y_jobs,
_y_asks: 80 + 80, two thirds in classes no earlier convention named) was committed unread, run
once on the commit before that stop's changes and once after them, then read and tuned on; the
stop also tuned on
reading_tuning_z_* (60 + 60: caps per category, e-mail threads, the client's working week,
synthetic data, pasted samples, sources in mixed units, chips we do not sell, comparisons of
deadlines and regions) and reading_tuning_aa_*, read from the start. On 07/12/2026 (stop 47) set
BB (_bb_jobs, _bb_asks: 80 + 80, more than half in classes no earlier convention named) was
committed unread, run once on the commit before that stop's changes and once after them; the stop
tuned on reading_tuning_cc_* and reading_tuning_dd_* (60 + 60 each, written by helpers with the
same inputs, read from the start). On 07/12/2026 (stop 48) set EE (_ee_jobs, _ee_asks: 80 + 80,
more than half in classes no earlier convention named) was committed unread, run once on the
commit before that stop's changes and once after them; the stop tuned on reading_tuning_ff_*
(pieces inside an example, reams, handle times, steps, chained deadlines), reading_tuning_gg_* and
reading_tuning_hh_* (everyday messages from many businesses), 60 + 60 each, read from the start.
On 07/12/2026 (stop 49) set II (_ii_jobs, _ii_asks: 80 + 80, 64 and 44 cases in classes no
earlier convention named) was committed unread, run once on the commit before that stop's changes
and once after them, then read and tuned on; the stop tuned on reading_tuning_jj_* (trades'
calendars and codes), reading_tuning_kk_* (asks besides a quote, nested sizes) and
reading_tuning_ll_* (everyday businesses and public bodies), 60 + 60 each, read from the start.
On 07/12/2026 (stop 50) set MM (_mm_jobs, _mm_asks: 80 + 80, 50 and 44 cases in classes no
earlier convention named) was committed unread and run once on the commit before that stop's
changes and once after them; the stop tuned on II (spent) and on reading_tuning_nn_* (windows,
histories, rates, frequencies, overlaps, opening hours, days off) and reading_tuning_oo_* (asks
besides a quote, trades' units), reading_tuning_pp_* (busy people's wording, dictation,
follow-ups) and reading_tuning_qq_* (trades' systems, institutional calendars), 60 + 60 each, read
from the start. On 07/12/2026 (stop 51) set RR (_rr_jobs, _rr_asks: 80 + 80, 58 and 54 cases in
classes no earlier convention named) was committed unread and run once on the commit before that
stop's changes and once after them; the stop tuned on MM (spent), on NN to QQ and on
reading_tuning_ss_* (60 + 60: tool and console output, nested documents, institutional dates),
read from the start. On 08/12/2026 (stop 52) set TT (_tt_jobs, _tt_asks: 80 + 80, 59 and 64
cases in classes no earlier convention named) was committed unread and run once on the commit
before that stop's changes and once after them; the stop tuned on RR (spent) and on
reading_tuning_uu_* (60 + 60: tool output, histograms, panels, ranges of days kept), read from the
start. The next reader change needs a fresh set.

Each message goes through the whole assistant, on a frozen clock, and is scored on what the client
sees: the quoted job's fields, and what kind of answer came back. Examples within 1%; tokens per
example or total tokens within 25%; deadline within 2 h; each constraint honoured in the quote or
named in the reply. Where a message names no model, the bot asks for one and the client answers
"Llama 3 8B". Run once per change, never to tune: failures print only with --show.

Run: python -m bench.reading_accuracy [--show] [--home DIR] [--a FILE] [--b FILE]
Target: >= 95% per field.
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

from bench.eval_home import bench_assistant

DATA = Path(__file__).parents[1] / "tests" / "data"
SETS = {"a": DATA / "reading_heldout_a.toml", "b": DATA / "reading_heldout_b.toml"}
ZONE = ZoneInfo("America/Sao_Paulo")
DEFAULT_NOW = "2026-12-03T10:00"
CONSTRAINTS = (
    "accelerator",
    "cloud",
    "data_residency",
    "framework",
    "kind",
    "budget_brl",
    "budget_usd",
    "spot",
)
# What a client answers when the bot asks which model: the data read before must still hold.
FOLLOW_UP_MODEL = "Llama 3 8B"
CLOUD_NAMES = {"aws": "AWS", "gcp": "Google", "azure": "Azure", "oci": "Oracle"}


def _close(got: Any, wanted: float, tolerance: float) -> bool:
    return got is not None and abs(float(got) - wanted) <= tolerance * abs(wanted)


def _job_tokens(job: dict[str, Any]) -> float | None:
    if job.get("dataset_tokens"):
        return float(job["dataset_tokens"])
    if job.get("examples") and job.get("tokens_per_example"):
        return float(job["examples"]) * float(job["tokens_per_example"])
    return None


def _fit_job(answer: str) -> dict[str, Any]:
    """The model and method a fit answer ("Não numa só placa: um modelo de 13B com QLoRA precisa
    de ~22 GB") states: a fit check quotes no job, yet it read one."""
    first = answer.split(":", 1)[-1].split(" precisa ", 1)[0]
    if not re.match(r"Sim:|Não num", answer):
        return {}
    size = re.search(r"(\d+(?:,\d+)?)B\b", first)
    method = next(
        (
            m
            for word, m in (("QLoRA", "qlora"), ("LoRA", "lora"), ("ajuste completo", "full"))
            if word in first
        ),
        None,
    )
    return {
        "model_name": first,
        "params": float(size[1].replace(",", ".")) * 1e9 if size else None,
        "method": method,
    }


def score_job(case: dict[str, Any], reply: dict[str, Any], now: datetime) -> dict[str, bool]:
    """Per field of set A: whether the quoted job holds what the client said."""
    quote = reply.get("quote")
    job = quote["job"] if quote else _fit_job(reply["answer"])
    assumed = set(job.get("assumed") or [])
    scores: dict[str, bool] = {}
    if "examples" in case:
        scores["examples"] = "examples" not in assumed and _close(
            job.get("examples"), case["examples"], 0.01
        )
    if "tokens_per_example" in case and job.get("dataset_tokens") and not job.get("examples"):
        # Whole books are read as the dataset's total, each example cut at the context.
        wanted = float(case["tokens_per_example"]) * float(case.get("examples") or 0)
        scores["tokens"] = _close(job.get("dataset_tokens"), wanted, 0.25)
    elif "tokens_per_example" in case:
        scores["tokens"] = "tokens_per_example" not in assumed and _close(
            job.get("tokens_per_example"), case["tokens_per_example"], 0.25
        )
    elif "dataset_tokens" in case:
        scores["tokens"] = _close(_job_tokens(job), case["dataset_tokens"], 0.25)
    if "deadline" in case:
        due = datetime.fromisoformat(case["deadline"]).replace(tzinfo=ZONE)
        hours, got = (due - now).total_seconds() / 3600, job.get("deadline_hours")
        scores["deadline"] = got is not None and abs(float(got) - hours) <= 2
    if case.get("urgent"):
        scores["urgent"] = bool(job.get("urgent"))
    if "params_b" in case:
        name = str(job.get("model_name") or "")
        nominal = f"{float(case['params_b']):g}B"
        scores["model"] = _close((job.get("params") or 0) / 1e9, case["params_b"], 0.3) or bool(
            re.search(rf"(?<![\d.]){re.escape(nominal)}\b", name)
        )
    if "method" in case:
        scores["method"] = job.get("method") == case["method"]
    if "epochs" in case:
        scores["epochs"] = _close(job.get("epochs"), case["epochs"], 0.01)
    # A message with numbers that are no data must not invent a dataset.
    if not {"examples", "tokens_per_example", "dataset_tokens"} & case.keys() and quote:
        scores["no_invented_data"] = "examples" in assumed or "dataset_tokens" not in job
    return scores


def answered_as(reply: dict[str, Any]) -> str:
    """The kind of answer a client sees, in set B's words."""
    answer, intent = reply["answer"], reply["intent"]
    sources = {source.get("source") for source in reply.get("sources") or []}
    # Each marker as the reply writes it in Portuguese and in English.
    if re.search(r"Comparação lado a lado|Side-by-side comparison", answer):
        return "compare"
    if re.match(r"Em dólar|In dollars", answer):
        return "in_dollars"
    if re.search(r"proposta em PDF|PDF proposal|/minhas_cotacoes", answer):
        return "proposal"
    if reply.get("handoff"):  # a PDF sent with a handoff (to e-mail it) is still the proposal
        return "handoff"
    if re.match(r"Preço por hora|Hourly price", answer):
        return "price_per_hour"
    # first, before any quote it comes with; "Não com 2x ..." on the client's own cards (stop 47)
    if re.match(
        r"Sim:|Não num|Não com \d|Não:|Pela memória, sim|Yes:|Not on|No:|By memory", answer
    ):
        return "fit_check"
    if re.search(r"Alugando,|Renting \d", answer):
        return "rent_or_buy"
    if "bot/sales/data/company.toml" in sources:
        return "commercial"
    if intent == "greeting":
        return "social"
    return {"quote": "quote", "clarify": "clarify", "out_of_scope": "out_of_scope"}.get(
        intent, "guidance"
    )


def _card(recommendation: dict[str, Any]) -> str:
    """The quoted card as the sets name it: "a100" matches the catalog's "a100-80gb"."""
    return str(recommendation.get("accelerator") or "").replace("-", " ")


def score_ask(case: dict[str, Any], reply: dict[str, Any]) -> dict[str, bool]:
    """Set B: whether the answer is the kind asked for, and each constraint honoured or named."""
    wanted = case["ask"]
    wanted = "social" if wanted in ("greeting", "closing") else wanted
    got, answer = answered_as(reply), reply["answer"]
    quote = reply.get("quote")
    rec = quote["recommendation"] if quote else {}
    if wanted == "requote":  # the card is checked only where the client named one
        ok = got == "quote" and _card(rec).startswith(str(case.get("accelerator", "")))
    elif wanted == "rent_or_buy" and got == "guidance":
        ok = bool(re.search(r"alug|CAPEX|compra", answer))  # no job to do the sums with
    else:
        ok = got == wanted
    scores = {"ask": ok}
    job = quote["job"] if quote else {}
    for name in CONSTRAINTS:
        if name not in case or wanted not in ("quote", "requote", "compare"):
            continue
        value = case[name]
        match name:
            case "accelerator":
                held = _card(rec).startswith(value)
                named = value.split("-")[0].upper() in answer.upper()
            case "cloud":
                held = job.get("cloud") == value
                named = f"Nuvem {CLOUD_NAMES.get(value, value)}" in answer
            case "kind":
                held, named = rec.get("kind") == value, False
            case "budget_brl":
                held = _close(job.get("budget_brl"), value, 0.01)
                named = "orçamento" in answer.lower()
            case "budget_usd":
                held, named = job.get("budget_brl") is not None, "US$" in answer
            case "data_residency":
                said = re.search(r"dados no brasil|data in brazil", answer.lower())
                held, named = job.get(name) == value, bool(said)
            case "spot":
                held, named = job.get(name) == value, value and "spot" in answer.lower()
            case _:
                held, named = job.get(name) == value, False
        scores[name] = held or named
    return scores


def _run(assistant: Any, conversation: str, messages: list[str], now: datetime) -> dict[str, Any]:
    reply: dict[str, Any] = {}
    for message in messages:
        with time_machine.travel(now, tick=False):
            reply = assistant.reply(conversation, message).to_json_dict()
    return reply


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show", action="store_true", help="print each failure (no tuning!)")
    parser.add_argument("--home", type=Path)
    parser.add_argument("--a", type=Path, default=SETS["a"], help="another set in A's format")
    parser.add_argument("--b", type=Path, default=SETS["b"], help="another set in B's format")
    arguments = parser.parse_args()
    with bench_assistant(arguments.home, dense="off") as assistant:
        for name, path in (("a", arguments.a), ("b", arguments.b)):
            with path.open("rb") as handle:
                cases = tomllib.load(handle)["case"]
            tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
            for number, case in enumerate(cases):
                now = datetime.fromisoformat(case.get("now", DEFAULT_NOW)).replace(tzinfo=ZONE)
                context = case.get("context", [])
                # one earlier message may be written as a string rather than a list of one
                messages = [*([context] if isinstance(context, str) else context), case["message"]]
                reply = _run(assistant, f"{name}-{number}", messages, now)
                # No model named (sets from G on write it as "llama 3 8b", 8.0): the bot asks for
                # it, and the client answers with one.
                no_model = "params_b" not in case or case.get("model") == "llama 3 8b"
                if name == "a" and reply["intent"] == "clarify" and no_model:
                    reply = _run(assistant, f"{name}-{number}", [FOLLOW_UP_MODEL], now)
                scores = score_job(case, reply, now) if name == "a" else score_ask(case, reply)
                for field, ok in scores.items():
                    tally[field][0] += ok
                    tally[field][1] += 1
                if arguments.show and not all(scores.values()):
                    failed = [field for field, ok in scores.items() if not ok]
                    print(f"[{name}{number}] {failed} {case['message']!r}")
                    print("    → " + reply["answer"][:240].replace("\n", " / "))
            print(f"\nconjunto {name} ({len(cases)} mensagens):")
            for field, (good, total) in sorted(tally.items()):
                print(f"  {field:<18} {good:>4}/{total:<4} {100 * good / total:5.1f}%")


if __name__ == "__main__":
    main()
