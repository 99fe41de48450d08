export const PACKAGE_NAME = '@ngcc-perf/elf-size';
