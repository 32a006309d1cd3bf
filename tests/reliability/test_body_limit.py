"""daphne (through ``python -m halfmoon_service.serve``, as ``make run`` and the socket replicas
serve) refuses an oversized body at once: on its declared length, or as soon as a chunked body
grows past the limit; nothing more is read, nothing is spooled to disk."""

import socket
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.process


def spooled_files() -> set[Path]:
    return set(Path(tempfile.gettempdir()).glob("tmp*"))


def read_answer(conn: socket.socket) -> bytes:
    answer = b""
    while chunk := conn.recv(4096):
        answer += chunk
    return answer


def test_a_declared_huge_body_is_refused_before_it_is_sent(start_server):
    server = start_server(kind="drain")
    before = spooled_files()
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
        conn.sendall(
            b"POST /api/v1/players HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 536870912\r\n\r\n"
        )
        # The server answers and closes without waiting for a byte of the body (else the
        # socket's timeout ends the test).
        answer = read_answer(conn)
    assert answer.startswith(b"HTTP/1.1 413 ") and b'"code": "request_too_large"' in answer
    assert spooled_files() - before == set()


def test_a_chunked_body_is_cut_off_past_the_limit(start_server):
    server = start_server(kind="drain", HALFMOON_MAX_BODY_BYTES="4096")
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
        conn.sendall(
            b"POST /api/v1/players HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        )
        try:
            for _ in range(64):  # up to 1 MiB, far past the limit
                conn.sendall(b"4000\r\n" + b"x" * 0x4000 + b"\r\n")
        except OSError:
            pass  # the server closed the connection: it stopped reading
        answer = read_answer(conn)  # ends only when the server has closed the connection
    assert answer.startswith(b"HTTP/1.1 413 ") and b'"code": "request_too_large"' in answer


def test_a_body_within_the_limit_is_served(start_server):
    server = start_server(kind="drain")
    body = b'{"name": "ann"}'
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
        conn.sendall(
            b"POST /api/v1/players HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
        )
        assert read_answer(conn).startswith(b"HTTP/1.1 201 ")
