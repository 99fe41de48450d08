import { formatKeyValueKat, parseKeyValueKat, type CategoryKat } from '@ngcc-perf/category';

/**
 * The KEM category's KAT file (the official KAT_KEM.c): `KAT_KEM_<instance>.txt`, ten
 * records (Count, Seed_Len, Seed, PK_Len, PK, SK_Len, SK, CT_Len, CT, SS_Len, SS) in the
 * `Name = value` layout, produced by the driver's `pk-kat`; report item (6) from its getters and
 * from what keygen and enc wrote.
 */
export const KEM_KAT: CategoryKat = {
  kinds: [{ kind: 'KAT_KEM', byDefault: true, fileName: (instanceName) => `KAT_KEM_${instanceName}.txt` }],
  producedBy: 'pk-kat',
  formatFile: (_kind, records) => formatKeyValueKat(records),
  parseFile: (fileKind, text) => parseKeyValueKat(text, fileKind),
  sizeSources: [
    { key: 'pk', label: 'public key', getter: 'kem_get_pk_len_bytes', written: 'pk', mayBeShorter: false },
    { key: 'sk', label: 'secret key', getter: 'kem_get_sk_len_bytes', written: 'sk', mayBeShorter: false },
    { key: 'ct', label: 'ciphertext', getter: 'kem_get_ct_len_bytes', written: 'ct', mayBeShorter: false },
    { key: 'ss', label: 'shared secret', getter: 'kem_get_ss_len_bytes', written: 'ss', mayBeShorter: false },
  ],
};
