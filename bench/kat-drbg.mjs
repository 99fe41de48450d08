// Benchmark (issue 3, Performance 2): DRBG throughput for the KAT_2_33 random message
// (2^33 bits = 1 GiB from the SM3 Hash_DRBG seeded with "KAT_2_33" × 8). Target ≥ 100 MB/s.
//
//   node bench/kat-drbg.mjs [--runs 5] [--ts-mib 64]
//
// The C DRNG inside the driver is what runKat uses: `ngcc-perf-driver kat libempty.so 256 KAT_2_33`
// draws the whole 1 GiB message and reports the seconds spent drawing (`drbgSeconds`; libempty's
// CryptHash returns at once). The TypeScript HashDrbg of @ngcc-perf/kat (the NIST-checked
// reference) is timed on the first --ts-mib MiB of the same draw, side by side, interleaved;
// medians are reported (MB = 10^6 bytes). The driver's Msg_Exp (first and last 8 bytes of the
// 1 GiB draw) is checked against SM3(V) and SM3(V + 2^25 − 1) computed from the TypeScript
// DRNG's V (Hashgen block i is SM3(V + i)).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNgccDrng, ngccKatSeed } from '@ngcc-perf/kat';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const runs = option('--runs', 5);
const tsBytes = option('--ts-mib', 64) * 2 ** 20;
const driver = path.join(root, 'native', 'build', 'ngcc-perf-driver');
const libempty = path.join(root, 'native', 'build', 'testlibs', 'libempty.so');
const GIB = 2 ** 30;
const hex = (bytes) => Buffer.from(bytes).toString('hex').toUpperCase();
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const cRates = [];
const tsRates = [];
let cRecord = null;
const tsBuffer = new Uint8Array(tsBytes);
for (let run = 0; run < runs; run += 1) {
  const result = spawnSync(driver, ['kat', libempty, '256', 'KAT_2_33'], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
    timeout: 300000,
  });
  if (result.status !== 0) throw new Error(`driver exited with ${result.status}: ${result.stderr}`);
  const lines = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  cRecord = lines.find((line) => line.type === 'kat-record' && line.index === 2);
  cRates.push(GIB / lines.at(-1).drbgSeconds / 1e6);

  const drng = createNgccDrng(ngccKatSeed('KAT_2_33'));
  const start = process.hrtime.bigint();
  drng.generateInto(tsBuffer, tsBytes * 8);
  tsRates.push(tsBytes / (Number(process.hrtime.bigint() - start) / 1e9) / 1e6);
}

const c = median(cRates);
const ts = median(tsRates);
console.log(`KAT_2_33 random message (1 GiB), SM3 Hash_DRBG, medians of ${runs} interleaved runs`);
console.log(
  `C DRNG in ngcc-perf-driver (whole 1 GiB, 8 SM3 lanes): ${c.toFixed(1)} MB/s  (runs: ${cRates.map((r) => r.toFixed(0)).join(', ')})`,
);
console.log(
  `TypeScript HashDrbg (first ${tsBytes / 2 ** 20} MiB):            ${ts.toFixed(1)} MB/s  (runs: ${tsRates.map((r) => r.toFixed(0)).join(', ')})`,
);
console.log(
  `ratio C / TypeScript: ${(c / ts).toFixed(1)}×; a 1 GiB draw takes ${(GIB / c / 1e6).toFixed(1)} s in C, ${(GIB / ts / 1e6).toFixed(1)} s in TypeScript`,
);
console.log(`${c >= 100 ? 'MET' : 'NOT MET'}: ${c.toFixed(1)} MB/s ${c >= 100 ? '≥' : '<'} 100 MB/s`);
const v = BigInt(`0x${Buffer.from(createNgccDrng(ngccKatSeed('KAT_2_33')).exportState().v).toString('hex')}`);
const block = (i) =>
  createHash('sm3')
    .update(Buffer.from(((v + i) % 2n ** 440n).toString(16).padStart(110, '0'), 'hex'))
    .digest();
const head = hex(block(0n).subarray(0, 8));
const tail = hex(block(2n ** 25n - 1n).subarray(24));
const same = cRecord.headHex === head && cRecord.tailHex === tail && hex(tsBuffer.subarray(0, 8)) === head;
console.log(
  `Msg_Exp: C ${cRecord.headHex} .... ${cRecord.tailHex}, from V ${head} .... ${tail} → ${same ? 'equal' : 'DIFFERENT'}`,
);
