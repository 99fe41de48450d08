export declare const PROJECT_FOLDERS: string[];
export declare function findUnresolvedReferences(
  scopeFolder: string,
): { file: string; line: number; reference: string }[];
