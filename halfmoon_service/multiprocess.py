"""The metrics directory of a server (``PROMETHEUS_MULTIPROC_DIR``), kept by the process that
starts the server's processes: gunicorn's master (``deploy/gunicorn.conf.py``) or the draining
daphne entry point (:mod:`halfmoon_service.serve`).

In multiprocess mode each process of ``prometheus_client`` writes its values to memory-mapped
files named by its pid in that directory, and a scrape of any one of them adds them all up
(:mod:`halfmoon_service.metrics`). So the directory belongs to one server: emptied when it
starts (values of a previous run, or a previous process with the same pid, would otherwise be
read back), and a worker that exits has its live gauges (open sockets) removed while its
counters stay, so totals never go down when gunicorn replaces a worker.

Standard library and ``prometheus_client`` only: gunicorn's master imports it before Django.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

VARIABLE = "PROMETHEUS_MULTIPROC_DIR"


def directory() -> Path | None:
    value = os.environ.get(VARIABLE, "").strip()
    return Path(value) if value else None


def prepare() -> Path | None:
    """Create the directory, or empty it of a previous run's files; None when not configured."""
    path = directory()
    if path is None:
        return None
    path.mkdir(parents=True, exist_ok=True)
    for entry in path.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink(missing_ok=True)
    return path


def process_exited(pid: int) -> None:
    """A worker exited: its live gauges leave the sums (its counters stay in them)."""
    if directory() is None:
        return
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(pid)
