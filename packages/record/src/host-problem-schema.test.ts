import { describe, expect, it } from '@jest/globals';
import { HOST_PROBLEM_CODE, hostProblemFromSentence, hostProblemSchema } from './host-problem-schema.js';

describe('host problems', () => {
  it('keeps a code and its sentence, and refuses a code it does not know', () => {
    const problem = { code: HOST_PROBLEM_CODE.TURBO_ON, message: 'turbo is on (intel_pstate/no_turbo = 0)' };
    expect(hostProblemSchema.parse(problem)).toEqual(problem);
    expect(hostProblemSchema.safeParse({ code: 'turbo', message: 'turbo is on' }).success).toBe(false);
    expect(hostProblemSchema.safeParse({ code: 'turbo-on', message: '' }).success).toBe(false);
  });

  it('reads a sentence stored by an older run: the sandbox sentences keep their code, any other is uncoded', () => {
    expect(hostProblemSchema.parse('sandbox UNAVAILABLE (no user namespaces): neither bubblewrap …')).toEqual({
      code: 'sandbox-unavailable',
      message: 'sandbox UNAVAILABLE (no user namespaces): neither bubblewrap …',
    });
    expect(hostProblemFromSentence('sandbox OFF (--no-sandbox): candidate code ran outside …').code).toBe(
      'sandbox-off',
    );
    expect(hostProblemFromSentence('cpufreq governor is "powersave", not "performance"')).toEqual({
      code: 'uncoded',
      message: 'cpufreq governor is "powersave", not "performance"',
    });
  });
});
