import { CliError } from '../cli-error.js';
import { parseInteger } from '../parse-options.js';
import { BUILD_PROFILES, CAMPAIGN_PHASES, type BuildProfile, type CampaignPhase } from '@ngcc-perf/campaign';
import { allowedCpus, parseCpuListText } from '@ngcc-perf/timing';

/**
 * Parses `--cpus 2,3,4` (or `2-4`): CPUs this process may use, one measuring worker each.
 * @param option - the option the user typed, named in errors (`--cpus`, or `--cpu` for one CPU).
 * @throws {@link CliError} `USAGE` naming a CPU the process may not run on.
 * @example
 * parseCpus('2-3', [0, 1, 2, 3]); // [2, 3]
 */
export function parseCpus(value: string, allowed: readonly number[] = allowedCpus(), option = '--cpus'): number[] {
  const cpus = parseCpuListText(value);
  if (cpus === null || cpus.length === 0)
    throw new CliError('USAGE', `${option} expects CPU numbers like 2,3,4 or 2-4, got "${value}".`);
  const refused = cpus.filter((cpu) => !allowed.includes(cpu));
  if (refused.length > 0) {
    throw new CliError(
      'USAGE',
      `${option} ${value}: CPU ${refused.join(', ')} is not available to this process (allowed: ${allowed.join(',')}). Pick ${option === '--cpu' ? 'a CPU' : 'CPUs'} from that list.`,
    );
  }
  return cpus;
}

/**
 * The measuring CPUs from `--cpu`/`--cpus`; undefined without either: the campaign then claims the
 * last CPU this process may use that no other running ngcc-perf holds (`claimMeasuringCpu`).
 * @example
 * measuringCpus({ cpus: '0,1' }); // [0, 1]
 */
export function measuringCpus(flags: { cpu?: string; cpus?: string }): number[] | undefined {
  const allowed = allowedCpus();
  if (flags.cpu !== undefined && flags.cpus !== undefined)
    throw new CliError('USAGE', 'give --cpu N or --cpus LIST, not both.');
  if (flags.cpus !== undefined) return parseCpus(flags.cpus, allowed);
  if (flags.cpu !== undefined) return parseCpus(String(parseInteger('--cpu', flags.cpu, 0, 4095)), allowed, '--cpu');
  return undefined;
}

/**
 * Parses `--phases check-host,build,…` (campaign order is kept whatever the order given).
 * @throws {@link CliError} `USAGE` naming an unknown phase.
 * @example
 * parsePhases('measure,build'); // ['build', 'measure']
 */
export function parsePhases(value: string): CampaignPhase[] {
  const names = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  for (const name of names) {
    if (!(CAMPAIGN_PHASES as readonly string[]).includes(name)) {
      throw new CliError(
        'USAGE',
        `--phases: unknown phase "${name}". Use a comma-separated list of ${CAMPAIGN_PHASES.join(', ')}.`,
      );
    }
  }
  if (names.length === 0) throw new CliError('USAGE', '--phases needs at least one phase.');
  return CAMPAIGN_PHASES.filter((p) => names.includes(p));
}

/**
 * Parses `--profile reference|performance|resource`.
 * @example
 * parseProfile('resource'); // 'resource'
 */
export function parseProfile(value: string): BuildProfile {
  if (!(BUILD_PROFILES as readonly string[]).includes(value)) {
    throw new CliError('USAGE', `--profile expects one of ${BUILD_PROFILES.join(', ')}, got "${value}".`);
  }
  return value as BuildProfile;
}
