"""A TCP server on 127.0.0.1 that accepts connections and never answers a byte: the remote that
hangs (a wedged database, an API behind a stuck proxy)."""

import socket
import threading


class SilentServer:
    def __init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0), backlog=64)
        self._listener.settimeout(0.2)
        self.port: int = self._listener.getsockname()[1]
        self.accepted = 0
        self._held: list[socket.socket] = []  # kept open, so the clients wait rather than fail
        self._closing = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while not self._closing.is_set():
            try:
                connection, _ = self._listener.accept()
            except TimeoutError:
                continue
            self._held.append(connection)
            self.accepted += 1

    def close(self) -> None:
        self._closing.set()
        self._thread.join(5)
        for connection in self._held:
            connection.close()
        self._listener.close()
