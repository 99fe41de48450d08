import { formatKeyValueKat, parseKeyValueKat, type CategoryKat, type CategoryKatKind } from '@ngcc-perf/category';

function kind(name: string, byDefault: boolean): CategoryKatKind {
  return { kind: name, byDefault, fileName: (instanceName) => `${name}_${instanceName}.txt` };
}

/**
 * The hash category's KAT files (the ICCS KAT rules, ICCS `KAT_CryptHash.c`): KAT_2_12 and KAT_2_23 by
 * default, KAT_2_33 and KAT_Loop on request, named `<kind>_<instance>.txt`, in the `Name = value`
 * layout (`Msg_Len`, `Msg` or `Msg_Seed`/`Msg_Exp`, `Dst_Len`, `Dst`, a blank line). Their records
 * are still produced by the KAT package's hash generator (`ngcc-perf-driver kat`).
 */
export const HASH_KAT: CategoryKat = {
  kinds: [kind('KAT_2_12', true), kind('KAT_2_23', true), kind('KAT_2_33', false), kind('KAT_Loop', false)],
  producedBy: 'kat-package',
  formatFile: (_kind, records) => formatKeyValueKat(records),
  parseFile: (fileKind, text) => parseKeyValueKat(text, fileKind),
};
