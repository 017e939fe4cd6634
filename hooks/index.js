// Hippocampus OpenClaw plugin: a small bridge from typed plugin hooks to three Python entry points.
//
// Two paths, the same Python hook code (hippocampus/hooks.py) behind both:
// - the warm worker, `python -m hippocampus serve --stdio` (hippocampus/worker.py has its contract): one per
//   Gateway process, started when the plugin registers, stopped when its last registration is disposed
//   (or when this process ends: end of input, parent death), shared by every workspace and agent, JSON lines
//   with an id per call;
// - the cold path, one process per call, below: the fallback whenever the worker is off, down, still starting
//   past the call's share of its budget, busy or slow (and then a request_after is sent again here: a message
//   already appended is skipped by encoding).
//
// Protocol of the cold path (one process per hook call, `<python> hooks/<entry>.py`):
//   stdin  = JSON {hook, event, ctx, config, workspace, deadline} (deadline: epoch ms when the bridge stops
//            waiting; recall waits for a loading embedding model only until a share of that budget is left)
//   stdout = request_before.py: the context block to prepend (may be empty); others: ignored
//   stderr = diagnostics, one line per problem; lines ending in "(logged)" are already in the log file
//   exit   = always 0 from our entry points; anything else is a failure of the bridge's child
//
// Failing open: a missing interpreter, a crash, a timeout or junk output never reaches OpenClaw.
// The hook returns nothing, one line goes to stderr and to <workspace>/memory/hippocampus.log.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MAX_STDOUT = 256 * 1024;
const MAX_STDERR = 16 * 1024;
// No budgetChars here: unset, the injected block follows `inject_budget` in memory/hippocampus.yaml (else 1500).
// One precedence rule for every setting: plugin config set explicitly > memory/hippocampus.yaml > defaults.
// workerIdleSeconds 0: the worker never exits for idleness (it gives memory back instead, worker.py).
const DEFAULTS = {
  beforeTimeoutMs: 3000, afterTimeoutMs: 5000, sessionEndTimeoutMs: 30000,
  worker: true, workerTimeoutMs: 1500, workerMaxInFlight: 8, workerIdleSeconds: 0,
};
const BACKOFF_MIN_MS = 1000;
const WORKER_START_MS = 15000; // no ready line by then: kill it and restart later
const BACKOFF_MAX_MS = 60000;
// Context fields passed on to Python; functions and traces are left out.
const CTX_FIELDS = [
  "agentId", "sessionKey", "sessionId", "workspaceDir", "trigger", "channel", "channelId",
  "messageProvider", "chatId", "senderId", "runId", "jobId", "inputProvenance",
];

function pickContext(ctx) {
  const out = {};
  for (const key of CTX_FIELDS) {
    if (ctx && ctx[key] !== undefined && typeof ctx[key] !== "function") out[key] = ctx[key];
  }
  return out;
}

// The messages of the turn that just ended: from the last run of user messages to the end.
export function turnTail(messages) {
  if (!Array.isArray(messages)) return [];
  let j = messages.length - 1;
  while (j >= 0 && !(messages[j] && messages[j].role === "user")) j -= 1;
  if (j < 0) return [];
  while (j > 0 && messages[j - 1] && messages[j - 1].role === "user") j -= 1;
  return messages.slice(j);
}

export function logFailure(workspace, hook, message) {
  const line = `hippocampus: ${hook} failed open: ${String(message).replace(/\s+/g, " ").slice(0, 500)}`;
  try {
    console.error(line);
  } catch {
    // stderr closed: nothing else to do
  }
  if (!workspace) return;
  try {
    const dir = path.join(workspace, "memory");
    fs.mkdirSync(dir, { recursive: true });
    fs.appendFileSync(path.join(dir, "hippocampus.log"), `${new Date().toISOString()} ${line}\n`);
  } catch {
    // an unwritable workspace must not break the turn either
  }
}

// Run one Python entry point; resolves (never rejects) with {ok, stdout, reason}.
export function runPython(cfg, entry, payload, timeoutMs) {
  return new Promise((resolve) => {
    const python = cfg.python || "python3";
    const script = path.join(HERE, entry);
    const env = { ...process.env, HIPPOCAMPUS_PACKAGE_DIR: cfg.packageDir || path.dirname(HERE) };
    let child;
    let settled = false;
    let stdout = "";
    let stderr = "";
    const finish = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, stderr });
    };
    const timer = setTimeout(() => {
      // Kill the whole process group (a wrapper script's children too) and let go of its pipes.
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        try {
          child && child.kill("SIGKILL");
        } catch {
          // already gone
        }
      }
      for (const stream of [child && child.stdin, child && child.stdout, child && child.stderr]) {
        try {
          stream && stream.destroy();
        } catch {
          // ignore
        }
      }
      finish({ ok: false, stdout: "", reason: `timed out after ${timeoutMs} ms` });
    }, timeoutMs);
    try {
      child = spawn(python, [script], { env, stdio: ["pipe", "pipe", "pipe"], windowsHide: true, detached: true });
    } catch (err) {
      finish({ ok: false, stdout: "", reason: `cannot start ${python}: ${err && err.message}` });
      return;
    }
    child.on("error", (err) => finish({ ok: false, stdout: "", reason: `cannot start ${python}: ${err && err.message}` }));
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (d) => {
      if (stdout.length < MAX_STDOUT) stdout += d;
    });
    child.stderr.on("data", (d) => {
      if (stderr.length < MAX_STDERR) stderr += d;
    });
    child.on("close", (code, signal) => {
      if (code === 0) finish({ ok: true, stdout, reason: "" });
      else finish({ ok: false, stdout: "", reason: `${entry} exited with ${signal || code}` });
    });
    child.stdin.on("error", () => {}); // EPIPE when the interpreter dies early; reported via close
    try {
      child.stdin.end(JSON.stringify({ ...payload, deadline: Date.now() + timeoutMs }));
    } catch (err) {
      finish({ ok: false, stdout: "", reason: `cannot write to ${entry}: ${err && err.message}` });
    }
  });
}

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

