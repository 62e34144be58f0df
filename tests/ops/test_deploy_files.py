"""Static checks of deploy/: no container engine runs on the development machines or in CI, so the
image, the compose file, the Caddyfile and the systemd units are validated by reading them.

Each check is a small function that returns the problems it finds; the tests run it on the real
files (no problems expected) and on a small broken example (the problem must be found), so a check
that silently stopped checking would fail too. Tools that validate for real (`docker compose
config`, `caddy validate`, `systemd-analyze verify`) run when they are installed, and skip with
the reason otherwise.
"""

import configparser
import fnmatch
import json
import os
import re
import shlex
import shutil
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import typer.main
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
COMPOSE = DEPLOY / "compose.yaml"
DOCKERFILE = DEPLOY / "Dockerfile"
DOCKERIGNORE = DEPLOY / "Dockerfile.dockerignore"
CADDYFILE = DEPLOY / "Caddyfile"
SYSTEMD = DEPLOY / "systemd"
ENV_EXAMPLE = SYSTEMD / "infrabot.env.example"
README = DEPLOY / "README.md"

INFRABOT_SERVICES = {"migrate", "indexer", "bot", "slack", "catalog-refresh"}
UNITS = {
    "infrabot-catalog-refresh.service",
    "infrabot-migrate.service",
    "infrabot-chroma.service",
    "infrabot-telegram@.service",
    "infrabot-slack.service",
}
# The environment every infrabot container gets from the x-infrabot extension field; None: any
# value (it comes from deploy/.env).
COMMON_ENV: dict[str, str | None] = {
    "INFRABOT_DATABASE_URL_FILE": "/run/secrets/database_url",
    "INFRABOT_CHROMA_URL": "http://chroma:8000",
    "INFRABOT_HOME": "/var/lib/infrabot",
    "INFRABOT_STAFF": None,
    "INFRABOT_USD_BRL": None,
    "INFRABOT_SLACK_LEADS_CHANNEL": None,
    "INFRABOT_SLACK_HANDOFF_CHANNEL": None,
    "INFRABOT_LOG_FORMAT": "json",
}
SECRET_FILE_VARIABLES = {
    "TELEGRAM_BOT_TOKEN_FILE",
    "TELEGRAM_WEBHOOK_SECRET_FILE",
    "SLACK_BOT_TOKEN_FILE",
    "SLACK_APP_TOKEN_FILE",
    "SLACK_SIGNING_SECRET_FILE",
    "INFRABOT_DATABASE_URL_FILE",
}
# Commands the other half of this change adds to bot/cli.py; until they exist, the check that
# deploy/ only names real commands skips them (and only them).
PENDING_COMMANDS = {"slack", "db"}


# --------------------------------------------------------------------------------------------
# Secrets: names and values
# --------------------------------------------------------------------------------------------

_SECRET_NAME = re.compile(
    r"(^|_)(TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|CREDENTIALS?)($|_)", re.IGNORECASE
)
_SECRET_VALUES = [
    re.compile(r"\b\d{6,12}:[A-Za-z0-9_-]{30,}"),  # Telegram bot token
    re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),  # Slack bot/user token
    re.compile(r"\bxapp-[A-Za-z0-9-]{10,}"),  # Slack app-level token
    re.compile(r"\bsk-[A-Za-z0-9_-]{20,}"),  # OpenAI-style API key
    re.compile(r"\bAKIA[0-9A-Z]{16}\b"),  # AWS access key id
    re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    re.compile(r"://[^/\s:@]+:[^/\s@$]+@"),  # a URL carrying user:password@
    re.compile(r"^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9_+=-]{32,}$"),  # long random string
]


def looks_like_secret(value: str) -> bool:
    """True for a value shaped like a token, key or password-carrying URL."""
    return any(pattern.search(value) for pattern in _SECRET_VALUES)


def is_secret_name(name: str) -> bool:
    """A variable that would hold a secret by itself (the *_FILE form holds only a path)."""
    return bool(_SECRET_NAME.search(name)) and not name.upper().endswith("_FILE")


def _is_interpolation(value: str) -> bool:
    return bool(re.fullmatch(r"\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*", value))


def environment_problems(where: str, env: Mapping[str, str | None]) -> list[str]:
    """Secrets must reach processes only as files (*_FILE): a secret-named variable, a
    secret-looking value, or a variable set both directly and through *_FILE is a problem."""
    problems = []
    for name, raw in env.items():
        value = "" if raw is None else str(raw)
        if is_secret_name(name):
            problems.append(f"{where}: {name} carries a secret; use {name}_FILE")
        if value and not _is_interpolation(value) and looks_like_secret(value):
            problems.append(f"{where}: {name} has a literal secret-looking value")
        if name.endswith("_FILE") and name.removesuffix("_FILE") in env:
            problems.append(
                f"{where}: both {name.removesuffix('_FILE')} and {name} are set "
                "(the plain variable would win over the file)"
            )
    return problems


# --------------------------------------------------------------------------------------------
# Compose
# --------------------------------------------------------------------------------------------


