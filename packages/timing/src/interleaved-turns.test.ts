import { describe, expect, it } from '@jest/globals';
import { InterleavedTurns, shuffledStepOrder, type TakeTurn } from './interleaved-turns.js';

/** Turns in index order at every step, so that a log can be compared with a fixed list. */
const inIndexOrder = (_step: number, participants: number): number[] =>
  Array.from({ length: participants }, (_, i) => i);

/** Runs `steps` steps as one operation would, logging `index:step` while holding each turn. */
async function operation(takeTurn: TakeTurn, index: number, steps: number[], log: string[]): Promise<void> {
  for (const step of steps) {
    const release = await takeTurn(step);
    log.push(`${index}:${step}`);
    // work between processes that yields to the event loop, as a spawned driver does
    await new Promise((resolve) => setTimeout(resolve, (index * 7 + step) % 3));
    release();
    await Promise.resolve();
  }
}

describe('InterleavedTurns', () => {
  it('runs step k of every operation before step k + 1 of any, one at a time', async () => {
    const turns = new InterleavedTurns(3, inIndexOrder);
    const log: string[] = [];
    let holding = 0;
    let mostAtOnce = 0;
    await Promise.all(
      [0, 1, 2].map(async (index) => {
        const take = turns.turnsOf(index);
        const counted: TakeTurn = async (step) => {
          const release = await take(step);
          holding += 1;
          mostAtOnce = Math.max(mostAtOnce, holding);
          return () => {
            holding -= 1;
            release();
          };
        };
        await operation(counted, index, [0, 1, 2, Number.MAX_SAFE_INTEGER], log);
        turns.leave(index);
      }),
    );
    expect(mostAtOnce).toBe(1);
    expect(log).toEqual([
      '0:0',
      '1:0',
      '2:0',
      '0:1',
      '1:1',
      '2:1',
      '0:2',
      '1:2',
      '2:2',
      `0:${Number.MAX_SAFE_INTEGER}`,
      `1:${Number.MAX_SAFE_INTEGER}`,
      `2:${Number.MAX_SAFE_INTEGER}`,
    ]);
  });

  it('goes on without an operation that leaves early (a failed trial)', async () => {
    const turns = new InterleavedTurns(2, inIndexOrder);
    const log: string[] = [];
    await Promise.all([
      (async () => {
        await operation(turns.turnsOf(0), 0, [0, 1], log); // fails after trial 1
        turns.leave(0);
      })(),
      (async () => {
        await operation(turns.turnsOf(1), 1, [0, 1, 2, 3], log);
        turns.leave(1);
      })(),
    ]);
    expect(log).toEqual(['0:0', '1:0', '0:1', '1:1', '1:2', '1:3']);
  });

  it('waits for an operation that is between two steps instead of passing it over', async () => {
    const turns = new InterleavedTurns(2, inIndexOrder);
    const log: string[] = [];
    const slow = (async () => {
      // operation 0 does other work first (writes a file, say) before asking for step 0
      await new Promise((resolve) => setTimeout(resolve, 20));
      await operation(turns.turnsOf(0), 0, [0, 1], log);
      turns.leave(0);
    })();
    const fast = (async () => {
      await operation(turns.turnsOf(1), 1, [0, 1], log);
      turns.leave(1);
    })();
    await Promise.all([slow, fast]);
    expect(log).toEqual(['0:0', '1:0', '0:1', '1:1']);
  });

  it("takes the turns of a step in that step's order, drawn once per step", async () => {
    const drawn: number[] = [];
    const reversedOnOddSteps = (step: number, participants: number): number[] => {
      drawn.push(step);
      const order = Array.from({ length: participants }, (_, i) => i);
      return step % 2 === 1 ? order.reverse() : order;
    };
    const turns = new InterleavedTurns(3, reversedOnOddSteps);
    const log: string[] = [];
    await Promise.all(
      [0, 1, 2].map(async (index) => {
        await operation(turns.turnsOf(index), index, [0, 1, 2], log);
        turns.leave(index);
      }),
    );
    expect(log).toEqual(['0:0', '1:0', '2:0', '2:1', '1:1', '0:1', '0:2', '1:2', '2:2']);
    expect(drawn).toEqual([0, 1, 2]);
  });

  it('draws every order of three operations when shuffling (no operation always first)', () => {
    const seen = new Set<string>();
    for (let draw = 0; draw < 600 && seen.size < 6; draw += 1) {
      const order = shuffledStepOrder(draw, 3);
      expect([...order].sort()).toEqual([0, 1, 2]);
      seen.add(order.join(','));
    }
    // each of the 6 orders has probability 1/6 per draw: all 6 within 600 draws fail to appear with p < 1e-40
    expect(seen.size).toBe(6);
  });
});
