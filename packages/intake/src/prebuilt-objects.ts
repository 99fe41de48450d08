import { readFile } from 'node:fs/promises';
import path from 'node:path';
import elfy from 'elfy';
import { execa } from 'execa';

/** A prebuilt object (`.o`) or static archive (`.a`) a package ships beside its sources. */
export const PREBUILT_FILE = /\.(o|a)$/;

/** What an ELF header says an object was built for: `e_machine` as elfy names it, the class and byte order. */
export interface ObjectMachine {
  /** elfy's name of `e_machine` (`amd64`, `AArch64`, …), or `e_machine <n>` when elfy has none. */
  machine: string;
  /** `32` or `64`. */
  elfClass: string;
  /** `lsb` or `msb`. */
  endian: string;
}

/** The symbols and machine of one prebuilt file, read with `nm` and its ELF header(s). */
export interface PrebuiltSymbols {
  kind: 'object' | 'archive';
  /** Global symbols it defines (an archive: every member's, as it is linked whole). */
  defined: string[];
  /** The strong definitions among `defined`. */
  strong: string[];
  /** Symbols it leaves undefined (an archive: those no other member defines). */
  undefined: string[];
  /** Whether the object (an archive: one of its members) defines `main`. */
  definesMain: boolean;
  /** The members of an archive that define `main`; [] for an object. */
  mainMembers: string[];
  /** The machines it was built for, one per distinct header (an archive: every member's). */
  machines: ObjectMachine[];
  /** Why it is not an ELF object of this host's machine (read from its header), else null. */
  foreign: string | null;
  /** Why it cannot be read (not ELF, nm refused it), else null. */
  unreadable: string | null;
}

const describe = (m: ObjectMachine) =>
  `${m.machine} (ELF${m.elfClass}, ${m.endian === 'lsb' ? 'little' : 'big'}-endian)`;

/**
 * The machine of an ELF file from its header (elfy), or null when `bytes` is not ELF.
 * @example
 * elfMachine(await readFile('core.o')); // { machine: 'amd64', elfClass: '64', endian: 'lsb' }
 */
export function elfMachine(bytes: Buffer): ObjectMachine | null {
  if (bytes.length < 20 || bytes.subarray(0, 4).toString('latin1') !== '\x7fELF') return null;
  try {
    const header = new elfy.Parser().parseHeader(bytes);
    const code = bytes[5] === 2 ? bytes.readUInt16BE(18) : bytes.readUInt16LE(18);
    return { machine: header.machine ?? `e_machine ${code}`, elfClass: header.class, endian: header.endian };
  } catch {
    return null;
  }
}

let hostMachineRead: Promise<ObjectMachine | null> | null = null;

/**
 * The machine gcc builds objects for on this host: the ELF header of an empty translation unit it
 * compiles (read once), or null when gcc cannot.
 */
export function hostObjectMachine(work: string): Promise<ObjectMachine | null> {
  hostMachineRead ??= (async () => {
    const object = path.join(work, 'host-machine-probe.o');
    const compiled = await execa('gcc', ['-c', '-x', 'c', '-', '-o', object], { input: '', reject: false });
    if (compiled.exitCode !== 0) return null;
    return elfMachine(await readFile(object));
  })();
  return hostMachineRead;
}

const same = (a: ObjectMachine, b: ObjectMachine) =>
  a.machine === b.machine && a.elfClass === b.elfClass && a.endian === b.endian;

/** The members of an archive (`ar t`), each with its bytes (`ar p`); the first of two members of one name. */
async function archiveMembers(file: string): Promise<{ name: string; bytes: Buffer }[] | null> {
  const listed = await execa('ar', ['t', file], { reject: false });
  if (listed.exitCode !== 0) return null;
  const names = [
    ...new Set(
      String(listed.stdout)
        .split('\n')
        .filter((n) => n !== ''),
    ),
  ];
  const members: { name: string; bytes: Buffer }[] = [];
  for (const name of names) {
    const printed = await execa('ar', ['p', file, name], { reject: false, encoding: 'buffer' });
    if (printed.exitCode !== 0) return null;
    members.push({ name, bytes: Buffer.from(printed.stdout) });
  }
  return members;
}

