// `npm run bench` (points part): runs measure.ts in a child with `npm start`'s node
// flags, because the router runs inside the server: its p99 is set by the young
// generation's collections, which a default-sized young generation makes four
// times as frequent as production's (p99 0.98 against 0.52 ms in one comparison).
import { fork } from 'node:child_process';
import { benchScript } from '../child-script.js';
import { startNodeFlags } from '../server-flags.js';

const script = benchScript('./measure.ts', import.meta.url);
const child = fork(script.path, process.argv.slice(2), { execArgv: [...script.execArgv, ...startNodeFlags()], stdio: 'inherit' });
const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
process.exitCode = code;
