import { formatKeyValueKat, parseKeyValueKat, type CategoryKat, type CategorySizeSource } from '@ngcc-perf/category';

const sizeSources: readonly CategorySizeSource[] = [
  { key: 'm1', label: 'message 1', getter: null, written: 'm1', mayBeShorter: false },
  { key: 'm2', label: 'message 2', getter: null, written: 'm2', mayBeShorter: false },
  { key: 'm3', label: 'message 3', getter: null, written: 'm3', mayBeShorter: false },
  { key: 'm4', label: 'message 4', getter: null, written: 'm4', mayBeShorter: false },
  {
    key: 'messages',
    label: 'messages in all',
    getter: 'kex_get_total_msg_len_bytes',
    written: 'messages',
    mayBeShorter: true,
  },
  // Either side's key: a protocol authenticating one side gives the other none (0 bytes written).
  {
    key: 'pk',
    label: 'public key (each side)',
    getter: 'kex_get_pk_len_bytes',
    written: ['pka', 'pkb'],
    mayBeShorter: false,
  },
  {
    key: 'sk',
    label: 'secret key (each side)',
    getter: 'kex_get_sk_len_bytes',
    written: ['ska', 'skb'],
    mayBeShorter: false,
  },
  { key: 'ss', label: 'shared secret', getter: 'kex_get_ss_len_bytes', written: 'ssa', mayBeShorter: false },
  { key: 'bandwidth', label: 'bandwidth', getter: null, written: 'bandwidth', mayBeShorter: false },
];

/**
 * The key-exchange category's KAT file (the official KAT_KEX.c):
 * `KAT_KEX_<instance>.txt`, ten records (Count, Seed, Pass_Num, both sides' keys and initial
 * states, each pass's state and message, SS), produced by the driver's `pk-kat`; report item (6):
 * each message as written, the messages in all (the getter gives their largest total), the
 * longer of the two sides' public and secret keys (a side without a long-term key writes 0), the shared secret, and
 * the published bandwidth — every message and both public keys once.
 */
export const KEX_KAT: CategoryKat = {
  kinds: [{ kind: 'KAT_KEX', byDefault: true, fileName: (instanceName) => `KAT_KEX_${instanceName}.txt` }],
  producedBy: 'pk-kat',
  formatFile: (_kind, records) => formatKeyValueKat(records),
  parseFile: (fileKind, text) => parseKeyValueKat(text, fileKind),
  sizeSources,
};
