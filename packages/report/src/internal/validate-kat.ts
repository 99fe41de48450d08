// Checks the KAT evidence of every built instance against build.json: the library and KAT log
// digests, the log's header and RESULT line, and each KAT file's canonical digest as the log
// states it and as the manifest entry it was compared with.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { canonicalKatDigest, parseCanonicalMode } from './canonical-kat-digest.js';
import type { BuildInstance, BuildManifest } from '@ngcc-perf/record';
import type { ValidationDifference } from '../validation-difference.js';

type Found = ValidationDifference | null;

export interface KatCheckCount {
  files: number;
}

async function readBytes(directory: string, relative: string): Promise<Buffer | null> {
  try {
    return await readFile(path.join(directory, ...relative.split('/')));
  } catch {
    return null;
  }
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

function difference(
  check: ValidationDifference['check'],
  file: string,
  field: string | null,
  line: number | null,
  message: string,
): ValidationDifference {
  return { check, file, field, line, message };
}

/** Header fields of the log that must repeat build.json (kat package `renderKatLog`). */
function headerDifference(logFile: string, lines: string[], entry: BuildInstance): Found {
  const expected: Record<string, string | null> = {
    id: entry.candidate,
    instance: entry.katName ?? entry.instance,
    library: entry.library,
    build_flags: entry.buildFlags,
  };
  for (const [index, line] of lines.entries()) {
    const match = /^(\w+)\s+= (.*)$/.exec(line);
    if (match === null) continue;
    const want = expected[match[1]!];
    const value = match[2]!.trimEnd();
    // The anchor's logs cut build_flags at 128 characters: a cut-off prefix of the full flags agrees.
    const agrees =
      want === undefined ||
      want === null ||
      value === want ||
      (match[1] === 'build_flags' && value.length >= 100 && want.startsWith(value));
    if (!agrees) {
      return difference(
        'kat-log',
        logFile,
        null,
        index + 1,
        `${logFile} line ${index + 1}: ${match[1]} is "${match[2]}", but build.json says "${want}" for ${entry.candidate}/${entry.instance}. The log belongs to another build; re-run "ngcc-perf run".`,
      );
    }
  }
  return null;
}

async function fileDifferences(
  directory: string,
  logFile: string,
  lines: string[],
  entry: BuildInstance,
  count: KatCheckCount,
): Promise<Found> {
  let currentDigest: { hex: string; text: string } | null = null;
  let results = 0;
  for (const [index, line] of lines.entries()) {
    const at = `${logFile} line ${index + 1}`;
    const written = /^ {2}written {3}(\S+) \((\d+) bytes\)$/.exec(line);
    if (written !== null) {
      const bytes = await readBytes(directory, written[1]!);
      if (bytes === null)
        return difference(
          'kat-file',
          written[1]!,
          null,
          null,
          `${written[1]}: missing, but ${at} says it was written. Keep every KAT file of the run directory.`,
        );
      count.files += 1;
      currentDigest = { hex: '', text: bytes.toString('utf8') };
      continue;
    }
    const logged = /^ {2}sha256 {4}([0-9a-f]{64}) strict/.exec(line);
    if (logged !== null && currentDigest !== null) {
      const actual = canonicalKatDigest(currentDigest.text);
      currentDigest.hex = actual;
      if (actual !== logged[1]) {
        const file =
          lines
            .slice(0, index)
            .reverse()
            .map((text) => /^ {2}written {3}(\S+)/.exec(text)?.[1])
            .find((name) => name !== undefined) ?? logFile;
        return difference(
          'kat-file',
          file,
          null,
          null,
          `${file}: canonical SHA-256 is ${actual}, but ${at} says ${logged[1]}. The KAT file was changed after the run; re-run "ngcc-perf run".`,
        );
      }
      continue;
    }
    const manifest = /^ {2}manifest {2}([0-9a-f]{64}) (\S+) .*: (match|MISMATCH|no reference)$/.exec(line);
    if (manifest !== null) {
      results += 1;
      const mode = parseCanonicalMode(manifest[2]!);
      if (currentDigest !== null && mode !== null) {
        const inMode =
          mode.nolen || mode.recordLimit !== null ? canonicalKatDigest(currentDigest.text, mode) : currentDigest.hex;
        const matches = inMode === manifest[1];
        if (matches !== (manifest[3] === 'match')) {
          return difference(
            'kat-file',
            logFile,
            null,
            index + 1,
            `${at} says "${manifest[3]}", but the KAT file's digest in mode ${manifest[2]} is ${inMode} against the manifest's ${manifest[1]}.`,
          );
        }
      }
      if (manifest[3] === 'MISMATCH' && entry.kat === 'PASS') {
        return difference(
          'kat-verdict',
          logFile,
          null,
          index + 1,
          `${at} records a MISMATCH, but build.json says PASS for ${entry.candidate}/${entry.instance}.`,
        );
      }
      if (manifest[3] !== 'match' && entry.kat === 'PASS') {
        return difference(
          'kat-verdict',
          logFile,
          null,
          index + 1,
          `${at} has no matching reference, but build.json says PASS for ${entry.candidate}/${entry.instance}.`,
        );
      }
      continue;
    }
    if (/^ {2}kat-file {2}/.test(line)) results += 1;
  }
  // Only a log in @ngcc-perf/kat's layout ("  written", "  sha256" lines) must show its comparisons;
  // an imported anchor log ("wrote", "manifest <hex>") states them in another form.
  const ownLayout = lines.some((line) => line.startsWith('  written   '));
  if (ownLayout && entry.kat === 'PASS' && results === 0) {
    return difference(
      'kat-verdict',
      logFile,
      null,
      null,
      `${logFile}: no KAT file was compared with a reference, but build.json says PASS for ${entry.candidate}/${entry.instance}.`,
    );
  }
  return null;
}

async function instanceDifference(
  directory: string,
  entry: BuildInstance,
  index: number,
  count: KatCheckCount,
): Promise<Found> {
  const where = `build.json instances[${index}]`;
  if (entry.library !== null && entry.librarySha256 !== null) {
    const bytes = await readBytes(directory, entry.library);
    if (bytes === null)
      return difference(
        'library',
        entry.library,
        null,
        null,
        `${entry.library}: missing, but ${where} lists it. Keep the measured libraries in lib/.`,
      );
    const actual = sha256(bytes);
    if (actual !== entry.librarySha256) {
      return difference(
        'library',
        'build.json',
        `instances[${index}].librarySha256`,
        null,
        `${entry.library}: SHA-256 is ${actual}, but ${where}.librarySha256 says ${entry.librarySha256}. The library is not the one measured.`,
      );
    }
  }
  if (entry.katLog === null) return null;
  const bytes = await readBytes(directory, entry.katLog);
  if (bytes === null)
    return difference(
      'kat-log',
      entry.katLog,
      null,
      null,
      `${entry.katLog}: missing, but ${where} lists it. Keep the KAT logs in kat/.`,
    );
  count.files += 1;
  const actual = sha256(bytes);
  if (entry.katLogSha256 !== null && actual !== entry.katLogSha256) {
    return difference(
      'kat-log',
      'build.json',
      `instances[${index}].katLogSha256`,
      null,
      `${entry.katLog}: SHA-256 is ${actual}, but ${where}.katLogSha256 says ${entry.katLogSha256}. The KAT log was changed after the run.`,
    );
  }
  const lines = bytes.toString('utf8').replace(/\n$/, '').split('\n');
  const header = headerDifference(entry.katLog, lines, entry);
  if (header !== null) return header;
  const last = (lines[lines.length - 1] ?? '').trimEnd();
  const expected = `RESULT ${entry.candidate} ${entry.katName ?? entry.instance} ${entry.kat}`;
  if (last !== expected) {
    return difference(
      'kat-verdict',
      entry.katLog,
      null,
      lines.length,
      `${entry.katLog} line ${lines.length}: "${last}", but ${where}.kat gives "${expected}".`,
    );
  }
  return fileDifferences(directory, entry.katLog, lines, entry, count);
}

export async function findKatDifference(directory: string, build: BuildManifest, count: KatCheckCount): Promise<Found> {
  for (const [index, entry] of build.instances.entries()) {
    const found = await instanceDifference(directory, entry, index, count);
    if (found !== null) return found;
  }
  return null;
}
