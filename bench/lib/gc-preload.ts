/**
 * Preloaded into the API process by the benches (never in production): SIGUSR2 runs a full garbage collection, so
 * RSS is read after garbage is gone and "memory per SSE client" measures what clients retain.
 */
process.on('SIGUSR2', () => {
  Bun.gc(true);
});
