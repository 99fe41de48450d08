// A real single-node Slurm for slurm-campaign.test.ts (not a test file itself): munged, slurmctld
// and slurmd from Debian's packages, configured for this machine on loopback in a temporary
// folder, run in the foreground as children of the test and stopped by it, even after a failure.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The programs a cluster needs; the Debian packages that hold them. */
const PROGRAMS: Record<string, string> = {
  munged: 'munge',
  slurmctld: 'slurmctld',
  slurmd: 'slurmd',
  sbatch: 'slurm-client',
  scontrol: 'slurm-client',
  scancel: 'slurm-client',
  sinfo: 'slurm-client',
};

/** The Debian packages to install before a cluster can start here (empty when none are missing). */
export function missingSlurmPackages(): string[] {
  const missing = Object.entries(PROGRAMS).filter(
    ([program]) => spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0,
  );
  return [...new Set(missing.map(([, pkg]) => pkg))];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SlurmCluster {
  /** The folder holding the configuration, state, spool and logs. */
  dir: string;
  /** The environment for client commands (SLURM_CONF set). */
  env: NodeJS.ProcessEnv;
  /** Runs a Slurm client command; throws with its stderr when it fails. */
  run: (program: string, args: string[]) => string;
  /** `JobState` of a job or array task from `scontrol show job` (null once Slurm forgot it). */
  jobState: (jobId: string) => string | null;
  /** The last lines of every daemon log, for a failure message. */
  logs: () => string;
  /** Cancels every job, then stops slurmd, slurmctld and munged (their process groups). */
  stop: () => Promise<void>;
}

/**
 * Starts munged, slurmctld and slurmd in `dir` on two free loopback ports, one node (this host,
 * with the CPUs and cores `slurmd -C` finds) in one partition, and waits until the node is idle.
 */
export async function startSlurmCluster(dir: string): Promise<SlurmCluster> {
  for (const sub of ['state', 'spool', 'log']) mkdirSync(path.join(dir, sub), { recursive: true });
  chmodSync(dir, 0o755); // munged checks that its socket's folder is reachable
  const key = path.join(dir, 'munge.key');
  writeFileSync(key, randomBytes(1024), { mode: 0o400 });
  const socket = path.join(dir, 'munge.socket');
  const [ctldPort, slurmdPort] = [await freePort(), await freePort()];
  // slurmd -C: "NodeName=vm CPUs=2 Boards=1 SocketsPerBoard=1 CoresPerSocket=2 ThreadsPerCore=1 RealMemory=24105".
  const hardware = spawnSync('slurmd', ['-C'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? '';
  const node = /NodeName=(\S+)/.exec(hardware)?.[1] ?? os.hostname();
  const conf = path.join(dir, 'slurm.conf');
  writeFileSync(path.join(dir, 'plugstack.conf'), '');
  writeFileSync(
    conf,
    [
      'ClusterName=ngcctest',
      `SlurmctldHost=${node}(127.0.0.1)`,
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${slurmdPort}`,
      `SlurmUser=${os.userInfo().username}`,
      'AuthType=auth/munge',
      `AuthInfo=socket=${socket}`,
      'CredType=cred/munge',
      `StateSaveLocation=${dir}/state`,
      `SlurmdSpoolDir=${dir}/spool`,
      `SlurmctldPidFile=${dir}/slurmctld.pid`,
      `SlurmdPidFile=${dir}/slurmd.pid`,
      `SlurmctldLogFile=${dir}/log/slurmctld.log`,
      `SlurmdLogFile=${dir}/log/slurmd.log`,
      `PlugStackConfig=${dir}/plugstack.conf`,
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/affinity',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_Core',
      'JobRequeue=1',
      'ReturnToService=2',
      'MpiDefault=none',
      'JobAcctGatherType=jobacct_gather/none',
      'AccountingStorageType=accounting_storage/none',
      'SwitchType=switch/none',
      'InactiveLimit=0',
      'MinJobAge=3600',
      'KillWait=5',
      `${hardware.replace(/\s*$/, '')} NodeAddr=127.0.0.1 State=UNKNOWN`,
      `PartitionName=test Nodes=${node} Default=YES MaxTime=INFINITE State=UP`,
      '',
    ].join('\n'),
  );
  const env: NodeJS.ProcessEnv = { ...process.env, SLURM_CONF: conf };
  const children: ChildProcess[] = [];
  const start = (program: string, args: string[]) => {
    const child = spawn(program, args, { env, detached: true, stdio: ['ignore', 'ignore', 'ignore'] });
    children.push(child);
  };
  const logs = () =>
    ['munged.log', 'slurmctld.log', 'slurmd.log']
      .map((name) => path.join(dir, 'log', name))
      .filter((file) => existsSync(file))
      .map((file) => `--- ${file}\n${readFileSync(file, 'utf8').split('\n').slice(-15).join('\n')}`)
      .join('\n');
  const run = (program: string, args: string[]) => {
    const result = spawnSync(program, args, { env, encoding: 'utf8', timeout: 60000 });
    if (result.status !== 0)
      throw new Error(`${program} ${args.join(' ')} failed (${result.status}): ${result.stderr}\n${logs()}`);
    return result.stdout;
  };
  const cluster: SlurmCluster = {
    dir,
    env,
    run,
    jobState: (jobId) => {
      const result = spawnSync('scontrol', ['show', 'job', jobId], { env, encoding: 'utf8' });
      return /JobState=(\S+)/.exec(result.stdout)?.[1] ?? null;
    },
    logs,
    stop: async () => {
      spawnSync('scancel', ['--full', '--user', os.userInfo().username], { env });
      await sleep(2000);
      for (const child of children.reverse()) {
        if (child.pid !== undefined && child.exitCode === null) {
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            // already gone
          }
        }
      }
      await sleep(1000);
    },
  };
  try {
    start('munged', [
      '--foreground',
      '--force',
      `--socket=${socket}`,
      `--key-file=${key}`,
      `--log-file=${dir}/log/munged.log`,
      `--pid-file=${dir}/munged.pid`,
      `--seed-file=${dir}/munged.seed`,
    ]);
    for (let i = 0; i < 50 && !existsSync(socket); i++) await sleep(200);
    start('slurmctld', ['-D', '-i', '-f', conf]);
    await sleep(1000);
    start('slurmd', ['-D', '-f', conf, '-N', node]);
    for (let i = 0; ; i++) {
      const state = spawnSync('sinfo', ['-h', '-o', '%t'], { env, encoding: 'utf8' }).stdout.trim();
      if (state === 'idle') break;
      if (i === 60) throw new Error(`the Slurm node did not become idle in 60 s (sinfo: "${state}")\n${logs()}`);
      await sleep(1000);
    }
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
