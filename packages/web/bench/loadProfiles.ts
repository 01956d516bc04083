/** How one load is taken: window size, and for the phone the network and CPU throttling. */
export interface LoadProfile {
  name: 'desktop' | 'phone';
  title: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  /** CDP Network.emulateNetworkConditions: latency ms added per request, bytes per second each way. */
  network?: { latencyMs: number; downloadBytesPerSec: number; uploadBytesPerSec: number };
  /** CDP Emulation.setCPUThrottlingRate: 4 = four times slower than this machine. */
  cpuSlowdown?: number;
}

const kbit = 1024 / 8;

export const desktop: LoadProfile = {
  name: 'desktop',
  title: 'desktop, localhost (1400x1000, no throttling)',
  viewport: { width: 1400, height: 1000 },
  mobile: false,
};

/**
 * Lighthouse's mobile profile ("slow 4G", lighthouse/core/config/constants.js mobileSlow4G): 150 ms
 * round trip, 1.6 Mbit/s down (1,638.4 kbit/s), 750 kbit/s up, CPU 4x slower; a 390x844 phone screen.
 * The latency is applied per request as DevTools does, not Lighthouse's simulated 3.75x request latency.
 */
export const slow4gPhone: LoadProfile = {
  name: 'phone',
  title: 'phone, slow 4G (390x844, 150 ms, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x)',
  viewport: { width: 390, height: 844 },
  mobile: true,
  network: { latencyMs: 150, downloadBytesPerSec: 1638.4 * kbit, uploadBytesPerSec: 750 * kbit },
  cpuSlowdown: 4,
};
