"""A minimal DevTools-protocol driver for real headless Chromium, over `--remote-debugging-pipe`.

The pipe (fd 3 in, fd 4 out, NUL-terminated JSON) needs no port and no websocket client,
so the tests stay on the standard library. Used by the dashboard's browser tests and bench.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--no-first-run",
    "--no-default-browser-check",
    "--mute-audio",
    "--hide-scrollbars",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-breakpad",
    "--no-pings",
    "--metrics-recording-only",
    "--safebrowsing-disable-auto-update",
    "--disable-features=NetworkTimeServiceQuerying,OptimizationHints,MediaRouter,Translate,"
    "AutofillServerCommunication,CertificateTransparencyComponentUpdater,DialMediaRouteProvider",
    # Nothing may leave the machine even if something tried: every host name fails to resolve.
    "--host-resolver-rules=MAP * ~NOTFOUND",
)


def find_chromium() -> str | None:
    """Path of a Chromium binary, or None."""
    env = os.environ.get("CHROMIUM")
    if env and Path(env).exists():
        return env
    for candidate in CHROMIUM_CANDIDATES:
        if Path(candidate).exists():
            return candidate
    return shutil.which("chromium")


class CDPError(RuntimeError):
    """A DevTools command failed or timed out."""


class Browser:
    """One headless Chromium process driven over the DevTools pipe."""

    def __init__(self, executable: str, net_log: Path | None = None) -> None:
        self.profile = tempfile.mkdtemp(prefix="hippo-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()
        # Move the child's ends above fd 4 so dup2 onto 3 and 4 cannot clobber them.
        child_in = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
        child_out = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._from_chrome = from_chrome_r

        def wire() -> None:
            os.dup2(child_in, 3)
            os.dup2(child_out, 4)

        args = [executable, *FLAGS, "--remote-debugging-pipe", f"--user-data-dir={self.profile}"]
        if net_log is not None:
            args += [f"--log-net-log={net_log}", "--net-log-capture-mode=Everything"]
        self.process = subprocess.Popen(
            [*args, "about:blank"],
            pass_fds=(3, 4, child_in, child_out),
            preexec_fn=wire,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(child_in)
        os.close(child_out)
        self._next_id = 0
        self._replies: dict[int, queue.Queue[dict[str, Any]]] = {}
        self._lock = threading.Lock()
        self.events: list[dict[str, Any]] = []
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    def _read_loop(self) -> None:
        """Split the pipe into messages; replies go to their waiter, events to `self.events`."""
        buffer = b""
        while True:
            try:
                chunk = os.read(self._from_chrome, 1 << 20)
            except OSError:
                return
            if not chunk:
                return
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "id" in message:
                    with self._lock:
                        waiter = self._replies.get(message["id"])
                    if waiter is not None:
                        waiter.put(message)
                else:
                    self.events.append(message)

    def send(
        self, method: str, params: dict[str, Any] | None = None, session: str | None = None, timeout: float = 60.0
    ) -> dict[str, Any]:
        """Send one command and wait for its result."""
        with self._lock:
            self._next_id += 1
            ident = self._next_id
            waiter: queue.Queue[dict[str, Any]] = queue.Queue()
            self._replies[ident] = waiter
        message: dict[str, Any] = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        try:
            reply = waiter.get(timeout=timeout)
        except queue.Empty:
            raise CDPError(f"{method}: no reply in {timeout}s") from None
        finally:
            with self._lock:
                self._replies.pop(ident, None)
        if "error" in reply:
            raise CDPError(f"{method}: {reply['error']}")
        return dict(reply.get("result", {}))

    def wait_event(self, method: str, session: str, since: int, timeout: float = 60.0) -> dict[str, Any]:
        """The first event `method` of `session` received after index `since`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for event in self.events[since:]:
                if event.get("method") == method and event.get("sessionId") == session:
                    return event
            time.sleep(0.02)
        raise CDPError(f"no {method} within {timeout}s")

    def new_page(self, width: int = 1280, height: int = 2000, mobile: bool = False, scripts: bool = True) -> Page:
        """A fresh tab with network, console and page events enabled."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.send(f"{domain}.enable", session=session)
        self.send(
            "Emulation.setDeviceMetricsOverride",
            {
                "width": width,
                "height": height,
                "deviceScaleFactor": 2 if mobile else 1,
                "mobile": mobile,
            },
            session=session,
        )
        if not scripts:
            self.send("Emulation.setScriptExecutionDisabled", {"value": True}, session=session)
        return Page(self, session, target)

    def close(self) -> None:
        """Stop Chromium and remove its profile."""
        with contextlib.suppress(CDPError, OSError):
            self.send("Browser.close", timeout=10)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        for fd in (self._to_chrome, self._from_chrome):
            with contextlib.suppress(OSError):
                os.close(fd)
        shutil.rmtree(self.profile, ignore_errors=True)


class Page:
    """One attached tab."""

    def __init__(self, browser: Browser, session: str, target: str) -> None:
        self.browser = browser
        self.session = session
        self.target = target
        self.start = len(browser.events)

    def goto(self, url: str, timeout: float = 60.0) -> float:
        """Navigate and wait for the load event; returns seconds taken."""
        mark = len(self.browser.events)
        began = time.monotonic()
        self.browser.send("Page.navigate", {"url": url}, session=self.session)
        self.browser.wait_event("Page.loadEventFired", self.session, mark, timeout)
        return time.monotonic() - began

    def eval(self, expression: str) -> Any:
        """Evaluate JavaScript in the page (even with page scripts disabled) and return its JSON value."""
        result = self.browser.send(
            "Runtime.evaluate",
            {
                "expression": expression,
                "returnByValue": True,
                "awaitPromise": True,
            },
            session=self.session,
        )
        if "exceptionDetails" in result:
            raise CDPError(f"page exception: {result['exceptionDetails']}")
        return result["result"].get("value")

    def events(self, method: str) -> list[dict[str, Any]]:
        """This tab's events of one kind so far."""
        return [
            e
            for e in self.browser.events[self.start :]
            if e.get("method") == method and e.get("sessionId") == self.session
        ]

    def requests(self) -> list[str]:
        """URLs of every request the tab made."""
        return [e["params"]["request"]["url"] for e in self.events("Network.requestWillBeSent")]

    def console(self) -> list[str]:
        """Console messages and browser log entries (CSP violations show up here)."""
        texts = [
            " ".join(str(a.get("value", a.get("description", ""))) for a in e["params"].get("args", []))
            for e in self.events("Runtime.consoleAPICalled")
        ]
        texts += [e["params"]["entry"].get("text", "") for e in self.events("Log.entryAdded")]
        texts += [json.dumps(e["params"]) for e in self.events("Runtime.exceptionThrown")]
        return texts

    def screenshot(self, path: Path, full_page: bool = True) -> None:
        """Save a PNG of the page (the whole document when `full_page`)."""
        params: dict[str, Any] = {"format": "png", "captureBeyondViewport": full_page}
        if full_page:
            metrics = self.browser.send("Page.getLayoutMetrics", session=self.session)
            size = metrics["cssContentSize"]
            params["clip"] = {"x": 0, "y": 0, "width": size["width"], "height": min(size["height"], 12000), "scale": 1}
        data = self.browser.send("Page.captureScreenshot", params, session=self.session)["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))

    def screenshot_element(self, path: Path, selector: str) -> None:
        """Save a PNG of the first element matching `selector` (scrolled into view), to look at one part."""
        rect = self.eval(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)}); e.scrollIntoView();"
            " const r = e.getBoundingClientRect(); return {x: r.x + scrollX, y: r.y + scrollY,"
            " width: r.width, height: r.height}; })()"
        )
        params = {"format": "png", "captureBeyondViewport": True, "clip": {**rect, "scale": 1}}
        data = self.browser.send("Page.captureScreenshot", params, session=self.session)["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        """Close the tab."""
        self.browser.send("Target.closeTarget", {"targetId": self.target})
