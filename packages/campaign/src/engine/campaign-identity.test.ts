import { describe, expect, it } from '@jest/globals';
import { describeIdentityDifference, type CampaignIdentity } from './campaign-identity.js';

const identity: CampaignIdentity = {
  systemId: 'x86_1',
  plan: {
    trialTargetSeconds: 1,
    budgetSeconds: 900,
    trials: 5,
    minIterations: 20,
    maxIterations: 20000,
    messageSizesBytes: [32, 1024],
    messageRule: 'byte i = (i*131 + L) mod 256',
  },
  buildProfile: null,
  candidates: [{ id: 'example-sm3', instances: ['sm3'] }],
  shard: null,
};

describe('describeIdentityDifference', () => {
  it('finds nothing between equal campaigns', () => {
    expect(describeIdentityDifference(identity, structuredClone(identity))).toBeNull();
  });
  it('names a plan parameter with both values', () => {
    expect(describeIdentityDifference(identity, { ...identity, plan: { ...identity.plan, trials: 3 } })).toBe(
      'plan.trials: 5 in the run directory, 3 now',
    );
  });
  it('names the message sizes, the system, the profile and the candidates', () => {
    expect(
      describeIdentityDifference(identity, { ...identity, plan: { ...identity.plan, messageSizesBytes: [32] } }),
    ).toBe('plan.messageSizesBytes: [32,1024] in the run directory, [32] now');
    expect(describeIdentityDifference(identity, { ...identity, systemId: 'x86_2' })).toBe(
      'systemId: "x86_1" in the run directory, "x86_2" now',
    );
    expect(describeIdentityDifference(identity, { ...identity, buildProfile: 'resource' })).toBe(
      'buildProfile: null in the run directory, "resource" now',
    );
    expect(describeIdentityDifference(identity, { ...identity, candidates: [] })).toMatch(/^candidates: /);
  });
  it('names a different shard', () => {
    const shard = { index: 1, count: 2, assignment: { 'example-sm3/sm3': 1 } };
    expect(describeIdentityDifference({ ...identity, shard }, { ...identity, shard: { ...shard, index: 2 } })).toBe(
      'shard.index: 1 in the run directory, 2 now',
    );
  });
});
