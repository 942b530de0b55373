export function make(o) {
  const cfg = {
    audio: 2,
    video: o.video,
  }
  return cfg.video ? start(cfg) : null
}
