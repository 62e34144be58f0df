"""Help screens in pt-BR. typer (with its own copy of click) prints a few fixed English words in
every help screen, "Usage:", "Show this message and exit.", type labels like "<str>" and "<bool>",
and offers no translation hook for them: `install` sets its message constants, gives the help
option a Portuguese text, starts usage lines with "Uso:" and names types in Portuguese.

Only help text is translated here; usage errors keep typer's English, which `main` matches and
rewrites as pt-BR sentences.
"""

from collections.abc import Callable
from typing import Any

import typer.core
from typer import _click, rich_utils

HELP_TEXT = {
    "Show this message and exit.": "Mostra esta ajuda e sai.",
    "Usage:": "Uso:",
    "Options": "Opções",
    "Arguments": "Argumentos",
    "Positional arguments": "Argumentos",
    "Commands": "Comandos",
    "default: {default}": "padrão: {default}",
    "env var: {var}": "variável de ambiente: {var}",
    "required": "obrigatório",
    "(dynamic)": "(dinâmico)",
    "Aborted!": "Interrompido.",
}
# typer shows each option's type ("<str>", "<list[Path]>", "<int range>"); flags show none.
TYPE_LABELS = {
    "str": "TEXTO",
    "int": "INTEIRO",
    "int range": "INTEIRO",
    "float": "NÚMERO",
    "float range": "NÚMERO",
    "path": "CAMINHO",
    "Path": "CAMINHO",
    "file": "ARQUIVO",
    "directory": "PASTA",
}


def _label(shown: str | None) -> str | None:
    if not shown or not shown.startswith("<"):
        return shown
    inner = shown.strip("<>")
    if inner.startswith("list[") and inner.endswith("]"):
        return f"{TYPE_LABELS.get(inner[5:-1], inner[5:-1])}..."
    return TYPE_LABELS.get(inner, inner.upper())


def _translate(message: str) -> str:
    return HELP_TEXT.get(message, message)


def _option_type(
    original: Callable[[typer.core.TyperOption, _click.core.Context], str | None],
) -> Callable[[typer.core.TyperOption, _click.core.Context], str | None]:
    def display_type_rich(self: typer.core.TyperOption, ctx: _click.core.Context) -> str | None:
        if self.is_flag or self.count:
            return None
        return _label(original(self, ctx))

    return display_type_rich


def _argument_type(
    original: Callable[[Any, _click.core.Context], str | None],
) -> Callable[[Any, _click.core.Context], str | None]:
    def display_type_rich(self: Any, ctx: _click.core.Context) -> str | None:
        return _label(original(self, ctx))

    return display_type_rich


class _Formatter(_click.formatting.HelpFormatter):
    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        args = args.replace("[OPTIONS]", "[OPÇÕES]").replace("COMMAND [ARGS]", "COMANDO [ARGS]")
        super().write_usage(prog, args, "Uso: " if prefix is None else prefix)


def _help_option(
    original: Callable[[Any, _click.core.Context], Any],
) -> Callable[[Any, _click.core.Context], Any]:
    def get_help_option(self: Any, ctx: _click.core.Context) -> Any:
        option = original(self, ctx)
        if option is not None:
            option.help = HELP_TEXT["Show this message and exit."]
        return option

    return get_help_option


def install() -> None:
    """Make every help screen of the `infrabot` command Portuguese (call once, at import)."""
    typer.core._ = _translate  # type: ignore[attr-defined]
    rich_utils.OPTIONS_PANEL_TITLE = "Opções"
    rich_utils.COMMANDS_PANEL_TITLE = "Comandos"
    rich_utils.ARGUMENTS_PANEL_TITLE = "Argumentos"
    rich_utils.ERRORS_PANEL_TITLE = "Erro"
    rich_utils.DEFAULT_STRING = "[padrão: {}]"
    rich_utils.REQUIRED_LONG_STRING = "[obrigatório]"
    rich_utils.ENVVAR_STRING = "[variável de ambiente: {}]"
    rich_utils.DEPRECATED_STRING = "(obsoleto) "
    rich_utils.ABORTED_TEXT = "Interrompido."
    rich_utils.RICH_HELP = "Veja [blue]'{command_path} {help_option}'[/]."
    _click.core.Context.formatter_class = _Formatter
    _click.core.Command.get_help_option = _help_option(  # type: ignore[method-assign,assignment]
        _click.core.Command.get_help_option
    )
    typer.core.TyperOption.display_type_rich = _option_type(  # type: ignore[method-assign,assignment]
        typer.core.TyperOption.display_type_rich
    )
    typer.core.TyperArgument.display_type_rich = _argument_type(  # type: ignore[method-assign,assignment]
        typer.core.TyperArgument.display_type_rich
    )
