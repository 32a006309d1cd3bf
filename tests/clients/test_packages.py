"""The SDKs as an integrator gets them: each client builds as an installable package whose
version is the API's, installs into a fresh environment with nothing of the repository's, and
its bot plays a game to its end there against a real daphne process (README "Clients").

* Python: a wheel of ``clients/python`` (``pip wheel``), installed into a new virtual
  environment (its dependencies from PyPI), ``bot.py`` run from outside the repository.
* TypeScript: ``npm pack`` of ``clients/typescript``, installed into a new npm project (its
  dependency, openapi-fetch, from npm), ``bot.ts`` importing the package by name, run with the
  locked tsx.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
import venv

import pytest
import yaml

from tests.clients.test_bots import DEAL, TSX, TYPESCRIPT, run_bot
from tests.support.servers import REPO

pytestmark = [pytest.mark.process, pytest.mark.slow]

PYTHON_CLIENT = REPO / "clients" / "python"


def api_version() -> str:
    return json.loads((REPO / "clients" / "openapi.json").read_text())["info"]["version"]


def test_both_packages_carry_the_apis_version():
    python = tomllib.loads((PYTHON_CLIENT / "pyproject.toml").read_text())["project"]
    generator = yaml.safe_load((PYTHON_CLIENT / "generator.yaml").read_text())
    typescript = json.loads((TYPESCRIPT / "package.json").read_text())
    assert python["name"] == typescript["name"] == "halfmoon-client"
    assert python["version"] == generator["package_version_override"] == api_version()
    assert typescript["version"] == api_version()
    assert "private" not in typescript
    assert typescript["exports"]["."]["types"] == "./src/schema.d.ts"


def run(command: list[str], cwd, timeout: int = 300) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_python_package_installs_alone_and_its_bot_plays(tmp_path, daphne_server):
    # Built from a copy: setuptools writes its build directory beside the sources.
    source = tmp_path / "source"
    shutil.copytree(PYTHON_CLIENT, source, ignore=shutil.ignore_patterns("__pycache__"))
    wheels = tmp_path / "wheels"
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(wheels), "."], source)
    (wheel,) = wheels.glob("halfmoon_client-*.whl")
    assert wheel.name.startswith(f"halfmoon_client-{api_version()}-")
    env = tmp_path / "env"
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    run([str(python), "-m", "pip", "install", "-q", str(wheel)], tmp_path)
    # The bot from outside the repository: only the installed package can be imported.
    bot = tmp_path / "bot.py"
    shutil.copy(PYTHON_CLIENT / "bot.py", bot)
    where = run(
        [str(python), "-c", "import halfmoon_client; print(halfmoon_client.__file__)"], tmp_path
    )
    assert str(env) in where
    reported = run_bot(
        [str(python), str(bot), "--base-url", daphne_server, "--deal", DEAL, "--name", "py-pkg"],
        tmp_path,
    )
    assert reported["status"] in ("won", "resigned") and reported["moves"] > 0


def test_the_typescript_package_installs_alone_and_its_bot_plays(tmp_path, daphne_server):
    if shutil.which("npm") is None or not TSX.exists():
        pytest.fail("npm and the locked tsx are needed (make clients)", pytrace=False)
    packed = run(["npm", "pack", "--json", "--pack-destination", str(tmp_path)], TYPESCRIPT)
    tarball = tmp_path / json.loads(packed)[0]["filename"]
    assert tarball.name == f"halfmoon-client-{api_version()}.tgz"
    app = tmp_path / "app"
    app.mkdir()
    (app / "package.json").write_text(
        json.dumps({"name": "app", "private": True, "type": "module"})
    )
    run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", str(tarball)], app)
    # The example bot, importing the installed package by its name instead of the repository.
    source = (TYPESCRIPT / "bot.ts").read_text()
    source, count = re.subn(r'from "\./src/schema\.js"', 'from "halfmoon-client"', source)
    assert count == 1
    (app / "bot.ts").write_text(source)
    reported = run_bot(
        [str(TSX), "bot.ts", "--base-url", daphne_server, "--deal", DEAL, "--name", "ts-pkg"], app
    )
    assert reported["status"] in ("won", "resigned") and reported["moves"] > 0
