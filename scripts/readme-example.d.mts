export declare const EXAMPLE_MARKER: string;
export declare function readReadmeExamples(readmePath: string): { code: string; expected: string[] }[];
export declare function readReadmeExample(packageDir: string): { code: string; expected: string[] };
export declare function runReadmeExample(
  packageDir: string,
  options?: { cwd?: string; env?: NodeJS.ProcessEnv; readme?: string },
): Promise<{ printed: string[]; expected: string[] }>;
export declare function expectedLines(code: string): string[];
export declare function readReadmeStudy(readmePath: string): { heading: string; code: string; expected: string[] };
export declare function matches(line: string, expected: string): boolean;
