export { ElfSizeError } from './elf-size-error.js';
export type { ElfSizeErrorCode } from './elf-size-error.js';
export { parseElfImage } from './elf-image.js';
export { readElfImage } from './read-elf-image.js';
export { parseLoadableSegments } from './loadable-segments.js';
export { readLoadableSegments } from './read-loadable-segments.js';
export type {
  ElfClass,
  ElfEndianness,
  ElfFileType,
  ElfImageResult,
  ElfSection,
  LoadableSegment,
  LoadableSegmentsResult,
  SectionBytes,
  SegmentFlags,
} from './types.js';
