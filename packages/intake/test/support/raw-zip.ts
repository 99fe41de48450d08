// Writes zip archives byte by byte, so tests can build the hostile ones that a zip library
// refuses to write: names with "../" or a leading "/", symbolic links and device files (Unix mode
// in the external attributes), duplicate names, huge expansion. Format: APPNOTE 6.3 §4.3.
import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of {@link writeRawZip}. */
export interface RawZipEntry {
  name: string;
  /** Contents (empty for a folder, whose name ends in "/"). */
  data?: Buffer | string;
  /** Unix mode with its type bits, e.g. 0o100644 (file), 0o120777 (symlink), 0o020644 (char device). */
  mode?: number;
  /** Deflate the data (method 8) instead of storing it (method 0). */
  deflate?: boolean;
  /** The name's bytes when they are not its UTF-8 encoding (a legacy code page). */
  nameBytes?: Buffer;
  /** Leave the UTF-8 flag (bit 11) unset, as Info-ZIP `zip` does for its UTF-8 names (default: set). */
  noUtf8Flag?: boolean;
}

/** The bytes of a zip archive holding `entries` in order. */
export function writeRawZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    const stored = entry.deflate ? deflateRawSync(data, { level: 9 }) : data;
    const name = entry.nameBytes ?? Buffer.from(entry.name, 'utf8');
    const crc = crc32(data);
    const mode = entry.mode ?? (entry.name.endsWith('/') ? 0o040755 : 0o100644);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    const flags = entry.noUtf8Flag ? 0 : 0x0800;
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(0x00210000, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(mode * 0x10000, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