/** `nm --format=posix` of a file, per archive member (`lib.a[x.o]:` heads a member; an object is one member ''). */
async function symbolsByMember(file: string) {
  const listed = await execa('nm', ['--format=posix', file], { reject: false });
  if (listed.exitCode !== 0) return null;
  const members = new Map<string, { defined: string[]; strong: string[]; undefined: string[] }>();
  let current = '';
  const at = (name: string) => {
    if (!members.has(name)) members.set(name, { defined: [], strong: [], undefined: [] });
    return members.get(name)!;
  };
  for (const line of String(listed.stdout).split('\n')) {
    const head = /\[([^\]]+)\]:$/.exec(line);
    if (head !== null) {
      current = head[1]!;
      at(current);
      continue;
    }
    const [name, type] = line.split(' ');
    if (!name || !type) continue;
    const member = at(current);
    if (type === 'U') member.undefined.push(name);
    else if (/^[A-TV-Z]$/.test(type)) {
      member.defined.push(name);
      if (!/^[CVW]$/.test(type)) member.strong.push(name);
    }
  }
  return members;
}

/**
 * Reads a prebuilt object or static archive: its symbols (`nm`; an archive's are its members', as
 * the build links it whole) and the machine each ELF header names (elfy; an archive's
 * members through `ar p`), compared with the objects gcc makes on this host (`host`).
 * @param file - absolute path of the `.o` or `.a`
 * @param relative - its path as messages name it (relative to the package)
 * @example
 * (await readPrebuilt('/p/Ref/x/core.o', 'Ref/x/core.o', host)).defined; // ['kem_dec', …]
 */
export async function readPrebuilt(
  file: string,
  relative: string,
  host: ObjectMachine | null,
): Promise<PrebuiltSymbols> {
  const kind = file.endsWith('.a') ? 'archive' : 'object';
  const empty: PrebuiltSymbols = {
    kind,
    defined: [],
    strong: [],
    undefined: [],
    definesMain: false,
    mainMembers: [],
    machines: [],
    foreign: null,
    unreadable: null,
  };
  const headers =
    kind === 'object'
      ? [{ name: '', bytes: await readFile(file) }]
      : ((await archiveMembers(file)) ?? [{ name: '', bytes: Buffer.alloc(0) }]);
  const machines: ObjectMachine[] = [];
  for (const member of headers) {
    const machine = elfMachine(member.bytes);
    if (machine === null)
      return {
        ...empty,
        unreadable: `not an ELF ${kind === 'object' ? 'object' : 'archive member'} (${member.name === '' ? relative : `${relative}(${member.name})`}: no ELF header)`,
      };
    if (!machines.some((m) => same(m, machine))) machines.push(machine);
  }
  const members = await symbolsByMember(file);
  if (members === null) return { ...empty, machines, unreadable: `nm cannot read ${relative}` };
  const mainMembers = [...members].filter(([, m]) => m.defined.includes('main')).map(([name]) => name);
  const kept = [...members.values()];
  const defined = [...new Set(kept.flatMap((m) => m.defined))].sort();
  const alien = host === null ? [] : machines.filter((m) => !same(m, host));
  return {
    kind,
    defined,
    strong: [...new Set(kept.flatMap((m) => m.strong))].sort(),
    undefined: [...new Set(kept.flatMap((m) => m.undefined))].filter((s) => !defined.includes(s)).sort(),
    definesMain: mainMembers.length > 0,
    mainMembers: kind === 'archive' ? mainMembers : [],
    machines,
    foreign:
      alien.length === 0
        ? null
        : `built for ${alien.map(describe).join(', ')} (its ELF header${kind === 'archive' ? 's' : ''}), not for ${describe(host!)}, the objects gcc makes on this host`,
    unreadable: null,
  };
}
