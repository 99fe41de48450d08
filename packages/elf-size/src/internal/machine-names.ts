// e_machine numbers (ELF gABI and the processor supplements) to the names readers expect.
// elfy's own table calls x86-64 "amd64" and lacks RISC-V, so the report uses this one.
const MACHINE_NAMES: ReadonlyMap<number, string> = new Map([
  [2, 'SPARC'],
  [3, 'i386'],
  [8, 'MIPS'],
  [20, 'PowerPC'],
  [21, 'PowerPC64'],
  [22, 's390'],
  [40, 'ARM'],
  [43, 'SPARC V9'],
  [62, 'x86-64'],
  [183, 'AArch64'],
  [243, 'RISC-V'],
  [258, 'LoongArch'],
]);

/** Name for an `e_machine` value, or `EM_<n>` when it is not in the table. */
export function nameMachine(machineCode: number): string {
  return MACHINE_NAMES.get(machineCode) ?? `EM_${machineCode}`;
}
