import { fmt } from './stats.js';

/** The medians of scenario (c) that say where the delivery time went (ms, from benchWsDelivery). */
export interface WsDeliveryFigures {
  subscribed: number;
  postP99: number;
  fanOutMs: number;
  lastClientMs: number;
  afterFanOutMs: number;
  cpuMsPerOrder: number;
  clientCpuMsPerOrder: number;
}

/**
 * What bounds the delivery of a new order to every subscriber: the relayer's fan-out when the last
 * client has it soon after the fan-out returns (the clients kept up), else the bench's own receiving.
 */
export function wsDeliveryLimit(f: WsDeliveryFigures, targetMs = 50): string {
  if (f.postP99 <= targetMs)
    return `nothing: p99 ${fmt(f.postP99)} ms from the POST is within ${targetMs} ms`;
  const perSubscriber = (f.cpuMsPerOrder * 1000) / f.subscribed;
  if (f.fanOutMs >= 0.8 * f.lastClientMs)
    return `the relayer's fan-out: one event loop writes the frame to each of ${fmt(f.subscribed, 0)} sockets in turn (${fmt(f.fanOutMs)} ms, ${fmt(perSubscriber)} µs of relayer CPU per subscriber); the last client had it ${fmt(f.afterFanOutMs)} ms after the fan-out returned`;
  return `the bench's receiving: the last client had it ${fmt(f.lastClientMs)} ms after the bus, ${fmt(f.afterFanOutMs)} ms after the relayer's fan-out returned (${fmt(f.clientCpuMsPerOrder)} ms of bench CPU per order)`;
}
