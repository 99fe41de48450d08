export const PACKAGE_NAME = '@ngcc-perf/kat';
