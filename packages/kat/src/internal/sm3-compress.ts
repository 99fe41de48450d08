// The SM3 compression function CF (GB/T 32905-2016 §5.3), on Int32 words.

/** SM3 initial value IV (GB/T 32905 §4.1). */
export const SM3_IV = Int32Array.of(
  0x7380166f,
  0x4914b2b9,
  0x172442d7,
  0xda8a0600,
  0xa96f30bc,
  0x163138aa,
  0xe38dee4d,
  0xb0fb0e4e,
);

/** Round constants T_j rotated left by j mod 32 (GB/T 32905 §5.3.3). */
const ROTATED_T = new Int32Array(64);
for (let j = 0; j < 64; j += 1) {
  const t = j < 16 ? 0x79cc4519 : 0x7a879d8a;
  const shift = j % 32;
  ROTATED_T[j] = shift === 0 ? t : (t << shift) | (t >>> (32 - shift));
}

const w = new Int32Array(68);

function rotl(x: number, n: number): number {
  return (x << n) | (x >>> (32 - n));
}

/** state = CF(state, block[offset … offset+63]): message expansion and 64 rounds, then XOR into state. */
export function sm3Compress(state: Int32Array, block: Uint8Array, offset: number): void {
  for (let i = 0; i < 16; i += 1) {
    const p = offset + 4 * i;
    w[i] =
      ((block[p] as number) << 24) |
      ((block[p + 1] as number) << 16) |
      ((block[p + 2] as number) << 8) |
      (block[p + 3] as number);
  }
  for (let i = 16; i < 68; i += 1) {
    const x = (w[i - 16] as number) ^ (w[i - 9] as number) ^ rotl(w[i - 3] as number, 15);
    const p1 = x ^ rotl(x, 15) ^ rotl(x, 23);
    w[i] = p1 ^ rotl(w[i - 13] as number, 7) ^ (w[i - 6] as number);
  }

  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let e = state[4] as number;
  let f = state[5] as number;
  let g = state[6] as number;
  let h = state[7] as number;
  // Rounds 0–15 use FF = GG = x ^ y ^ z; rounds 16–63 the majority and choice functions.
  for (let j = 0; j < 64; j += 1) {
    const a12 = rotl(a, 12);
    const ss1 = rotl((a12 + e + (ROTATED_T[j] as number)) | 0, 7);
    const wj = w[j] as number;
    let tt1: number;
    let tt2: number;
    if (j < 16) {
      tt1 = ((a ^ b ^ c) + d + (ss1 ^ a12) + (wj ^ (w[j + 4] as number))) | 0;
      tt2 = ((e ^ f ^ g) + h + ss1 + wj) | 0;
    } else {
      tt1 = (((a & b) | (a & c) | (b & c)) + d + (ss1 ^ a12) + (wj ^ (w[j + 4] as number))) | 0;
      tt2 = (((e & f) | (~e & g)) + h + ss1 + wj) | 0;
    }
    d = c;
    c = rotl(b, 9);
    b = a;
    a = tt1;
    h = g;
    g = rotl(f, 19);
    f = e;
    e = tt2 ^ rotl(tt2, 9) ^ rotl(tt2, 17);
  }
  state[0] = (state[0] as number) ^ a;
  state[1] = (state[1] as number) ^ b;
  state[2] = (state[2] as number) ^ c;
  state[3] = (state[3] as number) ^ d;
  state[4] = (state[4] as number) ^ e;
  state[5] = (state[5] as number) ^ f;
  state[6] = (state[6] as number) ^ g;
  state[7] = (state[7] as number) ^ h;
}
