import type { Command } from 'commander';
import { readLoadableSegments } from '@ngcc-perf/elf-size';
import type { CommandContext } from '../command-context.js';

/** `ngcc-perf size LIB [--json]`: Σ p_memsz over PT_LOAD (SPEC §6). */
export function registerSizeCommand(program: Command, context: CommandContext): void {
  program
    .command('size')
    .description("static memory proxy: the sum of the library's PT_LOAD p_memsz (SPEC §6)")
    .argument('<lib>', 'shared library (.so)')
    .option('--json', 'print { imageBytes, segments } as JSON')
    .action(async (library: string, flags: { json?: boolean }) => {
      const result = await readLoadableSegments(library);
      if (flags.json) {
        context.io.stdout(`${JSON.stringify({ imageBytes: result.imageBytes, segments: result.segments }, null, 2)}\n`);
        return;
      }
      context.io.stdout(`${library}: ${result.imageBytes} bytes in ${result.segments.length} PT_LOAD segments\n`);
      for (const segment of result.segments) {
        context.io.stdout(`  ${segment.flags.padEnd(3)} file ${segment.fileBytes} B, memory ${segment.memoryBytes} B\n`);
      }
    });
}
