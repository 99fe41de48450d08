import type { Command } from 'commander';
import { readElfImage } from '@ngcc-perf/elf-size';
import type { ElfImageResult, SectionBytes } from '@ngcc-perf/elf-size';
import type { CommandContext } from '../command-context.js';

const SECTION_LABELS: ReadonlyArray<readonly [keyof SectionBytes, string]> = [
  ['textBytes', '.text'],
  ['rodataBytes', '.rodata'],
  ['dataBytes', '.data'],
  ['bssBytes', '.bss'],
  ['tdataBytes', '.tdata'],
  ['tbssBytes', '.tbss'],
];

/** The human-readable lines of `ngcc-perf size LIB`. */
function renderSize(library: string, elf: ElfImageResult): string {
  const lines = [
    `${library}: ${elf.imageBytes} bytes in ${elf.segments.length} PT_LOAD segments (ELF${elf.elfClass}, ${elf.endianness}-endian, ${elf.machine})`,
    ...elf.segments.map((s) => `  ${s.flags.padEnd(3)} file ${s.fileBytes} B, memory ${s.memoryBytes} B`),
  ];
  const known = SECTION_LABELS.filter(([field]) => elf.sectionBytes[field] !== null);
  lines.push(
    known.length === 0
      ? '  sections: unknown (no section headers)'
      : `  sections: ${known.map(([field, label]) => `${label} ${String(elf.sectionBytes[field])} B`).join(', ')}`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * `ngcc-perf size LIB [--json]`: Σ p_memsz over PT_LOAD (guide §3.1) with the segments, the
 * `.text`/`.rodata`/`.data`/`.bss` sizes and the ELF class, byte order and machine.
 */
export function registerSizeCommand(program: Command, context: CommandContext): void {
  program
    .command('size')
    .description(
      "static memory proxy: the sum of the library's PT_LOAD p_memsz (guide §3.1), with segments and sections",
    )
    .argument('<lib>', 'shared library (.so)')
    .option('--json', 'print { imageBytes, segments, sectionBytes, elfClass, endianness, machine } as JSON')
    .action(async (library: string, flags: { json?: boolean }) => {
      const elf = await readElfImage(library);
      if (flags.json) {
        const { imageBytes, segments, sectionBytes, elfClass, endianness, machine, machineCode, fileType } = elf;
        context.io.stdout(
          `${JSON.stringify({ imageBytes, segments, sectionBytes, elfClass, endianness, machine, machineCode, fileType }, null, 2)}\n`,
        );
        return;
      }
      context.io.stdout(renderSize(library, elf));
    });
}
