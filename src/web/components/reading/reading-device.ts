import { localStore } from '../../lib/local-storage.js';

const DEVICE_KEY = 'readingDevice';

interface Device {
  id: string;
  seq: number;
}

/**
 * This browser's id and the sequence number of its next reading position (Resume reading). The
 * server keeps the newest (clock, sequence, id) it has seen, so the sequence only ever grows here;
 * without local storage it lives for the page, starting from the clock so it still grows across visits.
 */
export function nextDeviceSeq(): { deviceId: string; deviceSeq: number } {
  const stored = localStore.get<Device | null>(DEVICE_KEY, null);
  const device: Device =
    stored && typeof stored.id === 'string' && Number.isSafeInteger(stored.seq)
      ? stored
      : { id: Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join(''), seq: Date.now() };
  const next = { id: device.id, seq: device.seq + 1 };
  localStore.set(DEVICE_KEY, next);
  return { deviceId: next.id, deviceSeq: next.seq };
}
