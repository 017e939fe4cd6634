// The warm worker of the Hippocampus plugin (index.js): one `python -m hippocampus serve --stdio` per process,
// whose contract is hippocampus/openclaw/worker.py's docstring and hooks/README.md's record. Here: starting it (when the
// plugin registers, or when a call finds none), waiting for its ready line, sending calls with ids and their
// timeouts, backoff after a crash, and stopping it when the last registration that holds it is disposed.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BACKOFF_MIN_MS = 1000;
const WORKER_START_MS = 15000; // no ready line by then: kill it and restart later
const BACKOFF_MAX_MS = 60000;

// The warm worker: one per Gateway process (WORKERS below), shared by every registration of the plugin.
// request() resolves (never rejects) with {ok, stdout, stderr, reason}; ok false means "use the cold path".
export class Worker {
  constructor(cfg) {
    this.cfg = cfg;
    this.child = null;
    this.state = "down"; // down | starting | up | stopped (its plugin is gone: never started again)
    this.pending = new Map(); // id -> {resolve, timer}
    this.waiting = new Set(); // calls waiting for the ready line: resolve(up)
    this.nextId = 1;
    this.buffer = "";
    this.backoffMs = BACKOFF_MIN_MS;
    this.notBefore = 0;
    this.starts = 0;
    this.timeouts = 0; // in a row
    this.holders = 0; // live registrations using it (holdWorker)
    this.workspace = ""; // whose embedding model the worker loads as it starts (--preload)
  }

  say(message) {
    try {
      console.error(`hippocampus: worker ${String(message).replace(/\s+/g, " ").slice(0, 300)}`);
    } catch {
      // stderr closed
    }
  }

  // Start it now unless it runs, is stopped or waits out a backoff; `workspace` names whose model to preload.
  warm(workspace) {
    if (workspace) this.workspace = workspace;
    if (this.state === "down" && Date.now() >= this.notBefore) this.start();
  }

