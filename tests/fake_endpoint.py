"""A fake OpenAI-compatible endpoint on 127.0.0.1 (the real ones are hosted): each POST's JSON body is
answered with `reply(body)` as JSON. Used for the chat (secret_paths.fake_llm) and embeddings
(test_semantic) endpoints."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def fake_endpoint(reply: Callable[[Any], Any]) -> Iterator[str]:
    """The server's base URL (`http://127.0.0.1:<port>/v1`) while the block runs."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            data = json.dumps(reply(body)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
