import { describe, expect, it } from 'vitest';
import { wsDeliveryLimit } from './wsDeliveryLimit.js';

const figures = {
  subscribed: 10_000,
  postP99: 300,
  fanOutMs: 250,
  lastClientMs: 260,
  afterFanOutMs: 10,
  cpuMsPerOrder: 200,
  clientCpuMsPerOrder: 150,
};

describe('wsDeliveryLimit', () => {
  it('names nothing when the tail is within the target', () => {
    expect(wsDeliveryLimit({ ...figures, postP99: 42 })).toMatch(/^nothing: p99 42.0 ms/);
  });

  it("names the relayer's fan-out when the clients kept up with it", () => {
    const limit = wsDeliveryLimit(figures);
    expect(limit).toMatch(/^the relayer's fan-out/);
    expect(limit).toContain('20.0 µs of relayer CPU per subscriber');
    expect(limit).toContain('10.0 ms after the fan-out returned');
  });

  it("names the bench's receiving when the clients lagged far behind the fan-out", () => {
    const limit = wsDeliveryLimit({ ...figures, fanOutMs: 40, afterFanOutMs: 220 });
    expect(limit).toMatch(/^the bench's receiving/);
    expect(limit).toContain('220.0 ms after the relayer');
  });
});
