"""`infrabot plan COT-...` and `infrabot quote ... --plan FILE`: the SkyPilot task for a quote."""

from pathlib import Path
from typing import Annotated

import typer

from bot.cli.sales import Number, _book
from bot.sales.launch import HOW_TO, check_plan, plan_file_name, plan_for_record
from quoting.launch_plan import LaunchPlan, PlanError

Choice = Annotated[
    int,
    typer.Option(
        "--alternativa", help="0 = recomendada (padrão); 1, 2, ... = alternativas da cotação."
    ),
]
Output = Annotated[
    Path | None, typer.Option("--saida", "-o", help="Arquivo YAML (padrão: plano-NÚMERO.yaml).")
]


def write_plan(plan: LaunchPlan, path: Path) -> list[str]:
    """Write the task to `path`, check it with SkyPilot when installed; pt-BR report lines."""
    try:
        path.write_text(plan.to_yaml(), encoding="utf-8")
    except OSError as error:
        raise PlanError(f"Não consegui gravar {path}: {error.strerror or error}.") from error
    return [f"Plano de execução salvo em {path}.", *plan.summary(), check_plan(plan)]


def plan(number: Number, choice: Choice = 0, output: Output = None) -> None:
    """Gera o plano de execução (tarefa SkyPilot) da máquina de uma cotação."""
    built = plan_for_record(_book().get(number), choice)
    path = output or Path(plan_file_name(built))
    for line in write_plan(built, path):
        typer.echo(line)
    typer.echo(HOW_TO.format(file=path.name))