  start() {
    const cfg = this.cfg;
    const python = cfg.python || "python3";
    const packageDir = cfg.packageDir || path.dirname(HERE);
    const env = {
      ...process.env,
      HIPPOCAMPUS_PACKAGE_DIR: packageDir,
      PYTHONPATH: [packageDir, process.env.PYTHONPATH].filter(Boolean).join(path.delimiter),
    };
    const args = ["-m", "hippocampus", "serve", "--stdio",
      "--max-in-flight", String(cfg.workerMaxInFlight), "--idle-seconds", String(cfg.workerIdleSeconds)];
    if (this.workspace) args.push("--preload", this.workspace);
    let child;
    try {
      // Its own process group: a Ctrl-C to the Gateway's group does not cut a running encode short; it
      // ends at end of input (stop() below, or this process going away) or when this process dies.
      child = spawn(python, args, { env, stdio: ["pipe", "pipe", "pipe"], windowsHide: true, detached: true });
    } catch (err) {
      this.down(`cannot start ${python}: ${err && err.message}`, true);
      return;
    }
    this.child = child;
    this.state = "starting";
    this.starts += 1;
    this.buffer = "";
    child.on("error", (err) => this.exited(child, `cannot start ${python}: ${err && err.message}`));
    child.on("exit", (code, signal) => this.exited(child, `exited with ${signal || code}`, code === 0 && !signal));
    child.stdin.on("error", () => {}); // EPIPE after a crash; reported by exit
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (d) => this.receive(child, d));
    child.stderr.on("data", (d) => {
      for (const line of String(d).split("\n")) if (line.trim()) this.say(`stderr: ${line.trim()}`);
    });
    this.startTimer = setTimeout(() => {
      if (this.child === child && this.state === "starting") {
        this.say(`sent no ready line in ${WORKER_START_MS} ms`);
        this.kill();
      }
    }, WORKER_START_MS);
    this.startTimer.unref();
    // Never keep the Gateway (or an `openclaw agent --local` run) alive for the worker's sake.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream && stream.unref && stream.unref();
  }

  // Resolves true once the worker is up, false when it is not within `timeoutMs` (or goes down, or stops).
  ready(timeoutMs) {
    if (this.state === "up") return Promise.resolve(true);
    if (this.state !== "starting") return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = (up) => {
        clearTimeout(timer);
        this.waiting.delete(waiter);
        resolve(up);
      };
      const timer = setTimeout(() => waiter(false), Math.max(0, timeoutMs));
      this.waiting.add(waiter);
    });
  }

  wake(up) {
    for (const waiter of [...this.waiting]) waiter(up);
  }

  receive(child, data) {
    if (child !== this.child) return;
    this.buffer += data;
    let nl;
    while ((nl = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        this.say(`wrote a line that is not JSON: ${line.slice(0, 120)}`);
        continue;
      }
      if (msg && msg.ready === true) {
        clearTimeout(this.startTimer);
        if (this.state === "starting") this.state = "up";
        this.wake(this.state === "up");
        continue;
      }
      const entry = msg && msg.id !== undefined ? this.pending.get(msg.id) : undefined;
      if (!entry) continue; // an answer after our timeout, an idle notice, or an error without id
      this.pending.delete(msg.id);
      clearTimeout(entry.timer);
      this.timeouts = 0;
      if (msg.ok) {
        this.backoffMs = BACKOFF_MIN_MS;
        entry.resolve({ ok: true, stdout: String(msg.stdout || ""), stderr: String(msg.stderr || ""), reason: "" });
      } else {
        entry.resolve({ ok: false, stdout: "", stderr: "", reason: `worker: ${msg.error}`, sent: true });
      }
    }
  }

  exited(child, reason, clean = false) {
    if (child !== this.child) return;
    this.child = null;
    this.down(reason, !clean);
  }

  down(reason, failed) {
    const stopped = this.state === "stopped";
    if (!stopped) this.state = "down";
    clearTimeout(this.startTimer);
    this.wake(false);
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      entry.resolve({ ok: false, stdout: "", stderr: "", reason: `worker ${reason}`, sent: true });
      this.pending.delete(id);
    }
    if (failed && !stopped) {
      this.notBefore = Date.now() + this.backoffMs;
      this.say(`${reason}; the hooks use one process per call until it restarts (in ${this.backoffMs} ms or later)`);
      this.backoffMs = Math.min(this.backoffMs * 2, BACKOFF_MAX_MS);
    }
  }

  // For good: end its input (it finishes the calls in flight, answering them, and exits 0), and kill it if it
  // has not exited once the longest call could have ended. Later calls take the cold path.
  stop(reason) {
    if (this.state === "stopped") return;
    this.state = "stopped";
    clearTimeout(this.startTimer);
    this.wake(false);
    const child = this.child;
    if (!child) return;
    this.say(`stopping: ${reason}`);
    try {
      child.stdin.end();
    } catch {
      // already closed
    }
    const grace = setTimeout(() => {
      if (this.child === child) this.kill();
    }, Math.max(this.cfg.sessionEndTimeoutMs || 0, 5000));
    grace.unref();
  }

  kill() {
    const child = this.child;
    if (!child) return;
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      try {
        child.kill("SIGKILL");
      } catch {
        // already gone
      }
    }
  }

  // Send one call; a worker still starting is waited for within `timeoutMs`, which covers the wait and the call.
  async request(hook, payload, timeoutMs) {
    const refused = (reason) => ({ ok: false, stdout: "", stderr: "", reason, sent: false });
    const started = Date.now();
    this.warm(payload && payload.workspace);
    if (this.state === "starting") await this.ready(timeoutMs);
    if (this.state !== "up") return refused(`worker ${this.state}`);
    const left = timeoutMs - (Date.now() - started);
    if (left <= 0) return refused("worker ready too late for this call");
    if (this.pending.size >= this.cfg.workerMaxInFlight) return refused("worker busy");
    return new Promise((resolve) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        if (!this.pending.has(id)) return;
        this.pending.delete(id);
        this.timeouts += 1;
        this.say(`did not answer ${hook} in ${left} ms`);
        if (this.timeouts >= 3) this.kill(); // stuck: restart it (with backoff) rather than wait on it
        resolve({ ok: false, stdout: "", stderr: "", reason: `worker timed out after ${left} ms`, sent: true, timedOut: true });
      }, left);
      this.pending.set(id, { resolve, timer });
      try {
        this.child.stdin.write(`${JSON.stringify({ id, hook, payload, timeout_ms: left })}\n`);
      } catch (err) {
        this.pending.delete(id);
        clearTimeout(timer);
        resolve({ ok: false, stdout: "", stderr: "", reason: `cannot write to the worker: ${err && err.message}`, sent: false });
      }
    });
  }
}

// One registry per process, not per module: OpenClaw 2026.9.6 evaluates this file once per registration (a
// Gateway registers the plugin in "full" and in "discovery" mode, and again after each in-process restart or
// plugin reload), and each evaluation has its own module state, so a module-level map meant one worker each.
// Keyed by what the worker is started with; exported for tests.
const REGISTRY = Symbol.for("hippocampus.openclaw.workers");
export const WORKERS = globalThis[REGISTRY] || (globalThis[REGISTRY] = new Map());

const workerKey = (cfg) =>
  [cfg.python || "python3", cfg.packageDir || "", cfg.workerMaxInFlight, cfg.workerIdleSeconds].join("\0");

// A registration's hold on the process's worker: release() when the registration is disposed; the last one
// out stops the worker (an uninstall, a plugin reload, an in-process Gateway restart).
export function holdWorker(cfg) {
  const key = workerKey(cfg);
  let worker = WORKERS.get(key);
  if (!worker || worker.state === "stopped") {
    worker = new Worker(cfg);
    WORKERS.set(key, worker);
  }
  worker.holders += 1;
  let held = true;
  return {
    worker,
    release(reason) {
      if (!held) return;
      held = false;
      worker.holders -= 1;
      if (worker.holders > 0) return;
      if (WORKERS.get(key) === worker) WORKERS.delete(key);
      worker.stop(reason);
    },
  };
}
