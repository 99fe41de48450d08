import { readFileSync } from 'node:fs';

/** A file's text with surrounding white space trimmed, or null when it cannot be read or is empty. */
export function readTrimmed(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** A file's text with surrounding white space trimmed (`""` for an empty file), or null when it cannot be read. */
export function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** A file holding one integer, or null when absent or not an integer. */
export function readInteger(file: string): number | null {
  const text = readTrimmed(file);
  return text !== null && /^-?\d+$/.test(text) ? Number(text) : null;
}

/** A 0/1 flag file as a boolean, or null. */
export function readFlag(file: string): boolean | null {
  const value = readInteger(file);
  return value === null ? null : value !== 0;
}

/** Expands a kernel CPU list (`"0-3,8,10-11"`) into CPU numbers; null when malformed. */
export function expandCpuList(list: string): number[] | null {
  const cpus: number[] = [];
  for (const part of list.split(',')) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (match === null) return null;
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    for (let cpu = first; cpu <= last; cpu += 1) cpus.push(cpu);
  }
  return cpus;
}
