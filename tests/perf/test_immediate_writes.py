"""The socket servers' TCP connections send at once when nothing waits (halfmoon_service.
immediate_writes): over real kernel sockets, what the kernel does not take waits in order and
goes out through Twisted's own writability path, and a lost peer is reported as Twisted
reports it. The reactor is a registry of the descriptors that wait for writability, which is
all a connection asks of it here; the loop's turns are the test's explicit ``doWrite`` calls."""

from __future__ import annotations

import socket

import pytest
from twisted.internet import error, protocol, tcp

from halfmoon_service.immediate_writes import ImmediateWriteServer, send_immediately

#: Small kernel buffers on both ends, so that a large write is only partly taken.
SMALL_BUFFER = 4096


class DescriptorRegistry:
    """What ``tcp.Connection`` asks of its reactor: to be woken for reading or writing."""

    def __init__(self):
        self.readers: set = set()
        self.writers: set = set()

    def addReader(self, reader):
        self.readers.add(reader)

    def removeReader(self, reader):
        self.readers.discard(reader)

    def addWriter(self, writer):
        self.writers.add(writer)

    def removeWriter(self, writer):
        self.writers.discard(writer)


@pytest.fixture
def connection():
    """An ``ImmediateWriteServer`` on one end of a real TCP connection, and the peer."""
    listener = socket.create_server(("127.0.0.1", 0))
    peer = socket.socket()
    peer.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_BUFFER)
    peer.connect(listener.getsockname())
    accepted, address = listener.accept()
    listener.close()
    accepted.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SMALL_BUFFER)
    reactor = DescriptorRegistry()
    port = tcp.Port(0, protocol.Factory(), reactor=reactor)
    transport = ImmediateWriteServer(accepted, protocol.Protocol(), address, port, 0, reactor)
    yield transport, peer, reactor
    peer.close()
    accepted.close()


def receive_all(peer: socket.socket, size: int, transport, reactor) -> bytes:
    """Read ``size`` bytes from the peer, giving the transport a turn whenever it waits to
    write (as the loop does when the socket becomes writable). Raises if nothing moves."""
    received = bytearray()
    peer.settimeout(5)
    while len(received) < size:
        if transport in reactor.writers:
            assert transport.doWrite() is None
        chunk = peer.recv(65536)
        assert chunk, f"the connection closed after {len(received)} of {size} bytes"
        received += chunk
    return bytes(received)


def test_a_write_with_nothing_waiting_is_sent_without_waiting_for_a_turn(connection):
    transport, peer, reactor = connection
    transport.write(b'{"type": "game"}')
    assert reactor.writers == set()  # Twisted's own write would wait for writability
    peer.settimeout(5)
    assert peer.recv(100) == b'{"type": "game"}'


def test_what_the_kernel_does_not_take_waits_and_later_writes_queue_behind_it(connection):
    transport, peer, reactor = connection
    large = bytes(range(256)) * 4096  # 1 MiB: far beyond both 4 KiB buffers
    transport.write(large)
    assert transport in reactor.writers  # the rest waits for writability
    transport.write(b"after")  # must not overtake what waits
    transport.write(b"last")
    received = receive_all(peer, len(large) + 9, transport, reactor)
    assert received == large + b"afterlast"
    assert reactor.writers == set()  # all sent: no longer waiting
    transport.write(b"again")  # and writes go straight out again
    assert reactor.writers == set() and peer.recv(100) == b"again"


def test_a_write_to_a_peer_that_is_gone_is_reported_as_a_lost_connection(connection):
    transport, peer, reactor = connection
    peer.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
    peer.close()  # with linger 0: a reset, so sends fail
    outcome = None
    for _ in range(100):  # the first send may still be accepted before the reset is seen
        transport.write(b"x" * 1000)
        if transport in reactor.writers:
            outcome = transport.doWrite()
            break
    assert isinstance(outcome, error.ConnectionLost), outcome


def test_a_connection_that_is_closing_keeps_twisted_s_own_write(connection):
    transport, peer, reactor = connection
    transport.loseConnection()  # waits for a turn to flush, then closes
    transport.write(b"late")
    assert transport in reactor.writers
    peer.settimeout(5)
    transport.doWrite()
    assert peer.recv(100) == b"late"


def test_the_draining_server_s_ports_build_immediate_write_connections():
    from daphne.server import HTTPFactory

    from halfmoon_service.serve import DrainingServer

    server = DrainingServer(application=None, endpoints=["tcp:port=0:interface=127.0.0.1"])
    server.http_factory = HTTPFactory(server)
    port = tcp.Port(0, server.http_factory, interface="127.0.0.1", reactor=DescriptorRegistry())
    port.startListening()
    try:
        server.listen_success(port)
        assert port.transport is ImmediateWriteServer
    finally:
        port.socket.close()


def test_only_tcp_ports_are_changed():
    class OtherPort:
        transport = object

    other = OtherPort()
    send_immediately(other)
    assert other.transport is object
