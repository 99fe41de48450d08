// Turn-taking for the operations measured together on one CPU: each driver process (calibration,
// trial k, per-call sample, memory, instruction count) waits for its turn, and turns go by step,
// so trial k of every operation runs before trial k + 1 of any, in a fresh random order per step.

/** A step's turn: resolves when the step may start; call the function it gives when the step has ended. */
export type TakeTurn = (step: number) => Promise<() => void>;

/** The order in which operations `0 … participants − 1` take their turns at one step: a permutation. */
export type StepOrder = (step: number, participants: number) => readonly number[];

/** A uniformly random permutation per step (Fisher–Yates). */
export const shuffledStepOrder: StepOrder = (_step, participants) => {
  const order = Array.from({ length: participants }, (_, index) => index);
  for (let at = order.length - 1; at > 0; at -= 1) {
    const other = Math.floor(Math.random() * (at + 1));
    [order[at], order[other]] = [order[other]!, order[at]!];
  }
  return order;
};

interface Waiter {
  step: number;
  index: number;
  grant: (release: () => void) => void;
}

/**
 * Interleaves the driver processes of `participants` operations measured on one CPU. An operation
 * asks for each step with `turnsOf(index)(step)`; a turn is given only when no other step holds the
 * CPU and every operation still taking part is waiting for one, to the waiter with the lowest step
 * (then the lowest index). An operation that has no more steps calls `leave(index)` (also after a
 * failure), or the others wait for it.
 *
 * Why: trials of one operation run back to back see one state of the host; a burst of load, a
 * thermal or frequency change then falls on one operation only and separates two identical
 * implementations. Interleaved, such a change falls on one trial of each, and the per-operation
 * interval (the spread of its trials) takes it in (issue: ranks that flip with noise). The order
 * within a step is drawn anew each step so that no operation always follows the same one (a
 * heavy neighbour's after-effects, or a pattern of load in step with the rounds, would otherwise
 * fall on one operation every time and make a paired comparison of trial k with trial k biased).
 *
 * @param participants - the number of operations taking part, ≥ 1.
 * @param order - the order of turns within a step; default {@link shuffledStepOrder}.
 * @throws RangeError for a step or index out of range (a programming error).
 * @example
 * const turns = new InterleavedTurns(2);
 * const release = await turns.turnsOf(0)(1); // trial 1 of operation 0
 * release();
 * turns.leave(0);
 */
export class InterleavedTurns {
  private readonly active: Set<number>;
  private readonly waiting: Waiter[] = [];
  private holding = false;
  private readonly participants: number;
  private readonly orders = new Map<number, Map<number, number>>();

  constructor(
    participants: number,
    private readonly order: StepOrder = shuffledStepOrder,
  ) {
    this.participants = participants;
    this.active = new Set(Array.from({ length: participants }, (_, index) => index));
  }

  /** Position of operation `index` in the order of `step` (drawn once per step). */
  private positionAt(step: number, index: number): number {
    let positions = this.orders.get(step);
    if (positions === undefined) {
      positions = new Map(this.order(step, this.participants).map((operation, position) => [operation, position]));
      this.orders.set(step, positions);
    }
    return positions.get(index) ?? index;
  }

  /** The {@link TakeTurn} of operation `index`. */
  turnsOf(index: number): TakeTurn {
    if (!this.active.has(index)) throw new RangeError(`operation ${index} is not taking part`);
    return (step) =>
      new Promise((grant) => {
        this.waiting.push({ step, index, grant });
        this.grantNext();
      });
  }

  /** Operation `index` takes no more turns. */
  leave(index: number): void {
    this.active.delete(index);
    this.grantNext();
  }

  private grantNext(): void {
    if (this.holding || this.waiting.length === 0) return;
    const waitingIndexes = new Set(this.waiting.map((waiter) => waiter.index));
    for (const index of this.active) if (!waitingIndexes.has(index)) return;
    this.waiting.sort((a, b) => a.step - b.step || this.positionAt(a.step, a.index) - this.positionAt(b.step, b.index));
    const next = this.waiting.shift()!;
    this.holding = true;
    let released = false;
    next.grant(() => {
      if (released) return;
      released = true;
      this.holding = false;
      this.grantNext();
    });
  }
}
