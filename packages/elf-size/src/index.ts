export { ElfSizeError } from './elf-size-error.js';
export type { ElfSizeErrorCode } from './elf-size-error.js';
export { parseLoadableSegments } from './loadable-segments.js';
export { readLoadableSegments } from './read-loadable-segments.js';
export type {
  ElfClass,
  ElfEndianness,
  ElfFileType,
  LoadableSegment,
  LoadableSegmentsResult,
  SegmentFlags,
} from './types.js';
