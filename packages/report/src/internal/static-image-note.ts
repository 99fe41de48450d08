// What the static figure (PT_LOAD MemSiz of the instance library) contains, and how it differs
// from the published pages' method, so a smaller figure is not read as an error (issue 17 item 7).
import { codeSpan, paragraph } from './report-model.js';
import type { Block, ReportSection } from './report-model.js';

/** One paragraph for §5 of a candidate page. */
export const STATIC_IMAGE_SENTENCE =
  'The library measured for the static figure is built from the candidate’s own C sources alone (those its candidate.json lists), as a shared object; ' +
  'ngcc-perf links nothing of its own into it. The published pages use a harness that also links the ICCS DRNG and a call shim into every instance library, ' +
  'so their static figure is several KB larger for the same code (the method page gives the details); a smaller figure here is that difference, not a regression.';

/** The method page's section on the static image. */
export function staticImageSection(): ReportSection {
  const blocks: Block[] = [
    paragraph(
      'Static memory is the sum of the in-memory sizes (MemSiz) of the PT_LOAD segments of each instance library, .bss included, not rounded to pages. ',
      'The library is a shared object built by CMake from the C sources the candidate’s ',
      codeSpan('candidate.json'),
      ' lists, with the flags of the build table above and ',
      codeSpan('-fPIC -shared'),
      '. It contains the algorithm’s code and data, the ELF headers, dynamic-linking tables and the C runtime’s start-up stubs — nothing of the harness: ',
      'the KAT’s deterministic random generator and the timing and memory drivers live in the driver process, which loads the library.',
    ),
    paragraph(
      'The published pages were measured differently: their harness links the ICCS DRNG (',
      codeSpan('drng.c'),
      ') and its own call shim into every instance library (its link rules), so their static figure includes those objects too and is larger than this one by their size ',
      '(and by any difference of compiler version). The figure here is the better measure of what the algorithm itself needs; ',
      'compare it with published figures only after subtracting that difference.',
    ),
  ];
  return { heading: 'Static image', id: 'static-image', blocks };
}
