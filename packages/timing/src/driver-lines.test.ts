import { describe, expect, it } from '@jest/globals';
import { parseDriverOutput } from './driver-lines.js';
import { TimingError } from './timing-error.js';

// The example lines of native/PROTOCOL.md, version 1.
const PROTOCOL_EXAMPLE = [
  '{"v":1,"type":"meta","counter":{"name":"tsc","kind":"fixed-rate","reason":"..."},"messageBytes":32,"digestBits":512,"iterations":20000,"warmups":3,"baselineRssBytes":1437696,"cpu":1}',
  '{"v":1,"type":"trial","iterations":20000,"seconds":0.0228,"ticks":61340123,"cpuAfter":1,"involuntarySwitches":0,"voluntarySwitches":0}',
  '{"v":1,"type":"end","peakRssBytes":1503232}',
].join('\n');

describe('parseDriverOutput', () => {
  it('validates the protocol example lines of a time run', () => {
    const { lines, strayLines } = parseDriverOutput(`${PROTOCOL_EXAMPLE}\n`, 'driver');
    expect(strayLines).toEqual([]);
    expect(lines.map((line) => line.type)).toEqual(['meta', 'trial', 'end']);
    expect(lines[1]).toMatchObject({ ticks: 61340123, seconds: 0.0228 });
    expect(lines[2]).toMatchObject({ peakRssBytes: 1503232 });
  });

  it('validates the info line and keeps a LOADFAIL error line with its extra fields', () => {
    const { lines } = parseDriverOutput(
      '{"v":1,"type":"info","driver":"0.1.0","arch":"x86_64","pageBytes":4096,"counter":{"name":"tsc","kind":"fixed-rate","reason":"perf_event_open failed"}}\n' +
        '{"v":1,"type":"error","code":"LOADFAIL","message":"dlopen failed","library":"x.so"}\n',
      'driver',
    );
    expect(lines[0]).toMatchObject({ type: 'info', pageBytes: 4096, counter: { name: 'tsc', kind: 'fixed-rate' } });
    expect(lines[1]).toMatchObject({ type: 'error', code: 'LOADFAIL', library: 'x.so' });
  });

  it('accepts the optional fields of newer drivers (counter figures, counter list, per-call, migrations, clock probe)', () => {
    const text = [
      '{"v":1,"type":"info","driver":"0.2.0","arch":"x86_64","pageBytes":4096,"counter":{"name":"tsc","kind":"fixed-rate","reason":"no PMU","hz":2445400000,"overheadTicks":24,"resolutionTicks":1},"counters":[{"name":"pmu-cycles","available":false,"reason":"ENOENT"},{"name":"tsc","kind":"fixed-rate","available":true,"hz":2445400000,"overheadTicks":24,"resolutionTicks":1,"future":"ignored"}]}',
      '{"v":1,"type":"meta","counter":{"name":"tsc","kind":"fixed-rate","hz":2445400000},"messageBytes":64,"digestBits":256,"iterations":1000,"warmups":3,"baselineRssBytes":1437696,"cpu":null}',
      '{"v":1,"type":"trial","iterations":1000,"seconds":0.0001,"nanoseconds":100000,"ticks":244540,"cpuAfter":null,"involuntarySwitches":0,"voluntarySwitches":0,"migrations":null,"perCall":{"count":1000,"rawMedianTicks":230,"rawQ1Ticks":228,"rawQ3Ticks":236,"rawMinTicks":224,"overheadTicks":24,"medianTicks":206,"q1Ticks":204,"q3Ticks":212}}',
      '{"v":1,"type":"clock-probe","counter":"tsc","windowsHz":[2445400000,2445410000],"medianHz":2445405000,"iqrHz":5000,"iqrRelative":0.000002,"steady":true,"measures":"counter-rate"}',
    ].join('\n');
    const { lines } = parseDriverOutput(text, 'driver');
    expect(lines.map((line) => line.type)).toEqual(['info', 'meta', 'trial', 'clock-probe']);
    expect(lines[0]).toMatchObject({
      counter: { hz: 2445400000, overheadTicks: 24, resolutionTicks: 1 },
      counters: [{ name: 'pmu-cycles' }, { name: 'tsc', hz: 2445400000 }],
    });
    expect(lines[0]).not.toHaveProperty('counters.1.future'); // unknown fields are dropped, not refused
    expect(lines[1]).toMatchObject({ cpu: null });
    expect(lines[2]).toMatchObject({
      cpuAfter: null,
      migrations: null,
      perCall: { medianTicks: 206, overheadTicks: 24 },
    });
    expect(lines[3]).toMatchObject({ medianHz: 2445405000, steady: true, measures: 'counter-rate' });
  });

  it('sets apart what a library printed on stdout', () => {
    const { lines, strayLines } = parseDriverOutput(
      `hello from CryptHash\n42\n{"debug":true}\n${PROTOCOL_EXAMPLE}`,
      'driver',
    );
    expect(lines).toHaveLength(3);
    expect(strayLines).toEqual(['hello from CryptHash', '42', '{"debug":true}']);
  });

  it('tells to rebuild native/ when the protocol version differs', () => {
    const run = () => parseDriverOutput('{"v":2,"type":"end","peakRssBytes":1}\n', '/x/ngcc-perf-driver time');
    expect(run).toThrow(TimingError);
    expect(run).toThrow(expect.objectContaining({ code: 'DRIVER_VERSION' }));
    expect(run).toThrow(/line 1 speaks protocol version 2.*npm run build/);
  });

  it('rejects a v1 line that breaks the protocol, naming the line and field', () => {
    const bad =
      '{"v":1,"type":"trial","iterations":10,"seconds":-1,"ticks":5,"cpuAfter":0,"involuntarySwitches":0,"voluntarySwitches":0}';
    expect(() => parseDriverOutput(`\n${bad}\n`, 'driver')).toThrow(expect.objectContaining({ code: 'PROTOCOL' }));
    expect(() => parseDriverOutput(`\n${bad}\n`, 'driver')).toThrow(/line 2 .*seconds/);
    expect(() => parseDriverOutput('{"v":1,"type":"meta"}\n', 'driver')).toThrow(
      /line 1 is not a valid "meta" line \(counter: /,
    );
  });

  it('skips a v1 line of a type it does not read (native/PROTOCOL.md: unknown types are skipped)', () => {
    const { lines, strayLines } = parseDriverOutput(
      '{"v":1,"type":"digest","index":0}\n{"v":1,"type":"end"}\n',
      'driver',
    );
    expect(lines).toEqual([{ v: 1, type: 'end' }]);
    expect(strayLines).toEqual([]);
  });
});
