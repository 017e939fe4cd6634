// Hippocampus OpenClaw plugin: a small bridge from typed plugin hooks to three Python entry points.
//
// Two paths, the same Python hook code (hippocampus/openclaw/hooks.py) behind both:
// - the warm worker, `python -m hippocampus serve --stdio` (hippocampus/openclaw/worker.py has its contract): one per
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
import { holdWorker } from "./worker.js";

export { Worker, WORKERS, holdWorker } from "./worker.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MAX_STDOUT = 256 * 1024;
const MAX_STDERR = 16 * 1024;
// No budgetTokens here: unset, the injected block follows `inject_budget` (tokens) in memory/hippocampus.yaml (else 400).
// One precedence rule for every setting: plugin config set explicitly > memory/hippocampus.yaml > defaults.
// workerIdleSeconds 0: the worker never exits for idleness (it gives memory back instead, worker.py).
const DEFAULTS = {
  beforeTimeoutMs: 3000, afterTimeoutMs: 5000, sessionEndTimeoutMs: 30000,
  worker: true, workerTimeoutMs: 1500, workerMaxInFlight: 8, workerIdleSeconds: 0,
  corpus: true, corpusTimeoutMs: 3000,
};
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

const FENCE_OPEN = "<hippocampus-recalled-notes>";
const FENCE_CLOSE = "</hippocampus-recalled-notes>";

// The one thing request_before may print that is injected: the recalled-notes block exactly as
// hippocampus/views/context.py makes it, the fence with nothing outside it, inside it no angle bracket (the
// fence turns every one into ‹ ›) and no control character but line breaks, within `maxChars` (never cut:
// a cut block loses its closing tag). Anything else (what a broken interpreter or a wrapper prints) is "".
export function wellFormedBlock(text, maxChars) {
  const block = String(text || "").trim();
  if (block.length > maxChars || !block.startsWith(`${FENCE_OPEN}\n`) || !block.endsWith(`\n${FENCE_CLOSE}`)) return "";
  const inner = block.slice(FENCE_OPEN.length + 1, block.length - FENCE_CLOSE.length - 1);
  return /[<>\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/u.test(inner) ? "" : block;
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

// The memory corpus supplement: `search` and `get` as OpenClaw calls them ({query, maxResults, agentId,
// agentSessionKey, sandboxed} / {lookup, fromLine, lineCount, ...}), answered by corpus_search.py and
// corpus_get.py within `corpusTimeoutMs`, failing open to no results. Without an agent id where the config names
// several agents (and no plugin `workspace`) it answers nothing rather than pick one agent's memories.
export function corpusSupplement(cfg, call, currentConfig) {
  const ambiguous = (params) => {
    if (cfg.workspace || (params && params.agentId)) return false;
    try {
      const entries = currentConfig()?.agents?.entries;
      return Boolean(entries && typeof entries === "object" && Object.keys(entries).length > 1);
    } catch {
      return false;
    }
  };
  const ask = async (hook, event, params) => {
    const ctx = {};
    if (params && typeof params.agentId === "string") ctx.agentId = params.agentId;
    if (params && typeof params.agentSessionKey === "string") ctx.sessionKey = params.agentSessionKey;
    const text = await call(hook, `${hook}.py`, cfg.corpusTimeoutMs, event, ctx);
    try {
      return JSON.parse(String(text || "").trim() || "null");
    } catch {
      return null;
    }
  };
  return {
    async search(params) {
      try {
        const query = typeof params?.query === "string" ? params.query : "";
        if (!query.trim() || ambiguous(params)) return [];
        const found = await ask("corpus_search", { query, maxResults: params?.maxResults }, params);
        return Array.isArray(found)
          ? found.filter((r) => r && typeof r.path === "string" && typeof r.snippet === "string" && Number.isFinite(r.score))
          : [];
      } catch {
        return [];
      }
    },
    async get(params) {
      try {
        const lookup = typeof params?.lookup === "string" ? params.lookup : "";
        if (!lookup.trim() || ambiguous(params)) return null;
        const found = await ask("corpus_get", { lookup, fromLine: params?.fromLine, lineCount: params?.lineCount }, params);
        return found && typeof found === "object" && typeof found.content === "string" ? found : null;
      } catch {
        return null;
      }
    },
  };
}

export const CORPUS_PROMPT_LINE =
  'Hippocampus memories (what the user said in earlier conversations) are found by memory_search with corpus "all";' +
  ' memory_get with corpus "all" reads a hippocampus/<id> hit with where it came from.';

// The memory prompt's line about the supplement, where the run can call memory_search (directly, or through
// Tool Search's tool_call, which 2026.9.6 uses by default).
export function corpusPromptLines(params) {
  try {
    const tools = params && params.availableTools;
    const can = (name) => Boolean(tools && typeof tools.has === "function" && tools.has(name));
    return can("memory_search") || can("tool_call") ? [CORPUS_PROMPT_LINE] : [];
  } catch {
    return [];
  }
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
          if (!String(text || "").trim()) return undefined;
          const block = wellFormedBlock(text, Math.max(16 * (cfg.budgetTokens || 0), 4 * (cfg.budgetChars || 0), 8000));
          if (!block) {
            logFailure(workspaceFor(ctx), "before_prompt_build", "its output is not a well-formed recalled-notes block; nothing was injected");
            return undefined;
          }
          return { prependContext: block };
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

    // Hippocampus in the agent's own memory_search / memory_get (OpenClaw 2026.9.6's memory corpus supplement):
    // hippocampus/openclaw/corpus.py answers, through the worker like the hooks; a failure answers nothing.
    // 2026.9.6 asks supplements only for `corpus: "all"` (or "wiki"), so one line in the memory prompt says so.
    if (cfg.corpus !== false && typeof api.registerMemoryCorpusSupplement === "function") {
      try {
        api.registerMemoryCorpusSupplement(corpusSupplement(cfg, call, () => api.runtime?.config?.current?.() || api.config || {}));
        if (typeof api.registerMemoryPromptSupplement === "function") api.registerMemoryPromptSupplement(corpusPromptLines);
      } catch (err) {
        logFailure("", "registerMemoryCorpusSupplement", err);
      }
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
