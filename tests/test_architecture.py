"""The map in ARCHITECTURE.md holds: imports point one way between the wings, the engine imports
no database or channel, and the quoting command starts without the heavy libraries."""

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Each wing and the wings it may import. ops and db are used by all and use none of the others;
# locales (the translation catalogs) is below everything, the engine included.
_SHARED = {"bot.ops", "bot.db", "locales"}
_ENGINE = {"quoting", "knowledge"}
_SERVICES = {"bot.sales", "bot.assistant", "bot.relay"}
ALLOWED: dict[str, set[str]] = {
    "locales": set(),
    "quoting": {"locales"},
    "knowledge": {"quoting", "locales"},
    "bot.ops": set(),
    "bot.db": {"bot.ops"},
    "bot.sales": {"quoting"} | _SHARED,
    "bot.market": {"quoting"} | _SHARED,
    "bot.assistant": _ENGINE | _SHARED | {"bot.sales"},
    "bot.relay": _ENGINE | _SHARED | {"bot.sales", "bot.assistant"},
    "bot.telegram": _ENGINE | _SHARED | _SERVICES,
    "bot.slack": _ENGINE | _SHARED | _SERVICES,
    # The command line launches the channels, so it alone may import them.
    "bot.cli": _ENGINE | _SHARED | _SERVICES | {"bot.telegram", "bot.slack", "bot.market"},
}


def _wing(module: str) -> str | None:
    """The wing a dotted module name belongs to (None for third-party modules)."""
    parts = module.split(".")
    if parts[0] in ("quoting", "knowledge", "locales"):
        return parts[0]
    if parts[0] == "bot" and len(parts) > 1 and f"bot.{parts[1]}" in ALLOWED:
        return f"bot.{parts[1]}"
    return None


def _imports(path: Path) -> set[str]:
    """Every module of ours that a file imports (at the top or inside a function)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _sources() -> list[Path]:
    return sorted(
        path
        for package in ("quoting", "knowledge", "bot", "locales")
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    )


def _violations() -> list[str]:
    wrong = []
    for path in _sources():
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        own = _wing(module)
        if own is None:  # bot/__init__.py
            continue
        for imported in _imports(path):
            target = _wing(imported)
            if target is not None and target != own and target not in ALLOWED[own]:
                wrong.append(f"{path.relative_to(ROOT)} imports {imported}")
    return sorted(set(wrong))


def test_every_module_belongs_to_a_wing() -> None:
    homeless = [
        str(path.relative_to(ROOT))
        for path in _sources()
        if _wing(".".join(path.relative_to(ROOT).with_suffix("").parts)) is None
        and path.relative_to(ROOT) != Path("bot/__init__.py")
    ]
    assert homeless == []


def test_imports_point_one_way_between_the_wings() -> None:
    assert _violations() == []


def test_the_checker_catches_an_import_against_the_arrows(tmp_path: Path) -> None:
    backwards = tmp_path / "backwards.py"
    backwards.write_text("from bot.telegram.app import run\nimport bot.slack.views\n")
    targets = {_wing(name) for name in _imports(backwards)}
    assert {"bot.telegram", "bot.slack"} <= targets
    assert not targets & (ALLOWED["bot.relay"] | {None})


def test_every_module_says_what_it_holds_and_stays_short() -> None:
    undocumented, long = [], []
    for path in _sources():
        text = path.read_text(encoding="utf-8")
        if (path.name != "__init__.py" or text.strip()) and ast.get_docstring(
            ast.parse(text)
        ) is None:
            undocumented.append(str(path.relative_to(ROOT)))
        if len(text.splitlines()) > 450:
            long.append(str(path.relative_to(ROOT)))
    assert undocumented == []
    assert long == []


BLOCKER = textwrap.dedent(
    """
    import importlib.abc, sys

    BLOCKED = ("sqlalchemy", "alembic", "telegram", "slack_bolt", "slack_sdk", "chromadb",
               "torch", "sentence_transformers", "langchain_core")

    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"blocked: {name}")
            return None

    sys.meta_path.insert(0, Block())
    """
)


def test_the_engine_works_with_databases_and_channels_blocked() -> None:
    code = BLOCKER + textwrap.dedent(
        """
        import pkgutil, importlib, quoting
        for info in pkgutil.walk_packages(quoting.__path__, "quoting."):
            importlib.import_module(info.name)
        from quoting.jobspec import JobSpec, normalize
        from quoting.quote import build_quote
        quote = build_quote(normalize(JobSpec(model="llama-3-8b", method="lora", examples=5000)))
        print(quote.total_brl > 0)
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"


@pytest.mark.parametrize("blocked", ["sqlalchemy", "telegram", "slack_bolt"])
def test_the_blocker_would_catch_an_engine_that_imported_them(blocked: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", BLOCKER + f"import {blocked}"], capture_output=True, text=True
    )
    assert result.returncode != 0 and "blocked" in result.stderr


def test_the_quote_command_loads_no_heavy_library() -> None:
    code = textwrap.dedent(
        """
        import sys
        from bot.cli.main import main
        sys.argv = ["infrabot", "quote", "--model", "llama-3-8b", "--method", "lora",
                    "--examples", "5000", "--json"]
        try:
            main()
        except SystemExit:
            pass
        heavy = ("torch", "chromadb", "sqlalchemy", "alembic", "telegram", "slack_bolt",
                 "slack_sdk", "sentence_transformers", "langchain_core")
        print("HEAVY=" + ",".join(m for m in heavy if m in sys.modules), file=sys.stderr)
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert '"total_brl"' in result.stdout, result.stderr
    heavy = [line for line in result.stderr.splitlines() if line.startswith("HEAVY=")]
    assert heavy == ["HEAVY="]