// One hook call: through the warm worker when it can answer (waiting for a starting one within its share of
// the budget), else (or when it refuses, fails or is slow) one process. A request_after the worker did not
// acknowledge is sent again this way; encoding skips a message already appended. session_end gets the
// worker's whole budget, and after a timeout no second run: the encode still running there finishes, and
// whatever it has not committed stays queued for the next one.
export async function runHook(cfg, worker, entry, payload, timeoutMs) {
  const hook = entry.replace(/\.py$/, "");
  if (!worker) return { ...(await runPython(cfg, entry, payload, timeoutMs)), via: "process" };
  const started = Date.now();
  const perTurn = hook !== "session_end";
  const share = perTurn ? Math.min(cfg.workerTimeoutMs, Math.floor(timeoutMs / 2)) : timeoutMs;
  const result = await worker.request(hook, payload, share);
  if (result.ok) return { ...result, via: "worker" };
  if (!perTurn && result.timedOut) return result;
  const left = Math.max(timeoutMs - (Date.now() - started), Math.floor(timeoutMs / 2));
  return { ...(await runPython(cfg, entry, payload, left)), via: "process" };
}

function relayStderr(workspace, hook, stderr) {
  for (const line of String(stderr || "").split("\n")) {
    const text = line.trim();
    if (!text) continue;
    if (text.endsWith("(logged)")) {
      try {
        console.error(text);
      } catch {
        // ignore
      }
    } else {
      logFailure(workspace, hook, text);
    }
  }
}

// The one workspace rule of hippocampus/store/workspace.py (`workspace_dir`, `agent_workspace`), mirrored:
// $WORKSPACE, else the agent's own workspace from OpenClaw's config (the configured workspace `cwd` is in,
// else the default agent's, else agents.defaults.workspace), else $OPENCLAW_WORKSPACE_DIR,
// $OPENCLAW_STATE_DIR/workspace, ~/.openclaw/workspace. tests/e2e/test_bridge.py checks that the two agree.
const expandHome = (dir) => (dir === "~" || dir.startsWith("~/") ? path.join(os.homedir(), dir.slice(1)) : dir);

function configuredPath(value, state) {
  if (typeof value !== "string" || !value.trim()) return "";
  const dir = expandHome(value.trim());
  return path.resolve(state, dir);
}

export function agentWorkspace(config, env, cwd) {
  const agents = config && config.agents;
  if (!agents || typeof agents !== "object" || Array.isArray(agents)) return "";
  const entries = agents.entries || {};
  const defaults = agents.defaults || {};
  if (typeof entries !== "object" || Array.isArray(entries) || typeof defaults !== "object" || Array.isArray(defaults)) return "";
  const state = expandHome((env.OPENCLAW_STATE_DIR || "").trim() || "~/.openclaw");
  const defaultDir = configuredPath(defaults.workspace, state);
  const isEntry = (e) => e && typeof e === "object" && !Array.isArray(e);
  const configured = Object.values(entries).filter(isEntry).map((e) => configuredPath(e.workspace, state));
  const here = cwd ? path.resolve(cwd) : "";
  const inside = [...configured, defaultDir].filter((d) => d && here && (here === d || here.startsWith(d + path.sep)));
  if (inside.length) return inside.reduce((a, b) => (b.length > a.length ? b : a));
  const chosen = Object.keys(entries).find((k) => isEntry(entries[k]) && entries[k].default === true) || "main";
  const own = isEntry(entries[chosen]) ? configuredPath(entries[chosen].workspace, state) : "";
  return own || defaultDir;
}

export function defaultWorkspace(env, config = {}, cwd = "") {
  const pick = (name) => (env[name] && env[name].trim() ? env[name] : "");
  if (pick("WORKSPACE")) return expandHome(env.WORKSPACE);
  const own = agentWorkspace(config, env, cwd);
  if (own) return own;
  const chosen = pick("OPENCLAW_WORKSPACE_DIR")
    || (pick("OPENCLAW_STATE_DIR") ? path.join(env.OPENCLAW_STATE_DIR, "workspace") : "");
  return expandHome(chosen || path.join("~", ".openclaw", "workspace"));
}

