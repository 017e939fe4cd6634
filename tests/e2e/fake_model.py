"""A fake OpenAI-compatible model server on 127.0.0.1 that records every request it receives.

OpenClaw's `openai-completions` provider asks for `POST /v1/chat/completions` with
`stream: true` (answered with SSE chunks and `data: [DONE]`) and may `GET /v1/models`.
Every request body is appended to `requests.jsonl` so a test can read exactly what the
model was sent. The reply text is `FAKE-REPLY: <first 40 chars of the last user message>`.
A responder may instead return `{"tool_call": {"name": ..., "arguments": {...}}}`: the model then
asks OpenClaw to run that tool (streamed as an OpenAI `tool_calls` delta), as a real model would.

Run standalone: `python fake_model.py --port 0 --log DIR/requests.jsonl --lifetime 600`
(prints `PORT <n>` on stdout). It binds loopback only and stops itself after `--lifetime`.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

REPLY_PREFIX = "FAKE-REPLY"


def _text_of(content: Any) -> str:
    """Flatten OpenAI message content (a string or a list of parts) into text."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return ""


def reply_for(body: dict[str, Any]) -> str:
    """The deterministic answer: a marker plus the start of the user's own last line."""
    lines: list[str] = []
    for message in body.get("messages", []):
        if not isinstance(message, dict) or message.get("role") != "user":
            continue
        text = _text_of(message.get("content")).strip()
        if text.startswith("<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT"):
            continue
        lines = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("Runtime:")]
    return f"{REPLY_PREFIX}: {lines[-1][:40] if lines else 'ok'}"


class FakeModel:
    """A running fake model server: `.port`, `.requests()`, `.stop()`."""

    def __init__(
        self,
        log_path: Path,
        port: int = 0,
        lifetime: float = 1800.0,
        responder: Callable[[dict[str, Any]], str | dict[str, Any]] = reply_for,
        status: int = 200,
    ) -> None:
        self.responder = responder
        self.status = status
        self.log_path = log_path
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self.log_path.touch()
        self._lock = threading.Lock()
        handler = self._handler()
        self.server = ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.server.daemon_threads = True
        self.port = int(self.server.server_address[1])
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()
        self._timer = threading.Timer(lifetime, self.stop)
        self._timer.daemon = True
        self._timer.start()

    @property
    def base_url(self) -> str:
        """The `/v1` base URL to put in OpenClaw's provider config."""
        return f"http://127.0.0.1:{self.port}/v1"

    def record(self, entry: dict[str, Any]) -> None:
        """Append one request to the log."""
        with self._lock, open(self.log_path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry) + "\n")

    def requests(self) -> list[dict[str, Any]]:
        """Every recorded chat-completion request body, oldest first."""
        rows = []
        for line in self.log_path.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            if entry.get("path", "").endswith("/chat/completions"):
                rows.append(entry["body"])
        return rows

    def stop(self) -> None:
        """Shut the server down (idempotent)."""
        self._timer.cancel()
        threading.Thread(target=self.server.shutdown, daemon=True).start()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                """Keep test output quiet."""

            def _send_json(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                owner.record({"time": time.time(), "method": "GET", "path": self.path})
                if self.path.rstrip("/").endswith("/models"):
                    self._send_json(
                        200, {"object": "list", "data": [{"id": "fake-model", "object": "model", "owned_by": "fake"}]}
                    )
                else:
                    self._send_json(404, {"error": {"message": "not found"}})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {"_raw": raw.decode("utf-8", "replace")}
                owner.record({"time": time.time(), "method": "POST", "path": self.path, "body": body})
                if owner.status != 200:
                    self._send_json(owner.status, {"error": {"message": "fake failure"}})
                    return
                if self.path.rstrip("/").endswith("/embeddings"):
                    inputs = body.get("input") or []
                    inputs = [inputs] if isinstance(inputs, str) else inputs
                    self._send_json(
                        200,
                        {
                            "object": "list",
                            "model": body.get("model"),
                            "data": [
                                {"object": "embedding", "index": i, "embedding": [float(len(str(t))), 1.0, 0.5]}
                                for i, t in enumerate(inputs)
                            ],
                        },
                    )
                    return
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send_json(404, {"error": {"message": "not found"}})
                    return
                answer = owner.responder(body)
                model = str(body.get("model", "fake-model"))
                if isinstance(answer, dict):
                    self._stream_tool_call(model, answer["tool_call"])
                    return
                text = answer
                if body.get("stream"):
                    self._stream(model, text)
                else:
                    self._send_json(
                        200,
                        {
                            "id": "chatcmpl-fake",
                            "object": "chat.completion",
                            "created": int(time.time()),
                            "model": model,
                            "choices": [
                                {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}
                            ],
                            "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
                        },
                    )

            def _stream_tool_call(self, model: str, call: dict[str, Any]) -> None:
                """One tool call, streamed the way OpenAI streams `tool_calls`."""
                delta = {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "index": 0,
                            "id": f"call_{int(time.time() * 1000)}",
                            "type": "function",
                            "function": {"name": call["name"], "arguments": json.dumps(call["arguments"])},
                        }
                    ],
                }
                self._send_chunks(model, [{"index": 0, "delta": delta, "finish_reason": None}], "tool_calls")

            def _stream(self, model: str, text: str) -> None:
                chunks = [
                    {"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None},
                    {"index": 0, "delta": {"content": text}, "finish_reason": None},
                ]
                self._send_chunks(model, chunks, "stop")

            def _send_chunks(self, model: str, chunks: list[dict[str, Any]], finish: str) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Connection", "close")
                self.end_headers()
                base = {
                    "id": "chatcmpl-fake",
                    "object": "chat.completion.chunk",
                    "created": int(time.time()),
                    "model": model,
                }
                for choice in [*chunks, {"index": 0, "delta": {}, "finish_reason": finish}]:
                    self.wfile.write(f"data: {json.dumps({**base, 'choices': [choice]})}\n\n".encode())
                usage = {
                    **base,
                    "choices": [],
                    "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
                }
                self.wfile.write(f"data: {json.dumps(usage)}\n\n".encode())
                self.wfile.write(b"data: [DONE]\n\n")
                self.wfile.flush()
                self.close_connection = True

        return Handler


def main(argv: list[str] | None = None) -> int:
    """Run the server in the foreground until `--lifetime` seconds pass."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--log", type=Path, required=True)
    parser.add_argument("--lifetime", type=float, default=600.0)
    args = parser.parse_args(argv)
    server = FakeModel(args.log, args.port, args.lifetime)
    print(f"PORT {server.port}", flush=True)
    server._thread.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
