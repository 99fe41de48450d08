// The claimed security targets of the SIG parameter sets, from data/security-targets.csv (sources:
// data/SOURCES.md). The text below is that file, byte for byte (a test holds them equal), so that the
// category module reads no file at run time.
import { parseSecurityTargets, type SecurityTargetEntry } from '@ngcc-perf/category';

/** The text of data/security-targets.csv. */
export const SIG_SECURITY_TARGETS_CSV = `candidate,algorithm,instance,target_bits,published_representative,source
sign-01,Aigis-Sig+,Aigis-sig1,128,yes,site-arm_1-ranking-128
sign-01,Aigis-Sig+,Aigis-sig2,256,yes,site-arm_1-ranking-256
sign-01,Aigis-Sig+,Aigis-sig3,512,yes,site-arm_1-ranking-512
sign-02,BiT,BiT-128,128,yes,site-arm_1-ranking-128
sign-02,BiT,BiT-256,256,yes,site-arm_1-ranking-256
sign-02,BiT,BiT-512,512,yes,site-arm_1-ranking-512
sign-03,CEDRUS+C,CEDRUSC-160f,128,yes,site-arm_1-ranking-128
sign-03,CEDRUS+C,CEDRUSC-256f,256,yes,site-arm_1-ranking-256
sign-03,CEDRUS+C,CEDRUSC-512f,512,yes,site-arm_1-ranking-512
sign-04,CEDRUS-alpha,CEDRUSALPHA-160f,128,yes,site-arm_1-ranking-128
sign-04,CEDRUS-alpha,CEDRUSALPHA-256f,256,yes,site-arm_1-ranking-256
sign-04,CEDRUS-alpha,CEDRUSALPHA-512f,512,yes,site-arm_1-ranking-512
sign-05,Chinith,sm4th_em_d2_128f_loose,128,yes,site-arm_1-ranking-128
sign-05,Chinith,ublockith_em_d3_256f,256,yes,site-arm_1-ranking-256
sign-05,Chinith,vistrutith_d3_512f,512,yes,site-arm_1-ranking-512
sign-06,COMPASS-SIG,COMPASS-SIG-128,128,yes,site-arm_1-ranking-128
sign-06,COMPASS-SIG,COMPASS-SIG-256,256,yes,site-arm_1-ranking-256
sign-06,COMPASS-SIG,COMPASS-SIG-512,512,yes,site-arm_1-ranking-512
sign-07,CS,CS-128,128,yes,site-arm_1-ranking-128
sign-07,CS,CS-256,256,yes,site-arm_1-ranking-256
sign-07,CS,CS-512,512,yes,site-arm_1-ranking-512
sign-08,DARTS,DARTS128,128,yes,site-arm_1-ranking-128
sign-08,DARTS,DARTS256,256,yes,site-arm_1-ranking-256
sign-08,DARTS,DARTS512,512,yes,site-arm_1-ranking-512
sign-09,DOVE,dove_classic_128,128,yes,site-arm_1-ranking-128
sign-09,DOVE,dove_classic_256,256,yes,site-arm_1-ranking-256
sign-09,DOVE,dove_classic_512,512,yes,site-arm_1-ranking-512
sign-10,Facto-DSA,Facto-DSA-128,128,yes,site-arm_1-ranking-128
sign-10,Facto-DSA,Facto-DSA-256,256,yes,site-arm_1-ranking-256
sign-10,Facto-DSA,Facto-DSA-512,512,yes,site-arm_1-ranking-512
sign-11,FlexTree,Flextree-160f,128,yes,site-arm_1-ranking-128
sign-11,FlexTree,Flextree-256f,256,yes,site-arm_1-ranking-256
sign-11,FlexTree,Flextree-512s,512,yes,site-arm_1-ranking-512
sign-12,Galas,Galas-160F,128,yes,site-arm_1-ranking-128
sign-12,Galas,Galas-256F,256,yes,site-arm_1-ranking-256
sign-12,Galas,Galas-512F,512,yes,site-arm_1-ranking-512
sign-13,GreatWall,GreatWall128f,128,yes,site-arm_1-ranking-128
sign-13,GreatWall,GreatWall256f,256,yes,site-arm_1-ranking-256
sign-13,GreatWall,GreatWall512f,512,yes,site-arm_1-ranking-512
sign-14,Lynxer,Lynxer-160f,128,yes,site-arm_1-ranking-128
sign-14,Lynxer,Lynxer-256f,256,yes,site-arm_1-ranking-256
sign-14,Lynxer,Lynxer-512f,512,yes,site-arm_1-ranking-512
sign-15,MORNING-ATLAS,lwrdsa128,128,yes,site-arm_1-ranking-128
sign-15,MORNING-ATLAS,lwrdsa256,256,yes,site-arm_1-ranking-256
sign-15,MORNING-ATLAS,lwrdsa512,512,yes,site-arm_1-ranking-512
sign-16,Octarine,Octarine-128,128,yes,site-arm_1-ranking-128
sign-16,Octarine,Octarine-256,256,yes,site-arm_1-ranking-256
sign-16,Octarine,Octarine-512,512,yes,site-arm_1-ranking-512
sign-17,OPS,OPSsig-128,128,yes,site-arm_1-ranking-128
sign-17,OPS,OPSsig-256,256,yes,site-arm_1-ranking-256
sign-17,OPS,OPSsig-512,512,yes,site-arm_1-ranking-512
sign-18,Origami,Origami-128,128,yes,site-arm_1-ranking-128
sign-18,Origami,Origami-256,256,yes,site-arm_1-ranking-256
sign-18,Origami,Origami-512,512,yes,site-arm_1-ranking-512
sign-19,Phoenix,Phoenix-SM3-128f,128,yes,site-arm_1-ranking-128
sign-19,Phoenix,Phoenix-SM3-256f,256,yes,site-arm_1-ranking-256
sign-19,Phoenix,Phoenix-SM3-512f,512,yes,site-arm_1-ranking-512
sign-20,Qing Luan,QingLuan-128,128,yes,site-arm_1-ranking-128
sign-20,Qing Luan,QingLuan-256,256,yes,site-arm_1-ranking-256
sign-20,Qing Luan,QingLuan-512,512,yes,site-arm_1-ranking-512
sign-21,ReSolveD-alpha,ReSolveD-alpha-160f,128,yes,site-arm_1-ranking-128
sign-21,ReSolveD-alpha,ReSolveD-alpha-256f,256,yes,site-arm_1-ranking-256
sign-21,ReSolveD-alpha,ReSolveD-alpha-512f,512,yes,site-arm_1-ranking-512
sign-22,Rhyme,Rhyme-SM3-128,128,yes,site-arm_1-ranking-128
sign-22,Rhyme,Rhyme-SM3-256,256,yes,site-arm_1-ranking-256
sign-22,Rhyme,Rhyme-SM3-512,512,yes,site-arm_1-ranking-512
sign-23,Shuttle,SHUTTLE-128,128,yes,site-arm_1-ranking-128
sign-23,Shuttle,SHUTTLE-256,256,yes,site-arm_1-ranking-256
sign-23,Shuttle,SHUTTLE-512,512,yes,site-arm_1-ranking-512
sign-24,Sigurd,Sigurd-128,128,yes,site-arm_1-ranking-128
sign-24,Sigurd,Sigurd-256,256,yes,site-arm_1-ranking-256
sign-24,Sigurd,Sigurd-512,512,yes,site-arm_1-ranking-512
sign-25,SQIsign2D2,SQISign2Dsquare-Level2-eff_uncompressed,128,yes,site-arm_1-ranking-128
sign-25,SQIsign2D2,SQISign2Dsquare-Level3-eff_uncompressed,256,yes,site-arm_1-ranking-256
sign-25,SQIsign2D2,SQISign2Dsquare-Level5-eff_uncompressed,512,yes,site-arm_1-ranking-512
sign-26,SQIsign2D-push1/2,SQIsign2D-lvl2,128,yes,site-arm_1-ranking-128
sign-26,SQIsign2D-push1/2,SQIsign2D-lvl3,256,yes,site-arm_1-ranking-256
sign-26,SQIsign2D-push1/2,SQIsign2D-lvl4,512,yes,site-arm_1-ranking-512
sign-27,SQIsignTriangle,SQIsignTriangle_lvl2,128,yes,site-arm_1-ranking-128
sign-27,SQIsignTriangle,SQIsignTriangle_lvl5,256,yes,site-arm_1-ranking-256
sign-27,SQIsignTriangle,SQIsignTriangle_lvl6,512,yes,site-arm_1-ranking-512
sign-28,SYDO,sydo_160f,128,yes,site-arm_1-ranking-128
sign-28,SYDO,sydo_256f,256,yes,site-arm_1-ranking-256
sign-28,SYDO,sydo_512f,512,yes,site-arm_1-ranking-512
sign-29,Tins,Tins128,128,yes,site-arm_1-ranking-128
sign-29,Tins,Tins256,256,yes,site-arm_1-ranking-256
sign-29,Tins,Tins512,512,yes,site-arm_1-ranking-512
sign-30,TRINE,TRINE-128-ShortSig,128,yes,site-arm_1-ranking-128
sign-31,TSUOV,TSUOV_128,128,yes,site-arm_1-ranking-128
sign-31,TSUOV,TSUOV_256,256,yes,site-arm_1-ranking-256
sign-31,TSUOV,TSUOV_512,512,yes,site-arm_1-ranking-512
sign-32,UVW signature,UVW-128,128,yes,site-arm_1-ranking-128
sign-32,UVW signature,UVW-256,256,yes,site-arm_1-ranking-256
sign-32,UVW signature,UVW-512,512,yes,site-arm_1-ranking-512
sign-33,VDOO,vdoo_128,128,yes,site-arm_1-ranking-128
sign-33,VDOO,vdoo_256,256,yes,site-arm_1-ranking-256
sign-33,VDOO,vdoo_512,512,yes,site-arm_1-ranking-512
sign-34,YuanYang.DSA,yuanyang-512,128,yes,site-arm_1-ranking-128
sign-34,YuanYang.DSA,yuanyang-1024,256,yes,site-arm_1-ranking-256
sign-34,YuanYang.DSA,yuanyang-2048,512,yes,site-arm_1-ranking-512
`;

/**
 * The bundled rows: per candidate and published target (128, 256, 512 bits) the parameter set the
 * published comparison ranks for it there ("Digital Signatures" tables of the NGCC site's ranking pages).
 */
export const SIG_SECURITY_TARGETS: readonly SecurityTargetEntry[] = parseSecurityTargets(
  SIG_SECURITY_TARGETS_CSV,
  'data/security-targets.csv',
);
