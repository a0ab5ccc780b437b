import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from './local-storage.js';
import { PREVIOUS_VIEWER_KEY, rememberViewer, VIEWER_IDS_KEY } from './viewer-history.js';

describe('rememberViewer', () => {
  beforeEach(() => {
    localStore.remove(VIEWER_IDS_KEY);
    localStore.remove(PREVIOUS_VIEWER_KEY);
  });

  it('fires user.multiUserLogin once a second distinct account signs in on the device', () => {
    const emit = vi.fn();
    rememberViewer('aaa', emit);
    rememberViewer('aaa', emit);
    expect(emit).not.toHaveBeenCalled();
    rememberViewer('bbb', emit);
    expect(emit).toHaveBeenCalledWith('user.multiUserLogin', { viewerCount: 2 });
    rememberViewer('aaa', emit);
    expect(emit).toHaveBeenCalledTimes(1);
    expect(localStore.get(VIEWER_IDS_KEY, [])).toEqual(['aaa', 'bbb']);
    expect(localStore.get(PREVIOUS_VIEWER_KEY, '')).toBe('aaa');
  });
});
