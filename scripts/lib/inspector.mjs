/**
 * A devtools-protocol session with the first Worker a local stack's inspector lists (the web
 * Worker): for the profiler's CPU samples and the benchmark's isolate memory.
 */
import WebSocket from "ws";

/** Connects to the inspector on `port`; `send(method, params)` answers the method's result. */
export async function inspectWorker(port) {
  const [worker] = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const ws = new WebSocket(worker.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => (ws.once("open", resolve), ws.once("error", reject)));
  let id = 0;
  const pending = new Map();
  ws.on("message", (m) => {
    const d = JSON.parse(m);
    const settle = pending.get(d.id);
    pending.delete(d.id);
    if (!settle) return;
    if (d.error) settle.reject(new Error(`${d.error.message} (${settle.method})`));
    else settle.resolve(d.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      pending.set(++id, { resolve, reject, method });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => ws.close() };
}

/**
 * The isolate's memory as the Workers limit counts it: the JavaScript heap in use, the
 * ArrayBuffers' backing stores (stream chunks live there) and the runtime's own objects on the heap.
 */
export async function isolateBytes(session) {
  const usage = await session.send("Runtime.getHeapUsage");
  return usage.usedSize + (usage.backingStorageSize ?? 0) + (usage.embedderHeapUsedSize ?? 0);
}
