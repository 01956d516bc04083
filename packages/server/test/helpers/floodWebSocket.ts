import { spawn } from 'node:child_process';

/** What a flood left behind: the close code of every connection the server closed, and frames sent. */
export interface FloodReport {
  closes: number[];
  sent: number;
}

// Plain CommonJS for `node -e`: the flood runs in its own process, so its CPU is not the server's.
const FLOOD_SCRIPT = `
const WebSocket = require('ws');
const [url, durationMs, sockets, perConnection, frame] = process.argv.slice(1);
const end = Date.now() + Number(durationMs);
const closes = [];
let sent = 0;
let running = Number(sockets);
function connect() {
  if (Date.now() >= end) {
    running -= 1;
    if (running === 0) process.stdout.write(JSON.stringify({ closes, sent }), () => process.exit(0));
    return;
  }
  const ws = new WebSocket(url);
  ws.on('error', () => {});
  ws.on('open', () => {
    let left = Number(perConnection);
    const pump = () => {
      if (ws.readyState !== WebSocket.OPEN) return;
      if (Date.now() >= end) return ws.terminate();
      for (let i = 0; i < 2000 && left > 0; i++, left--) ws.send(frame), sent++;
      setImmediate(pump);
    };
    pump();
  });
  ws.on('close', (code) => {
    if (Date.now() < end) closes.push(code);
    connect();
  });
}
for (let i = 0; i < running; i++) connect();
`;

/**
 * Floods `url` from a child process: `sockets` connections each sending `frame` `perConnection` times
 * as fast as it can be written, whether or not the server keeps up, reconnecting whenever the server
 * closes one, for `durationMs`.
 */
export function floodWebSocket(options: {
  url: string;
  sockets: number;
  perConnection: number;
  durationMs: number;
  frame: string;
}): Promise<FloodReport> {
  const { url, sockets, perConnection, durationMs, frame } = options;
  const args = [url, String(durationMs), String(sockets), String(perConnection), frame];
  const child = spawn(process.execPath, ['-e', FLOOD_SCRIPT, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill(), durationMs + 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(output) as FloodReport);
      else reject(new Error(`the flood process exited with ${code}`));
    });
  });
}
