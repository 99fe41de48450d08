// The import rule of eslint.config.js (docs/ARCHITECTURE.md "who may import whom") run on lint
// fixtures: a file of this package that imports a measuring package must fail `npm run lint`.
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function importErrors(code: string, file = 'packages/report/src/lint-fixture.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('package boundaries (eslint no-restricted-imports per package)', () => {
  it('fails an import of @ngcc-perf/timing added to report (an upward import)', async () => {
    const errors = await importErrors(
      "import { measureOperation } from '@ngcc-perf/timing';\nexport const probe = measureOperation;\n",
    );
    expect(errors).toEqual([expect.stringContaining('@ngcc-perf/report may not import @ngcc-perf/timing')]);
  });

  it('fails a type-only import and a re-export of campaign from report', async () => {
    const errors = await importErrors(
      "import type { CampaignFile } from '@ngcc-perf/campaign';\nexport type { RunCampaignOptions } from '@ngcc-perf/campaign';\nexport type Probe = CampaignFile;\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('fails a deep import into another package', async () => {
    const errors = await importErrors(
      "import { summarizeSamples } from '@ngcc-perf/stats/src/summarize-samples.js';\nexport const probe = summarizeSamples;\n",
    );
    expect(errors).toEqual([expect.stringContaining('never a file inside it')]);
  });

  it('fails a measuring package importing report or the CLI', async () => {
    expect(
      await importErrors(
        "import { timingRecordSchema } from '@ngcc-perf/report';\nexport const probe = timingRecordSchema;\n",
        'packages/timing/src/lint-fixture.ts',
      ),
    ).toHaveLength(1);
    expect(
      await importErrors(
        "import { main } from '@ngcc-perf/cli';\nexport const probe = main;\n",
        'packages/kat/src/lint-fixture.ts',
      ),
    ).toHaveLength(1);
  });

  it('fails intake or the anchor import importing the campaign engine (no arrow runs back up)', async () => {
    const engine = "import { runCampaign } from '@ngcc-perf/campaign';\nexport const probe = runCampaign;\n";
    expect(await importErrors(engine, 'packages/anchor-import/src/lint-fixture.ts')).toEqual([
      expect.stringContaining('@ngcc-perf/anchor-import may not import @ngcc-perf/campaign'),
    ]);
    expect(await importErrors(engine, 'packages/intake/src/lint-fixture.ts')).toEqual([
      expect.stringContaining('@ngcc-perf/intake may not import @ngcc-perf/campaign'),
    ]);
  });

  it('fails an import the architecture allows but the package does not declare (cli → atomic-file)', async () => {
    const errors = await importErrors(
      "import { writeFileAtomic } from '@ngcc-perf/atomic-file';\nexport const probe = writeFileAtomic;\n",
      'packages/cli/src/lint-fixture.ts',
    );
    expect(errors).toEqual([expect.stringContaining('does not declare @ngcc-perf/atomic-file')]);
  });

  it('lets report import what it declares and the architecture allows (@ngcc-perf/stats)', async () => {
    expect(
      await importErrors(
        "import { summarizeSamples } from '@ngcc-perf/stats';\nexport const probe = summarizeSamples;\n",
      ),
    ).toEqual([]);
  });
});
