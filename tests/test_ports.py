"""The ports test processes listen on: no two workers, and no two calls, get the same one."""

from __future__ import annotations

import itertools
import socket
from pathlib import Path

from tests.support import ports


def test_each_worker_has_a_block_of_its_own_below_the_kernels_ephemeral_range():
    workers = ["", *(f"gw{n}" for n in range(ports.BLOCKS - 1))]
    blocks = [ports.worker_block(name) for name in workers]
    for one, other in itertools.combinations(blocks, 2):
        assert not set(one) & set(other)
    assert min(b.start for b in blocks) == ports.FIRST_PORT
    assert max(b.stop for b in blocks) <= ports.LAST_PORT + 1
    ephemeral = Path("/proc/sys/net/ipv4/ip_local_port_range")
    if ephemeral.exists():  # Linux: outgoing connections never take a port of a block
        assert int(ephemeral.read_text().split()[0]) > ports.LAST_PORT


def test_a_process_never_hands_out_a_port_twice(monkeypatch):
    monkeypatch.setattr(ports, "_handed_out", set())
    handed = [ports.free_port() for _ in range(300)]
    assert len(set(handed)) == 300
    assert all(port in ports.worker_block() for port in handed)


def test_a_port_something_holds_is_passed_over(monkeypatch):
    block = ports.worker_block()
    holder = socket.socket()
    for held in block:
        try:
            holder.bind(("127.0.0.1", held))
            break
        except OSError:
            continue
    with holder:
        holder.listen()
        monkeypatch.setattr(ports, "_handed_out", set())
        monkeypatch.setattr(ports, "_next", held)
        port = ports.free_port()
    assert port != held and port in block
