"""Memory estimator against published measured peaks: per-case error, median and worst.

Run: python -m bench.estimator_accuracy
Error = (estimate - measured) / measured; positive is an over-estimate (safe), negative an
under-estimate (the error that sends a client to a machine where the job runs out of memory).
"""

import statistics

from bench.measured_cases import load_cases
from quoting.memory import GB, estimate_memory


def main() -> None:
    cases = load_cases()
    errors: list[float] = []
    print(f"{'caso':<48} {'medido GB':>10} {'estimado GB':>12} {'erro':>8}")
    for case in cases:
        estimate = estimate_memory(case.job(), devices=case.devices, sharded=case.sharded)
        measured = case.measured_bytes / GB
        error = (estimate.total - measured) / measured
        mark = "" if case.comparable else "  (fora da calibração)"
        print(f"{case.id:<48} {measured:>10.1f} {estimate.total:>12.1f} {error:>+8.0%}{mark}")
        if case.comparable:
            errors.append(error)
    print()
    print(f"casos comparáveis: {len(errors)} de {len(cases)}")
    print(f"erro mediano: {statistics.median(errors):+.0%}")
    print(f"erro absoluto mediano: {statistics.median(abs(e) for e in errors):.0%}")
    print(f"pior subestimativa: {min(errors):+.0%}")
    print(f"pior superestimativa: {max(errors):+.0%}")
    print(f"subestimativas: {sum(e < 0 for e in errors)}")


if __name__ == "__main__":
    main()
