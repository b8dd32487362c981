// A PDF worker entry whose thread takes 1.5 s to start, as a cold thread on a loaded machine did: the pool's test
// shows such a start-up is not counted in a task's time limit.
import { setTimeout as sleep } from 'node:timers/promises';

export const slowStartMs = 1500;

await sleep(slowStartMs);

export * from './pdf-worker-entry.mjs';
