import { formatKeyValueKat, parseKeyValueKat, type CategoryKat } from '@ngcc-perf/category';

/**
 * The signature category's KAT file (the official KAT_SIG.c): `KAT_SIG_<instance>.txt`,
 * ten records (Count, Seed_Len, Seed, PK_Len, PK, SK_Len, SK, M_Len, M, Sn_Len, Sn), produced by
 * the driver's `pk-kat`; report item (6) from the getters and what keygen and sign wrote — the
 * signature getter gives the largest length, so a shorter signature agrees.
 */
export const SIG_KAT: CategoryKat = {
  kinds: [{ kind: 'KAT_SIG', byDefault: true, fileName: (instanceName) => `KAT_SIG_${instanceName}.txt` }],
  producedBy: 'pk-kat',
  formatFile: (_kind, records) => formatKeyValueKat(records),
  parseFile: (fileKind, text) => parseKeyValueKat(text, fileKind),
  sizeSources: [
    { key: 'pk', label: 'public key', getter: 'sig_get_pk_len_bytes', written: 'pk', mayBeShorter: false },
    { key: 'sk', label: 'secret key', getter: 'sig_get_sk_len_bytes', written: 'sk', mayBeShorter: false },
    { key: 'signature', label: 'signature', getter: 'sig_get_sn_len_bytes', written: 'sn', mayBeShorter: true },
  ],
};