export default {
  id: "hippocampus",
  name: "Hippocampus",
  description: "Persistent, decaying memory for OpenClaw agents; every hook fails open.",
  register(api) {
    const cfg = { ...DEFAULTS, ...(api.pluginConfig || {}) };
    const seenWorkspaces = new Map(); // agentId -> workspaceDir seen on an earlier hook in this process
    const inFlight = new Set(); // workspaces with a session_end.py running
    const lease = cfg.worker === false ? null : holdWorker(cfg);
    const worker = lease && lease.worker;
    try {
      // A host without managed instances (older OpenClaw, a test harness) never disposes: the worker then
      // lives until this process ends (end of input, parent death).
      const onDispose = api.lifecycle && api.lifecycle.onDispose;
      if (lease && typeof onDispose === "function") onDispose.call(api.lifecycle, () => lease.release("its plugin was unloaded"));
    } catch (err) {
      logFailure("", "register", err);
    }

    const workspaceFor = (ctx) => {
      if (cfg.workspace) return cfg.workspace;
      const agentId = (ctx && ctx.agentId) || "main";
      if (ctx && ctx.workspaceDir) {
        seenWorkspaces.set(agentId, ctx.workspaceDir);
        return ctx.workspaceDir;
      }
      if (seenWorkspaces.has(agentId)) return seenWorkspaces.get(agentId);
      let current = {};
      try {
        current = api.runtime?.config?.current?.() || api.config || {};
        const dir = api.runtime?.agent?.resolveAgentWorkspaceDir?.(current, agentId);
        if (dir) return dir;
      } catch {
        // fall through to the documented default
      }
      return defaultWorkspace(process.env, current, "");
    };

    const call = async (hook, entry, timeoutMs, event, ctx) => {
      let workspace = "";
      try {
        workspace = workspaceFor(ctx);
        const payload = { hook, event, ctx: pickContext(ctx), config: cfg, workspace };
        const result = await runHook(cfg, worker, entry, payload, timeoutMs);
        relayStderr(workspace, hook, result.stderr);
        if (!result.ok) {
          logFailure(workspace, hook, result.reason);
          return "";
        }
        return result.stdout;
      } catch (err) {
        logFailure(workspace, hook, err && err.stack ? err.stack.split("\n")[0] : err);
        return "";
      }
    };

    api.on(
      "before_prompt_build",
      async (event, ctx) => {
        try {
          const text = await call("before_prompt_build", "request_before.py", cfg.beforeTimeoutMs, {
            prompt: typeof event?.prompt === "string" ? event.prompt : "",
            currentUserMessage: event?.currentUserMessage,
            currentUserMessageId: event?.currentUserMessageId,
          }, ctx);
          const block = String(text || "").trim();
          if (!block) return undefined;
          return { prependContext: block.slice(0, Math.max(4 * (cfg.budgetChars || 0), 8000)) };
        } catch (err) {
          logFailure("", "before_prompt_build", err);
          return undefined;
        }
      },
      { timeoutMs: cfg.beforeTimeoutMs + 1000 },
    );

    api.on(
      "agent_end",
      async (event, ctx) => {
        try {
          await call("agent_end", "request_after.py", cfg.afterTimeoutMs, {
            messages: turnTail(event?.messages),
            success: event?.success,
            runId: event?.runId,
          }, ctx);
        } catch (err) {
          logFailure("", "agent_end", err);
        }
        return undefined;
      },
      { timeoutMs: cfg.afterTimeoutMs + 1000 },
    );

    const flush = (hook) => async (event, ctx) => {
      let workspace = "";
      try {
        workspace = workspaceFor(ctx);
        if (inFlight.has(workspace)) return undefined; // the running encode reads every queued signal
        inFlight.add(workspace);
        try {
          await call(hook, "session_end.py", cfg.sessionEndTimeoutMs, {
            reason: event?.reason,
            sessionId: event?.sessionId ?? ctx?.sessionId,
            sessionKey: event?.sessionKey ?? ctx?.sessionKey,
            messageCount: event?.messageCount,
          }, ctx);
        } finally {
          inFlight.delete(workspace);
        }
      } catch (err) {
        logFailure(workspace, hook, err);
      }
      return undefined;
    };
    for (const hook of ["session_end", "before_reset", "before_compaction"]) {
      api.on(hook, flush(hook), { timeoutMs: cfg.sessionEndTimeoutMs + 1000 });
    }

    // The worker starts as the plugin loads for real ("full": a Gateway, an agent run; not the lighter
    // discovery and metadata loads, which only use the one already running), so the first turn finds it up
    // and its embedding model loaded (or waits for it within the hook's budget).
    const mode = api.registrationMode;
    if (worker && (mode === undefined || mode === "full")) {
      let workspace = "";
      try {
        workspace = workspaceFor({});
      } catch {
        // the first call names it
      }
      worker.warm(workspace);
    }
  },
};
