"""The repository stands alone: no file reads outside it, and a fresh clone with nothing beside it
collects its own tests."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SKIPPED_DIRS = {".git", ".venv", "var", "build", "dist", "__pycache__", ".mypy_cache"}
SKIPPED_DIRS |= {".ruff_cache", ".pytest_cache", ".hypothesis"}
# Files that run or are read by what runs: code, tests, scripts, bench, data, deploy. Prose (the
# runbooks' shell steps for a person at a prompt) is not scanned.
CODE_SUFFIXES = {".py", ".sh", ".toml", ".yml", ".yaml", ".cfg", ".ini", ".service", ".txt"}
# Written in pieces so that this file does not match its own patterns.
_SIBLING = re.compile(r"\.\.[/\\]+" + "shared" + r"\b|['\"]\.\.['\"],\s*['\"]" + "shared")
_ABSOLUTE = re.compile(r"(?<![\w.~-])/" + r"(?:work|shared)/")
_CLIMB = re.compile(r"(?<![.\w])\.\.(?:[/\\]+\.\.)*(?![.\w])")
_PARENTS = re.compile(r"__file__\)(?:\.resolve\(\))?\.parents\[(\d+)\]")
_PARENT_CHAIN = re.compile(r"__file__\)(?:\.resolve\(\))?((?:\.parent\b)+)")


def project_files() -> list[Path]:
    """Every file of the project that runs or is read when it runs, except this one (whose
    examples of escaping paths are the scanner's own test)."""
    files = []
    for directory, subdirs, names in os.walk(ROOT):
        subdirs[:] = [d for d in subdirs if d not in SKIPPED_DIRS and not d.endswith(".egg-info")]
        for name in names:
            path = Path(directory, name)
            executable = path.suffix == "" and os.access(path, os.X_OK)
            code = path.suffix in CODE_SUFFIXES or name.startswith("Dockerfile") or executable
            if code and path != Path(__file__).resolve():
                files.append(path)
    return sorted(files)


def escapes(relative: Path, text: str) -> list[str]:
    """The places where `text`, the content of the file at `relative` (to the repository root),
    reaches outside the repository."""
    depth = len(relative.parts) - 1  # folders between the root and the file
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        where = f"{relative}:{number}"
        if _SIBLING.search(line):
            found.append(f"{where}: pasta ao lado do repositório")
        if _ABSOLUTE.search(line):
            found.append(f"{where}: caminho absoluto")
        for climb in _CLIMB.findall(line):
            if climb.count("..") > depth:
                found.append(f"{where}: '{climb}' sai da raiz")
        for parents in _PARENTS.findall(line):
            if int(parents) > depth:
                found.append(f"{where}: parents[{parents}] sai da raiz")
        for chain in _PARENT_CHAIN.findall(line):
            if chain.count(".parent") > depth + 1:
                found.append(f"{where}: .parent encadeado sai da raiz")
    return found


def test_the_scanner_finds_paths_that_leave_the_repository() -> None:
    nested = Path("tests/knowledge/test_x.py")
    assert escapes(nested, 'ARTICLE = Path("../' + 'shared/seeds/a.txt")')
    assert escapes(nested, "ROOT = Path(__file__).parents[3]")
    assert escapes(nested, "ROOT = Path(__file__).resolve().parent.parent.parent.parent")
    assert escapes(nested, 'open("/' + 'work/shared/DESIGN.md")')
    assert escapes(Path("scripts/run.sh"), 'cd "$(dirname "$0")/../.."')
    assert not escapes(nested, "ROOT = Path(__file__).parents[2]")
    assert not escapes(nested, "DATA = Path(__file__).parent.parent / 'data'")
    assert not escapes(Path("scripts/run.sh"), 'cd "$(dirname "$0")/.."')


def test_no_project_file_reads_outside_the_repository() -> None:
    found = []
    for path in project_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # binary files (PDF fixtures, images) hold no paths
        found += escapes(path.relative_to(ROOT), text)
    assert found == []


def test_a_fresh_clone_alone_in_a_folder_collects_its_tests(tmp_path: Path) -> None:
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("precisa do git e de um repositório git")
    clone = tmp_path / "infrabot"
    subprocess.run([git, "clone", "--quiet", str(ROOT), str(clone)], check=True)
    assert [p.name for p in tmp_path.iterdir()] == ["infrabot"]  # nothing beside the clone
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "INFRABOT_HOME")}
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr[-3000:]
    counts = dict(re.findall(r"^(tests/\S+\.py): (\d+)$", collected.stdout, flags=re.M))
    assert int(counts["tests/knowledge/test_corpus.py"]) > 0  # reads the article from tests/data
    assert len(counts) == len(list((clone / "tests").rglob("test_*.py")))
    # No collection error (a test file may have "error" in its name).
    assert not re.search(r"^(ERROR|E   )|errors? (during|in) collection", collected.stdout, re.M)
