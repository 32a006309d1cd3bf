"""The deployed entry point, ``deploy/nginx.conf``, run locally in front of test servers.

The file is used as it is deployed (its limits, error pages and proxy settings); only the
addresses change: the upstreams ``http:8000`` (HTTP) and ``web:8000`` (WebSockets) become local
servers and nginx listens on a free local port. A surrounding main configuration supplies what
the nginx image's own ``nginx.conf`` does (pid file, logs, temp folders) inside a temp folder.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from .http import healthy
from .ports import free_port
from .servers import REPO
from .waiting import wait_until

DEPLOYED = REPO / "deploy" / "nginx.conf"


def installed() -> bool:
    return shutil.which("nginx") is not None


def local_config(
    http_url: str | list[str], ws_url: str | list[str], port: int, access_log: Path
) -> str:
    """``deploy/nginx.conf`` with its upstreams, listening address and access log made local.

    An upstream given several URLs (application hosts) gets one ``server`` line for each, with
    the deployed line's parameters (``max_fails``, ``fail_timeout``)."""
    text = DEPLOYED.read_text()
    for name, urls in (("http", http_url), ("web", ws_url)):
        line = re.compile(rf"^(\s*)server {name}:8000([^;]*);$", re.MULTILINE)
        if len(line.findall(text)) != 1:
            raise RuntimeError(
                f"{DEPLOYED} no longer has one 'server {name}:8000': update {__name__}"
            )
        addresses = [urls] if isinstance(urls, str) else urls
        text = line.sub(
            lambda m, addresses=addresses: "\n".join(
                f"{m.group(1)}server {_address(url)}{m.group(2)};" for url in addresses
            ),
            text,
        )
    for old, new in (
        ("listen 80;", f"listen 127.0.0.1:{port};"),
        ("/var/log/nginx/access.log", str(access_log)),
    ):
        if text.count(old) != 1:
            raise RuntimeError(f"{DEPLOYED} no longer has exactly one {old!r}: update {__name__}")
        text = text.replace(old, new)
    return text


#: Test-only locations (``probes=True``) answering what the deployed maps computed for a
#: request: the key its writes are limited by, and the scheme passed on to the service.
PROBES = """    location = /_probe/writer { return 200 "$halfmoon_writer"; }
    location = /_probe/proto { return 200 "$halfmoon_proto"; }

"""


class Nginx:
    """nginx on 127.0.0.1 with the deployed configuration, in front of ``http_url`` (and
    ``ws_url`` for ``/ws/``, the same server by default); either may list several servers."""

    def __init__(
        self,
        http_url: str | list[str],
        ws_url: str | list[str] | None = None,
        probes: bool = False,
    ):
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="hm-nginx-"))
        #: Every request nginx answered, in the deployed log format.
        self.access_log = self.folder / "access.log"
        site = local_config(http_url, ws_url or http_url, self.port, self.access_log)
        if probes:
            site = site.replace("    location /ws/ {", PROBES + "    location /ws/ {", 1)
        (self.folder / "site.conf").write_text(site)
        (self.folder / "nginx.conf").write_text(f"""
worker_processes 1;
pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {self.folder}/body; proxy_temp_path {self.folder}/proxy;
  fastcgi_temp_path {self.folder}/fcgi; uwsgi_temp_path {self.folder}/uwsgi;
  scgi_temp_path {self.folder}/scgi;
  include {self.folder}/site.conf;
}}
""")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 10) -> Nginx:
        self.process = subprocess.Popen(
            [
                "nginx",
                "-p",
                str(self.folder),
                "-c",
                str(self.folder / "nginx.conf"),
                "-g",
                "daemon off;",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            wait_until(
                self._answers,
                timeout,
                lambda: f"nginx did not answer on {self.url}:\n{self.errors()}",
            )
        except BaseException:
            self.close()
            raise
        return self

    def _answers(self) -> bool:
        if self.process.poll() is not None:
            raise RuntimeError(f"nginx exited:\n{self.errors()}")
        return healthy(self.url)

    def errors(self) -> str:
        log = self.folder / "error.log"
        return log.read_text(errors="replace") if log.exists() else ""

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGQUIT)  # graceful: workers finish, then exit
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Nginx:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()


def _address(url: str) -> str:
    return url.split("://", 1)[-1].rstrip("/")
