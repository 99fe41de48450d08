// measureHostPace in a node process pinned to one CPU, alone and beside a busy loop pinned to the
// same CPU: beside it, the process gets about half the CPU, and the pace says so on any host (a
// host already busy only raises it).
import { describe, expect, it } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { measureHostPace } from '../src/host-pace.js';

const source = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const cpu = '0';

function paceOnCpu(): number {
  // Written as plain text: console.log colours a number when FORCE_COLOR is set (nx sets it).
  const script = `import { measureHostPace } from ${JSON.stringify(source)}; process.stdout.write(String(measureHostPace(100)));`;
  const run = spawnSync('taskset', ['-c', cpu, process.execPath, '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return Number(run.stdout.trim());
}

describe('measureHostPace', () => {
  it('is at least 1', () => {
    expect(measureHostPace(20)).toBeGreaterThanOrEqual(1);
  });

  it('is above 1.4 beside a busy loop pinned to the same CPU', async () => {
    const busy = spawn('taskset', ['-c', cpu, process.execPath, '-e', 'for (;;);'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(paceOnCpu()).toBeGreaterThan(1.4);
    } finally {
      busy.kill('SIGKILL');
    }
  });
});