def load_compose(text: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(COMPOSE.read_text() if text is None else text)
    return data


def service_environment(service: Mapping[str, Any]) -> dict[str, str | None]:
    raw = service.get("environment") or {}
    if isinstance(raw, list):
        env: dict[str, str | None] = {}
        for item in raw:
            name, sep, value = str(item).partition("=")
            env[name] = value if sep else None
        return env
    return {str(k): None if v is None else str(v) for k, v in raw.items()}


def service_secrets(service: Mapping[str, Any]) -> dict[str, str]:
    """target file name -> source secret, for the short and the long syntax."""
    mounted: dict[str, str] = {}
    for entry in service.get("secrets") or []:
        if isinstance(entry, str):
            mounted[entry] = entry
        else:
            source = str(entry["source"])
            target = str(entry.get("target") or source)
            mounted[target.removeprefix("/run/secrets/")] = source
    return mounted


def uses_infrabot_image(service: Mapping[str, Any]) -> bool:
    build = service.get("build")
    dockerfile = build.get("dockerfile", "") if isinstance(build, dict) else ""
    return "infrabot" in str(service.get("image", "")) or str(dockerfile).endswith(
        "deploy/Dockerfile"
    )


def has_healthcheck(service: Mapping[str, Any]) -> bool:
    check = service.get("healthcheck")
    if check is None:
        return uses_infrabot_image(service)  # the image's HEALTHCHECK
    return not check.get("disable", False) and check.get("test") not in (None, ["NONE"])


def compose_problems(compose: Mapping[str, Any]) -> list[str]:
    problems: list[str] = []
    services: Mapping[str, Any] = compose.get("services") or {}
    declared_secrets: Mapping[str, Any] = compose.get("secrets") or {}
    declared_volumes: Mapping[str, Any] = compose.get("volumes") or {}
    used_volumes: set[str] = set()
    for name, service in services.items():
        env = service_environment(service)
        problems += environment_problems(f"service {name}", env)
        mounted = service_secrets(service)
        for source in mounted.values():
            if source not in declared_secrets:
                problems.append(f"service {name}: secret {source} is not declared")
        for variable, value in env.items():
            if not variable.endswith("_FILE"):
                continue
            target = (value or "").removeprefix("/run/secrets/")
            if not (value or "").startswith("/run/secrets/") or target not in mounted:
                problems.append(
                    f"service {name}: {variable}={value} is not a secret mounted in the service"
                )
        depends = service.get("depends_on") or {}
        for target in depends if isinstance(depends, list) else depends.keys():
            if target not in services:
                problems.append(f"service {name}: depends_on unknown service {target}")
                continue
            condition = depends[target].get("condition") if isinstance(depends, dict) else None
            if condition == "service_healthy" and not has_healthcheck(services[target]):
                problems.append(f"service {name}: waits for {target} healthy, it has no check")
        for volume in service.get("volumes") or []:
            source = volume.split(":", 1)[0] if isinstance(volume, str) else volume.get("source")
            if not source or not isinstance(source, str):
                continue
            if source.startswith((".", "/")):
                if source.startswith(".") and not (DEPLOY / source).exists():
                    problems.append(f"service {name}: bind mount {source} does not exist")
            else:
                used_volumes.add(source)
                if source not in declared_volumes:
                    problems.append(f"service {name}: volume {source} is not declared")
        if uses_infrabot_image(service):
            for variable, expected in COMMON_ENV.items():
                if variable not in env:
                    problems.append(f"service {name}: missing common variable {variable}")
                elif expected is not None and env[variable] != expected:
                    problems.append(f"service {name}: {variable}={env[variable]!r}")
    problems += [f"volume {v} is declared but unused" for v in set(declared_volumes) - used_volumes]
    for secret, spec in declared_secrets.items():
        file = str((spec or {}).get("file", ""))
        if not file.startswith("./secrets/"):
            problems.append(f"secret {secret} must come from a file under deploy/secrets/")
    return problems


def test_compose_file_has_no_problems() -> None:
    assert compose_problems(load_compose()) == []


def test_compose_infrabot_services_share_the_image_and_the_common_environment() -> None:
    compose = load_compose()
    services = compose["services"]
    assert {n for n, s in services.items() if uses_infrabot_image(s)} == INFRABOT_SERVICES
    assert "x-infrabot" in compose, "the common settings live in the x-infrabot extension field"
    images = {services[n]["image"] for n in INFRABOT_SERVICES}
    assert images == {compose["x-infrabot"]["image"]}
    for name in INFRABOT_SERVICES:
        assert service_environment(services[name]).get("INFRABOT_DATABASE_URL") is None
    used = {v for s in services.values() for v in service_environment(s) if v.endswith("_FILE")}
    assert used == SECRET_FILE_VARIABLES | {"POSTGRES_PASSWORD_FILE"}


def test_compose_bot_runs_two_checked_replicas_of_the_webhook_behind_the_proxy() -> None:
    services = load_compose()["services"]
    bot = services["bot"]
    assert bot["deploy"]["replicas"] == 2
    # Replicas cannot share a container name or a published host port.
    assert "container_name" not in bot and "ports" not in bot
    command = [str(part) for part in bot["command"]]
    assert command[0] == "telegram"
    webhook = command[command.index("--webhook") + 1]
    port = command[command.index("--port") + 1]
    assert webhook.startswith("${INFRABOT_PUBLIC_URL") and webhook.endswith("}/telegram")
    assert [str(p) for p in bot["expose"]] == [port]
    test = " ".join(str(part) for part in bot["healthcheck"]["test"])
    assert f"127.0.0.1:{port}/healthz" in test
    for dependency, condition in {
        "migrate": "service_completed_successfully",
        "indexer": "service_completed_successfully",
        "postgres": "service_healthy",
    }.items():
        assert bot["depends_on"][dependency]["condition"] == condition
    assert services["migrate"]["command"] == ["db", "upgrade"]
    assert services["migrate"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert services["indexer"]["command"] == ["index"]
    assert "chroma" in services["indexer"]["depends_on"]
    assert services["slack"]["command"] == ["slack"]
    proxy = services["proxy"]
    assert str(proxy["image"]).startswith("caddy:2")
    assert {"80:80", "443:443"} <= {str(p) for p in proxy["ports"]}
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    # Nothing but the proxy is reachable from outside.
    assert [n for n, s in services.items() if s.get("ports")] == ["proxy"]


def test_compose_backing_services() -> None:
    services = load_compose()["services"]
    postgres = services["postgres"]
    assert str(postgres["image"]).startswith("postgres:16")
    assert "pg_isready" in postgres["healthcheck"]["test"]
    env = service_environment(postgres)
    assert env["POSTGRES_PASSWORD_FILE"] == "/run/secrets/postgres_password"
    assert "POSTGRES_PASSWORD" not in env
    chroma = services["chroma"]
    assert str(chroma["image"]).startswith("chromadb/chroma")
    # The image's entrypoint is `chroma`.
    assert chroma["command"] == ["run", "--host", "0.0.0.0", "--port", "8000", "--path", "/data"]
    assert any(str(v).endswith(":/data") for v in chroma["volumes"])


def test_secret_files_are_kept_out_of_git() -> None:
    lines = (DEPLOY / "secrets" / ".gitignore").read_text().split()
    assert lines == ["*", "!.gitignore"]
    listed = subprocess.run(
        ["git", "ls-files", "deploy/secrets", "deploy/.env"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if listed.returncode == 0:
        assert listed.stdout.split() in ([], ["deploy/secrets/.gitignore"])


BAD_COMPOSE = """
services:
  bot:
    image: infrabot:latest
    environment:
      TELEGRAM_BOT_TOKEN: "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawq"
      SLACK_APP_TOKEN_FILE: /run/secrets/slack_app_token
      INFRABOT_DATABASE_URL: postgresql://infrabot:hunter2@postgres:5432/infrabot
      INFRABOT_DATABASE_URL_FILE: /run/secrets/database_url
      NOTES: "xoxb-1234567890-abcdefghij"
    secrets: [database_url, missing_secret]
    depends_on:
      ghost: {condition: service_started}
      proxy: {condition: service_healthy}
    volumes: [undeclared:/data, ./no-such-file:/x]
  proxy:
    image: caddy:2
secrets:
  database_url:
    file: /etc/database_url
"""


def test_compose_checker_finds_each_kind_of_problem() -> None:
    problems = "\n".join(compose_problems(load_compose(BAD_COMPOSE)))
    for expected in [
        "TELEGRAM_BOT_TOKEN carries a secret",
        "TELEGRAM_BOT_TOKEN has a literal secret-looking value",
        "INFRABOT_DATABASE_URL has a literal secret-looking value",
        "NOTES has a literal secret-looking value",
        "both INFRABOT_DATABASE_URL and INFRABOT_DATABASE_URL_FILE are set",
        "SLACK_APP_TOKEN_FILE=/run/secrets/slack_app_token is not a secret mounted",
        "secret missing_secret is not declared",
        "depends_on unknown service ghost",
        "waits for proxy healthy, it has no check",
        "volume undeclared is not declared",
        "bind mount ./no-such-file does not exist",
        "missing common variable INFRABOT_CHROMA_URL",
        "secret database_url must come from a file under deploy/secrets/",
    ]:
        assert expected in problems


@pytest.mark.parametrize(
    "value",
    [
        "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawq",
        "xoxb-2222222222-3333333333-abcdefabcdef",
        "xapp-1-A0123456789-1234567890-abcdef",
        "postgresql://infrabot:s3nh4@postgres:5432/infrabot",
        "6f1c2b0e9d8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e",
    ],
)
def test_secret_shaped_values_are_recognised(value: str) -> None:
    assert looks_like_secret(value)


@pytest.mark.parametrize(
    "value",
    [
        "/run/secrets/telegram_bot_token",
        "postgresql://infrabot@postgres:5432/infrabot",
        "http://chroma:8000",
        "telegram:123456=gerente,telegram:654321=vendas",
        "${INFRABOT_PUBLIC_URL:?defina INFRABOT_PUBLIC_URL em deploy/.env}/telegram",
        "C0123456789",
    ],
)
def test_ordinary_values_are_not_taken_for_secrets(value: str) -> None:
    assert not looks_like_secret(value)


def test_docker_compose_config_accepts_the_file(tmp_path: Path) -> None:
    docker = shutil.which("docker")
    if docker is None:
        pytest.skip("no docker CLI on this machine")
    version = subprocess.run(
        [docker, "compose", "version"], capture_output=True, text=True, check=False
    )
    if version.returncode != 0:
        pytest.skip(
            "the docker CLI has no compose plugin here ('docker compose version' failed); "
            "compose.yaml is checked statically by the other tests"
        )
    # A copy with stand-in secret files (the real ones are not in git).
    copy = tmp_path / "deploy"
    shutil.copytree(DEPLOY, copy, ignore=shutil.ignore_patterns(".env"))
    for secret, spec in load_compose()["secrets"].items():
        (copy / spec["file"]).write_text(f"stand-in-{secret}")
    env = {**os.environ, "INFRABOT_PUBLIC_URL": "https://bot.example.com"}
    result = subprocess.run(
        [docker, "compose", "-f", str(copy / "compose.yaml"), "config", "-q"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr


# --------------------------------------------------------------------------------------------
# Dockerfile
# --------------------------------------------------------------------------------------------


@dataclass
class Instruction:
    keyword: str
    args: str


@dataclass
class Stage:
    base: str
    name: str | None
    instructions: list[Instruction] = field(default_factory=list)

    def all(self, keyword: str) -> list[str]:
        return [i.args for i in self.instructions if i.keyword == keyword]


def parse_dockerfile(text: str) -> list[Stage]:
    """Stages with their instructions; continuation lines joined, comments dropped."""
    logical: list[str] = []
    pending = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if pending and stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        logical.append(pending + stripped)
        pending = ""
    if pending:
        logical.append(pending)
    stages: list[Stage] = []
    for line in logical:
        keyword, _, args = line.partition(" ")
        keyword = keyword.upper()
        if keyword == "FROM":
            words = args.split()
            words = [w for w in words if not w.startswith("--")]
            name = words[2] if len(words) >= 3 and words[1].upper() == "AS" else None
            stages.append(Stage(base=words[0], name=name))
        elif stages:
            stages[-1].instructions.append(Instruction(keyword, args.strip()))
        elif keyword != "ARG":
            raise ValueError(f"{keyword} before the first FROM")
    return stages


def _assignments(args: str) -> dict[str, str | None]:
    """ENV/ARG arguments: `A=1 B="x y"`, or the legacy `A value` form; ARG A without value."""
    words = shlex.split(args)
    if len(words) >= 2 and "=" not in words[0]:
        return {words[0]: " ".join(words[1:])}
    pairs: dict[str, str | None] = {}
    for word in words:
        name, sep, value = word.partition("=")
        pairs[name] = value if sep else None
    return pairs


def final_user(stages: list[Stage]) -> str | None:
    users = stages[-1].all("USER") if stages else []
    return users[-1] if users else None


def dockerfile_problems(text: str) -> list[str]:
    stages = parse_dockerfile(text)
    problems: list[str] = []
    if len(stages) < 2:
        problems.append("not multi-stage")
    for stage in stages:
        for keyword in ("ENV", "ARG"):
            for args in stage.all(keyword):
                for name, value in _assignments(args).items():
                    if value and is_secret_name(name):
                        problems.append(f"{keyword} {name} bakes a secret into the image")
                    elif value and looks_like_secret(value):
                        problems.append(f"{keyword} {name} has a secret-looking value")
    user = final_user(stages)
    if user is None or user.split(":")[0] in ("root", "0"):
        problems.append("the final stage runs as root")
    if stages and not stages[-1].all("HEALTHCHECK"):
        problems.append("no HEALTHCHECK in the final stage")
    runs = [run for stage in stages[:-1] for run in stage.all("RUN")]
    torch = next((i for i, r in enumerate(runs) if "torch==2.13.0" in r), None)
    project = next((i for i, r in enumerate(runs) if re.search(r"pip install /src\b", r)), None)
    if torch is None or "download.pytorch.org/whl/cpu" not in runs[torch]:
        problems.append("torch==2.13.0 is not installed from the CPU index")
    if project is None:
        problems.append("the project is not installed (pip install /src)")
    elif torch is not None and torch > project:
        problems.append("torch is installed after the project")
    return problems


def test_dockerfile_has_no_problems() -> None:
    assert dockerfile_problems(DOCKERFILE.read_text()) == []


def test_dockerfile_stages() -> None:
    builder, runtime = parse_dockerfile(DOCKERFILE.read_text())
    assert (builder.base, builder.name) == ("python:3.11-slim", "builder")
    assert runtime.base == "python:3.11-slim"
    assert "python -m venv /opt/venv" in builder.all("RUN")
    copies = " ".join(builder.all("COPY"))
    for source in ("pyproject.toml", "README.md", "quoting/", "knowledge/", "bot/"):
        assert source in copies
    checks = " ".join(builder.all("RUN"))
    assert "load_embeddings().embed_query(" in checks and "HF_HUB_OFFLINE=1" in checks

    assert "--from=builder /opt/venv /opt/venv" in runtime.all("COPY")
    env: dict[str, str | None] = {}
    for args in runtime.all("ENV"):
        env |= _assignments(args)
    assert env["INFRABOT_HOME"] == "/var/lib/infrabot"
    assert env["HF_HUB_OFFLINE"] == env["TRANSFORMERS_OFFLINE"] == "1"
    assert "--uid 10001" in " ".join(runtime.all("RUN"))
    assert final_user([runtime]) == "infrabot:infrabot"
    assert runtime.all("VOLUME") == ['["/var/lib/infrabot"]']
    assert runtime.all("EXPOSE") == ["8443"]
    (healthcheck,) = runtime.all("HEALTHCHECK")
    assert "python -c" in healthcheck and "http://127.0.0.1:${PORT:-8443}/healthz" in healthcheck
    assert "curl" not in healthcheck
    assert [json.loads(a) for a in runtime.all("ENTRYPOINT")] == [["infrabot"]]
    assert [json.loads(a) for a in runtime.all("CMD")] == [["start"]]


BAD_DOCKERFILE = """
FROM python:3.11-slim
# a comment
ARG SLACK_BOT_TOKEN=xoxb-1111111111-abcdefghijkl
ENV TELEGRAM_BOT_TOKEN=123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawq \\
    INFRABOT_HOME=/var/lib/infrabot
ENV DSN postgresql://infrabot:hunter2@db/infrabot
RUN pip install /src
RUN pip install torch==2.13.0
USER root
"""


def test_dockerfile_checker_finds_each_kind_of_problem() -> None:
    problems = "\n".join(dockerfile_problems(BAD_DOCKERFILE))
    for expected in [
        "not multi-stage",
        "ARG SLACK_BOT_TOKEN bakes a secret",
        "ENV TELEGRAM_BOT_TOKEN bakes a secret",
        "ENV DSN has a secret-looking value",
        "the final stage runs as root",
        "no HEALTHCHECK",
    ]:
        assert expected in problems
    # A single stage: its RUNs are not the builder's, so the install order is checked below.
    two_stages = BAD_DOCKERFILE + "FROM python:3.11-slim\nUSER app\nHEALTHCHECK CMD true\n"
    problems = "\n".join(dockerfile_problems(two_stages))
    assert "torch==2.13.0 is not installed from the CPU index" in problems
    fixed_index = two_stages.replace(
        "pip install torch", "pip install --index-url https://download.pytorch.org/whl/cpu torch"
    )
    assert "torch is installed after the project" in dockerfile_problems(fixed_index)


def test_user_set_only_in_the_builder_does_not_count() -> None:
    text = "FROM a AS b\nUSER app\nFROM c\nRUN true\n"
    assert final_user(parse_dockerfile(text)) is None


def dockerignore_patterns() -> list[str]:
    return [
        line.strip()
        for line in DOCKERIGNORE.read_text().splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]


def test_dockerignore_next_to_the_dockerfile_excludes_local_state_but_not_the_sources() -> None:
    patterns = dockerignore_patterns()
    for required in (".venv", ".git", "tests", "bench", "**/__pycache__", "*.db", "deploy/secrets"):
        assert required in patterns
    # Nothing the Dockerfile copies may be ignored.
    for source in ("pyproject.toml", "README.md", "quoting", "knowledge", "bot"):
        ignored = [p for p in patterns if not p.startswith("!") and fnmatch.fnmatch(source, p)]
        assert ignored == [], f"{source} is excluded from the build context by {ignored}"


# --------------------------------------------------------------------------------------------
# Caddyfile
# --------------------------------------------------------------------------------------------


def caddy_handles(text: str) -> dict[str, str]:
    """matcher of each `handle` block in the site block -> its body ("" for the catch-all);
    "<site>" -> what the site block holds outside them."""
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    handles: dict[str, str] = {"<site>": ""}
    depth = 0
    current: str | None = None
    for line in lines:
        if not line:
            continue
        opening, closing = line.count("{") - line.count("{$"), line.count("}")
        closing -= len(re.findall(r"\{\$[^}]*\}", line))
        if depth == 1 and line.startswith("handle") and line.endswith("{"):
            current = line.removeprefix("handle").removesuffix("{").strip()
            handles[current] = ""
        elif current is not None:
            handles[current] += line + "\n"
        elif depth >= 1:
            handles["<site>"] += line + "\n"
        depth += opening - closing
        if depth == 1:
            current = None
    return handles


def caddy_problems(text: str) -> list[str]:
    handles = caddy_handles(text)
    problems = []
    if "reverse_proxy" in handles["<site>"]:
        problems.append("reverse_proxy outside a path-scoped handle exposes every path")
    for matcher, body in handles.items():
        if matcher in ("<site>", "/telegram*", "/healthz"):
            continue
        if "reverse_proxy" in body:
            problems.append(f"handle {matcher or '(catch-all)'} proxies to the bot")
    telegram = handles.get("/telegram*", "")
    if "reverse_proxy" not in telegram or "name bot" not in telegram:
        problems.append("/telegram* is not balanced across the bot replicas")
    if "reverse_proxy" not in handles.get("/healthz", ""):
        problems.append("/healthz is not exposed")
    return problems


def test_caddyfile_balances_the_webhook_and_hides_metrics() -> None:
    text = CADDYFILE.read_text()
    assert caddy_problems(text) == []
    handles = caddy_handles(text)
    assert "port 8443" in handles["/telegram*"] and "lb_policy" in handles["/telegram*"]
    assert handles["/metrics*"].split() == ["respond", "404", "}"]
    assert handles[""].split() == ["respond", "404", "}"]
    assert text.lstrip().startswith("#")
    assert "{$INFRABOT_PUBLIC_URL} {" in text


def test_caddy_checker_catches_a_proxy_that_exposes_metrics() -> None:
    everything = "{$INFRABOT_PUBLIC_URL} {\n\treverse_proxy bot:8443\n}\n"
    assert "reverse_proxy outside a path-scoped handle exposes every path" in caddy_problems(
        everything
    )
    catch_all = (
        "{$INFRABOT_PUBLIC_URL} {\n\thandle /telegram* {\n\t\treverse_proxy {\n"
        "\t\t\tdynamic a {\n\t\t\t\tname bot\n\t\t\t}\n\t\t}\n\t}\n"
        "\thandle {\n\t\treverse_proxy bot:8443\n\t}\n}\n"
    )
    assert caddy_problems(catch_all) == [
        "handle (catch-all) proxies to the bot",
        "/healthz is not exposed",
    ]


def test_caddy_validates_the_caddyfile(tmp_path: Path) -> None:
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.skip("caddy is not installed here; the Caddyfile is checked statically above")
    env = {
        **os.environ,
        "INFRABOT_PUBLIC_URL": "https://bot.example.com",
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    adapted = subprocess.run(
        [caddy, "adapt", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert adapted.returncode == 0, adapted.stderr
    routes = json.loads(adapted.stdout)["apps"]["http"]["servers"]["srv0"]["routes"]
    assert routes[0]["match"] == [{"host": ["bot.example.com"]}]
    proxied = {
        path
        for route in routes[0]["handle"][0]["routes"]
        for match in route.get("match", [])
        for path in match.get("path", [])
        if "reverse_proxy" in json.dumps(route)
    }
    assert proxied == {"/telegram*", "/healthz"}
    validated = subprocess.run(
        [caddy, "validate", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )
    assert validated.returncode == 0, validated.stderr


# --------------------------------------------------------------------------------------------
# systemd
# --------------------------------------------------------------------------------------------


def unit_entries(text: str) -> list[tuple[str, str, str]]:
    """(section, key, value) in order, repeated keys kept (configparser keeps only the last)."""
    entries = []
    section = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped[0] in "#;":
            continue
        if stripped.startswith("[") and stripped.endswith("]"):
            section = stripped[1:-1]
            continue
        key, _, value = stripped.partition("=")
        entries.append((section, key.strip(), value.strip()))
    return entries


def unit_values(text: str, section: str, key: str) -> list[str]:
    return [v for s, k, v in unit_entries(text) if (s, k) == (section, key)]


def unit_environment(text: str) -> dict[str, str]:
    env: dict[str, str] = {}
    for value in unit_values(text, "Service", "Environment"):
        for word in shlex.split(value):
            name, _, setting = word.partition("=")
            env[name] = setting
    return env


REQUIRED_SERVICE_SETTINGS = {
    "User": "infrabot",
    "EnvironmentFile": "/etc/infrabot/infrabot.env",
    "NoNewPrivileges": "yes",
    "ProtectSystem": "strict",
    "ReadWritePaths": "/var/lib/infrabot",
    "PrivateTmp": "yes",
    "Restart": "on-failure",
    "KillSignal": "SIGTERM",
    "TimeoutStopSec": "30",
}


def unit_problems(name: str, text: str) -> list[str]:
    problems = []
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    try:
        parser.read_string(text)
    except configparser.Error as error:
        return [f"{name}: does not parse: {error}"]
    for section in ("Unit", "Service", "Install"):
        if not parser.has_section(section):
            problems.append(f"{name}: no [{section}]")
    if not parser.has_section("Service"):
        return problems
    service = parser["Service"]
    for key, expected in REQUIRED_SERVICE_SETTINGS.items():
        if service.get(key) != expected:
            problems.append(f"{name}: {key}={service.get(key)!r}, expected {expected!r}")
    exec_start = service.get("ExecStart", "")
    if not exec_start.startswith("/"):
        problems.append(f"{name}: ExecStart must be an absolute path")
    env = unit_environment(text)
    problems += environment_problems(name, env)
    credentials = {
        c.partition(":")[0]: c.partition(":")[2]
        for c in unit_values(text, "Service", "LoadCredential")
    }
    for variable, value in env.items():
        if variable.endswith("_FILE"):
            credential = value.removeprefix("%d/")
            if not value.startswith("%d/") or credential not in credentials:
                problems.append(f"{name}: {variable}={value} is not a loaded credential")
    used = {v.removeprefix("%d/") for k, v in env.items() if k.endswith("_FILE")}
    for credential, source in credentials.items():
        if credential not in used:
            problems.append(f"{name}: credential {credential} is loaded but unused")
        if not source.startswith("/etc/infrabot/credentials/"):
            problems.append(f"{name}: credential {credential} comes from {source}")
    return problems


def read_unit(name: str) -> str:
    return (SYSTEMD / name).read_text()


def test_systemd_units_have_no_problems() -> None:
    assert {p.name for p in SYSTEMD.glob("*.service")} >= UNITS
    problems = [p for name in sorted(UNITS) for p in unit_problems(name, read_unit(name))]
    assert problems == []


def test_systemd_units_order_and_commands() -> None:
    migrate = read_unit("infrabot-migrate.service")
    assert unit_values(migrate, "Service", "Type") == ["oneshot"]
    assert unit_values(migrate, "Service", "ExecStart") == [
        "/opt/infrabot/.venv/bin/infrabot db upgrade"
    ]
    for name in ("infrabot-telegram@.service", "infrabot-slack.service"):
        text = read_unit(name)
        assert "infrabot-migrate.service" in " ".join(unit_values(text, "Unit", "Requires"))
        assert "infrabot-migrate.service" in " ".join(unit_values(text, "Unit", "After"))
    telegram = read_unit("infrabot-telegram@.service")
    assert unit_values(telegram, "Service", "ExecStart") == [
        "/opt/infrabot/.venv/bin/infrabot telegram --webhook ${INFRABOT_PUBLIC_URL}/telegram "
        "--port %i"
    ]
    assert set(unit_environment(telegram)) == {
        "INFRABOT_DATABASE_URL_FILE",
        "TELEGRAM_BOT_TOKEN_FILE",
        "TELEGRAM_WEBHOOK_SECRET_FILE",
    }
    slack = read_unit("infrabot-slack.service")
    assert unit_values(slack, "Service", "ExecStart") == ["/opt/infrabot/.venv/bin/infrabot slack"]
    assert {"SLACK_BOT_TOKEN_FILE", "SLACK_APP_TOKEN_FILE", "SLACK_SIGNING_SECRET_FILE"} <= set(
        unit_environment(slack)
    )
    chroma = read_unit("infrabot-chroma.service")
    assert unit_values(chroma, "Service", "ExecStart") == [
        "/opt/infrabot/.venv/bin/chroma run --host 127.0.0.1 --port 8000 "
        "--path /var/lib/infrabot/chroma"
    ]
    used = {v for n in UNITS for v in unit_environment(read_unit(n)) if v.endswith("_FILE")}
    assert used == SECRET_FILE_VARIABLES


BAD_UNIT = """
[Unit]
Description=bad

[Service]
User=root
EnvironmentFile=/etc/infrabot/infrabot.env
Environment=TELEGRAM_BOT_TOKEN=123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawq
Environment=SLACK_APP_TOKEN_FILE=%d/slack_app_token
LoadCredential=database_url:/home/me/database_url
ExecStart=infrabot telegram
Restart=always
"""


def test_unit_checker_finds_each_kind_of_problem() -> None:
    problems = "\n".join(unit_problems("bad.service", BAD_UNIT))
    for expected in [
        "no [Install]",
        "User='root'",
        "ProtectSystem=None",
        "Restart='always'",
        "TimeoutStopSec=None",
        "ExecStart must be an absolute path",
        "TELEGRAM_BOT_TOKEN carries a secret",
        "SLACK_APP_TOKEN_FILE=%d/slack_app_token is not a loaded credential",
        "credential database_url is loaded but unused",
        "credential database_url comes from /home/me/database_url",
    ]:
        assert expected in problems
    assert unit_problems("broken.service", "Description=no section header\n")[0].startswith(
        "broken.service: does not parse"
    )


def env_example() -> tuple[dict[str, str], set[str]]:
    """(variables set, variables mentioned in a commented-out `#NAME=` line)."""
    defined: dict[str, str] = {}
    mentioned: set[str] = set()
    for line in ENV_EXAMPLE.read_text().splitlines():
        match = re.fullmatch(r"(#?)([A-Z][A-Z0-9_]*)=(.*)", line.strip())
        if match:
            if match.group(1):
                mentioned.add(match.group(2))
            else:
                defined[match.group(2)] = match.group(3)
    return defined, mentioned


def test_env_example_documents_every_variable_and_holds_no_secret() -> None:
    defined, mentioned = env_example()
    assert environment_problems("infrabot.env.example", defined) == []
    assert not {n for n in mentioned if is_secret_name(n)}
    # Every ${VAR} the units expand, and every variable the containers get, is documented.
    expanded = {
        var
        for name in UNITS
        for command in unit_values(read_unit(name), "Service", "ExecStart")
        for var in re.findall(r"\$\{([A-Z0-9_]+)\}", command)
    }
    assert expanded <= set(defined)
    compose_env = {
        v
        for name in INFRABOT_SERVICES
        for v in service_environment(load_compose()["services"][name])
        if not v.endswith("_FILE")
    }
    assert compose_env <= set(defined) | mentioned
    assert defined["INFRABOT_HOME"] == "/var/lib/infrabot"
    assert defined["INFRABOT_CHROMA_URL"] == "http://127.0.0.1:8000"  # infrabot-chroma.service
    assert defined["INFRABOT_LOG_FORMAT"] == "json"
    text = ENV_EXAMPLE.read_text()
    for variable in SECRET_FILE_VARIABLES:
        assert variable in text, f"{variable} is not explained"


# Keys of other mappings that the code reads with the same calls (the WSGI request environ).
NOT_PROCESS_ENVIRONMENT = {"PATH_INFO", "HTTP_X_SLACK_REQUEST_TIMESTAMP", "CONTENT_LENGTH"}


def variables_read_by_the_code() -> set[str]:
    """Every variable the packages read: os.environ.get/[...] and credential("NAME")."""
    pattern = re.compile(r"(?:environ\.get\(|environ\[|credential\()\s*\"([A-Z][A-Z0-9_]*)\"")
    names = {
        name
        for package in ("bot", "knowledge", "quoting")
        for source in (ROOT / package).rglob("*.py")
        for name in pattern.findall(source.read_text(encoding="utf-8"))
    }
    return names - NOT_PROCESS_ENVIRONMENT


def test_env_example_documents_every_variable_the_code_reads() -> None:
    read = variables_read_by_the_code()
    assert {"INFRABOT_HOME", "INFRABOT_CHROMA_URL", "TELEGRAM_BOT_TOKEN"} <= read
    text = ENV_EXAMPLE.read_text()
    undocumented = sorted(
        name
        for name in read
        if not re.search(rf"^#?{name}=", text, re.MULTILINE)
        and f"{name}_FILE" not in text  # secrets are documented by their *_FILE form
    )
    assert undocumented == []


def test_systemd_analyze_verifies_the_units(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    system_units = next(
        (p for p in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system")) if p.is_dir()),
        None,
    )
    if analyze is None or system_units is None:
        pytest.skip("systemd-analyze (or the system's unit directory) is not on this machine")
    # A throw-away root: the units, the stock targets they order against, and stand-ins for the
    # executables they run (verify checks that ExecStart is executable).
    root = tmp_path / "root"
    (root / "etc/systemd/system").mkdir(parents=True)
    shutil.copytree(system_units, root / "usr/lib/systemd/system", symlinks=True)
    for name in UNITS:
        shutil.copy(SYSTEMD / name, root / "etc/systemd/system" / name)
        for command in unit_values(read_unit(name), "Service", "ExecStart"):
            binary = root / command.split()[0].lstrip("/")
            binary.parent.mkdir(parents=True, exist_ok=True)
            binary.write_text("#!/bin/sh\n")
            binary.chmod(0o755)
    instances = sorted(n.replace("@.", "@8443.") for n in UNITS)
    result = subprocess.run(
        [analyze, "verify", "--man=no", "--generators=no", f"--root={root}", *instances],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    complaints = [line for line in result.stderr.splitlines() if "infrabot" in line]
    assert result.returncode == 0 and complaints == [], result.stderr


# --------------------------------------------------------------------------------------------
# Every `infrabot ...` that deploy/ runs is a real command with real options
# --------------------------------------------------------------------------------------------


def _invocations() -> list[tuple[str, list[str]]]:
    """(where, argv after `infrabot`) for every command deploy/ runs or tells people to run."""
    found: list[tuple[str, list[str]]] = []
    compose = load_compose()
    for name, service in compose["services"].items():
        if uses_infrabot_image(service) and service.get("command"):
            found.append((f"compose.yaml:{name}", [str(p) for p in service["command"]]))
    for name in sorted(UNITS):
        for command in unit_values(read_unit(name), "Service", "ExecStart"):
            words = command.split()
            if words[0].endswith("/infrabot"):
                found.append((f"systemd/{name}", words[1:]))
    runtime = parse_dockerfile(DOCKERFILE.read_text())[-1]
    for cmd in runtime.all("CMD"):
        found.append(("Dockerfile:CMD", json.loads(cmd)))
    if README.exists():
        in_code = False
        for number, line in enumerate(README.read_text().splitlines(), 1):
            if line.strip().startswith("```"):
                in_code = not in_code
                continue
            chunks = [line] if in_code else re.findall(r"`([^`]+)`", line)
            for chunk in chunks:
                for match in re.finditer(r"(?:^|[\s/;(|&])infrabot( +[a-z].*)", chunk):
                    # The rest of the shell command: up to a comment, pipe, redirection or `;`.
                    rest = re.split(r"\s#|[|;>]|&&|\\$", match.group(1))[0]
                    found.append((f"README.md:{number}", rest.split()))
    return found


@cache
def _cli() -> Any:
    """The command tree of the `infrabot` CLI (Typer vendors its own click, so this is duck-typed:
    a group has a `commands` dict, a command has `params` with their option names)."""
    import bot.cli.main

    root = typer.main.get_command(bot.cli.main.app)
    assert _subcommands(root) is not None
    return root


def _subcommands(node: Any) -> dict[str, Any] | None:
    commands = getattr(node, "commands", None)
    return commands if isinstance(commands, dict) else None


def cli_problem(root: Any, argv: list[str]) -> str | None:
    """Why `infrabot ARGV` would be rejected (unknown command or option), or None."""
    node = root
    path = ["infrabot"]
    for word in argv:
        commands = _subcommands(node)
        if word.startswith("-") or commands is None:
            break  # an option, or an argument of the command
        if word not in commands:
            return f"'{' '.join(path)}' has no command '{word}'"
        node = commands[word]
        path.append(word)
    if _subcommands(node) is not None and node is not root:
        return f"'{' '.join(path)}' needs a subcommand"
    options = {opt for param in node.params for opt in [*param.opts, *param.secondary_opts]}
    options |= {"--help"}
    for word in argv:
        if word.startswith("--") and word.split("=")[0] not in options:
            return f"'{' '.join(path)}' has no option {word.split('=')[0]}"
    return None


@pytest.mark.parametrize(
    ("where", "argv"),
    [pytest.param(w, a, id=f"{w}:{' '.join(a[:2])}") for w, a in _invocations()],
)
def test_deploy_files_only_run_real_cli_commands(where: str, argv: list[str]) -> None:
    root = _cli()
    if argv and argv[0] in PENDING_COMMANDS and argv[0] not in (_subcommands(root) or {}):
        pytest.skip(
            f"`infrabot {argv[0]}` is not in bot/cli.py yet (being added in the same change); "
            "this check runs once it is"
        )
    assert cli_problem(root, argv) is None, f"{where}: infrabot {' '.join(argv)}"


def test_invocations_cover_every_place_that_runs_infrabot() -> None:
    places = {where.split(":")[0] for where, _ in _invocations()}
    assert {"compose.yaml", "Dockerfile"} <= places
    assert {f"systemd/{n}" for n in UNITS if n != "infrabot-chroma.service"} <= places
    commands = {argv[0] for _, argv in _invocations() if argv}
    assert {"telegram", "slack", "db", "index", "start"} <= commands


def test_cli_checker_rejects_unknown_commands_and_options() -> None:
    root = _cli()
    assert cli_problem(root, ["telegram", "--webhook", "https://x/telegram", "--port", "1"]) is None
    assert cli_problem(root, ["quotes", "export", "COT-2026-000001", "--pdf", "p.pdf"]) is None
    assert cli_problem(root, ["reindex"]) == "'infrabot' has no command 'reindex'"
    assert cli_problem(root, ["telegram", "--listen", "0.0.0.0"]) == (
        "'infrabot telegram' has no option --listen"
    )
    assert cli_problem(root, ["quotes"]) == "'infrabot quotes' needs a subcommand"
    assert cli_problem(root, ["quotes", "purge"]) == "'infrabot quotes' has no command 'purge'"


def test_readme_covers_the_operations() -> None:
    text = README.read_text()
    for needle in [
        "docker build -f deploy/Dockerfile .",
        "getWebhookInfo",
        "@BotFather",
        "run --rm indexer",
        "infrabot db upgrade",
        "advisory lock",
        "pg_dump",
        "pg_restore",
        ".backup",
        "infrabot quotes export",
        "/healthz",
        "/readyz",
        "INFRABOT_LOG_LEVEL=DEBUG",
        "Como isto foi verificado",
        "tests/ops/test_deploy_files.py",
    ]:
        assert needle in text, needle
    metrics = [
        "infrabot_updates_total",
        "infrabot_replies_total",
        "infrabot_quotes_created_total",
        "infrabot_reply_seconds",
        "infrabot_retrieval_seconds",
        "infrabot_outbox_depth",
        "infrabot_outbox_retries_total",
        "infrabot_errors_total",
    ]
    assert [m for m in metrics if m not in text] == []
