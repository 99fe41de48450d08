// The claimed security targets of the KEX parameter sets, from data/security-targets.csv (sources:
// data/SOURCES.md). The text below is that file, byte for byte (a test holds them equal), so that the
// category module reads no file at run time.
import { parseSecurityTargets, type SecurityTargetEntry } from '@ngcc-perf/category';

/** The text of data/security-targets.csv. */
export const KEX_SECURITY_TARGETS_CSV = `candidate,algorithm,instance,target_bits,published_representative,source
kex-01,ADKEX,ADKEX-128,128,yes,site-arm_1-ranking-128
kex-01,ADKEX,ADKEX-256,256,yes,site-arm_1-ranking-256
kex-01,ADKEX,ADKEX-512,512,yes,site-arm_1-ranking-512
kex-02,AFS-KEX,AFS_KEX_C128,128,yes,site-arm_1-ranking-128
kex-02,AFS-KEX,AFS_KEX_C256,256,yes,site-arm_1-ranking-256
kex-02,AFS-KEX,AFS_KEX_C512,512,yes,site-arm_1-ranking-512
kex-03,CreTAKE,CreTAKE-K2K-ZEN128,128,yes,site-arm_1-ranking-128
kex-03,CreTAKE,CreTAKE-K2K-ZEN256,256,yes,site-arm_1-ranking-256
kex-03,CreTAKE,CreTAKE-K2K-ZEN512,512,yes,site-arm_1-ranking-512
kex-04,DKEX,DKEX-128,128,yes,site-arm_1-ranking-128
kex-04,DKEX,DKEX-256,256,yes,site-arm_1-ranking-256
kex-04,DKEX,DKEX-512,512,yes,site-arm_1-ranking-512
kex-05,Loom,LoomKEX-128,128,yes,site-arm_1-ranking-128
kex-05,Loom,LoomKEX-256,256,yes,site-arm_1-ranking-256
kex-05,Loom,LoomKEX-512,512,yes,site-arm_1-ranking-512
kex-06,MAMBA-NIKE,MAMBA-NIKE-128,128,yes,site-arm_1-ranking-128
kex-06,MAMBA-NIKE,MAMBA-NIKE-256,256,yes,site-arm_1-ranking-256
kex-06,MAMBA-NIKE,MAMBA-NIKE-512,512,yes,site-arm_1-ranking-512
kex-07,NEV-AKE,NEV_AKE_512_1409,128,yes,site-arm_1-ranking-128
kex-07,NEV-AKE,NEV_AKE_1024_1409,256,yes,site-arm_1-ranking-256
kex-07,NEV-AKE,NEV_AKE_2048_1409,512,yes,site-arm_1-ranking-512
kex-08,NIIKE,NIIKE-lv128,128,yes,site-arm_1-ranking-128
kex-08,NIIKE,NIIKE-lv256,256,yes,site-arm_1-ranking-256
kex-09,TriQ-KEX,TriQ-KEX-128,128,yes,site-arm_1-ranking-128
kex-09,TriQ-KEX,TriQ-KEX-256,256,yes,site-arm_1-ranking-256
kex-09,TriQ-KEX,TriQ-KEX-512,512,yes,site-arm_1-ranking-512
`;

/**
 * The bundled rows: per candidate and published target (128, 256, 512 bits) the parameter set the
 * published comparison ranks for it there ("Key Exchange" tables of the NGCC site's ranking pages).
 */
export const KEX_SECURITY_TARGETS: readonly SecurityTargetEntry[] = parseSecurityTargets(
  KEX_SECURITY_TARGETS_CSV,
  'data/security-targets.csv',
);
