// Fixed-width big-endian unsigned arithmetic on byte arrays, modulo 2^(8·length).
// Used for V + i, V + w and V + H + C + reseed_counter (SP 800-90A §10.1.1.4), without BigInt.

/** target = (target + addend) mod 2^(8·target.length); the addend is right-aligned (its last byte is the least significant). */
export function addBytesInPlace(target: Uint8Array, addend: Uint8Array): void {
  let carry = 0;
  let a = addend.length - 1;
  for (let t = target.length - 1; t >= 0; t -= 1, a -= 1) {
    if (a < 0 && carry === 0) return;
    const sum = (target[t] as number) + (a >= 0 ? (addend[a] as number) : 0) + carry;
    target[t] = sum & 0xff;
    carry = sum >>> 8;
  }
}

/** target = (target + value) mod 2^(8·target.length) for a non-negative safe integer value. */
export function addNumberInPlace(target: Uint8Array, value: number): void {
  let rest = value;
  let carry = 0;
  for (let t = target.length - 1; t >= 0 && (rest > 0 || carry > 0); t -= 1) {
    const low = rest % 256;
    rest = (rest - low) / 256;
    const sum = (target[t] as number) + low + carry;
    target[t] = sum & 0xff;
    carry = sum >>> 8;
  }
}

/** target = (target + 1) mod 2^(8·target.length). */
export function incrementInPlace(target: Uint8Array): void {
  for (let t = target.length - 1; t >= 0; t -= 1) {
    const next = ((target[t] as number) + 1) & 0xff;
    target[t] = next;
    if (next !== 0) return;
  }
}

/** Concatenates byte arrays into a new array. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
